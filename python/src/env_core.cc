#include "env_core.h"

#include <stdexcept>
#include <string>

namespace allegra::python {

RewardMode reward_mode_from(std::string_view name) {
  if (name == "win") return RewardMode::kWin;
  if (name == "score") return RewardMode::kScore;
  throw std::invalid_argument("reward must be \"win\" or \"score\", got \"" + std::string(name) +
                              "\"");
}

std::array<float, kMaxPlayers> win_shares(const State& s) {
  std::array<float, kMaxPlayers> out{};
  if (!s.is_terminal()) return out;
  const uint8_t w = s.winners();
  int k = 0;
  for (int p = 0; p < s.players(); ++p) k += w >> p & 1;
  for (int p = 0; p < s.players(); ++p)
    if (w >> p & 1) out[p] = 1.0f / static_cast<float>(k);
  return out;
}

void advance(State& s, Action a, RewardMode mode, float* rewards) {
  const int rounds_before = s.rounds_played();
  s.apply(a);
  if (s.rounds_played() == rounds_before) return;
  if (mode == RewardMode::kScore) {
    const RoundResult& r = s.last_round();
    for (int p = 0; p < s.players(); ++p)
      rewards[p] -= static_cast<float>(r.score_half[p]) / (kHalfPoints * 10.0f);
  } else if (s.is_terminal()) {
    const auto w = win_shares(s);
    for (int p = 0; p < s.players(); ++p) rewards[p] += w[p];
  }
  if (s.is_chance_node()) s.deal();
}

}  // namespace allegra::python
