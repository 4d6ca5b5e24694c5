#include "tui/session.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <stdexcept>

#include "engine/public_view.h"
#include "tui/hint_view.h"
#include "tui/input_map.h"

namespace allegra::tui {
namespace {

uint64_t bot_seed(uint64_t game_seed, int seat) {
  return game_seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(seat) + 1;
}

bool has_event(const EventList& events, EventType t) {
  return std::any_of(events.begin(), events.end(), [&](const Event& e) { return e.type == t; });
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

Session::Session(const SessionConfig& config, const text::Translator& tr)
    : config_(config),
      tr_(&tr),
      state_(config.options, config.seed),
      recorder_(state_, config.seed),
      narrator_(tr, seat_names(config.seats), config.options.players, seat_voices(config.seats)) {
  make_bots();
}

Session::Session(const SessionConfig& config, const text::Translator& tr, SavedGame saved,
                 const State& state)
    : config_(config),
      tr_(&tr),
      state_(saved.record.options, saved.record.seed),
      recorder_(state_, saved.record.seed),
      narrator_(tr, seat_names(saved.seats), saved.record.options.players,
                seat_voices(saved.seats)) {
  config_.options = saved.record.options;
  config_.seed = saved.record.seed;
  config_.seats = saved.seats;
  // Replay through our recorder, so the record goes on where the saved one stopped, and tell
  // the replayed moves again: the log (and its scrollback) reads as it did before quitting.
  EventList events;
  for (const RoundRecord& r : saved.record.rounds) {
    for (const RecordStep& step : r.steps) {
      const int actor = state_.current_player();
      events.clear();
      recorder_.apply(state_, step.action, &events);
      for (std::string& l : narrator_.narrate(actor, events)) log_.push_back(std::move(l));
    }
  }
  if (!(state_ == state)) throw std::invalid_argument("the saved game does not replay");
  for (const RoundRecord& r : saved.record.rounds)
    if (!r.score_half.empty()) round_scores_.push_back(r.score_half);
  log_.push_back(tr.tr("save.resumed", {{"path", config.save_path}}));
  make_bots();
}

Session::~Session() = default;

void Session::make_bots() {
  if (static_cast<int>(config_.seats.size()) != config_.options.players)
    throw std::invalid_argument(
        fmt::format("{} seats for {} players", config_.seats.size(), config_.options.players));
  for (size_t i = 0; i < config_.seats.size(); ++i) {
    const SeatConfig& seat = config_.seats[i];
    if (seat.human()) {
      bots_.push_back(nullptr);
      ++humans_;
    } else {
      bots_.push_back(make_bot(seat.bot, bot_seed(config_.seed, static_cast<int>(i))));
    }
  }
}

int Session::viewer_for(int decider) const {
  // The person deciding sits at the bottom; while bots play, the last person to decide does.
  if (decider != kNoPlayer && !bots_[static_cast<size_t>(decider)]) return decider;
  if (last_human_ != kNoPlayer) return last_human_;
  for (size_t p = 0; p < bots_.size(); ++p)
    if (!bots_[p]) return static_cast<int>(p);
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
  write_file_atomically(config_.save_path, save_to_text(config_.seats, record(), state_));
}

std::vector<std::string> Session::hint(const PublicView& view, const TableModel& asking,
                                       Screen& screen) const {
  // The search runs beside the screen, which shows "thinking" and lets the person cancel it.
  std::atomic<bool> cancel{false};
  auto moves = std::async(std::launch::async, [&] {
    return bots::best_moves(view, config_.hint_iterations, config_.seed ^ record().rounds.size(), 3,
                            &cancel);
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

// Shows the table of the round that just ended, every card turned up, with the scores
// explained; the engine has already dealt the next round (if any), so the events rebuild that
// table.
bool Session::finish_round(const TableModel& before, const EventList& events, Screen& screen) {
  TableModel end = before;
  end.current = kNoPlayer;
  end.held = end.hand = end.taken = kNoCard;
  end.knockers = 0;
  std::vector<Event> scored;
  for (const Event& e : events) {
    if (e.type == EventType::kRoundStarted) break;
    end.apply(e);
    if (e.type == EventType::kRoundScored) scored.push_back(e);
  }
  std::vector<int32_t> scores(static_cast<size_t>(state_.players()));
  for (const Event& e : scored) scores[static_cast<size_t>(e.player)] = e.score;
  round_scores_.push_back(scores);
  end.round_scores = round_scores_;
  end.notes = narrator_.round_result(static_cast<int>(round_scores_.size()) - 1,
                                     state_.last_round().ender, scored, end.totals_half);
  end.status = end.notes.front();  // the title goes to the status line
  end.notes.erase(end.notes.begin());
  // The last round too: its table and penalty lines are read before the game summary.
  return screen.announce(end, humans_ > 0 ? Screen::Wait::kEnter : Screen::Wait::kNo);
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
  EventList events;
  while (!state_.is_terminal()) {
    const PublicView view = state_.public_view();
    const int p = state_.current_player();
    Bot* bot = bots_[static_cast<size_t>(p)].get();
    TableModel before = model(view, viewer_for(p));
    Action action;
    if (bot != nullptr) {
      action = bot->choose(view);
    } else {
      if (humans_ >= 2 && p != last_human_) {  // hot-seat: hand over the keyboard
        TableModel pass = before;
        pass.notes = {tr_->tr("prompt.pass_screen", {{"name", narrator_.name(p)}})};
        if (screen.announce(pass, Screen::Wait::kEnter)) return quit();
      }
      last_human_ = p;
      show(before);
      try {
        save();  // a crash or a closed terminal loses nothing
      } catch (const std::runtime_error&) {
        // Best effort: a failing save is reported when the player quits and it fails again.
      }
      TableModel asking = before;
      for (;;) {
        const Choice c = screen.decide(asking, view);
        if (c.kind == Choice::Kind::kQuit) return quit();
        if (c.kind == Choice::Kind::kHint) {
          asking.notes = hint(view, asking, screen);
          screen.show(asking, asking.notes);
          continue;
        }
        action = c.action;
        if (state_.is_legal(action)) break;
      }
    }
    events.clear();
    recorder_.apply(state_, action, &events);
    // The next round's deal is told after the end of this round has been shown.
    const auto next_round = std::find_if(events.begin(), events.end(), [](const Event& e) {
      return e.type == EventType::kRoundStarted;
    });
    for (std::string& l : narrator_.narrate(p, {events.begin(), next_round}))
      log_.push_back(std::move(l));
    if (has_event(events, EventType::kRoundScored)) {
      show(model(state_.public_view(), viewer_for(p)));
      if (finish_round(before, events, screen)) return quit();
      for (std::string& l : narrator_.narrate(p, {next_round, events.end()}))
        log_.push_back(std::move(l));
      show(model(state_.public_view(), viewer_for(state_.current_player())));
      continue;
    }
    const bool said_something = shown_log != log_.size();
    show(model(state_.public_view(), viewer_for(state_.current_player())));
    if (bot != nullptr && said_something && config_.delay_ms > 0 && screen.pause(config_.delay_ms))
      return quit();
  }
  // The summary, then the record; the save is no longer needed.
  TableModel last = model(state_.public_view(), viewer_for(kNoPlayer));
  last.notes = narrator_.game_summary(round_scores_, last.totals_half, state_.winners());
  last.status = last.notes.front();
  last.notes.erase(last.notes.begin());
  // The winner line first: a small terminal shows the first notes, and it must show that one.
  if (!last.notes.empty()) std::rotate(last.notes.begin(), last.notes.end() - 1, last.notes.end());
  if (!config_.record_path.empty()) {
    GameRecord finished = record();  // with the players' names, for replays
    for (const SeatConfig& seat : config_.seats) finished.seats.push_back({seat.name, seat.bot});
    append_line(config_.record_path, record_to_line(finished));
    messages_.push_back(tr_->tr("record.written", {{"path", config_.record_path}}));
  }
  if (!config_.save_path.empty()) std::remove(config_.save_path.c_str());
  show(last);
  screen.announce(last, Screen::Wait::kQuitKey);
  return Outcome::kFinished;
}

}  // namespace allegra::tui
