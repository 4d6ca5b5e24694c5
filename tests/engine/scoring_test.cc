// Scoring (engine/scoring.h): display scores, the ender's penalty, the end of the game and the
// winners (R8, R9, R10). The rule tests (rules/rules_scoring_test.cc) check the same rules
// through whole rounds; these check the functions alone, edge cases included.
#include "engine/scoring.h"

#include <gtest/gtest.h>

#include <vector>

namespace allegra {
namespace {

TEST(Scoring, DisplayScoreIsTheSumInHalfPointsOrTheEmptyDisplayBonus) {
  EXPECT_EQ(display_score_half(7, 3), 14);
  EXPECT_EQ(display_score_half(0, 2), 0);
  EXPECT_EQ(display_score_half(-10, 12), -20);             // a sum of -10 is not the bonus...
  EXPECT_EQ(display_score_half(0, 0), kEmptyDisplayHalf);  // ...an empty display is
  EXPECT_EQ(kEmptyDisplayHalf, -20);
}

TEST(Scoring, PenalisedScoreDoublesPositiveAndHalvesNegative) {
  EXPECT_EQ(penalised_score(20), 40);
  EXPECT_EQ(penalised_score(-20), -10);
  EXPECT_EQ(penalised_score(-6), -3);  // half points: -1.5
  EXPECT_EQ(penalised_score(0), 0);
  EXPECT_DOUBLE_EQ(penalised_score(-5.0), -2.5);
}

TEST(Scoring, EnderMustBeLowestAlone) {
  const std::vector<int32_t> lowest = {10, 12, 30};
  EXPECT_FALSE(ender_penalised(lowest, 0));
  const std::vector<int32_t> tied = {12, 12, 30};
  EXPECT_TRUE(ender_penalised(tied, 0));
  const std::vector<int32_t> zero = {0, -2, 30};
  EXPECT_FALSE(ender_penalised(zero, 0));  // 0 is never changed
  const RoundResult r = score_round(tied, 1);
  EXPECT_TRUE(r.penalised);
  EXPECT_EQ(r.ender, 1);
  EXPECT_EQ(r.score_half[1], 24);
  EXPECT_EQ(r.score_half[0], 12);
  EXPECT_EQ(r.raw_half[2], 30);
  const std::vector<int32_t> empty_ender = {-20, -20, 4};
  EXPECT_EQ(score_round(empty_ender, 0).score_half[0], -10);
}

TEST(Scoring, FirstClockwiseFromTheActivePlayer) {
  EXPECT_EQ(first_clockwise(0b0000, 1, 4), kNoPlayer);
  EXPECT_EQ(first_clockwise(0b0010, 1, 4), 1);  // the active player first
  EXPECT_EQ(first_clockwise(0b1001, 1, 4), 3);
  EXPECT_EQ(first_clockwise(0b0001, 3, 4), 0);  // around the table
}

TEST(Scoring, GameOverAfterTheLastRoundOrAtThePointLimit) {
  RuleOptions o;  // 3 rounds
  const std::vector<int32_t> totals = {100, 50, 70};
  EXPECT_FALSE(game_over(o, 2, totals));
  EXPECT_TRUE(game_over(o, 3, totals));
  o.rounds = 0;
  o.point_limit = 50;
  EXPECT_TRUE(game_over(o, 1, totals));  // 100 half points = 50 points: reached
  o.point_limit = 51;
  EXPECT_FALSE(game_over(o, 1, totals));
}

TEST(Scoring, WinnersShareTheLowestTotal) {
  const std::vector<int32_t> one = {30, 10, 20};
  EXPECT_EQ(winners_of(one), 0b010);
  const std::vector<int32_t> tie = {-5, 10, -5, 7};
  EXPECT_EQ(winners_of(tie), 0b0101);
}

}  // namespace
}  // namespace allegra
