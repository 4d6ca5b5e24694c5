#include "engine/scoring.h"

#include <algorithm>

namespace allegra {

bool ender_penalised(std::span<const int32_t> raw_half, int ender) {
  const int32_t mine = raw_half[static_cast<size_t>(ender)];
  if (mine == 0) return false;
  for (size_t p = 0; p < raw_half.size(); ++p)
    if (static_cast<int>(p) != ender && raw_half[p] <= mine) return true;
  return false;
}

RoundResult score_round(std::span<const int32_t> raw_half, int ender, uint8_t empty_display) {
  RoundResult r;
  r.ender = ender;
  r.empty_display = empty_display;
  std::copy(raw_half.begin(), raw_half.end(), r.raw_half.begin());
  r.score_half = r.raw_half;
  r.penalised = ender_penalised(raw_half, ender);
  if (r.penalised) r.score_half[ender] = penalised_score(r.raw_half[ender]);
  return r;
}

bool game_over(const RuleOptions& options, int rounds_played,
               std::span<const int32_t> totals_half) {
  if (options.rounds > 0 && rounds_played >= options.rounds) return true;
  if (options.point_limit <= 0) return false;
  return std::any_of(totals_half.begin(), totals_half.end(),
                     [&](int32_t t) { return t >= kHalfPoints * options.point_limit; });
}

uint8_t winners_of(std::span<const int32_t> totals_half) {
  const int32_t best = *std::min_element(totals_half.begin(), totals_half.end());
  uint8_t mask = 0;
  for (size_t p = 0; p < totals_half.size(); ++p)
    if (totals_half[p] == best) mask |= static_cast<uint8_t>(1u << p);
  return mask;
}

}  // namespace allegra
