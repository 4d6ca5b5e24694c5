// decision_seed(): the seed of one bot decision, from the game seed and the decision's index.
//
// Bots are pure functions of the public view and this seed (Bot::decide), so a game resumed
// from a save at any decision continues bit for bit like one played straight: nothing a bot
// learnt earlier in the game is lost, because it learns nothing. SplitMix64 finalisers mix the
// two numbers, so neighbouring indexes (and neighbouring game seeds) give unrelated streams.
#pragma once

#include <cstdint>

namespace allegra::table {

constexpr uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// `index`: the engine actions applied in the game before this decision (0 for the first).
constexpr uint64_t decision_seed(uint64_t game_seed, uint64_t index) {
  return mix64(mix64(game_seed) ^ (index * 0xd1b54a32d192ed03ULL + 0x7f4a7c15ULL));
}

// A bot's thinking time for the decision `index` (Table rule 7), in [min_ms, max_ms], from a
// stream apart from the decision's seed (so that the delay tells nothing of the choice).
constexpr int64_t decision_delay(uint64_t game_seed, uint64_t index, int64_t min_ms,
                                 int64_t max_ms) {
  if (max_ms <= min_ms) return min_ms;
  const uint64_t span = static_cast<uint64_t>(max_ms - min_ms) + 1;
  return min_ms + static_cast<int64_t>(
                      mix64(decision_seed(game_seed, index) ^ 0x5851f42d4c957f2dULL) % span);
}

}  // namespace allegra::table
