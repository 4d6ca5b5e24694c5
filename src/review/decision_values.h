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
  // Against the best choice: the paired difference of the round scores (this choice's minus the
  // best's, on the same samples: an unbiased estimate, which noise can make negative), the
  // points lost (the difference, at least 0) and the standard error of the difference.
  double diff = 0;
  double loss = 0;
  double loss_error = 0;
};

struct DecisionValues {
  int seat = 0;
  // Every legal choice, best first, then by the points lost (ties keep the order of
  // legal_actions()). The best is the second stage's lowest mean (see value_choices).
  std::vector<ChoiceValue> choices;
  int samples = 0;  // first-stage samples; 0: a single legal choice, nothing was sampled
};

// Values every legal choice of view.current_player() (pass a decision view) in three stages:
// 1. every choice on `samples` resampled deals; 2. the three best of them and `keep` (the
// choice made, for a review) on four times as many fresh deals, whose lowest mean is the best
// choice; 3. `keep` against that best on as many fresh deals again, for an unbiased difference.
// Each choice reports the values and differences of the last stage it was in (docs/review.md
// "Method"). `samples` >= 2.
DecisionValues value_choices(const PublicView& view, int samples, uint64_t seed,
                             std::optional<Action> keep = std::nullopt);

}  // namespace allegra::review
