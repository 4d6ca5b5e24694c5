// run_simulation: counts add up, seats rotate, results do not depend on the thread count or on
// where a GameRunner plays the games.
#include "sim/simulation.h"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/record.h"
#include "sim/game_runner.h"
#include "sim/stats.h"
#include "sim/test_bots.h"

namespace allegra::sim {
namespace {

using testing::kLocalFactory;

SimConfig config(std::vector<std::string> lineup, int games, uint64_t seed, int threads = 1) {
  SimConfig c;
  c.options.players = static_cast<int>(lineup.size());
  c.lineup = std::move(lineup);
  c.games = games;
  c.seed = seed;
  c.threads = threads;
  return c;
}

TEST(SimulationTest, EveryEntrySitsAtEverySeatOncePerNGames) {
  for (int n = 2; n <= 6; ++n)
    for (int start = 0; start < 3 * n; start += n) {
      for (int e = 0; e < n; ++e) {
        std::vector<int> seats_of_e;
        for (int g = start; g < start + n; ++g)
          for (int s = 0; s < n; ++s)
            if (entry_at_seat(s, g, n) == e) seats_of_e.push_back(s);
        std::sort(seats_of_e.begin(), seats_of_e.end());
        ASSERT_EQ(static_cast<int>(seats_of_e.size()), n);
        for (int s = 0; s < n; ++s) EXPECT_EQ(seats_of_e[static_cast<size_t>(s)], s);
      }
      EXPECT_EQ(entry_at_seat(0, 0, n), 0);
      EXPECT_EQ(entry_at_seat(1, 1, n), 0);  // rotation 1: entry 0 sits at seat 1
    }
}

TEST(SimulationTest, CountsAddUp) {
  const SimResult r =
      run_simulation(config({"smart", "random", "random", "random2"}, 16, 3), kLocalFactory);
  EXPECT_EQ(r.games, 16);
  EXPECT_EQ(r.rounds, 16 * 3);
  ASSERT_EQ(r.entries.size(), 4u);
  ASSERT_EQ(r.bots.size(), 3u);  // smart, random (twice), random2
  EXPECT_EQ(r.bots[1].spec, "random");
  EXPECT_EQ(r.bots[1].instances, 2);
  EXPECT_EQ(r.bots[1].player_games, 32);
  EXPECT_EQ(r.bots[1].games, 16);

  for (const auto* group : {&r.entries, &r.bots}) {
    double shares = 0;
    int64_t outright = 0, shared = 0, player_games = 0, ended = 0, player_rounds = 0;
    for (const BotStats& b : *group) {
      shares += b.win_share;
      outright += b.outright_wins;
      shared += b.shared_wins;
      player_games += b.player_games;
      player_rounds += b.player_rounds;
      ended += b.rounds_ended;
      EXPECT_LE(b.knocks_given, b.knocks_offered);
      EXPECT_LE(b.rounds_ended_penalised, b.rounds_ended);
      EXPECT_EQ(b.round_score_half, b.total_half);
      EXPECT_LE(b.win_share, static_cast<double>(b.outright_wins + b.shared_wins) + 1e-9);
      EXPECT_GE(b.win_share, static_cast<double>(b.outright_wins) - 1e-9);
      const Interval ci = b.win_rate_ci();
      EXPECT_LE(ci.low, b.win_rate());
      EXPECT_GE(ci.high, b.win_rate());
    }
    EXPECT_NEAR(shares, 16.0, 1e-9);           // games = sum of win shares
    EXPECT_EQ(outright + r.shared_games, 16);  // a game is won alone or shared
    EXPECT_GE(shared, 2 * r.shared_games);
    EXPECT_EQ(player_games, 16 * 4);
    EXPECT_EQ(player_rounds, r.rounds * 4);
    EXPECT_EQ(ended, r.rounds);  // one ender per round
  }
  double seat_shares = 0;
  for (double s : r.seat_win_share) seat_shares += s;
  EXPECT_NEAR(seat_shares, 16.0, 1e-9);
  // The entries of a spec add up to the spec's row.
  const BotStats& a = r.entries[1];
  const BotStats& b = r.entries[2];
  EXPECT_DOUBLE_EQ(a.win_share + b.win_share, r.bots[1].win_share);
  EXPECT_EQ(a.clears + b.clears, r.bots[1].clears);
  EXPECT_EQ(a.knocks_offered + b.knocks_offered, r.bots[1].knocks_offered);
  EXPECT_EQ(a.total_half + b.total_half, r.bots[1].total_half);
}

TEST(SimulationTest, DeterministicWhateverTheThreadCount) {
  const SimResult one =
      run_simulation(config({"random", "smart", "random"}, 12, 77, 1), kLocalFactory);
  const SimResult two =
      run_simulation(config({"random", "smart", "random"}, 12, 77, 2), kLocalFactory);
  const SimResult five =
      run_simulation(config({"random", "smart", "random"}, 12, 77, 5), kLocalFactory);
  EXPECT_EQ(one, two);
  EXPECT_EQ(one, five);
  const SimResult other =
      run_simulation(config({"random", "smart", "random"}, 12, 78, 2), kLocalFactory);
  EXPECT_NE(one, other);
}

TEST(SimulationTest, RecordsAndProgressComeInGameOrder) {
  std::vector<int> recorded;
  std::vector<int> progress;
  SimCallbacks callbacks;
  callbacks.record = [&](int g, const GameRecord& record) {
    recorded.push_back(g);
    EXPECT_EQ(record.seed, 100u + static_cast<uint64_t>(g));  // game g is dealt from S+g
    EXPECT_EQ(replay_check(record), std::nullopt);
  };
  callbacks.progress = [&](int done, int total) {
    EXPECT_EQ(total, 7);
    progress.push_back(done);
  };
  run_simulation(config({"random", "random"}, 7, 100, 2), kLocalFactory, callbacks);
  EXPECT_EQ(recorded, (std::vector<int>{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(progress, (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
}

// A GameRunner that plays the games last to first (as other processes might, sim/game_runner.h)
// and emits them in order.
void backwards_runner(int games, int, const PlayGame& play, const EmitGame& emit) {
  std::vector<GameOutcome> outcomes(static_cast<size_t>(games));
  for (int g = games - 1; g >= 0; --g) outcomes[static_cast<size_t>(g)] = play(g);
  for (int g = 0; g < games; ++g) emit(g, outcomes[static_cast<size_t>(g)]);
}

TEST(SimulationTest, ARunnerDecidesWhereGamesArePlayedNotTheResult) {
  std::vector<std::string> plain_records;
  SimCallbacks plain;
  plain.record = [&](int, const GameRecord& r) { plain_records.push_back(record_to_line(r)); };
  const SimResult one =
      run_simulation(config({"random", "smart", "random"}, 9, 5), kLocalFactory, plain);
  std::vector<std::string> runner_records;
  SimCallbacks callbacks;
  callbacks.record = [&](int, const GameRecord& r) { runner_records.push_back(record_to_line(r)); };
  int runs = 0;
  callbacks.runner = [&](int games, int threads, const PlayGame& play, const EmitGame& emit) {
    ++runs;
    EXPECT_EQ(games, 9);
    backwards_runner(games, threads, play, emit);
  };
  EXPECT_EQ(run_simulation(config({"random", "smart", "random"}, 9, 5), kLocalFactory, callbacks),
            one);
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(runner_records, plain_records);
  // A runner that emits nothing (a process that only plays) leaves an empty result.
  callbacks.record = nullptr;
  callbacks.runner = [](int, int, const PlayGame& play, const EmitGame&) { play(1); };
  EXPECT_EQ(run_simulation(config({"random", "smart"}, 4, 5), kLocalFactory, callbacks).games, 0);
}

TEST(SimulationTest, BadConfigsThrow) {
  EXPECT_THROW(run_simulation(config({"random"}, 1, 1), kLocalFactory), std::invalid_argument);
  SimConfig c = config({"random", "random", "random"}, 1, 1);
  c.options.players = 4;
  EXPECT_THROW(run_simulation(c, kLocalFactory), std::invalid_argument);
  EXPECT_THROW(run_simulation(config({"random", "random"}, 0, 1), kLocalFactory),
               std::invalid_argument);
  EXPECT_THROW(run_simulation(config({"random", "random"}, 1, 1, 0), kLocalFactory),
               std::invalid_argument);
  EXPECT_THROW(run_simulation(config({"random", "nonsense"}, 1, 1), kLocalFactory),
               std::invalid_argument);
}

// A bot that plays an illegal action (a clear of cell 19, never legal in a 2-player game).
class IllegalClearBot : public Bot {
 public:
  std::string name() const override { return "illegal"; }
  Action choose(const PublicView&) override { return Action::clear(19); }
};

// With keep_partial a bot error ends the run with the games before it counted (what `allegra
// sim` prints, then the error); without it the error is thrown, as before.
TEST(SimulationTest, ABotErrorKeepsTheGamesBeforeIt) {
  // One thread plays game after game, and the factory is called once per entry up front, then
  // once per seat of each game: game 3's first bot is call 2 + 3 * 2.
  int calls = 0;
  const BotFactory failing_in_game_3 = [&](std::string_view spec, uint64_t seed) {
    return calls++ == 2 + 3 * 2 ? std::make_unique<IllegalClearBot>() : kLocalFactory(spec, seed);
  };
  SimConfig c = config({"random", "smart"}, 6, 5);
  c.keep_partial = true;
  std::vector<int> recorded;
  SimCallbacks callbacks;
  callbacks.record = [&](int g, const GameRecord&) { recorded.push_back(g); };
  const SimResult partial = run_simulation(c, failing_in_game_3, callbacks);
  EXPECT_EQ(partial.games, 3);
  EXPECT_EQ(recorded, (std::vector<int>{0, 1, 2}));
  EXPECT_NE(partial.stopped_by.find("bot 'illegal' at seat 0 chose an illegal action"),
            std::string::npos)
      << partial.stopped_by;
  SimConfig first3 = config({"random", "smart"}, 3, 5);
  SimResult full = run_simulation(first3, kLocalFactory);
  full.stopped_by = partial.stopped_by;
  EXPECT_EQ(partial, full);  // the same counts as a run of those three games
  calls = 0;
  c.keep_partial = false;
  EXPECT_THROW(run_simulation(c, failing_in_game_3), BotError);
  EXPECT_TRUE(run_simulation(config({"random", "smart"}, 6, 5), kLocalFactory).stopped_by.empty());
}

TEST(SimulationTest, SmartBeatsRandom) {
  const SimResult r = run_simulation(config({"smart", "random"}, 20, 5, 2), kLocalFactory);
  EXPECT_GT(r.bots[0].win_rate(), 0.5);
  EXPECT_LT(r.bots[0].mean_game_total(), r.bots[1].mean_game_total());
}

TEST(StatsTest, WilsonInterval) {
  // Reference values (e.g. statsmodels proportion_confint(..., method="wilson")).
  const Interval a = wilson_interval(0.5, 100);
  EXPECT_NEAR(a.low, 0.4038, 1e-4);
  EXPECT_NEAR(a.high, 0.5962, 1e-4);
  const Interval b = wilson_interval(0.0, 10);
  EXPECT_NEAR(b.low, 0.0, 1e-12);
  EXPECT_NEAR(b.high, 0.2775, 1e-4);
  const Interval c = wilson_interval(0.8, 2000);
  EXPECT_NEAR(c.low, 0.78190, 1e-4);
  EXPECT_NEAR(c.high, 0.81695, 1e-4);
}

TEST(StatsTest, ShareIntervalIsWilsonForWinsAndLosses) {
  // 30 wins in 100 games: sum = sum of squares = 30.
  const Interval s = share_interval(30, 30, 100);
  const Interval w = wilson_interval(0.3, 100);
  EXPECT_NEAR(s.low, w.low, 1e-12);
  EXPECT_NEAR(s.high, w.high, 1e-12);
  // Halved shares spread less than wins and losses: a narrower interval at the same mean.
  const Interval half = share_interval(50, 100 * 0.25, 100);
  EXPECT_LT(half.high - half.low, 1e-6);
  const Interval mixed = share_interval(30, 20 * 1.0 + 20 * 0.25, 100);  // 20 wins, 20 halves
  EXPECT_LT(mixed.high - mixed.low, w.high - w.low);
  EXPECT_GT(mixed.low, 0.0);
}

}  // namespace
}  // namespace allegra::sim
