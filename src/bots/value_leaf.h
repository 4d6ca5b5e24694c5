// The end of an MCTS iteration with the learned value: a rollout truncated after a few plies,
// then the net's prediction of every player's final round score turned into values in [0, 1].
//
// Without a net, an iteration plays the rollout policy to the end of the round and
// mcts::evaluate() values the scored totals. With one (spec option :net, docs/bots.md), the
// rollout stops after `depth` plies; if the round is still being played, the predicted totals
// T_p = total_p + net(features of p) are valued with mcts::evaluate()'s formula: a softmax of
// -T_p over the spread still to come (kRoundSigma * sqrt(R + 1/2), R the rounds after this
// one, the half standing for the rest of this round's play), plus the margin term. A rollout
// that reaches the round end is valued exactly as without the net. The net sees the public
// view's features only (value_features.h), never a sampled hidden card.
#pragma once

#include <array>

#include "bots/mcts_rollout.h"
#include "bots/value_net.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra::mcts {

// Works space of evaluate_with_net(): the features of every player and the net's scratch.
struct NetLeafScratch {
  std::array<float, kValueFeatures * kMaxPlayers> features{};
  ValueNet::Scratch net;
  ActionList actions;
};

// Plays at most `depth` rollout-policy plies on s (not past the round being played when called,
// `start_round` = s.rounds_played() at the iteration's start) and writes every player's value.
void evaluate_with_net(State& s, int start_round, Rng& rng, float hidden_mean, const ValueNet& net,
                       int depth, NetLeafScratch& scratch, std::array<double, kMaxPlayers>& values,
                       RolloutPolicy version = kDefaultRolloutPolicy);

// The values of predicted totals (points) with the formula above; `rounds_after` = rounds still
// to play after the current one (from the round limit and the point limit).
void values_from_predicted_totals(const State& s, const std::array<double, kMaxPlayers>& totals,
                                  std::array<double, kMaxPlayers>& values);

}  // namespace allegra::mcts
