#include "cli/signature.h"

#include <chrono>
#include <ctime>

#include "cli/random_player.h"
#include "engine/state.h"
#include "table/game_loop.h"

namespace allegra::cli {
namespace {

constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr uint64_t kFnvPrime = 0x100000001b3ULL;

// FNV-1a over the four little-endian bytes of v.
uint64_t hash_int32(uint64_t h, int32_t v) {
  auto u = static_cast<uint32_t>(v);
  for (int i = 0; i < 4; ++i) {
    h ^= (u >> (8 * i)) & 0xFF;
    h *= kFnvPrime;
  }
  return h;
}

}  // namespace

SignatureRun run_signature(int games) {
  SignatureRun run;
  run.games = games;
  uint64_t h = kFnvOffset;
  const RuleOptions options;  // the defaults, on purpose: see signature.h
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = kSignatureSeed + static_cast<uint64_t>(g);
    State state(options, seed);
    Rng policy = policy_rng(seed);
    // The shared game loop (knock answers asked at once, in the engine's order, so the random
    // player's stream is used exactly as when it was asked one at a time).
    run.actions += static_cast<int64_t>(table::play_to_end(
        state, [&](const table::DecisionRequest& r) { return random_action(*r.state, policy); },
        [&](int, Action a) { state.apply(a); }, [&] { state.deal(); }));
    run.rounds += state.rounds_played();
    for (int p = 0; p < state.players(); ++p) h = hash_int32(h, state.total_half(p));
  }
  run.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.signature = h;
  return run;
}

}  // namespace allegra::cli
