// Hint benchmark (Google Benchmark): how long the hint key makes a person wait.
//
//   BM_Hint/N   bots::best_moves() with the game's budget (kHintIterations, kHintThreads, no
//               time cap) over decision positions of N-player games played by the rollout
//               policy (every phase, early and late in rounds, all three rounds); time = the
//               mean hint, max_ms the slowest one. The target: every hint within 1 s on the
//               release build (docs/bench.md).
//
// Run: build/release/allegra_bench --benchmark_filter=Hint
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "bots/hint.h"
#include "bots/mcts_rollout.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace {

using allegra::ActionList;
using allegra::PublicView;
using allegra::Rng;
using allegra::RuleOptions;
using allegra::State;

constexpr int kPositions = 40;

// kPositions decision positions (more than one legal action), evenly spread over two 3-round
// games.
std::vector<PublicView> decision_views(int players) {
  std::vector<PublicView> all;
  RuleOptions options;
  options.players = players;
  Rng rng(2025);
  ActionList scratch;
  for (uint64_t game = 1; game <= 2; ++game) {
    State s(options, game);
    while (!s.is_terminal()) {
      if (s.legal_actions().size() > 1) all.emplace_back(s);
      // v1 whatever the default: the positions stay those of the recorded figures.
      s.apply(allegra::mcts::policy_action(s, rng, allegra::mcts::unseen_mean(s), scratch,
                                           allegra::RolloutPolicy::kV1));
      if (s.is_chance_node()) s.deal();
    }
  }
  std::vector<PublicView> out;
  for (int k = 0; k < kPositions; ++k) out.push_back(all[all.size() * k / kPositions]);
  return out;
}

void BM_Hint(benchmark::State& bench) {
  const std::vector<PublicView> views = decision_views(static_cast<int>(bench.range(0)));
  size_t i = 0;
  double slowest = 0;
  for (auto _ : bench) {
    const auto start = std::chrono::steady_clock::now();
    const PublicView& view = views[i % views.size()];
    ++i;
    const auto moves =
        allegra::bots::best_moves(view, allegra::bots::kHintIterations, i, 3, nullptr, 0);
    benchmark::DoNotOptimize(moves);
    slowest = std::max(
        slowest, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  bench.counters["positions"] = static_cast<double>(views.size());
  bench.counters["max_ms"] = slowest;
}
// One run over every position: max_ms is the slowest hint among them.
BENCHMARK(BM_Hint)
    ->Arg(2)
    ->Arg(4)
    ->Arg(6)
    ->Iterations(kPositions)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
