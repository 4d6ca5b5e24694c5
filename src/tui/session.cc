#include "tui/session.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <future>
#include <stdexcept>
#include <utility>

#include "engine/public_view.h"
#include "tui/hint_view.h"
#include "tui/input_map.h"

namespace allegra::tui {
namespace {

bool has_event(std::span<const Event> events, EventType t) {
  return std::any_of(events.begin(), events.end(), [&](const Event& e) { return e.type == t; });
}

// The configuration of a resumed game: the options, the seed and the seats are the save's.
SessionConfig with_save(SessionConfig config, const SavedGame& saved) {
  config.options = saved.record.options;
  config.seed = saved.record.seed;
  config.seats = saved.seats;
  return config;
}

}  // namespace

std::vector<std::string> seat_names(const std::vector<SeatConfig>& seats) {
  std::vector<std::string> out;
  for (const SeatConfig& s : seats) out.push_back(s.name);
  return out;
}

std::vector<text::Voice> seat_voices(const std::vector<SeatConfig>& seats) {
  std::vector<bool> human;
  for (const SeatConfig& s : seats) human.push_back(s.human());
  return text::voices_for(human);
}

int you_seat(const std::vector<SeatConfig>& seats) {
  const std::vector<text::Voice> voices = seat_voices(seats);
  const auto it = std::find(voices.begin(), voices.end(), text::Voice::kYou);
  return it == voices.end() ? kNoPlayer : static_cast<int>(it - voices.begin());
}

std::vector<table::Seat> table_seats(const std::vector<SeatConfig>& seats) {
  std::vector<table::Seat> out;
  for (const SeatConfig& s : seats)
    out.push_back({.kind = s.human() ? table::SeatKind::kPerson : table::SeatKind::kBot,
                   .name = s.name,
                   .bot = s.bot,
                   .timeout = std::nullopt});
  return out;
}

Session::Session(const SessionConfig& config, const text::Translator& tr)
    : config_(config),
      tr_(&tr),
      // No round pause: the session deals when the players have read the round's result.
      table_(config.options, config.seed, table_seats(config.seats), table::Millis(0),
             std::string(table::kDefaultStandIn), std::nullopt),
      narrator_(tr, seat_names(config.seats), config.options.players, seat_voices(config.seats)) {
  humans_ = static_cast<int>(std::count_if(config_.seats.begin(), config_.seats.end(),
                                           [](const SeatConfig& s) { return s.human(); }));
}

Session::Session(const SessionConfig& config, const text::Translator& tr, const SavedGame& saved,
                 const State& state)
    : config_(with_save(config, saved)),
      tr_(&tr),
      table_(resume_table(saved)),
      narrator_(tr, seat_names(saved.seats), saved.record.options.players,
                seat_voices(saved.seats)) {
  if (!(table_.state() == state)) throw std::invalid_argument("the saved game does not replay");
  humans_ = static_cast<int>(std::count_if(config_.seats.begin(), config_.seats.end(),
                                           [](const SeatConfig& s) { return s.human(); }));
  // Tell the saved moves again: the log (and its scrollback) reads as it did before quitting,
  // each round's result included.
  State told(saved.record.options, saved.record.seed);
  EventList events;
  auto tell = [&] {
    for (std::string& l : narrator_.narrate(events)) log_.push_back(std::move(l));
  };
  for (size_t r = 0; r < saved.record.rounds.size(); ++r) {
    const RoundRecord& round = saved.record.rounds[r];
    for (size_t i = 0; i < round.steps.size(); ++i) {
      events.clear();
      told.apply(round.steps[i].action, &events);
      tell();
      if (!has_event({events.data(), events.size()}, EventType::kRoundScored)) continue;
      // A game saved on the end-of-round screen shows that screen again (run()).
      if (r + 1 == saved.record.rounds.size() && i + 1 == round.steps.size() &&
          told.is_chance_node()) {
        result_to_show_ = table::Events(events.begin(), events.end());
        continue;
      }
      round_scores_.push_back(round.score_half);
      for (std::string& l : result_lines(told, {events.data(), events.size()}))
        log_.push_back(std::move(l));
      if (told.is_chance_node()) {
        events.clear();
        told.deal(&events);
        tell();
      }
    }
  }
  if (table_.round_over() && !result_to_show_) {
    const table::Events dealt = table_.deal(now()).events;
    for (std::string& l : narrator_.narrate(dealt)) log_.push_back(std::move(l));
  }
  log_.push_back(tr.tr("save.resumed", {{"path", config.save_path}}));
}

Session::~Session() = default;

GameRecord Session::record() const {
  GameRecord r = table_.record();
  r.seats.clear();  // the save keeps the seats beside the record
  return r;
}

table::Millis Session::now() const {
  return std::chrono::duration_cast<table::Millis>(std::chrono::steady_clock::now() - start_);
}

bool Session::person(int seat) const {
  return table_.seats()[static_cast<size_t>(seat)].kind == table::SeatKind::kPerson;
}

int Session::viewer_for(int decider) const {
  // The person deciding sits at the bottom; while bots play, the last person to decide does.
  if (decider != kNoPlayer && person(decider)) return decider;
  if (last_human_ != kNoPlayer) return last_human_;
  for (int p = 0; p < state().players(); ++p)
    if (person(p)) return p;
  return 0;
}

TableModel Session::model(const PublicView& view, int viewer) const {
  TableModel m = make_model(view, seat_names(config_.seats), viewer);
  m.you = you_seat(config_.seats);
  m.status = narrator_.decision(view);
  m.log = log_;
  m.round_scores = round_scores_;
  return m;
}

void Session::save() const {
  if (config_.save_path.empty()) return;
  if (config_.write_save)
    config_.write_save(config_.save_path, save_to_text(table_));
  else
    write_file_atomically(config_.save_path, save_to_text(table_));
}

// Saves before each decision of a person. A failing save (a full disk) is told at once, on
// screen, and tried again at every decision; the log says when it works again.
void Session::save_and_tell() {
  try {
    save();
    if (!save_failing_) return;
    save_failing_ = false;
    log_.push_back(tr_->tr("save.works_again", {{"path", config_.save_path}}));
  } catch (const std::runtime_error& e) {
    if (save_failing_) return;
    save_failing_ = true;
    log_.push_back(tr_->tr("save.failing", {{"path", config_.save_path}, {"error", e.what()}}));
  }
}

std::vector<std::string> Session::hint(const PublicView& view, const TableModel& asking,
                                       Screen& screen) const {
  // The search runs beside the screen, which shows "thinking" and lets the person cancel it.
  std::atomic<bool> cancel{false};
  const uint64_t seed = config_.seed ^ table_.record().rounds.size();
  auto moves = std::async(std::launch::async, [&] {
    return bots::best_moves(view, config_.hint_iterations, seed, 3, &cancel);
  });
  TableModel thinking = asking;
  thinking.notes = {tr_->tr("hint.thinking")};
  const bool cancelled = screen.think(thinking, [&] {
    return moves.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  });
  cancel = true;
  const std::vector<bots::HintMove> best = moves.get();
  if (cancelled) return {tr_->tr("hint.cancelled")};
  return explain_hint(view, best, *tr_, seat_names(config_.seats), you_seat(config_.seats));
}

// The round result told in the log too, so that a screen without the score panel keeps every
// past round's scores in its scrollback: "End of round 1...", a line a player, the penalty.
std::vector<std::string> Session::result_lines(const State& ended,
                                               std::span<const Event> events) const {
  std::vector<Event> scored;
  for (const Event& e : events)
    if (e.type == EventType::kRoundScored) scored.push_back(e);
  std::vector<int32_t> totals;
  for (int p = 0; p < ended.players(); ++p) totals.push_back(ended.total_half(p));
  return narrator_.round_result(static_cast<int>(round_scores_.size()) - 1,
                                ended.last_round().ender, scored, totals);
}

// Shows the table of the round that just ended as the real state holds it (the engine waits at
// the chance node, or the game is over), every card turned up, with the scores explained.
bool Session::finish_round(int actor, const table::Events& events, Screen& screen) {
  TableModel end = model(table_.view(), viewer_for(actor));
  end.current = kNoPlayer;
  end.active = state().active_player();  // the last turn's player, as during the round
  end.held = end.hand = end.taken = kNoCard;
  end.knockers = 0;
  std::vector<Event> scored;
  for (const Event& e : events)
    if (e.type == EventType::kRoundScored) scored.push_back(e);
  std::vector<int32_t> scores(static_cast<size_t>(state().players()));
  for (const Event& e : scored) scores[static_cast<size_t>(e.player)] = e.score_half;
  round_scores_.push_back(scores);
  end.round_scores = round_scores_;
  end.notes = narrator_.round_result(static_cast<int>(round_scores_.size()) - 1,
                                     state().last_round().ender, scored, end.totals_half);
  for (const std::string& l : end.notes) log_.push_back(l);
  end.log = log_;
  end.status = end.notes.front();  // the title goes to the status line
  end.notes.erase(end.notes.begin());
  // The last round too: its table and penalty lines are read before the game summary.
  return screen.announce(end, humans_ > 0 ? Screen::Wait::kEnter : Screen::Wait::kNo);
}

std::optional<table::Events> Session::ask(const table::Pending& due, Screen& screen,
                                          const std::function<void(const TableModel&)>& show) {
  const int p = due.seat;
  // The seat's decision view: in a knock window the window as it opened (no view shows an
  // answer before it closes), made this seat's turn.
  const PublicView view = table_.view().decision_view(p);
  TableModel asking = model(view, viewer_for(p));
  if (humans_ >= 2 && p != last_human_) {  // hot-seat: hand over the keyboard
    TableModel pass = asking;
    pass.notes = {tr_->tr("prompt.pass_screen", {{"name", narrator_.name(p)}})};
    if (screen.announce(pass, Screen::Wait::kEnter)) return std::nullopt;
  }
  last_human_ = p;
  // What was typed before the person can see this decision (an Enter while the bots played) is
  // dropped; what is typed once the table below shows counts, also while the save below waits
  // for the disk (a key pressed then was lost when the decision itself dropped typed keys).
  screen.discard_typeahead();
  show(asking);
  const size_t told = log_.size();
  save_and_tell();            // a crash or a closed terminal loses nothing
  if (log_.size() != told) {  // the save failed, or works again: shown now
    asking.log = log_;
    show(asking);
  }
  for (;;) {
    const Choice c = screen.decide(asking, view);
    if (c.kind == Choice::Kind::kQuit) return std::nullopt;
    if (c.kind == Choice::Kind::kHint) {
      asking.notes = hint(view, asking, screen);
      screen.show(asking, asking.notes);
      continue;
    }
    table::Outcome out = table_.submit(p, c.action, now());
    if (out.ok()) return std::move(out.events);
  }
}

Session::Outcome Session::run(Screen& screen) {
  // A resumed game's log ends with "Game resumed from ...": new to a plain screen, which
  // prints only the lines it has not shown (the earlier ones are the scrollback's).
  size_t shown_log = log_.empty() ? 0 : log_.size() - 1;
  auto show = [&](const TableModel& m) {
    screen.show(m,
                std::vector<std::string>(log_.begin() + static_cast<long>(shown_log), log_.end()));
    shown_log = log_.size();
  };
  auto quit = [&] {
    save();
    if (!config_.save_path.empty())
      messages_.push_back(tr_->tr(
          "save.saved_resume", {{"path", config_.save_path}, {"command", config_.resume_command}}));
    return Outcome::kQuit;
  };
  // A game saved on the end-of-round screen: that screen again, then the next deal.
  if (result_to_show_) {
    const table::Events scored = *std::exchange(result_to_show_, std::nullopt);
    const int actor = state().active_player();
    show(model(table_.view(), viewer_for(actor)));
    if (finish_round(actor, scored, screen)) return quit();
    if (table_.round_over())
      for (std::string& l : narrator_.narrate(table_.deal(now()).events))
        log_.push_back(std::move(l));
    show(model(table_.view(), viewer_for(state().current_player())));
  }
  while (!table_.game_over()) {
    // 1. Who is pending: bots first (in a knock window their answers stay unseen until it
    //    closes), then each person in turn.
    const std::vector<table::Pending> due = table_.pending();
    const auto bot = std::find_if(due.begin(), due.end(),
                                  [&](const table::Pending& d) { return !person(d.seat); });
    const int actor = bot != due.end() ? bot->seat : due.front().seat;
    // 2. One decision: a bot's through tick(), a person's through the screen.
    table::Events events;
    if (bot != due.end()) {
      events = table_.tick(now(), 1);
    } else if (std::optional<table::Events> asked = ask(due.front(), screen, show)) {
      events = std::move(*asked);
    } else {
      return quit();
    }
    if (events.empty()) continue;  // a knock answer, kept until the window closes
    // 3. What happened. At the end of a round the finished table is shown, then (the Table
    //    waits at the chance node) the next round is dealt and told.
    for (std::string& l : narrator_.narrate(events)) log_.push_back(std::move(l));
    if (has_event(events, EventType::kRoundScored)) {
      show(model(table_.view(), viewer_for(actor)));
      if (finish_round(actor, events, screen)) return quit();
      if (table_.round_over())
        for (std::string& l : narrator_.narrate(table_.deal(now()).events))
          log_.push_back(std::move(l));
      show(model(table_.view(), viewer_for(state().current_player())));
      continue;
    }
    const bool said_something = shown_log != log_.size();
    show(model(table_.view(), viewer_for(state().current_player())));
    if (bot != due.end() && said_something && config_.delay_ms > 0 &&
        screen.pause(config_.delay_ms))
      return quit();
  }
  // The summary, then the record; the save is no longer needed.
  TableModel last = model(table_.view(), viewer_for(kNoPlayer));
  last.notes = narrator_.game_summary(round_scores_, last.totals_half, state().winners());
  last.status = last.notes.front();
  last.notes.erase(last.notes.begin());
  // The winner line first: a small terminal shows the first notes, and it must show that one.
  if (!last.notes.empty()) std::rotate(last.notes.begin(), last.notes.end() - 1, last.notes.end());
  if (!config_.record_path.empty()) {
    append_line(config_.record_path, record_to_line(table_.record()));  // with the names
    messages_.push_back(tr_->tr("record.written", {{"path", config_.record_path}}));
  }
  if (!config_.save_path.empty()) std::remove(config_.save_path.c_str());
  show(last);
  screen.announce(last, Screen::Wait::kQuitKey);
  return Outcome::kFinished;
}

}  // namespace allegra::tui
