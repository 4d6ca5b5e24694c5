// The replay viewer: a recorded game stepped forward and back in the game's own interface.
//
// ReplayFrames replays a record once with a ReplayCursor (engine/replay.h: the recorded deals
// and reshuffles, never the Rng) to tell every action, and seeks the cursor to show any step at
// once: the table as the players saw it, the narration of that action, and at the end of a
// round the table with every card turned up and the scores explained. run_replay_viewer() is
// the thin curses loop on top.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/record.h"
#include "engine/replay.h"
#include "text/narrator.h"
#include "text/translator.h"
#include "tui/table_model.h"

namespace allegra::tui {

class ReplayFrames {
 public:
  // Throws std::invalid_argument if the record does not replay (check it first).
  ReplayFrames(const GameRecord& record, int game_number, const text::Translator& tr);
  // The cursor points into record_.
  ReplayFrames(const ReplayFrames&) = delete;
  ReplayFrames& operator=(const ReplayFrames&) = delete;

  int steps() const { return cursor_.decisions(); }  // actions in the game
  const GameRecord& record() const { return record_; }
  // True if the record is a finished game: its last frame names the winner.
  bool finished() const { return !summary_.empty(); }
  // The screen after `step` actions (0: the deal), viewed from seat 0.
  TableModel frame(int step) const;
  // The sentences told for the action of `step` (step 0: the game starts).
  const std::vector<std::string>& narration(int step) const;
  // How many of them come before a new round's deal (all of them if none was dealt).
  size_t lines_before_deal(int step) const;
  // The first step of the next / previous round from `step` (clamped to 0..steps()).
  int next_round(int step) const;
  int previous_round(int step) const;

 private:
  void tell(const text::Narrator& narrator, int round);

  const text::Translator* tr_;
  int game_;
  GameRecord record_;
  // Seeked to the step shown: a position, not part of what the frames are (hence mutable).
  mutable ReplayCursor cursor_;
  std::vector<std::string> names_;
  std::vector<std::vector<std::string>> lines_;     // the narration of each action
  std::vector<size_t> before_deal_;                 // lines_[k] told before a new round's deal
  std::vector<std::vector<std::string>> notes_;     // the round result, where a round ended
  std::vector<TableModel> round_end_;               // the table with every card up, or empty
  std::vector<std::vector<int32_t>> round_scores_;  // of each round of the record
  // A finished game's summary (the rounds, the places, the winner last), shown at the last step.
  std::vector<std::string> summary_;
};

// The whole game as lines for screen readers (allegra replay --screen-reader): each action's
// narration and, where a round ends, the table with every card up in sentences
// (describe_table) and the round result. No picture, so a screen reader reads only words.
std::vector<std::string> replay_transcript(const ReplayFrames& frames, const text::Translator& tr);

// Shows the frames on the terminal (curses): Left/Right step, PgUp/PgDn jump a round,
// Home/End, v the game's review (tui/review_screen.h), q quits.
void run_replay_viewer(const ReplayFrames& frames, const text::Translator& tr);

}  // namespace allegra::tui
