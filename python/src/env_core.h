// The steps both RL environments take after a decision: the chance node dealt at once, and each
// seat's reward for the step (docs/python.md, "Rewards").
//
// Rewards are "win" (the default: at the end of the game each winner gets 1/k for a win shared by
// k players, everyone else 0; nothing before) or "score" (at the end of each round every seat gets
// minus its round score after the ender's penalty, in points/10), so that a sum over the game is
// the game's result in either mode.
#pragma once

#include <array>
#include <string_view>

#include "engine/state.h"

namespace allegra::python {

enum class RewardMode { kWin, kScore };

// "win" or "score"; throws std::invalid_argument naming the choices otherwise.
RewardMode reward_mode_from(std::string_view name);

// Win shares at the end of the game (1/k for each of k winners), zeros before.
std::array<float, kMaxPlayers> win_shares(const State& s);

// Applies the legal action `a` (absolute), deals at once if the round is over and the game is
// not, and adds what the step gave each seat to rewards[0..players). Throws IllegalAction (state
// unchanged) for an illegal action.
void advance(State& s, Action a, RewardMode mode, float* rewards);

}  // namespace allegra::python
