// Conformance checks of the JSON forms (serialize.h) and of game records (record.h), run on
// every action of the deep games.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/options.h"
#include "engine/state.h"

namespace allegra::conformance {

// state_from_json(state_to_json(s)) == s, validate_state(s) has nothing to report, and the
// public view JSON hides what the public view hides: a face-down cell has no value, the draw
// pile is a count, a hidden hand card is "hidden". With `full` (about 3x the cost), also: the
// round trip through the JSON text, the JSON of the read state, a changed card rejected with a
// FormatError, the options and legal actions round-trip, and the public view JSON is the same
// for s and for a resample of s.
std::string check_serialization(const State& s, uint64_t resample_seed, bool full);

// Plays `actions` again through a GameRecorder, step by step against a plain State (same state
// and events after every action); then the record must pass replay_check(), survive its JSON and
// JSON-lines forms, hold the deals and results of the game, and a tampered copy must fail.
std::string check_record(const RuleOptions& options, uint64_t seed,
                         const std::vector<Action>& actions, const State& final_state);

}  // namespace allegra::conformance
