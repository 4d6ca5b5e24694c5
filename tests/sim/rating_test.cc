// Bradley-Terry fit, Elo conversion, the rate schedule and run_rating.
#include "sim/rating.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "engine/rng.h"
#include "sim/game_runner.h"
#include "sim/test_bots.h"

namespace allegra::sim {
namespace {

using testing::kLocalFactory;

// Synthetic comparisons from known Elo ratings: the fit must recover them.
TEST(BradleyTerryTest, RecoversKnownRatingsFromSyntheticData) {
  const std::vector<double> truth = {0, 150, -100, 400};
  const int m = static_cast<int>(truth.size());
  PairwiseTable table(m);
  Rng rng(12345);
  for (int i = 0; i < m; ++i)
    for (int j = i + 1; j < m; ++j) {
      const double p =
          1 / (1 + std::pow(10.0,
                            (truth[static_cast<size_t>(j)] - truth[static_cast<size_t>(i)]) / 400));
      for (int k = 0; k < 4000; ++k) {
        const double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
        table.add(i, j, u < p ? 1.0 : 0.0);
      }
    }
  const BradleyTerryFit fit = fit_bradley_terry(table, 0.0);
  EXPECT_TRUE(fit.converged);
  const std::vector<double> elo = elo_ratings(fit.strength);
  EXPECT_DOUBLE_EQ(elo[0], 0.0);
  for (int i = 0; i < m; ++i)
    EXPECT_NEAR(elo[static_cast<size_t>(i)], truth[static_cast<size_t>(i)], 25) << i;
  // The order: 3 > 1 > 0 > 2.
  EXPECT_GT(elo[3], elo[1]);
  EXPECT_GT(elo[1], elo[0]);
  EXPECT_GT(elo[0], elo[2]);
}

TEST(BradleyTerryTest, ExactSolutionForTwoBots) {
  // 75 of 100 comparisons won: pi_0 / pi_1 = 3 exactly, Elo 400 log10 3 = 190.85.
  PairwiseTable table(2);
  table.at(0, 1) = 75;
  table.at(1, 0) = 25;
  const auto elo = elo_ratings(fit_bradley_terry(table, 0.0).strength, 1);
  EXPECT_NEAR(elo[0], 400 * std::log10(3.0), 1e-6);
  EXPECT_DOUBLE_EQ(elo[1], 0.0);
  // Ties count half: 50 wins, 50 ties of 200 = 100 points of 200: equal.
  PairwiseTable ties(2);
  for (int k = 0; k < 50; ++k) ties.add(0, 1, 1.0);
  for (int k = 0; k < 50; ++k) ties.add(0, 1, 0.0);
  for (int k = 0; k < 100; ++k) ties.add(0, 1, 0.5);
  EXPECT_NEAR(elo_ratings(fit_bradley_terry(ties, 0.0).strength)[1], 0.0, 1e-6);
}

TEST(BradleyTerryTest, APriorKeepsAWinlessBotFinite) {
  PairwiseTable table(3);
  for (int k = 0; k < 20; ++k) {
    table.add(0, 1, 1.0);
    table.add(2, 1, 1.0);
    table.add(0, 2, k % 2 ? 1.0 : 0.0);
  }
  const BradleyTerryFit fit = fit_bradley_terry(table, 1.0);
  EXPECT_TRUE(fit.converged);
  const auto elo = elo_ratings(fit.strength);
  EXPECT_TRUE(std::isfinite(elo[1]));
  EXPECT_LT(elo[1], -300);
  EXPECT_NEAR(elo[2], 0.0, 1e-6);
}

TEST(RateScheduleTest, AllMultisetsWithTwoDifferentBots) {
  // C(m+p-1, p) multisets minus the m made of one bot.
  EXPECT_EQ(rate_lineups(3, 4, 1).size(), 15u - 3u);
  EXPECT_EQ(rate_lineups(4, 4, 1).size(), 35u - 4u);
  EXPECT_EQ(rate_lineups(2, 2, 1).size(), 1u);
  EXPECT_EQ(rate_lineups(5, 3, 1).size(), 35u - 5u);
  const auto lineups = rate_lineups(4, 4, 9);
  std::set<std::vector<int>> distinct(lineups.begin(), lineups.end());
  EXPECT_EQ(distinct.size(), lineups.size());
  for (const auto& l : lineups) {
    EXPECT_TRUE(std::is_sorted(l.begin(), l.end()));
    EXPECT_NE(l.front(), l.back());
  }
  // Shuffled by the seed; the seating is a permutation of the lineup.
  EXPECT_NE(rate_lineups(4, 4, 9), rate_lineups(4, 4, 10));
  for (int g = 0; g < 50; ++g) {
    std::vector<int> seats = rate_seating(lineups, g, 9);
    std::sort(seats.begin(), seats.end());
    EXPECT_EQ(seats, lineups[static_cast<size_t>(g) % lineups.size()]);
  }
}

RateConfig rate_config(int threads) {
  RateConfig c;
  c.options.players = 3;
  c.options.rounds = 1;
  c.bots = {"random", "smart"};
  c.games = 24;
  c.seed = 4;
  c.threads = threads;
  c.bootstrap = 50;
  return c;
}

TEST(RateTest, RanksTheSmartBotAboveRandomDeterministically) {
  const RateResult one = run_rating(rate_config(1), kLocalFactory);
  const RateResult two = run_rating(rate_config(2), kLocalFactory);
  EXPECT_EQ(one, two);
  EXPECT_EQ(one.games, 24);
  EXPECT_EQ(one.lineups, 2);  // {r,r,s}, {r,s,s}
  ASSERT_EQ(one.bots.size(), 2u);
  EXPECT_DOUBLE_EQ(one.bots[0].elo, 0.0);
  EXPECT_GT(one.bots[1].elo, 0.0);
  EXPECT_EQ(one.bots[0].games + one.bots[1].games, 24 * 3);
  // Each game has exactly two pairs of different bots.
  EXPECT_EQ(one.bots[0].comparisons, 48);
  EXPECT_EQ(one.bots[1].comparisons, 48);
  EXPECT_DOUBLE_EQ(one.bots[0].pair_score + one.bots[1].pair_score, 48.0);
  EXPECT_NEAR(one.bots[0].win_share + one.bots[1].win_share, 24.0, 1e-9);
  for (const RatedBot& b : one.bots) {
    EXPECT_LE(b.elo_ci.low, b.elo_ci.high);
  }
  EXPECT_LT(one.bots[1].elo_ci.low, one.bots[1].elo);
  EXPECT_GT(one.bots[1].elo_ci.high, one.bots[1].elo);
}

TEST(RateTest, ARunnerDecidesWhereGamesArePlayedNotTheResult) {
  SimCallbacks callbacks;
  callbacks.runner = [](int games, int, const PlayGame& play, const EmitGame& emit) {
    std::vector<GameOutcome> outcomes(static_cast<size_t>(games));
    for (int g = games - 1; g >= 0; --g) outcomes[static_cast<size_t>(g)] = play(g);
    for (int g = 0; g < games; ++g) emit(g, outcomes[static_cast<size_t>(g)]);
  };
  EXPECT_EQ(run_rating(rate_config(1), kLocalFactory, callbacks),
            run_rating(rate_config(1), kLocalFactory));
}

TEST(RateTest, BadConfigsThrow) {
  RateConfig c = rate_config(1);
  c.bots = {"random"};
  EXPECT_THROW(run_rating(c, kLocalFactory), std::invalid_argument);
  c.bots = {"random", "random"};
  EXPECT_THROW(run_rating(c, kLocalFactory), std::invalid_argument);
  c = rate_config(1);
  c.games = 0;
  EXPECT_THROW(run_rating(c, kLocalFactory), std::invalid_argument);
  c = rate_config(0);
  EXPECT_THROW(run_rating(c, kLocalFactory), std::invalid_argument);
  c = rate_config(1);
  c.bots = {"random", "bogus"};
  EXPECT_THROW(run_rating(c, kLocalFactory), std::invalid_argument);
}

}  // namespace
}  // namespace allegra::sim
