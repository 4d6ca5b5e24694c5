// Fixed work for `valgrind --tool=callgrind` (scripts/count_instructions.sh): instruction counts
// do not depend on the machine's load, so they compare two builds on a shared machine where
// wall-clock benchmarks cannot (docs/bench.md). Built by the script against the release
// libraries; not part of the CMake build (bench/ is globbed into allegra_bench).
//
//   random N   N random 4-player rounds, the BM_RandomRound/4 loop (seeds 1.., Rng 12345)
//   random-pick N  the same with random_legal_action() and apply() (BM_RandomRoundPick/4)
//   random-list N  the same with the legal list (BM_RandomRoundList/4): the same games
//   policy N   N rounds of the MCTS rollout policy, the BM_PolicyRound/4 loop
//   mcts N     N decisions of MctsBot (1000 iterations, 1 thread, full budget), every 11th of
//              the decision positions of four random-play games (the same positions for any
//              rollout policy, unlike BM_MctsDecision's, which the policy plays)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bots/mcts_bot.h"
#include "bots/mcts_rollout.h"
#include "engine/public_view.h"
#include "engine/state.h"

using namespace allegra;

namespace {

RuleOptions options_for(int players, int rounds) {
  RuleOptions o;
  o.players = players;
  o.rounds = rounds;
  return o;
}

Action random_action(const State& s, Rng& rng, ActionList& legal) {
  s.legal_actions(legal);
  return legal[rng.below(static_cast<uint32_t>(legal.size()))];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s random|random-pick|random-list|policy|mcts N\n", argv[0]);
    return 2;
  }
  const char* mode = argv[1];
  const int n = std::atoi(argv[2]);
  ActionList legal;
  if (!std::strcmp(mode, "random") || !std::strcmp(mode, "random-pick") ||
      !std::strcmp(mode, "random-list")) {
    const bool one_step = !std::strcmp(mode, "random");
    const bool list = !std::strcmp(mode, "random-list");
    Rng rng(12345);
    long long actions = 0, sum = 0;
    for (int i = 0; i < n; ++i) {
      State s(options_for(4, 1), static_cast<uint64_t>(i + 1));
      for (; !s.is_terminal(); ++actions) {
        if (one_step)
          s.apply_random(rng);
        else
          s.apply(list ? random_action(s, rng, legal) : s.random_legal_action(rng));
        if (s.is_chance_node()) s.deal();
      }
      sum += s.total_half(0);
    }
    std::printf("random rounds %d actions %lld check %lld\n", n, actions, sum);
  } else if (!std::strcmp(mode, "policy")) {
    Rng rng(7);
    long long actions = 0, sum = 0;
    for (int i = 0; i < n; ++i) {
      State s(options_for(4, 1), static_cast<uint64_t>(i + 2));
      actions += mcts::rollout_round(s, rng, mcts::unseen_mean(s));
      sum += s.total_half(0);
    }
    std::printf("policy rounds %d actions %lld check %lld\n", n, actions, sum);
  } else if (!std::strcmp(mode, "mcts")) {
    std::vector<PublicView> views;
    Rng rng(2024);
    int k = 0;
    for (uint64_t game = 1; game <= 4; ++game) {
      State s(options_for(4, 3), game);
      while (!s.is_terminal()) {
        if (s.legal_actions().size() > 1 && ++k % 23 == 0) views.emplace_back(s);
        s.apply(random_action(s, rng, legal));
        if (s.is_chance_node()) s.deal();
      }
    }
    MctsConfig config;
    config.iterations = 1000;
    config.threads = 1;
    config.stop_when_decided = false;
    MctsBot bot(config, 1);
    long long iterations = 0;
    for (int i = 0; i < n; ++i) {
      bot.choose(views[static_cast<size_t>(i) * 11 % views.size()]);
      iterations += bot.last_iterations();
    }
    std::printf("mcts decisions %d iterations %lld\n", n, iterations);
  } else {
    std::fprintf(stderr, "unknown mode %s\n", mode);
    return 2;
  }
}
