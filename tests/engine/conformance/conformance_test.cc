// Conformance suite: seeded random games over every player count (2-6) and every rule option,
// with the invariants of invariants.h checked after every action.
//
// Each variant (players x knocking x optional clearing x discard-draw rule x table setup) is a
// named test, AllVariants/ConformanceTest.RandomGames/<name>. Every game is checked after
// every action (cheap_level); 4-5 games per variant are deep (deep_level: resample and playout
// on every action, exhaustive legality, JSON round trips, recording and replay_check; see
// suite_config.h for the sizes). A failure names the seed, the options and the action index;
// reproduce with play_checked_game(options, seed, level) or by hand (see invariants.h).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "engine/conformance/invariants.h"
#include "engine/conformance/suite_config.h"
#include "engine/public_view.h"
#include "engine/state.h"

namespace allegra::conformance {
namespace {

// The table setups crossed with players and the three boolean rules.
enum class Table { kStdR3, kStdR1, kStdNoRoundLimit, kStdR3Limit, kSmallR2, kCustomR1 };

struct Variant {
  RuleOptions options;
  std::string name;
  Table table;
  int index;
};

// An evenly spread deck of `size` cards (effective), plus `removal` of each value so that the
// 2-3 player removal leaves exactly that.
DeckCounts spread_deck(int size, int removal) {
  DeckCounts d{};
  for (int v = 0; v < kNumValues; ++v)
    d[v] = static_cast<uint8_t>(size / kNumValues + (v < size % kNumValues ? 1 : 0) + removal);
  return d;
}

std::vector<Variant> all_variants() {
  std::vector<Variant> out;
  const Table tables[] = {Table::kStdR3,      Table::kStdR1,   Table::kStdNoRoundLimit,
                          Table::kStdR3Limit, Table::kSmallR2, Table::kCustomR1};
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    for (int bits = 0; bits < 8; ++bits) {
      for (Table t : tables) {
        RuleOptions o;
        o.players = players;
        o.knocking = bits & 1;
        o.optional_clearing = bits & 2;
        o.discard_draw_may_discard = bits & 4;
        std::string table;
        switch (t) {
          case Table::kStdR3:
            o.rounds = 3;
            table = "StdDeck_Rounds3";
            break;
          case Table::kStdR1:
            o.rounds = 1;
            table = "StdDeck_Rounds1";
            break;
          case Table::kStdNoRoundLimit:
            o.rounds = 0;
            o.point_limit = 150;  // random play: about 40% end after round 1, most after 2
            table = "StdDeck_NoRoundLimit_Points150";
            break;
          case Table::kStdR3Limit:
            o.rounds = 3;
            o.point_limit = 120;  // random play: about 60% end after round 1, most others after 2
            table = "StdDeck_Rounds3_Points120";
            break;
          case Table::kSmallR2:
            // Six cards beyond the deal: the draw pile runs out every few turns. With 2-3
            // players one card of each value is removed (small_game_removal 1).
            o.rounds = 2;
            o.small_game_removal = 1;
            o.deck_counts = spread_deck(players * kGridCells + 6, players <= 3 ? 1 : 0);
            table = "SmallDeck_Rounds2";
            break;
          case Table::kCustomR1:
            // A big uneven deck; removal 3 empties the -1s and 11s with 2-3 players.
            o.rounds = 1;
            o.small_game_removal = 3;
            o.deck_counts = {2, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 1};
            table = "CustomDeck_Removal3_Rounds1";
            break;
        }
        std::string name =
            fmt::format("P{}_Knock{}_OptClear{}_DiscardDraw{}_{}", players,
                        o.knocking ? "On" : "Off", o.optional_clearing ? "On" : "Off",
                        o.discard_draw_may_discard ? "MayDiscard" : "MustSwap", table);
        out.push_back({o, name, t, static_cast<int>(out.size())});
      }
    }
  }
  return out;
}

// gtest prints a parameter in test listings (and ctest names): the variant name, not its bytes.
void PrintTo(const Variant& v, std::ostream* os) { *os << v.name; }

class ConformanceTest : public ::testing::TestWithParam<Variant> {};

// Games of a variant (suite_config.h).
int games_of(const Variant& v) {
  if (v.table == Table::kSmallR2) return kGamesPerVariant;
  return v.options.players == 2 ? kTwoPlayerGamesPerVariant : kFewerGamesPerVariant;
}

TEST_P(ConformanceTest, RandomGames) {
  const Variant& v = GetParam();
  ASSERT_FALSE(v.options.validate()) << *v.options.validate();
  GameStats total;
  int failures = 0;
  for (int g = 0; g < games_of(v); ++g) {
    const uint64_t seed =
        1000003ULL * static_cast<uint64_t>(v.index + 1) + static_cast<uint64_t>(g);
    const bool deep = g < deep_games(v.index);
    // JSON on every action: the first game of the single-round standard variants with all rule
    // switches off or all on (10 games); the other deep games sample every kDeepJsonEvery-th.
    const bool all_or_none = v.options.knocking == v.options.optional_clearing &&
                             v.options.knocking == v.options.discard_draw_may_discard;
    const int json_every = g == 0 && v.table == Table::kStdR1 && all_or_none ? 1 : kDeepJsonEvery;
    GameResult r =
        play_checked_game(v.options, seed, deep ? deep_level(json_every) : cheap_level());
    if (!r.error.empty()) {
      ADD_FAILURE() << (deep ? "[deep game] " : "") << r.error;
      if (++failures >= 3) return;
      continue;
    }
    total.add(r.stats);
  }
  if (failures) return;
  RecordProperty("stats", total.to_text());
  // Coverage: the variant really exercised its options.
  const RuleOptions& o = v.options;
  EXPECT_EQ(total.games, games_of(v));
  if (o.knocking_in_effect()) {
    EXPECT_GT(total.knocks_given, 0) << total.to_text();
  } else {
    EXPECT_EQ(total.knocks, 0) << total.to_text();
  }
  if (!o.optional_clearing) {
    EXPECT_EQ(total.lines_left, 0);
  }
  if (!o.discard_draw_may_discard) {
    EXPECT_EQ(total.discard_redraws, 0);
  }
  if (v.table == Table::kSmallR2) {
    EXPECT_GT(total.reshuffles, 0) << total.to_text();
  }
  if (o.rounds > 0 && o.point_limit == 0) {
    EXPECT_EQ(total.rounds, int64_t{o.rounds} * total.games);
  }
  if (v.table == Table::kStdR3Limit) {
    EXPECT_GT(total.ended_early, 0) << total.to_text();
  }
  EXPECT_GT(total.clears, 0) << total.to_text();
}

INSTANTIATE_TEST_SUITE_P(AllVariants, ConformanceTest, ::testing::ValuesIn(all_variants()),
                         [](const ::testing::TestParamInfo<Variant>& param_info) {
                           return param_info.param.name;
                         });

// The whole grid, once: the suite plays at least 10,000 games, 1,000 of them deep (3,500 and
// 600 in the sanitizer build).
TEST(ConformanceSuite, GameCounts) {
  const auto variants = all_variants();
  int deep = 0, games = 0;
  for (const auto& v : variants) {
    deep += deep_games(v.index);
    games += games_of(v);
  }
#ifdef NDEBUG
  EXPECT_GE(games, 10000);
  EXPECT_GE(deep, 1000);
#else
  EXPECT_GE(games, 3500);
  EXPECT_GE(deep, 600);
#endif
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (int bits = 0; bits < 8; ++bits) {
      int count = 0;
      for (const auto& v : variants)
        count += v.options.players == n && v.options.knocking == bool(bits & 1) &&
                 v.options.optional_clearing == bool(bits & 2) &&
                 v.options.discard_draw_may_discard == bool(bits & 4);
      EXPECT_EQ(count, 6) << n << " " << bits;
    }
}

}  // namespace
}  // namespace allegra::conformance
