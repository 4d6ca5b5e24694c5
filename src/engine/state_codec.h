// The full State as JSON and back (format: docs/state-format.md): everything, hidden
// information and the Rng included, so that state_from_json(state_to_json(s)) == s for every
// reachable state. Used by saves, tests and tools; a player's screen uses the public view
// (view_json.h) instead.
//
// The reader takes untrusted input: every field is type- and range-checked (json_read.h), and
// the decoded state must pass validate_state() (state_check.h), so it is one the engine could
// have reached. Unsigned 64-bit numbers (the Rng words) are written as decimal strings so that
// readers with double-precision numbers (JavaScript) lose nothing; a JSON integer reads too.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "engine/state.h"

namespace allegra {

class PublicView;
enum class LegalActionsKey : uint8_t;

inline constexpr int kStateFormatVersion = 1;

nlohmann::json state_to_json(const State& s);
// Throws FormatError naming the field (json_read.h).
State state_from_json(const nlohmann::json& j);

// The friend of State that reads and writes its private members, for the state codec, the
// state check (state_check.cc) and the public view's JSON (view_json.cc). Not for other use:
// call the free functions.
struct StateCodec {
  static nlohmann::json to_json(const State& s);
  static State from_json(const nlohmann::json& j);
  static std::optional<std::string> validate(const State& s);
  static nlohmann::json public_to_json(const PublicView& view, LegalActionsKey legal);

  // The names of State::AfterClear, in order, and the number of phases.
  static constexpr std::array<std::string_view, 4> kAfterClearNames = {
      "finish-swap", "end-turn", "after-knocker-swap", "finish-put"};
  static constexpr int kNumPhases = static_cast<int>(Phase::kGameOver) + 1;
};

}  // namespace allegra
