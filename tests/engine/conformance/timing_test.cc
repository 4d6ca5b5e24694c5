// Timing of the check levels (disabled; run with --gtest_also_run_disabled_tests to tune the
// suite sizes in suite_config.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "engine/conformance/invariants.h"
#include "engine/conformance/suite_config.h"
#include "engine/public_view.h"
#include "engine/serialize.h"

namespace allegra::conformance {
namespace {

double seconds_for(const RuleOptions& o, const CheckLevel& level, int games, GameStats* stats) {
  std::clock_t t0 = std::clock();
  for (int g = 0; g < games; ++g) {
    GameResult r = play_checked_game(o, 777 + g, level);
    EXPECT_EQ(r.error, "");
    stats->add(r.stats);
  }
  return double(std::clock() - t0) / CLOCKS_PER_SEC;
}

TEST(ConformanceTiming, DISABLED_Levels) {
  for (int players : {2, 4, 6}) {
    RuleOptions o;
    o.players = players;
    CheckLevel none;
    none.illegal_probes = 0;
    none.determinism = false;
    CheckLevel probes_only = none;
    probes_only.illegal_probes = 3;
    CheckLevel exhaustive = none;
    exhaustive.exhaustive_every = 1;
    CheckLevel resample = none;
    resample.resample_every = 1;
    const int games = 10;
    GameStats st;
    double t_none = seconds_for(o, none, games, &st);
    GameStats st2;
    double t_cheap = seconds_for(o, cheap_level(), games, &st2);
    double t_probes = seconds_for(o, probes_only, games, &st2);
    double t_exh = seconds_for(o, exhaustive, games, &st2);
    double t_res = seconds_for(o, resample, games, &st2);
    CheckLevel deep_no_json = deep_level();
    deep_no_json.extra_state_check = nullptr;
    deep_no_json.extra_game_check = nullptr;
    CheckLevel deep_no_state_json = deep_level();
    deep_no_state_json.extra_state_check = nullptr;
    double t_deep_plain = seconds_for(o, deep_no_json, games, &st2);
    double t_deep_record = seconds_for(o, deep_no_state_json, games, &st2);
    double t_deep = seconds_for(o, deep_level(), games, &st2);
    std::printf(
        "players %d: %.1f actions/game; per game: base %.1f ms, cheap %.1f ms, probes %.1f ms, "
        "exhaustive %.1f ms, resample %.1f ms, deep w/o json %.1f ms, +record %.1f ms, deep %.1f "
        "ms\n",
        players, double(st.actions) / games, 1e3 * t_none / games, 1e3 * t_cheap / games,
        1e3 * t_probes / games, 1e3 * t_exh / games, 1e3 * t_res / games,
        1e3 * t_deep_plain / games, 1e3 * t_deep_record / games, 1e3 * t_deep / games);
  }
}

TEST(ConformanceTiming, DISABLED_SerializationPerState) {
  for (int players : {2, 4, 6}) {
    RuleOptions o;
    o.players = players;
    o.rounds = 1;
    std::vector<State> states;
    State s(o, 5);
    Rng chooser(3);
    while (!s.is_terminal()) {
      states.push_back(s);
      ActionList l = s.legal_actions();
      s.apply(l[chooser.below(static_cast<uint32_t>(l.size()))]);
    }
    auto per_state = [&](auto f) {
      std::clock_t t0 = std::clock();
      for (const State& st : states) f(st);
      return 1e6 * double(std::clock() - t0) / CLOCKS_PER_SEC / double(states.size());
    };
    double to = per_state([](const State& st) { (void)state_to_json(st); });
    double round =
        per_state([](const State& st) { EXPECT_TRUE(state_from_json(state_to_json(st)) == st); });
    double text = per_state(
        [](const State& st) { (void)state_from_json(parse_json(state_to_json(st).dump())); });
    double view = per_state([](const State& st) { (void)public_view_to_json(st.public_view()); });
    double valid = per_state([](const State& st) { (void)validate_state(st); });
    Rng rng(1);
    double res = per_state([&](const State& st) { (void)st.resample(rng); });
    std::printf(
        "players %d: %zu states; us per state: to_json %.0f, round trip %.0f, text round trip "
        "%.0f, view json %.0f, validate %.0f, resample %.1f\n",
        players, states.size(), to, round, text, view, valid, res);
  }
}

TEST(ConformanceTiming, DISABLED_TotalsAfterRounds) {
  for (int players = 2; players <= 6; ++players) {
    RuleOptions o;
    o.players = players;
    o.rounds = 3;
    std::vector<int> r1, r2;
    for (int g = 0; g < 60; ++g) {
      State s(o, 100 + g);
      Rng chooser(g);
      while (!s.is_terminal()) {
        int before = s.rounds_played();
        ActionList l = s.legal_actions();
        s.apply(l[chooser.below(static_cast<uint32_t>(l.size()))]);
        if (s.rounds_played() != before && s.rounds_played() <= 2) {
          int mx = -1000;
          for (int p = 0; p < players; ++p) mx = std::max(mx, s.total_half(p) / 2);
          (s.rounds_played() == 1 ? r1 : r2).push_back(mx);
        }
      }
    }
    std::sort(r1.begin(), r1.end());
    std::sort(r2.begin(), r2.end());
    std::printf(
        "players %d: max total after round 1: p10 %d p50 %d p90 %d; after round 2: p10 %d p50 %d "
        "p90 %d\n",
        players, r1[6], r1[30], r1[54], r2[6], r2[30], r2[54]);
  }
}

}  // namespace
}  // namespace allegra::conformance
