// PyState: what the Python State wraps: the engine's State, the game's seed, and a GameRecorder
// when the game is recorded (Game.new_initial_state(record=True)), so that every apply() and
// deal() from Python also lands in a record that `allegra replay --check` accepts.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/record.h"
#include "engine/state.h"

namespace allegra::python {

struct PyState {
  State state;
  uint64_t seed = 0;
  std::optional<GameRecorder> recorder;
};

}  // namespace allegra::python
