// Recorded rated games for the cross-check against npm's `openskill` (docs/ratings.md): a pool of
// players plays a long sequence of free-for-all games of 2-6 of them, with tied totals and
// leavers, each game's places from places_from_totals() and every skill moved by update(). With
// ALLEGRA_SKILL_GAMES=FILE every game is written to FILE as one JSON line (the players, their
// totals and who left, the places, the skills before and after); web/src/rating/skill.test.ts
// computes the same games with openskill, keeping its own skills from game to game, and asserts
// agreement to 1e-6 (scripts/test.sh; a checked-in excerpt, the first games of this very
// sequence, in plain `npm test`). The test itself checks what holds whatever the oracle says.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <span>
#include <vector>

#include "rating/skill_rating.h"

namespace allegra::rating {
namespace {

using nlohmann::json;

constexpr int kPool = 30;
constexpr int kGames = 4000;

// A number below n from the generator's raw output (std::uniform_int_distribution is not the same
// on every standard library; the sequence must be, for the checked-in excerpt).
int below(std::mt19937_64& rng, int n) {
  return static_cast<int>(rng() % static_cast<uint64_t>(n));
}

TEST(OpenskillPairsTest, LongSequenceOfRecordedGames) {
  std::unique_ptr<std::ofstream> out;
  if (const char* path = std::getenv("ALLEGRA_SKILL_GAMES")) {
    out = std::make_unique<std::ofstream>(path);
    ASSERT_TRUE(*out) << "cannot write " << path;
  }
  std::mt19937_64 rng(29);
  std::vector<Skill> skill(kPool);
  std::vector<double> strength(kPool);  // each player's true average total: some play better
  for (double& s : strength) s = 30 + below(rng, 40);
  int ties = 0, leavers = 0;
  for (int g = 0; g < kGames; ++g) {
    // 1. 2-6 different players, their totals (near their strength, a narrow range so that equal
    //    totals happen), and now and then a leaver (one in 12 players).
    const int n = 2 + below(rng, 5);
    std::vector<int> who;
    while (static_cast<int>(who.size()) < n) {
      const int p = below(rng, kPool);
      if (std::find(who.begin(), who.end(), p) == who.end()) who.push_back(p);
    }
    std::vector<int> totals;
    bool left[6] = {false, false, false, false, false, false};
    for (int i = 0; i < n; ++i) {
      totals.push_back(static_cast<int>(strength[static_cast<size_t>(who[i])]) / 5 + below(rng, 8));
      left[i] = below(rng, 12) == 0;
      leavers += left[i] ? 1 : 0;
    }
    // 2. The places and the update.
    const std::vector<int> place = places_from_totals(totals, std::span<const bool>(left, n));
    std::vector<Skill> before;
    for (int p : who) before.push_back(skill[static_cast<size_t>(p)]);
    const std::vector<Skill> after = update(before, place);
    // 3. What holds whatever the oracle says: finite, positive uncertainties that never grow by
    //    more than the drift, a lone winner never loses and a lone last never gains.
    for (int i = 0; i < n; ++i) {
      const Skill& a = after[static_cast<size_t>(i)];
      const Skill& b = before[static_cast<size_t>(i)];
      ASSERT_TRUE(std::isfinite(a.mu) && std::isfinite(a.sigma) && a.sigma > 0) << g;
      ASSERT_LE(a.sigma, std::sqrt(b.sigma * b.sigma + ModelOptions{}.tau * ModelOptions{}.tau));
      const int same = static_cast<int>(std::count(place.begin(), place.end(), place[i]));
      ties += same > 1 ? 1 : 0;
      const int worst = *std::max_element(place.begin(), place.end());
      if (same == 1 && place[i] == 0) {
        EXPECT_GE(a.mu, b.mu) << g;
      }
      if (same == 1 && place[i] == worst) {
        EXPECT_LE(a.mu, b.mu) << g;
      }
      skill[static_cast<size_t>(who[i])] = a;
    }
    if (out) {
      json line = {{"game", g}, {"players", who}, {"totals", totals}, {"place", place}};
      json l = json::array(), b = json::array(), a = json::array();
      for (int i = 0; i < n; ++i) {
        l.push_back(left[i]);
        b.push_back({before[static_cast<size_t>(i)].mu, before[static_cast<size_t>(i)].sigma});
        a.push_back({after[static_cast<size_t>(i)].mu, after[static_cast<size_t>(i)].sigma});
      }
      line["left"] = l;
      line["before"] = b;
      line["after"] = a;
      *out << line.dump() << '\n';
    }
  }
  // The sequence exercises what it is for: ties and leavers, and skills that moved apart.
  EXPECT_GT(ties, kGames / 4);
  EXPECT_GT(leavers, kGames / 10);
  double lo = 1e9, hi = -1e9;
  for (const Skill& s : skill) {
    lo = std::min(lo, s.mu);
    hi = std::max(hi, s.mu);
  }
  EXPECT_GT(hi - lo, 5);
}

}  // namespace
}  // namespace allegra::rating
