#include "tui/replay_viewer.h"

#include <curses.h>

#include <algorithm>
#include <span>
#include <stdexcept>

#include "tui/curses_screen.h"
#include "tui/pager_keys.h"
#include "tui/review_screen.h"
#include "tui/table_description.h"
#include "tui/table_view.h"

namespace allegra::tui {

ReplayFrames::ReplayFrames(const GameRecord& record, int game_number, const text::Translator& tr)
    : tr_(&tr), game_(game_number), record_(record), cursor_(record_) {
  const int n = record_.options.players;
  // The players' names when the record keeps them (format version 2), else "Player 0"...
  for (int p = 0; p < n; ++p)
    names_.push_back(static_cast<int>(record_.seats.size()) == n
                         ? record_.seats[static_cast<size_t>(p)].name
                         : tr.tr("name.player", {{"number", std::to_string(p)}}));
  lines_.push_back({tr.tr("replay.start")});
  before_deal_.push_back(1);
  notes_.emplace_back();
  round_end_.emplace_back();
  for (const RoundRecord& r : record_.rounds)
    if (!r.score_half.empty()) round_scores_.push_back(r.score_half);
  const text::Narrator narrator(tr, names_, n);
  for (;;) {
    const int round = cursor_.round();
    if (!cursor_.forward()) break;
    tell(narrator, round);
  }
  if (cursor_.error()) throw std::invalid_argument(cursor_.error()->message);
  // A finished game ends with its summary, naming the winner (the viewer never did).
  const State& last = cursor_.state();
  if (last.is_terminal() && !round_scores_.empty()) {
    std::vector<int32_t> totals;
    for (int p = 0; p < n; ++p) totals.push_back(last.total_half(p));
    summary_ = narrator.game_summary(round_scores_, totals, last.winners());
  }
}

// The narration of the decision the cursor has just replayed and, where it ended a round, the
// table with every card up and the round result. The new round's sentences are told apart,
// so the transcript can put the finished round's table before them.
void ReplayFrames::tell(const text::Narrator& narrator, int round) {
  const EventList& events = cursor_.events();
  const auto deal = std::find_if(events.begin(), events.end(),
                                 [](const Event& e) { return e.type == EventType::kRoundStarted; });
  const std::span<const Event> all(events.data(), events.size());
  const std::span<const Event> until_deal = all.first(static_cast<size_t>(deal - events.begin()));
  std::vector<std::string> told = narrator.narrate(until_deal);
  before_deal_.push_back(told.size());
  for (std::string& l : narrator.narrate(all.subspan(until_deal.size())))
    told.push_back(std::move(l));
  lines_.push_back(std::move(told));
  std::vector<Event> scored;
  for (const Event& e : until_deal)
    if (e.type == EventType::kRoundScored) scored.push_back(e);
  if (scored.empty()) {
    notes_.emplace_back();
    round_end_.emplace_back();
    return;
  }
  // The finished table as the engine left it: at the chance node before the next deal, or at
  // the end of the record (the game's end, or a round over whose next deal is not recorded).
  const State& finished = cursor_.round_over() ? *cursor_.round_over() : cursor_.state();
  TableModel end = make_model(finished.public_view(), names_, 0);
  end.current = kNoPlayer;
  end.active = finished.active_player();  // the last turn's player, as during the round
  notes_.push_back(
      narrator.round_result(round, finished.last_round().ender, scored, end.totals_half));
  round_end_.push_back(end);
}

TableModel ReplayFrames::frame(int step) const {
  step = std::clamp(step, 0, steps());
  const auto k = static_cast<size_t>(step);
  cursor_.seek(step);
  TableModel m = round_end_[k].players > 0 ? round_end_[k]
                                           : make_model(cursor_.state().public_view(), names_, 0);
  m.status = tr_->tr("replay.title", {{"game", std::to_string(game_)},
                                      {"step", std::to_string(step)},
                                      {"steps", std::to_string(steps())}});
  for (size_t i = k >= 12 ? k - 12 : 0; i <= k; ++i)
    m.log.insert(m.log.end(), lines_[i].begin(), lines_[i].end());
  const auto done =
      std::min<size_t>(static_cast<size_t>(cursor_.state().rounds_played()), round_scores_.size());
  m.round_scores.assign(round_scores_.begin(), round_scores_.begin() + static_cast<long>(done));
  m.notes = notes_[k];
  if (!m.notes.empty()) m.notes.insert(m.notes.begin(), lines_[k].begin(), lines_[k].end());
  if (step == steps() && !summary_.empty()) {
    // The winner first: a small screen shows the first notes, and it must show that one.
    m.notes.insert(m.notes.begin(), summary_.back());
    m.notes.insert(m.notes.end(), summary_.begin(), summary_.end() - 1);
  }
  return m;
}

const std::vector<std::string>& ReplayFrames::narration(int step) const {
  return lines_[static_cast<size_t>(std::clamp(step, 0, steps()))];
}

size_t ReplayFrames::lines_before_deal(int step) const {
  return before_deal_[static_cast<size_t>(std::clamp(step, 0, steps()))];
}

std::vector<std::string> replay_transcript(const ReplayFrames& frames, const text::Translator& tr) {
  std::vector<std::string> out;
  for (int step = 0; step <= frames.steps(); ++step) {
    const std::vector<std::string>& told = frames.narration(step);
    TableModel m = frames.frame(step);
    if (m.notes.empty()) {
      out.insert(out.end(), told.begin(), told.end());
      continue;
    }
    // A round ended: what happened up to the end, the table with every card up, the round
    // result (the notes after this step's narration), then the next round's deal.
    const auto split = told.begin() + static_cast<long>(frames.lines_before_deal(step));
    out.insert(out.end(), told.begin(), split);
    m.status.clear();  // the viewer's "action k of n" title says nothing here
    out.emplace_back();
    for (std::string& line : describe_table(m, tr)) out.push_back(std::move(line));
    // The notes: [the winner, at the game's end], the narration, the result [, the summary].
    const bool winner_first = step == frames.steps() && frames.finished();
    const size_t skip = told.size() + (winner_first ? 1 : 0);
    const auto result = m.notes.begin() + static_cast<long>(std::min(skip, m.notes.size()));
    out.insert(out.end(), result, m.notes.end());
    if (winner_first) out.push_back(m.notes.front());
    out.emplace_back();
    out.insert(out.end(), split, told.end());
  }
  return out;
}

int ReplayFrames::next_round(int step) const {
  for (int r = 0; r < cursor_.rounds(); ++r)
    if (cursor_.round_start(r) > step) return cursor_.round_start(r);
  return steps();
}

int ReplayFrames::previous_round(int step) const {
  int best = 0;
  for (int r = 0; r < cursor_.rounds(); ++r)
    if (cursor_.round_start(r) < step) best = cursor_.round_start(r);
  return best;
}

// Left/Right step, Up/Down scroll the notes (a round's result, the summary) or the log,
// PgUp/PgDn jump a round, Home/End the start and the end, q quits.
void run_replay_viewer(const ReplayFrames& frames, const text::Translator& tr) {
  CursesScreen screen(tr);
  int step = 0;
  int scroll = 0;
  for (;;) {
    const int ch = screen.show_and_wait(frames.frame(step), tr.tr("replay.help"), &scroll);
    const int before = step;
    switch (ch) {
      case 'n':  // the replay's own keys first
        step = std::min(step + 1, frames.steps());
        break;
      case 'p':
        step = std::max(step - 1, 0);
        break;
      case KEY_NPAGE:
        step = frames.next_round(step);
        break;
      case KEY_PPAGE:
        step = frames.previous_round(step);
        break;
      case 'v':
        run_review_screen(screen, frames, tr);
        break;
      default:
        if (apply_pager_key(pager_key(ch), frames.steps(), step, scroll)) return;
        break;
    }
    if (step != before) scroll = 0;
  }
}

}  // namespace allegra::tui
