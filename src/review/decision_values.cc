#include "review/decision_values.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "bots/mcts_rollout.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra::review {
namespace {

// The rollout policy of every sample: v5 knocks, answers knocks and ends rounds with a margin,
// as careful players do (bots/mcts_rollout.h).
constexpr RolloutPolicy kReviewRollout = RolloutPolicy::kV5;
// The second stage re-values this many of the first stage's best choices (and the choice
// made) on kSecondStageFactor times as many fresh samples.
constexpr size_t kCandidates = 3;
constexpr int kSecondStageFactor = 4;

uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The seat's final score of the round that `s` is in, in points, after playing it out. The
// choice may have ended the round already (then it is scored: a chance node or the game's end).
double play_out(State s, int seat, Rng rng, float hidden_mean) {
  if (!s.is_chance_node() && !s.is_terminal())
    mcts::rollout_round(s, rng, hidden_mean, kReviewRollout);
  return 0.5 * s.last_round().score_half[static_cast<size_t>(seat)];
}

double std_error(double sum, double sum_sq, int n) {
  if (n < 2) return 0;
  const double mean = sum / n;
  const double var = std::max(0.0, (sum_sq - n * mean * mean) / (n - 1));
  return std::sqrt(var / n);
}

// Common-random-number samples of some choices: scores[i][k] is choice k's round score on
// sample i (the same deal and rollout stream for every choice).
struct Samples {
  std::vector<std::vector<double>> scores;

  void fill(const PublicView& view, const std::vector<Action>& choices, int count, uint64_t seed,
            int seat, float hidden_mean) {
    scores.assign(static_cast<size_t>(count), std::vector<double>(choices.size()));
    for (int i = 0; i < count; ++i) {
      Rng deal_rng(mix64(seed ^ mix64(static_cast<uint64_t>(i) + 1)));
      const State sampled = State::sample(view, deal_rng);
      const Rng rollout_rng(mix64(seed + 0x51ed27f3ULL * (static_cast<uint64_t>(i) + 1)));
      for (size_t k = 0; k < choices.size(); ++k) {
        State s = sampled;
        s.apply(choices[k]);
        scores[static_cast<size_t>(i)][k] = play_out(s, seat, rollout_rng, hidden_mean);
      }
    }
  }
  // Mean and standard error of choice k, or of choice k minus choice `base` (paired).
  std::pair<double, double> stats(size_t k, std::optional<size_t> base = std::nullopt) const {
    double sum = 0, sum_sq = 0;
    for (const auto& row : scores) {
      const double v = row[k] - (base ? row[*base] : 0.0);
      sum += v;
      sum_sq += v * v;
    }
    const int n = static_cast<int>(scores.size());
    return {sum / n, std_error(sum, sum_sq, n)};
  }
};

}  // namespace

DecisionValues value_choices(const PublicView& view, int samples, uint64_t seed,
                             std::optional<Action> keep) {
  DecisionValues out;
  out.seat = view.current_player();
  const ActionList legal_list = view.legal_actions();
  const std::vector<Action> legal(legal_list.begin(), legal_list.end());
  for (const Action a : legal) out.choices.push_back({.action = a});
  if (legal.size() <= 1) return out;
  const int first = std::max(samples, 2);
  const int second = first * kSecondStageFactor;
  out.samples = first;
  // The policy values face-down cells at the unseen mean of the public state, as at the root of
  // a search.
  const float hidden_mean = mcts::unseen_mean(view.masked());
  // 1. Every choice on the same `first` samples.
  Samples one;
  one.fill(view, legal, first, seed, out.seat, hidden_mean);
  for (size_t k = 0; k < legal.size(); ++k)
    std::tie(out.choices[k].expected, out.choices[k].std_error) = one.stats(k);
  // 2. The best few (and `keep`) again, on fresh samples: the best of many noisy means is
  // biased low (the winner's curse), so the best choice is picked on samples that did not
  // pick the candidates.
  std::vector<size_t> order(legal.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return out.choices[a].expected < out.choices[b].expected;
  });
  std::vector<size_t> picked(
      order.begin(), order.begin() + static_cast<long>(std::min(kCandidates, order.size())));
  if (keep) {
    const auto it = std::find(legal.begin(), legal.end(), *keep);
    const size_t k = static_cast<size_t>(it - legal.begin());
    if (it != legal.end() && std::find(picked.begin(), picked.end(), k) == picked.end())
      picked.push_back(k);
  }
  std::vector<Action> candidates;
  for (size_t k : picked) candidates.push_back(legal[k]);
  Samples two;
  two.fill(view, candidates, second, mix64(seed ^ 0x2d5ec0dULL), out.seat, hidden_mean);
  size_t best = 0;  // among the candidates: the lowest second-stage mean is the best choice
  for (size_t c = 1; c < picked.size(); ++c)
    if (two.stats(c).first < two.stats(best).first) best = c;
  for (size_t c = 0; c < picked.size(); ++c) {
    ChoiceValue& v = out.choices[picked[c]];
    std::tie(v.expected, v.std_error) = two.stats(c);
    std::tie(v.diff, v.loss_error) = two.stats(c, best);
  }
  // 3. The choice made against the best once more, on fresh samples that chose neither: an
  // unbiased difference (noise may make it negative), and their values from the same samples.
  if (keep) {
    const size_t made = static_cast<size_t>(std::find(candidates.begin(), candidates.end(), *keep) -
                                            candidates.begin());
    if (made < candidates.size() && made != best) {
      Samples three;
      three.fill(view, {candidates[best], candidates[made]}, second, mix64(seed ^ 0x7417dULL),
                 out.seat, hidden_mean);
      ChoiceValue& b = out.choices[picked[best]];
      ChoiceValue& m = out.choices[picked[made]];
      std::tie(b.expected, b.std_error) = three.stats(0);
      std::tie(m.expected, m.std_error) = three.stats(1);
      std::tie(m.diff, m.loss_error) = three.stats(1, 0);
    }
  }
  // The others keep their first-stage difference to the same best choice.
  for (size_t k = 0; k < legal.size(); ++k)
    if (std::find(picked.begin(), picked.end(), k) == picked.end())
      std::tie(out.choices[k].diff, out.choices[k].loss_error) = one.stats(k, picked[best]);
  for (ChoiceValue& c : out.choices) c.loss = std::max(0.0, c.diff);
  // The best choice first, then by the points lost.
  const Action best_action = legal[picked[best]];
  std::stable_sort(out.choices.begin(), out.choices.end(),
                   [&](const ChoiceValue& a, const ChoiceValue& b) {
                     const bool a_best = a.action == best_action, b_best = b.action == best_action;
                     if (a_best != b_best) return a_best;
                     return a.loss < b.loss;
                   });
  return out;
}

}  // namespace allegra::review
