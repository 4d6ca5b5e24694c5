#include "bots/value_leaf.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "bots/mcts_rollout.h"

namespace allegra::mcts {

void values_from_predicted_totals(const State& s, const std::array<double, kMaxPlayers>& totals,
                                  std::array<double, kMaxPlayers>& values) {
  const int n = s.players();
  double lowest = 1e18, highest = -1e18;
  for (int p = 0; p < n; ++p) {
    lowest = std::min(lowest, totals[p]);
    highest = std::max(highest, totals[p]);
  }
  const RuleOptions& o = s.options();
  double rounds_after = 1e9;
  if (o.rounds > 0) rounds_after = o.rounds - s.rounds_played() - 1;
  if (o.point_limit > 0)
    rounds_after = std::min(rounds_after, (o.point_limit - highest) / kPointsPerRound);
  rounds_after = std::max(rounds_after, 0.0);
  const double scale = kRoundSigma * std::sqrt(rounds_after + 0.5);
  std::array<double, kMaxPlayers> win{};
  double z = 0;
  for (int p = 0; p < n; ++p) {
    win[p] = std::exp(-(totals[p] - lowest) / scale);
    z += win[p];
  }
  for (int p = 0; p < n; ++p) {
    double others = 1e18;
    for (int q = 0; q < n; ++q)
      if (q != p) others = std::min(others, totals[q]);
    const double m = 0.5 + 0.5 * std::tanh((others - totals[p]) / kMarginScale);
    values[p] = (1.0 - kMarginWeight) * win[p] / z + kMarginWeight * m;
  }
}

void evaluate_with_net(State& s, int start_round, Rng& rng, float hidden_mean, const ValueNet& net,
                       int depth, NetLeafScratch& scratch, std::array<double, kMaxPlayers>& values,
                       RolloutPolicy version) {
  for (int i = 0; i < depth && !s.is_terminal() && s.rounds_played() == start_round; ++i)
    s.apply(policy_action(s, rng, hidden_mean, scratch.actions, version));
  if (s.is_terminal() || s.rounds_played() != start_round) {
    evaluate(s, values);
    return;
  }
  const int n = s.players();
  for (int p = 0; p < n; ++p)
    encode_value_features(s, p,
                          std::span<float, kValueFeatures>(
                              scratch.features.data() + p * kValueFeatures, kValueFeatures));
  std::array<float, kMaxPlayers> scores{};
  net.evaluate(
      std::span<const float>(scratch.features.data(), static_cast<size_t>(n) * kValueFeatures), n,
      scratch.net, scores);
  std::array<double, kMaxPlayers> totals{};
  for (int p = 0; p < n; ++p) totals[p] = 0.5 * s.total_half(p) + scores[p];
  values_from_predicted_totals(s, totals, values);
}

}  // namespace allegra::mcts
