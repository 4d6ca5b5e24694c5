// ReplayCursor: one place that steps through a game record, for `replay --check`, the replay
// viewer, `replay --print`, resuming a saved game and (later) the server.
//
// A record (engine/record.h, docs/record-format.md) holds every decision and every chance
// event of a game. The cursor re-applies it on a fresh State, decision by decision, checking as
// it goes exactly what docs/record-format.md "Replaying and checking a record" asks: who is to
// act, the reshuffle orders, the legality of every action, each round's deal, first player,
// ender and scores. The first problem stops the cursor and becomes error(), a ReplayError that
// names the round and step (and the decision index) where it was found.
//
// Moving: forward() applies one decision; back() and seek() go anywhere already checked or
// not. The State is a ~600-byte value, so the cursor keeps a snapshot at the start of every
// round it reached, and a seek replays at most one round from the nearest snapshot: a random
// seek on a 4000-decision game (6 players, 8 rounds) takes about 0.15 ms in a release build,
// fast enough for a viewer on every key press.
//
// Chance comes from the record (ChanceSource::kRecord: the recorded deals and reshuffle
// orders are imposed at the chance steps, with the State's deck constructor, State::deal(deck)
// and State::reshuffle_with, so any program's records replay) or from the seed
// (ChanceSource::kSeed, for resuming a save: the State deals and reshuffles with its own Rng, so it
// goes on exactly as the uninterrupted game would, and the recorded deals and reshuffle orders must
// be what the Rng gave). For a record made by this engine from its seed, both give the same states,
// events included.
//
// The cursor keeps a pointer to the record: the record must outlive it and not change.
#pragma once

#include <optional>
#include <vector>

#include "engine/event.h"
#include "engine/record.h"
#include "engine/state.h"

namespace allegra {

enum class ChanceSource {
  kRecord,  // impose the recorded deals and reshuffle orders
  kSeed,    // let the State's Rng deal and reshuffle; the record must agree with it
};

// What the end of the record must be, for ReplayCursor::end_error().
enum class RecordEnd {
  kFinishedGame,  // a complete game: every round scored, the totals and winners given
  kAnyPoint,      // a game stopped anywhere (a save): a finished game, or one still going
};

class ReplayCursor {
 public:
  // Starts at decision 0: round 0 dealt. A record that cannot even start (options, no round,
  // the first deal) leaves the cursor at 0 with error() set.
  explicit ReplayCursor(const GameRecord& record, ChanceSource chance = ChanceSource::kRecord);

  // --- Where the cursor is ------------------------------------------------------------------
  const State& state() const { return state_; }
  int index() const { return index_; }          // decisions applied: 0..decisions()
  int decisions() const { return decisions_; }  // in the whole record
  bool at_end() const { return index_ == decisions_; }
  // The record round whose deal state() holds (after a round's last decision: the next round,
  // once dealt), and the next step of it.
  int round() const { return round_; }
  int step_in_round() const { return step_; }
  // The player who took the last decision (kNoPlayer at index 0).
  int actor() const { return actor_; }
  // What happened in the last decision: the engine's events, with a reshuffle's event first
  // and, when it ended a round and the record goes on, the deal of the record's next round
  // (one kRoundStarted). Empty at index 0.
  const EventList& events() const { return events_; }
  // Whether the last decision ended a round and the record's next round was dealt.
  bool dealt_new_round() const { return dealt_new_round_; }
  // When dealt_new_round(): the state at the chance node between the last decision and the
  // deal (State::kRoundOver), the finished table for a front end to show; else empty.
  const std::optional<State>& round_over() const { return round_over_; }

  // --- Round boundaries (of the record, whether or not it replays) ---------------------------
  int rounds() const { return static_cast<int>(round_starts_.size()); }
  // The decision index at which round r's deal is on the table: 0 for round 0, else the index
  // right after the last decision of round r-1.
  int round_start(int r) const { return round_starts_[static_cast<size_t>(r)]; }
  // The record round of decision `index` (0-based; for index == decisions(), the last round).
  int round_of(int index) const;

  // --- Moving -------------------------------------------------------------------------------
  // Applies the next decision. False (and nothing moves) at the end or when a problem stops
  // the cursor here; a problem found just after a decision (a round's scores) moves the cursor
  // past it, sets error() and also returns false.
  bool forward();
  // One decision back (false at 0).
  bool back();
  // To decision `index`, clamped to 0..decisions(); stops early at an error. True if reached.
  bool seek(int index);

  // --- Problems -----------------------------------------------------------------------------
  // The first problem of the record, once the cursor has reached it. ReplayError::decision is
  // the cursor's index where it stopped.
  const std::optional<ReplayError>& error() const { return error_; }
  // At the end of the record with no error: whether it ends as `end` requires (a finished
  // game: the last round over and scored, the game over, its totals and winners; a game
  // stopped anywhere: that, or a round still going and no result recorded for it, or a round
  // over and scored whose next round is not dealt yet).
  std::optional<ReplayError> end_error(RecordEnd end) const;

 private:
  struct Snapshot {
    int index;
    State state;
  };

  std::optional<ReplayError> apply_step();
  std::optional<ReplayError> enter_round(int r);
  std::optional<ReplayError> round_result_error(int r) const;
  std::optional<ReplayError> game_result_error() const;
  void restore(const Snapshot& snapshot);
  bool stop(ReplayError error);

  const GameRecord* record_;
  ChanceSource chance_;
  int decisions_ = 0;
  std::vector<int> round_starts_;
  State state_;
  int index_ = 0;
  int round_ = 0;
  int step_ = 0;
  int actor_ = kNoPlayer;
  int ended_after_ = -1;  // the step of round_ after which the round ended, or -1
  bool dealt_new_round_ = false;
  std::optional<State> round_over_;
  EventList events_;
  std::vector<Snapshot> snapshots_;  // the start of every round reached, in order
  std::optional<ReplayError> error_;
};

// replay_check() (engine/record.h) runs a cursor with chance from the record to the end of a
// finished game.

}  // namespace allegra
