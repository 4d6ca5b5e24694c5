#include "sim/stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace allegra::sim {

Interval wilson_interval(double p, double n, double z) {
  if (!(n > 0)) return {0, 1};
  const double z2 = z * z;
  const double denom = 1 + z2 / n;
  const double center = (p + z2 / (2 * n)) / denom;
  const double half = z / denom * std::sqrt(std::max(0.0, p * (1 - p) / n + z2 / (4 * n * n)));
  return {std::clamp(center - half, 0.0, 1.0), std::clamp(center + half, 0.0, 1.0)};
}

Interval share_interval(double sum, double sum_sq, int64_t games, double z) {
  if (games <= 0) return {0, 1};
  const double g = static_cast<double>(games);
  const double p = std::clamp(sum / g, 0.0, 1.0);
  const double var = std::max(0.0, sum_sq / g - p * p);
  const double bernoulli = p * (1 - p);
  double n = g;
  if (bernoulli > 1e-12) {
    // Every game had the same fractional share: no spread at all.
    n = var > 1e-15 ? g * bernoulli / var : std::numeric_limits<double>::max() / 4;
  }
  return wilson_interval(p, n, z);
}

}  // namespace allegra::sim
