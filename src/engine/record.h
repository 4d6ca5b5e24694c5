// Game records: every decision and every chance event of a game, enough to replay and check it
// (format: docs/record-format.md).
//
// A record holds the options, each round's deal (the deck order, top card first), each step
// (who acted and what, plus the new draw-pile order when that draw reshuffled the discard
// pile) and the scores; the engine's Rng is never needed to replay. GameRecorder builds one
// while a game is played; replay_check() re-applies it on a fresh State and reports the first
// difference.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/options.h"
#include "engine/state.h"

namespace allegra {

// Version 2 added the optional "seats" (the players' names); version 1 records still read.
inline constexpr int kRecordFormatVersion = 2;
inline constexpr int kOldestRecordFormatVersion = 1;

struct RecordStep {
  int player = 0;  // who acted (a knock window's answers in the rulebook's order)
  Action action;
  // Only when this step drew from an empty draw pile: the new draw pile, top card first (the
  // drawn card is its first element).
  std::vector<int8_t> reshuffle;
  bool operator==(const RecordStep&) const = default;
};

struct RoundRecord {
  int first_player = 0;
  std::vector<int8_t> deal;  // the deck order, top card first (dealing convention: the doc)
  std::vector<RecordStep> steps;
  std::vector<int32_t> score_half;  // per player, after the penalty
  std::vector<int32_t> raw_half;    // per player, before the penalty
  int ender = kNoPlayer;
  bool operator==(const RoundRecord&) const = default;
};

// Who played a seat: a name (engine/player_name.h rules) and, for a bot, its make_bot() spec
// ("" for a person). Only for showing the game: replaying never needs it.
struct RecordSeat {
  std::string name;
  std::string bot;
  bool operator==(const RecordSeat&) const = default;
};

struct GameRecord {
  int format_version = kRecordFormatVersion;  // the reader gives every record the current one
  RuleOptions options;
  uint64_t seed = 0;
  std::vector<RecordSeat> seats;  // empty (not recorded), or one per player
  std::vector<RoundRecord> rounds;
  std::vector<int32_t> totals_half;  // per player; empty until the game is over
  std::vector<int> winners;          // increasing; empty until the game is over
  bool operator==(const GameRecord&) const = default;
};

// Observes a game being played on a full State and records it.
class GameRecorder {
 public:
  // `initial`: the state right after construction (round 0 dealt, nothing applied). Throws
  // std::invalid_argument if it is not at the start of a round.
  explicit GameRecorder(const State& initial, uint64_t seed);
  // Applies `a` to `state` (which must be the recorded game) and records it, with the
  // reshuffle order and the round results. Throws IllegalAction (state and record unchanged)
  // if `a` is not legal.
  void apply(State& state, Action a, EventList* events = nullptr) {
    apply(state, state.current_player(), a, events);
  }
  // The same for `seat`, who must be one of state.deciding_players() (State::apply(seat, a)).
  // At the simultaneous node (the knock window) an answer is recorded only when the window
  // resolves: then every answer of the window becomes a step, in the rulebook's order, so a
  // record never holds a sealed answer and does not depend on the order they came in.
  void apply(State& state, int seat, Action a, EventList* events = nullptr);
  // At the chance node (State::is_chance_node()): deals the next round from the state's Rng
  // and records its first player and deal. Throws IllegalAction elsewhere.
  void deal(State& state, EventList* events = nullptr);
  const GameRecord& record() const { return record_; }

 private:
  GameRecord record_;
};

// JSON object of a record; the reader checks types, ranges and sizes (not legality: that is
// replay_check) and throws FormatError (std::invalid_argument) naming the field.
nlohmann::json record_to_json(const GameRecord& record);
GameRecord record_from_json(const nlohmann::json& j);
// One line of a JSON lines file (no newline inside or at the end).
std::string record_to_line(const GameRecord& record);
GameRecord record_from_line(std::string_view line);

// The first difference found by replay_check (or a ReplayCursor, engine/replay.h). round and step
// are 0-based indexes into the record (step -1: a round-level problem such as the deal or the
// scores; round -1: a game-level problem such as the options, the totals or the winners); the
// message counts rounds and steps from 1, as people do.
struct ReplayError {
  int round;
  int step;
  std::string message;
  int decision = 0;  // the decisions replayed before the problem was found (ReplayCursor)
};

// Replays the record on a fresh State (a ReplayCursor, engine/replay.h): the recorded deal at each
// round start, the recorded reshuffle orders, every action (checking who acts); compares each
// round's scores and ender, the totals and the winners, and that the game ends exactly where the
// record does. nullopt if everything matches. If final_state is given it receives the state reached
// (at the end, or where the first error was found).
std::optional<ReplayError> replay_check(const GameRecord& record, State* final_state = nullptr);

// The deck order (top first) of the round that has just been dealt in `s` (phase kSetupReveal,
// nothing revealed), per the dealing convention. Throws std::invalid_argument otherwise.
std::vector<int8_t> current_deal(const State& s);

}  // namespace allegra
