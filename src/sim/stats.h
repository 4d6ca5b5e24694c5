// Statistics helpers for sim and rate: confidence intervals and the aggregate of one bot's
// games.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace allegra::sim {

inline constexpr double kZ95 = 1.959963984540054;  // the two-sided 95% normal quantile

struct Interval {
  double low = 0;
  double high = 0;
  bool operator==(const Interval&) const = default;
};

// The Wilson score interval for a proportion p observed over n (n > 0) trials.
Interval wilson_interval(double p, double n, double z = kZ95);

// A 95% interval for the mean of per-game values y_g in [0, 1] (a win share): the Wilson
// interval with the effective sample size n_eff = G * p(1-p) / s^2, where s^2 is the
// (population) variance of the y_g. For 0/1 values s^2 = p(1-p), so this is exactly Wilson
// over G games; fractional shares (shared wins, several instances of a bot) shrink or widen it
// by their real variance. n = G if p(1-p) = 0.
Interval share_interval(double sum, double sum_sq, int64_t games, double z = kZ95);

}  // namespace allegra::sim
