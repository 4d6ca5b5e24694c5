// Engine benchmarks (Google Benchmark). Nothing inside a timed loop allocates: State, ActionList
// and EventList are fixed-size values, and the sample positions are built before timing.
//
//   BM_LegalApply         legal_actions() + apply() per action of random 4-player play
//   BM_LegalApplyEvents   the same, collecting the events of every apply()
//   BM_RandomRound/N      complete random rounds (rounds=1 games) with N players
//   BM_RandomRoundPick/4  the same with random_legal_action() and then apply() (two steps)
//   BM_RandomRoundList/4  the same with the legal list built and indexed at every decision
//   BM_Resample           State::resample() of mid-round positions
//   BM_PublicView         State::public_view() of mid-round positions
//
// Run: build/release/allegra_bench [--benchmark_filter=Round] [--benchmark_min_time=0.5]
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "engine/event.h"
#include "engine/options.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace {

using allegra::Action;
using allegra::ActionList;
using allegra::EventList;
using allegra::Rng;
using allegra::RuleOptions;
using allegra::State;

RuleOptions options_for(int players, int rounds) {
  RuleOptions o;
  o.players = players;
  o.rounds = rounds;
  return o;
}

// One uniformly random legal action (the same policy as `allegra selfplay`), from the list.
inline Action pick(const State& s, Rng& rng, ActionList& legal) {
  s.legal_actions(legal);
  return legal[rng.below(static_cast<uint32_t>(legal.size()))];
}

void BM_LegalApply(benchmark::State& bench) {
  const RuleOptions options = options_for(4, 3);
  uint64_t seed = 1;
  State s(options, seed);
  Rng rng(12345);
  ActionList legal;
  int64_t actions = 0;
  for (auto _ : bench) {
    s.apply(pick(s, rng, legal));
    if (s.is_chance_node()) s.deal();
    ++actions;
    if (s.is_terminal()) s = State(options, ++seed);
  }
  bench.SetItemsProcessed(actions);
}
BENCHMARK(BM_LegalApply);

void BM_LegalApplyEvents(benchmark::State& bench) {
  const RuleOptions options = options_for(4, 3);
  uint64_t seed = 1;
  State s(options, seed);
  Rng rng(12345);
  ActionList legal;
  EventList events;
  int64_t actions = 0;
  for (auto _ : bench) {
    events.clear();
    s.apply(pick(s, rng, legal), &events);
    if (s.is_chance_node()) s.deal(&events);
    benchmark::DoNotOptimize(events.data());
    ++actions;
    if (s.is_terminal()) s = State(options, ++seed);
  }
  bench.SetItemsProcessed(actions);
}
BENCHMARK(BM_LegalApplyEvents);

// How a random round picks and applies its actions: the same actions and draws every way.
enum class RandomStep {
  kApplyRandom,  // State::apply_random(): pick and apply in one step
  kPick,         // State::random_legal_action(), then apply()
  kList,         // legal_actions()[rng.below(size)], then apply()
};

// One item = one complete round: a rounds=1 game, dealt, set up, played and scored, by the
// random player of selfplay and the bench signature (the same actions and draws whichever
// RandomStep plays it).
template <RandomStep kStep>
void random_rounds(benchmark::State& bench) {
  const RuleOptions options = options_for(static_cast<int>(bench.range(0)), 1);
  uint64_t seed = 1;
  Rng rng(12345);
  ActionList legal;
  int64_t rounds = 0;
  int64_t actions = 0;
  for (auto _ : bench) {
    State s(options, seed++);
    while (!s.is_terminal()) {
      if constexpr (kStep == RandomStep::kApplyRandom) {
        s.apply_random(rng);
      } else {
        s.apply(kStep == RandomStep::kList ? pick(s, rng, legal) : s.random_legal_action(rng));
      }
      if (s.is_chance_node()) s.deal();
      ++actions;
    }
    benchmark::DoNotOptimize(s.total_half(0));
    ++rounds;
  }
  bench.SetItemsProcessed(rounds);
  bench.counters["actions/round"] =
      benchmark::Counter(static_cast<double>(actions) / static_cast<double>(rounds ? rounds : 1));
}
void BM_RandomRound(benchmark::State& bench) { random_rounds<RandomStep::kApplyRandom>(bench); }
void BM_RandomRoundPick(benchmark::State& bench) { random_rounds<RandomStep::kPick>(bench); }
void BM_RandomRoundList(benchmark::State& bench) { random_rounds<RandomStep::kList>(bench); }
BENCHMARK(BM_RandomRound)->Arg(2)->Arg(4)->Arg(6);
BENCHMARK(BM_RandomRoundPick)->Arg(4);
BENCHMARK(BM_RandomRoundList)->Arg(4);

// Mid-round positions of random 4-player games: every 37th action position, any phase,
// setup and game over excluded.
std::vector<State> mid_round_states(int count) {
  const RuleOptions options = options_for(4, 3);
  std::vector<State> out;
  Rng rng(777);
  ActionList legal;
  for (uint64_t seed = 1; static_cast<int>(out.size()) < count; ++seed) {
    State s(options, seed);
    for (int k = 0; !s.is_terminal() && static_cast<int>(out.size()) < count; ++k) {
      if (k % 37 == 36 && s.phase() != allegra::Phase::kSetupReveal) out.push_back(s);
      s.apply(pick(s, rng, legal));
      if (s.is_chance_node()) s.deal();
    }
  }
  return out;
}

void BM_Resample(benchmark::State& bench) {
  const std::vector<State> states = mid_round_states(256);
  Rng rng(99);
  size_t i = 0;
  for (auto _ : bench) {
    State r = states[i].resample(rng);
    benchmark::DoNotOptimize(r);
    i = i + 1 == states.size() ? 0 : i + 1;
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_Resample);

void BM_PublicView(benchmark::State& bench) {
  const std::vector<State> states = mid_round_states(256);
  size_t i = 0;
  for (auto _ : bench) {
    allegra::PublicView view = states[i].public_view();
    benchmark::DoNotOptimize(view);
    i = i + 1 == states.size() ? 0 : i + 1;
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_PublicView);

}  // namespace

BENCHMARK_MAIN();
