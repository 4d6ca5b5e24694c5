// The bots' skill run (src/sim/skill_run.h, `allegra rate --skill`): its seating, its
// determinism whatever the thread count, and that the update of rated tables separates a bot
// that plays better from one that plays at random.
#include "sim/skill_run.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "sim/test_bots.h"

namespace allegra::sim {
namespace {

SkillRunConfig config(int threads) {
  SkillRunConfig c;
  c.options.players = 3;
  c.bots = {"random", "smart", "random2"};
  c.games = 24;
  c.seed = 5;
  c.threads = threads;
  return c;
}

const BotFactory& factory() { return testing::kLocalFactory; }

TEST(SkillRunTest, EveryGameSeatsDifferentBotsInAShuffledOrder) {
  std::set<std::vector<int>> seen;
  for (int g = 0; g < 40; ++g) {
    const auto seats = skill_seating(5, 3, g, 1);
    ASSERT_EQ(seats.size(), 3u);
    EXPECT_EQ(std::set<int>(seats.begin(), seats.end()).size(), 3u);
    for (int b : seats) EXPECT_TRUE(b >= 0 && b < 5);
    EXPECT_EQ(seats, skill_seating(5, 3, g, 1));
    seen.insert(seats);
  }
  EXPECT_GT(seen.size(), 10u);
}

TEST(SkillRunTest, SameResultOnAnyThreadCountAndTheBetterBotRatesHigher) {
  const SkillRunResult one = run_skill_rating(config(1), factory());
  const SkillRunResult two = run_skill_rating(config(2), factory());
  EXPECT_EQ(one, two);
  ASSERT_EQ(one.bots.size(), 3u);
  EXPECT_EQ(one.games, 24);
  for (const SkilledBot& b : one.bots) {
    EXPECT_EQ(b.games, 24);  // 3 bots, 3 seats: every bot in every game
    EXPECT_LT(b.skill.sigma, rating::ModelOptions{}.sigma);
    EXPECT_EQ(b.display, rating::display_rating(b.skill));
  }
  EXPECT_GT(one.bots[1].skill.mu, one.bots[0].skill.mu);
  EXPECT_GT(one.bots[1].skill.mu, one.bots[2].skill.mu);
  const nlohmann::json j = skill_result_to_json(one);
  EXPECT_EQ(j.at("model").at("tau"), 0.0);
  EXPECT_EQ(j.at("bots").at(1).at("spec"), "smart");
  EXPECT_NE(skill_result_table(one).find("smart"), std::string::npos);
}

TEST(SkillRunTest, RefusesTooFewBotsForThePlayers) {
  SkillRunConfig c = config(1);
  c.bots = {"random", "smart"};
  EXPECT_THROW(run_skill_rating(c, factory()), std::invalid_argument);
  c.bots = {"random", "random", "smart"};
  EXPECT_THROW(run_skill_rating(c, factory()), std::invalid_argument);
}

}  // namespace
}  // namespace allegra::sim
