// DecisionValues: what each legal choice of one decision is worth, in expected round points,
// from the deciding seat's public view only.
//
// What: for the deciding seat of a PublicView (a decision view: PublicView::decision_view), every
// legal action is valued as the expected final round score of that seat (in points, lower is
// better) if he takes it and then everybody plays on. The value is a mean over `samples`
// resampled deals of the hidden cards (State::sample: the unseen cards dealt uniformly into the
// face-down places and the draw pile, the same machinery as the search bots and the hint), each
// played out to the round's end by the search's rollout policy (mcts::rollout_round, version v5:
// the knocks and the careful round end of level:expert's rollouts), with its standard error.
//
// Why this way: the hint's search (MCTS) ranks moves by a win value in 0..1 and visits good moves
// far more than bad ones, so its values of the poor moves, the very ones a review must price, are
// noisy or missing. Flat Monte Carlo gives every choice the same samples. It uses common random
// numbers: sample i is the same deal and the same rollout stream for every choice, so the
// difference between two choices (the points lost) is much tighter than either value, and its
// standard error is that of the paired differences.
//
// Hidden information: only the view is read; a sample never sees a real hidden card (tests resample
// the hidden part and get the same values). Deterministic for a view, a seed and a sample count.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/action.h"
#include "engine/public_view.h"

namespace allegra::review {

struct ChoiceValue {
  Action action;
  double expected = 0;   // the seat's expected final round score after this choice, in points
  double std_error = 0;  // of `expected`
  // Against the best choice (lowest `expected`): the points this choice loses on average (>= 0)
  // and the standard error of that paired difference.
  double loss = 0;
  double loss_error = 0;
};

struct DecisionValues {
  int seat = 0;
  // Every legal choice, best first (ties keep the order of legal_actions()).
  std::vector<ChoiceValue> choices;
  int samples = 0;  // first-stage samples; 0: a single legal choice, nothing was sampled
};

// Values every legal choice of view.current_player() (pass a decision view) in two stages:
// every choice on `samples` resampled deals, then the three best of them and `keep` (the choice
// made, for a review) on four times as many fresh ones, whose values and paired losses are the
// ones reported for them (docs/review.md "Method"). `samples` >= 2.
DecisionValues value_choices(const PublicView& view, int samples, uint64_t seed,
                             std::optional<Action> keep = std::nullopt);

}  // namespace allegra::review
