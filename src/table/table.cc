#include "table/table.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

#include "table/decision_seed.h"
#include "table/game_loop.h"

namespace allegra::table {
namespace {

void append(Events& out, const EventList& events) {
  out.insert(out.end(), events.begin(), events.end());
}

}  // namespace

SeatList seats_due(const PublicView& view) {
  const State& s = view.masked();
  SeatList due;
  const unsigned deciding = s.deciding_players();
  if (!s.is_simultaneous_node()) {
    if (deciding) due.push_back(s.current_player());  // nobody between rounds
    return due;
  }
  const int n = s.players();
  for (int q = left_of(s.active_player(), n); q != s.active_player(); q = left_of(q, n))
    if (deciding >> q & 1) due.push_back(q);
  return due;
}

namespace {

void check_config(const TableConfig& c, int players) {
  auto negative = [](const std::optional<Millis>& t) { return t && t->count() < 0; };
  if (negative(c.round_pause)) throw std::invalid_argument("table: a negative round pause");
  if (negative(c.knock_window))
    throw std::invalid_argument("table: a negative knock window deadline");
  if (c.bot_delay.min.count() < 0 || c.bot_delay.max < c.bot_delay.min)
    throw std::invalid_argument(fmt::format("table: bad bot delay {} to {} ms",
                                            c.bot_delay.min.count(), c.bot_delay.max.count()));
  if (c.first_player < 0 || c.first_player >= players)
    throw std::invalid_argument(fmt::format("table: the first player must be 0 to {}, not {}",
                                            players - 1, c.first_player));
}

TableConfig local_config(std::string stand_in, std::optional<Millis> round_pause) {
  TableConfig c;
  c.stand_in = std::move(stand_in);
  c.round_pause = round_pause;
  return c;
}

// The first round's state; checks the config before the engine reads first_player.
State first_state(const RuleOptions& options, uint64_t seed, const TableConfig& config) {
  if (auto error = options.validate()) throw std::invalid_argument(*error);
  check_config(config, options.players);
  return State(options, seed, config.first_player);
}

}  // namespace

Table::Table(const RuleOptions& options, uint64_t seed, std::vector<Seat> seats, Millis now,
             std::string stand_in, std::optional<Millis> round_pause)
    : Table(options, seed, std::move(seats), now, local_config(std::move(stand_in), round_pause)) {}

Table::Table(const RuleOptions& options, uint64_t seed, std::vector<Seat> seats, Millis now,
             TableConfig config)
    : seed_(seed),
      state_(first_state(options, seed, config)),
      recorder_(state_, seed),
      seats_(std::move(seats)),
      config_(std::move(config)),
      since_(now) {
  if (static_cast<int>(seats_.size()) != options.players)
    throw std::invalid_argument(
        fmt::format("table: {} seats for {} players", seats_.size(), options.players));
  // The deal again, for its events (the recorder needed the state first).
  EventList deal;
  const State dealt(options, seed, config_.first_player, &deal);
  append(opening_, deal);
  bot_for(config_.stand_in);  // checks the spec
  for (const Seat& seat : seats_)
    if (seat.kind == SeatKind::kBot) bot_for(seat.bot);
}

GameRecord Table::record() const {
  GameRecord r = recorder_.record();
  r.seats.clear();
  for (const Seat& seat : seats_)
    r.seats.push_back({seat.name, seat.kind == SeatKind::kBot ? seat.bot : ""});
  return r;
}

PublicView Table::view() const {
  if (!view_) view_.emplace(state_);
  return *view_;
}

std::vector<Pending> Table::pending() const {
  std::vector<Pending> out;
  if (state_.is_chance_node()) {  // rule 6: waiting for the next deal
    Pending p;
    p.seat = kChancePlayer;
    p.round_over = true;
    if (config_.round_pause) p.deadline = since_ + *config_.round_pause;
    out.push_back(std::move(p));
    return out;
  }
  for (int seat : seats_due(view())) {
    Pending p;
    p.seat = seat;
    p.knock_window = state_.is_simultaneous_node();
    state_.legal_actions(seat, p.legal);
    p.deadline = deadline(seat);
    out.push_back(std::move(p));
  }
  return out;
}

std::optional<Millis> Table::deadline(int seat) const {
  if (config_.knock_window && state_.is_simultaneous_node())
    return since_ + *config_.knock_window;  // rule 7: the window's clock, for every seat
  const Seat& s = seats_[static_cast<size_t>(seat)];
  if (s.kind == SeatKind::kBot || !s.timeout) return std::nullopt;
  return since_ + *s.timeout;
}

uint64_t Table::decision_index(int seat) const {
  // A knock answer's index is its place in the rulebook's order (it is recorded there).
  if (!state_.is_simultaneous_node()) return decisions_;
  return decisions_ + static_cast<uint64_t>(std::max(state_.knock_order(seat), 0));
}

int bot_pace_percent(Phase phase) {
  switch (phase) {
    case Phase::kChooseDraw:
    case Phase::kHoldDrawn:
    case Phase::kChooseKnocker:
      return 100;
    default:
      return 50;
  }
}

Millis Table::bot_due(int seat) const {
  const Millis delay(decision_delay(seed_, decision_index(seat), config_.bot_delay.min.count(),
                                    config_.bot_delay.max.count()) *
                     bot_pace_percent(state_.phase()) / 100);
  Millis due = since_ + delay;
  if (const std::optional<Millis> d = deadline(seat)) due = std::min(due, *d);
  return due;
}

std::optional<Millis> Table::next_wake() const {
  if (state_.is_terminal()) return std::nullopt;
  if (state_.is_chance_node()) {
    if (!config_.round_pause) return std::nullopt;
    return since_ + *config_.round_pause;
  }
  std::optional<Millis> wake;
  for (int seat : seats_due(view())) {
    const bool bot = seats_[static_cast<size_t>(seat)].kind == SeatKind::kBot;
    // Rule 9: a bot decision without its answer waits for bot_answer(), not for a time.
    if (bots_elsewhere_) {
      if (const std::optional<std::string> need = bot_need(seat)) {
        const BotSlot& slot = slots_[static_cast<size_t>(seat)];
        if (slot.decision != decision_index(seat) || slot.spec != *need || !slot.answer) continue;
      }
    }
    const std::optional<Millis> t = bot ? std::optional<Millis>(bot_due(seat)) : deadline(seat);
    if (t && (!wake || *t < *wake)) wake = t;
  }
  return wake;
}

std::vector<int> Table::take_timed_out() {
  std::vector<int> out;
  for (int seat = 0; seat < state_.players(); ++seat)
    if (timed_out_ >> seat & 1) out.push_back(seat);
  timed_out_ = 0;
  return out;
}

Outcome Table::submit(int seat, Action action, Millis now) {
  Outcome out;
  if (state_.is_terminal()) {
    out.error = "the game is over";
    return out;
  }
  if (seat < 0 || seat >= state_.players()) {
    out.error = fmt::format("there is no seat {} (seats 0 to {})", seat, state_.players() - 1);
    return out;
  }
  if (state_.is_chance_node()) {
    out.error =
        fmt::format("round {} is over: the next round must be dealt first", state_.round() + 1);
    return out;
  }
  if (!(state_.deciding_players() >> seat & 1)) {
    const bool window = state_.is_simultaneous_node();
    if (window && (state_.knock_window_seats() >> seat & 1))
      out.error = fmt::format("seat {} has already answered this knock window", seat);
    else if (window)
      out.error = fmt::format("seat {} may not knock for this card", seat);
    else
      out.error =
          fmt::format("seat {} is not to decide now: seat {} is", seat, state_.current_player());
    return out;
  }
  if (std::string why = state_.why_illegal(seat, action); !why.empty()) {
    out.error = fmt::format("'{}' is not legal: {}", to_text(action), why);
    return out;
  }
  apply(seat, action, now, out.events);  // a knock answer: no event until the window closes
  return out;
}

void Table::apply(int seat, Action a, Millis now, Events& events) {
  const int round = state_.rounds_played();
  // A knock answer is sealed in the engine; the window's answers count as decisions (and are
  // recorded) when it closes, in the rulebook's order (GameRecorder::apply).
  const bool window = state_.is_simultaneous_node();
  const int window_size = std::popcount(static_cast<unsigned>(state_.knock_window_seats()));
  EventList ev;
  recorder_.apply(state_, seat, a, &ev);
  view_.reset();
  append(events, ev);
  if (window && state_.is_simultaneous_node()) return;  // the window's clock runs on
  const int made = window ? window_size : 1;
  decisions_ += static_cast<uint64_t>(made);
  round_decisions_ = state_.rounds_played() == round ? round_decisions_ + made : 0;
  since_ = now;
}

void Table::deal_next(Millis now, Events& events) {
  EventList ev;
  recorder_.deal(state_, &ev);
  view_.reset();
  append(events, ev);
  since_ = now;  // the first decision of the round becomes pending now
}

Outcome Table::deal(Millis now) {
  Outcome out;
  if (!state_.is_chance_node()) {
    out.error = state_.is_terminal() ? std::string("the game is over")
                                     : fmt::format(
                                           "there is nothing to deal: round {} is "
                                           "being played",
                                           state_.round() + 1);
    return out;
  }
  deal_next(now, out.events);
  return out;
}

Bot& Table::bot_for(const std::string& spec) {
  for (auto& [name, bot] : bots_)
    if (name == spec) return *bot;
  // The construction seed does not matter: decide() reseeds every decision.
  bots_.emplace_back(spec, make_bot(spec, 0));
  return *bots_.back().second;
}

Action Table::bot_choice(Bot& bot, int seat) {
  const Action a = bot.decide(view(), seat, decision_seed(seed_, decision_index(seat)));
  ++bots_run_;
  if (std::string why = state_.why_illegal(seat, a); !why.empty())
    throw std::logic_error(fmt::format("bot '{}' at seat {} chose an illegal action '{}': {}",
                                       bot.name(), seat, to_text(a), why));
  return a;
}

std::optional<Action> Table::automatic(int seat, Millis now) {
  const Seat& s = seats_[static_cast<size_t>(seat)];
  if (s.kind == SeatKind::kBot) {
    // Without a delay a bot answers whatever `now` says, as it always did.
    if (config_.bot_delay.max.count() > 0 && now < bot_due(seat)) return std::nullopt;
    if (bots_elsewhere_) return take_answer(seat, s.bot);
    return bot_choice(bot_for(s.bot), seat);
  }
  const std::optional<Millis> due = deadline(seat);
  if (!due || now < *due) return std::nullopt;
  const bool window = state_.is_simultaneous_node();
  const bool person = s.kind == SeatKind::kPerson;
  if (window) {
    // Rule 8: the seat's own clock ran out (a knock window deadline is the window's).
    if (person && !config_.knock_window) timed_out_ |= static_cast<uint8_t>(1u << seat);
    return Action::pass();  // a timeout is a pass
  }
  if (!bots_elsewhere_) {
    if (person) timed_out_ |= static_cast<uint8_t>(1u << seat);
    return bot_choice(bot_for(config_.stand_in), seat);
  }
  // Rule 9: the stand-in's decision is handed out; the clock ran out once for this decision.
  const uint64_t index = decision_index(seat);
  if (stand_in_[static_cast<size_t>(seat)] != index) {
    stand_in_[static_cast<size_t>(seat)] = index;
    if (person) timed_out_ |= static_cast<uint8_t>(1u << seat);
  }
  return take_answer(seat, config_.stand_in);
}

// --- Bots elsewhere (rule 9) -------------------------------------------------------------------

BotMove run_bot_job(const BotJob& job, Bot& bot) {
  return BotMove{job.seat, job.decision, job.spec, bot.decide(job.view, job.seat, job.seed)};
}

std::optional<std::string> Table::bot_need(int seat) const {
  const Seat& s = seats_[static_cast<size_t>(seat)];
  if (s.kind == SeatKind::kBot) return s.bot;
  if (bots_elsewhere_ && !state_.is_simultaneous_node() &&
      stand_in_[static_cast<size_t>(seat)] == decision_index(seat))
    return config_.stand_in;
  return std::nullopt;
}

std::optional<Action> Table::take_answer(int seat, const std::string& spec) {
  BotSlot& slot = slots_[static_cast<size_t>(seat)];
  const uint64_t index = decision_index(seat);
  if (slot.decision != index || slot.spec != spec || !slot.answer) return std::nullopt;
  const Action a = *slot.answer;
  bot_moves_.push_back(BotMove{seat, index, spec, a});
  slot = BotSlot{};
  return a;
}

std::vector<BotJob> Table::take_bot_jobs() {
  std::vector<BotJob> jobs;
  if (!bots_elsewhere_ || state_.is_terminal() || state_.is_chance_node()) return jobs;
  for (int seat : seats_due(view())) {
    const std::optional<std::string> need = bot_need(seat);
    if (!need) continue;
    BotSlot& slot = slots_[static_cast<size_t>(seat)];
    const uint64_t index = decision_index(seat);
    if (slot.decision == index && slot.spec == *need) continue;  // handed out already
    slot = BotSlot{index, *need, std::nullopt};
    jobs.push_back(BotJob{seat, index, *need, decision_seed(seed_, index), view()});
  }
  return jobs;
}

bool Table::bot_answer(const BotMove& move) {
  if (state_.is_terminal() || state_.is_chance_node()) return false;
  if (move.seat < 0 || move.seat >= state_.players()) return false;
  if (!(state_.deciding_players() >> move.seat & 1)) return false;
  const std::optional<std::string> need = bot_need(move.seat);
  const uint64_t index = decision_index(move.seat);
  if (!need || *need != move.spec || index != move.decision) return false;
  if (std::string why = state_.why_illegal(move.seat, move.action); !why.empty())
    throw std::invalid_argument(fmt::format("bot '{}' at seat {} chose an illegal action '{}': {}",
                                            move.spec, move.seat, to_text(move.action), why));
  slots_[static_cast<size_t>(move.seat)] = BotSlot{index, move.spec, move.action};
  return true;
}

Events Table::tick(Millis now, int max_decisions) {
  Events events;
  int made = 0;
  while (!state_.is_terminal() && made < max_decisions) {
    if (state_.is_chance_node()) {  // rule 6: deal once the round pause has passed
      if (!config_.round_pause || now < since_ + *config_.round_pause) break;
      deal_next(now, events);
      continue;
    }
    if (round_decisions_ >= kMaxDecisionsPerRound)
      throw EndlessRound(state_.rounds_played(), kMaxDecisionsPerRound);
    if (!state_.is_simultaneous_node()) {
      const int seat = state_.current_player();
      const std::optional<Action> a = automatic(seat, now);
      if (!a) break;
      apply(seat, *a, now, events);
      ++made;
      continue;
    }
    // Every bot and every expired clock answers the window; the engine closes it once all
    // have (the last answer reports them all).
    for (int seat : seats_due(view())) {
      if (made >= max_decisions || !state_.is_simultaneous_node()) break;
      if (const std::optional<Action> a = automatic(seat, now)) {
        apply(seat, *a, now, events);
        ++made;
      }
    }
    if (state_.is_simultaneous_node()) break;  // waiting for a person (or a bot elsewhere)
  }
  return events;
}

void Table::replace_seat(int seat, Seat who) {
  if (seat < 0 || seat >= state_.players())
    throw std::invalid_argument(fmt::format("replace_seat: there is no seat {}", seat));
  if (who.kind == SeatKind::kBot) bot_for(who.bot);  // checks the spec first
  const std::optional<std::string> need = bot_need(seat);
  seats_[static_cast<size_t>(seat)] = std::move(who);
  // Rule 9: another bot (or nobody) answers now; a bot that comes back is asked again.
  if (bot_need(seat) != need) slots_[static_cast<size_t>(seat)] = BotSlot{};
}

}  // namespace allegra::table
