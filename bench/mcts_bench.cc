// MCTS benchmarks (Google Benchmark).
//
//   BM_PolicyRound/N       a complete round of the rollout policy with N players (a rounds=1
//                          game from the deal); counter actions/round, items = actions
//   BM_Rollout             mcts::rollout_round() from a sample of 4-player mid-round positions
//                          (sample + rollout, as one iteration does); items = rollout actions
//   BM_RolloutVersion/V    the same with rollout policy version V (0 = v1 .. 3 = v4);
//                          counter actions/rollout
//   BM_MctsDecision/I/T/S  MctsBot::choose() with I iterations, T threads and S = 1 if it stops
//                          once decided (MctsConfig::stop_when_decided), over 4-player positions
//                          from policy self-play games (every phase, early and late in rounds,
//                          all three rounds); items = iterations run, so items/s is the search
//                          speed; time = the mean decision, max_ms the slowest one
//   BM_MctsDecisionVersion/I/V  the same, one thread, full budget, rollout policy version V
//
// Run: build/release/allegra_bench --benchmark_filter=Mcts
// Use real time for threads > 1 (the benchmark does): CPU time is the sum over threads.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "bots/mcts_bot.h"
#include "bots/mcts_rollout.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace {

using allegra::Action;
using allegra::ActionList;
using allegra::MctsBot;
using allegra::MctsConfig;
using allegra::PublicView;
using allegra::Rng;
using allegra::RuleOptions;
using allegra::State;

RuleOptions search_options(int players, int rounds) {
  RuleOptions o;
  o.players = players;
  o.rounds = rounds;
  return o;
}

// Decision positions (more than one legal action) of 4-player 3-round games played by the
// rollout policy, every `every`-th one.
const std::vector<PublicView>& decision_views() {
  static const std::vector<PublicView> views = [] {
    std::vector<PublicView> out;
    Rng rng(2024);
    ActionList scratch;
    int k = 0;
    for (uint64_t game = 1; game <= 4; ++game) {
      State s(search_options(4, 3), game);
      while (!s.is_terminal()) {
        if (s.legal_actions().size() > 1 && ++k % 23 == 0) out.emplace_back(s);
        // v1 whatever the default: the positions stay those of the recorded figures.
        s.apply(allegra::mcts::policy_action(s, rng, allegra::mcts::unseen_mean(s), scratch,
                                             allegra::RolloutPolicy::kV1));
        if (s.is_chance_node()) s.deal();
      }
    }
    return out;
  }();
  return views;
}

void BM_PolicyRound(benchmark::State& bench) {
  const RuleOptions options = search_options(static_cast<int>(bench.range(0)), 1);
  uint64_t seed = 1;
  Rng rng(7);
  int64_t actions = 0, rounds = 0;
  for (auto _ : bench) {
    State s(options, ++seed);
    actions += allegra::mcts::rollout_round(s, rng, allegra::mcts::unseen_mean(s));
    ++rounds;
    benchmark::DoNotOptimize(s);
  }
  bench.SetItemsProcessed(actions);
  bench.counters["actions/round"] =
      benchmark::Counter(static_cast<double>(actions) / static_cast<double>(rounds));
}
BENCHMARK(BM_PolicyRound)->Arg(2)->Arg(4)->Arg(6);

void BM_Rollout(benchmark::State& bench) {
  const auto& views = decision_views();
  Rng rng(11);
  size_t i = 0;
  int64_t actions = 0;
  for (auto _ : bench) {
    const PublicView& view = views[i++ % views.size()];
    State s = State::sample(view, rng);
    actions += allegra::mcts::rollout_round(s, rng, allegra::mcts::unseen_mean(view.masked()));
    benchmark::DoNotOptimize(s);
  }
  bench.SetItemsProcessed(actions);
}
BENCHMARK(BM_Rollout);

// BM_Rollout with rollout policy version V (0 = v1, 1 = v2, 2 = v3, 3 = v4; mcts_rollout.h): the
// time is one sample and rollout, so it compares what an iteration costs under each version.
void BM_RolloutVersion(benchmark::State& bench) {
  const auto version = static_cast<allegra::RolloutPolicy>(bench.range(0));
  const auto& views = decision_views();
  Rng rng(11);
  size_t i = 0;
  int64_t actions = 0, rollouts = 0;
  for (auto _ : bench) {
    const PublicView& view = views[i++ % views.size()];
    State s = State::sample(view, rng);
    actions +=
        allegra::mcts::rollout_round(s, rng, allegra::mcts::unseen_mean(view.masked()), version);
    ++rollouts;
    benchmark::DoNotOptimize(s);
  }
  bench.SetItemsProcessed(actions);
  bench.counters["actions/rollout"] = static_cast<double>(actions) / static_cast<double>(rollouts);
}
BENCHMARK(BM_RolloutVersion)->Arg(0)->Arg(1)->Arg(2)->Arg(3);

void BM_MctsDecision(benchmark::State& bench) {
  const auto& views = decision_views();
  MctsConfig config;
  config.iterations = static_cast<int>(bench.range(0));
  config.threads = static_cast<int>(bench.range(1));
  config.stop_when_decided = bench.range(2) != 0;
  MctsBot bot(config, 1);
  size_t i = 0;
  int64_t iterations = 0;
  double slowest = 0;
  for (auto _ : bench) {
    const auto start = std::chrono::steady_clock::now();
    const Action a = bot.choose(views[i++ % views.size()]);
    benchmark::DoNotOptimize(a);
    slowest = std::max(
        slowest, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
    iterations += bot.last_iterations();
  }
  bench.SetItemsProcessed(iterations);
  bench.counters["positions"] = static_cast<double>(views.size());
  bench.counters["it/decision"] = static_cast<double>(iterations) / bench.iterations();
  bench.counters["max_ms"] = slowest;
}
// The search speed with rollout policy version V (0 = v1 .. 3 = v4), one thread, every
// decision run in full: BM_MctsDecisionVersion/I/V; items = iterations.
void BM_MctsDecisionVersion(benchmark::State& bench) {
  const auto& views = decision_views();
  MctsConfig config;
  config.iterations = static_cast<int>(bench.range(0));
  config.rollout = static_cast<allegra::RolloutPolicy>(bench.range(1));
  config.stop_when_decided = false;
  MctsBot bot(config, 1);
  size_t i = 0;
  int64_t iterations = 0;
  for (auto _ : bench) {
    const Action a = bot.choose(views[i++ % views.size()]);
    benchmark::DoNotOptimize(a);
    iterations += bot.last_iterations();
  }
  bench.SetItemsProcessed(iterations);
}
BENCHMARK(BM_MctsDecisionVersion)->Args({1000, 0})->Args({1000, 3})->Unit(benchmark::kMillisecond);

// {iterations, threads, stop_when_decided}; the last two are the budgets of the levels hard and
// expert (without their veto on round ends, which a benchmark position rarely meets).
BENCHMARK(BM_MctsDecision)
    ->Args({1000, 1, 0})
    ->Args({1000, 2, 0})
    ->Args({4000, 2, 0})
    ->Args({1000, 1, 1})
    ->Args({6000, 1, 1})
    ->Args({20000, 1, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
