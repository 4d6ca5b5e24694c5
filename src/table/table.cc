#include "table/table.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "table/decision_seed.h"
#include "table/game_loop.h"

namespace allegra::table {
namespace {

void append(Events& out, const EventList& events) {
  out.insert(out.end(), events.begin(), events.end());
}

// The place of `seat` in the engine's order of an open knock window.
uint64_t window_position(const State& state, int seat) {
  const SeatList order = knock_window_order(state);
  return static_cast<uint64_t>(std::find(order.begin(), order.end(), seat) - order.begin());
}

}  // namespace

std::vector<int> seats_due(const PublicView& view, uint8_t answered) {
  const State& s = view.masked();
  std::vector<int> due;
  if (s.is_terminal() || s.is_chance_node()) return due;  // nobody decides between rounds
  if (s.phase() != Phase::kKnockWindow) {
    due.push_back(s.current_player());
    return due;
  }
  for (int seat : knock_window_order(s))
    if (!(answered >> seat & 1)) due.push_back(seat);
  return due;
}

Table::Table(const RuleOptions& options, uint64_t seed, std::vector<Seat> seats, Millis now,
             std::string stand_in, std::optional<Millis> round_pause)
    : seed_(seed),
      state_(options, seed),
      recorder_(state_, seed),
      seats_(std::move(seats)),
      stand_in_(std::move(stand_in)),
      round_pause_(round_pause),
      since_(now) {
  if (static_cast<int>(seats_.size()) != options.players)
    throw std::invalid_argument(
        fmt::format("table: {} seats for {} players", seats_.size(), options.players));
  // The deal again, for its events (the recorder needed the state first).
  EventList deal;
  const State dealt(options, seed, &deal);
  append(opening_, deal);
  bot_for(stand_in_);  // checks the spec
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

std::vector<Pending> Table::pending() const {
  std::vector<Pending> out;
  if (state_.is_chance_node()) {  // rule 6: waiting for the next deal
    Pending p;
    p.seat = kChancePlayer;
    p.round_over = true;
    if (round_pause_) p.deadline = since_ + *round_pause_;
    out.push_back(std::move(p));
    return out;
  }
  const bool window = state_.phase() == Phase::kKnockWindow;
  for (int seat : seats_due(view(), answered_)) {
    Pending p;
    p.seat = seat;
    p.knock_window = window;
    if (window) {
      p.legal.push_back(Action::knock());
      p.legal.push_back(Action::pass());
    } else {
      state_.legal_actions(p.legal);
    }
    p.deadline = deadline(seat);
    out.push_back(std::move(p));
  }
  return out;
}

std::optional<Millis> Table::deadline(int seat) const {
  const Seat& s = seats_[static_cast<size_t>(seat)];
  if (s.kind == SeatKind::kBot || !s.timeout) return std::nullopt;
  return since_ + *s.timeout;
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
  const std::vector<int> due = seats_due(view(), answered_);
  if (std::find(due.begin(), due.end(), seat) == due.end()) {
    if (state_.phase() == Phase::kKnockWindow && (answered_ >> seat & 1))
      out.error = fmt::format("seat {} has already answered this knock window", seat);
    else if (state_.phase() == Phase::kKnockWindow)
      out.error = fmt::format("seat {} may not knock for this card", seat);
    else
      out.error =
          fmt::format("seat {} is not to decide now: seat {} is", seat, state_.current_player());
    return out;
  }
  if (std::string why = state_.why_illegal(action); !why.empty()) {
    out.error = fmt::format("'{}' is not legal: {}", to_text(action), why);
    return out;
  }
  if (state_.phase() != Phase::kKnockWindow) {
    apply(action, now, out.events);
    return out;
  }
  answers_[static_cast<size_t>(seat)] = action;
  answered_ |= static_cast<uint8_t>(1u << seat);
  if (seats_due(view(), answered_).empty()) close_window(now, out.events);
  return out;
}

void Table::apply(Action a, Millis now, Events& events) {
  const int round = state_.rounds_played();
  EventList ev;
  recorder_.apply(state_, a, &ev);
  append(events, ev);
  ++decisions_;
  round_decisions_ = state_.rounds_played() == round ? round_decisions_ + 1 : 0;
  since_ = now;
}

void Table::deal_next(Millis now, Events& events) {
  EventList ev;
  recorder_.deal(state_, &ev);
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

void Table::close_window(Millis now, Events& events) {
  for (int seat : knock_window_order(state_))
    apply(answers_[static_cast<size_t>(seat)], now, events);
  answered_ = 0;
}

Bot& Table::bot_for(const std::string& spec) {
  for (auto& [name, bot] : bots_)
    if (name == spec) return *bot;
  // The construction seed does not matter: decide() reseeds every decision.
  bots_.emplace_back(spec, make_bot(spec, 0));
  return *bots_.back().second;
}

Action Table::bot_choice(Bot& bot, int seat) {
  const bool window = state_.phase() == Phase::kKnockWindow;
  const uint64_t index = decisions_ + (window ? window_position(state_, seat) : 0);
  const PublicView v = window ? view().knock_answer(seat) : view();
  const Action a = bot.decide(v, decision_seed(seed_, index));
  if (std::string why = state_.why_illegal(a); !why.empty())
    throw std::logic_error(fmt::format("bot '{}' at seat {} chose an illegal action '{}': {}",
                                       bot.name(), seat, to_text(a), why));
  return a;
}

std::optional<Action> Table::automatic(int seat, Millis now) {
  const Seat& s = seats_[static_cast<size_t>(seat)];
  if (s.kind == SeatKind::kBot) return bot_choice(bot_for(s.bot), seat);
  const std::optional<Millis> due = deadline(seat);
  if (!due || now < *due) return std::nullopt;
  if (state_.phase() == Phase::kKnockWindow) return Action::pass();  // a timeout is a pass
  return bot_choice(bot_for(stand_in_), seat);
}

Events Table::tick(Millis now, int max_decisions) {
  Events events;
  int made = 0;
  while (!state_.is_terminal() && made < max_decisions) {
    if (state_.is_chance_node()) {  // rule 6: deal once the round pause has passed
      if (!round_pause_ || now < since_ + *round_pause_) break;
      deal_next(now, events);
      continue;
    }
    if (round_decisions_ >= kMaxDecisionsPerRound)
      throw EndlessRound(state_.rounds_played(), kMaxDecisionsPerRound);
    if (state_.phase() != Phase::kKnockWindow) {
      const std::optional<Action> a = automatic(state_.current_player(), now);
      if (!a) break;
      apply(*a, now, events);
      ++made;
      continue;
    }
    // 1. Every bot and every expired clock answers the window; 2. it closes once all have.
    for (int seat : seats_due(view(), answered_)) {
      if (made >= max_decisions) break;
      if (const std::optional<Action> a = automatic(seat, now)) {
        answers_[static_cast<size_t>(seat)] = *a;
        answered_ |= static_cast<uint8_t>(1u << seat);
        ++made;
      }
    }
    if (!seats_due(view(), answered_).empty()) break;
    close_window(now, events);
  }
  return events;
}

void Table::replace_seat(int seat, Seat who) {
  if (seat < 0 || seat >= state_.players())
    throw std::invalid_argument(fmt::format("replace_seat: there is no seat {}", seat));
  if (who.kind == SeatKind::kBot) bot_for(who.bot);  // checks the spec first
  seats_[static_cast<size_t>(seat)] = std::move(who);
}

}  // namespace allegra::table
