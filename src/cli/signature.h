// The bench signature: one number that summarises N fixed-seed random games.
//
// Game g (0-based) is dealt from seed kSignatureSeed + g with the default rule options (four
// players, three rounds) and played by the random player (random_player.h). The final totals
// of every game, in order, are hashed with 64-bit FNV-1a. The number only depends on the rules
// (legal actions, their order, scoring), the Rng and the random player, so it changes exactly
// when one of those changes, on purpose or not. The timings are measured on the same run.
#pragma once

#include <cstdint>

namespace allegra::cli {

inline constexpr uint64_t kSignatureSeed = 1;
inline constexpr int kSignatureGames = 1000;

struct SignatureRun {
  uint64_t signature = 0;
  int games = 0;
  int64_t rounds = 0;
  int64_t actions = 0;
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // process CPU time: steadier on a shared machine
};

SignatureRun run_signature(int games);

}  // namespace allegra::cli
