// Hint benchmark (Google Benchmark): how long the hint key makes a person wait.
//
//   BM_Hint/N   tui::best_moves() with the game's budget (kHintIterations, kHintThreads, no
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

#include "bots/mcts_rollout.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"
#include "tui/hint.h"

namespace {

using allegra::ActionList;
using allegra::PublicView;
using allegra::Rng;
using allegra::RuleOptions;
using allegra::State;

// Every 17th decision position (more than one legal action) of two 3-round games.
std::vector<PublicView> decision_views(int players) {
  std::vector<PublicView> out;
  RuleOptions options;
  options.players = players;
  Rng rng(2025);
  ActionList scratch;
  int k = 0;
  for (uint64_t game = 1; game <= 2; ++game) {
    State s(options, game);
    while (!s.is_terminal()) {
      if (s.legal_actions().size() > 1 && ++k % 17 == 0) out.emplace_back(s);
      s.apply(allegra::mcts::policy_action(s, rng, allegra::mcts::unseen_mean(s), scratch));
    }
  }
  return out;
}

void BM_Hint(benchmark::State& bench) {
  const std::vector<PublicView> views = decision_views(static_cast<int>(bench.range(0)));
  size_t i = 0;
  double slowest = 0;
  for (auto _ : bench) {
    const auto start = std::chrono::steady_clock::now();
    const auto moves = allegra::tui::best_moves(views[i++ % views.size()],
                                                allegra::tui::kHintIterations, i, 3, nullptr, 0);
    benchmark::DoNotOptimize(moves);
    slowest = std::max(
        slowest, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  bench.counters["positions"] = static_cast<double>(views.size());
  bench.counters["max_ms"] = slowest;
}
BENCHMARK(BM_Hint)->Arg(2)->Arg(4)->Arg(6)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
