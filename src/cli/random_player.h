// The random player of selfplay and bench: a uniformly random legal action.
//
// Its choices come from its own Rng, never from the game's, so the game's chance events (deal,
// reshuffles) depend only on the game seed. policy_rng() derives that Rng from the game seed,
// so game g of `selfplay --seed S` is exactly `selfplay --seed S+g --games 1`.
#pragma once

#include <cstdint>

#include "engine/rng.h"
#include "engine/state.h"

namespace allegra::cli {

// The random player's Rng for the game dealt from `game_seed`.
Rng policy_rng(uint64_t game_seed);

// A uniformly random legal action of the current player; the state must not be terminal.
Action random_action(const State& state, Rng& rng);

}  // namespace allegra::cli
