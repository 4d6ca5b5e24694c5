// Conformance edge cases: degenerate decks (one value, two values, the minimal and the maximal
// deck), option validation, action forms outside the list, copies, resample uniformity.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "engine/conformance/invariants.h"
#include "engine/conformance/suite_config.h"
#include "engine/public_view.h"
#include "engine/state.h"

namespace allegra::conformance {
namespace {

// ------------------------------------------------------------------------------------------
// Degenerate decks, each over every player count and all eight rule-switch combinations.

enum class Deck { kMinimal, kOneValueMinusOne, kOneValueEleven, kTwoValues, kMaximal };

struct DeckVariant {
  int players;
  Deck deck;
  std::string name;
};

RuleOptions deck_options(int players, Deck deck) {
  RuleOptions o;
  o.players = players;
  o.rounds = 2;
  o.small_game_removal = 0;
  o.deck_counts = {};
  const int needed = players * kGridCells + 2;
  switch (deck) {
    case Deck::kMinimal:  // one card to draw, then a reshuffle every draw
      for (int k = 0; k < needed; ++k) ++o.deck_counts[k % kNumValues];
      break;
    case Deck::kOneValueMinusOne:  // every line clears; negative scores halve to half points
      o.deck_counts[0] = static_cast<uint8_t>(needed + 4);
      break;
    case Deck::kOneValueEleven:  // every line clears; positive scores double
      o.deck_counts[kNumValues - 1] = static_cast<uint8_t>(needed + 4);
      break;
    case Deck::kTwoValues:  // frequent lines, cascades and line choices
      o.deck_counts[0] = static_cast<uint8_t>(needed / 2 + 3);
      o.deck_counts[7] = static_cast<uint8_t>(needed / 2 + 3);
      break;
    case Deck::kMaximal:  // kMaxDeck cards; with 2-3 players the removal takes 2 of each
      o.small_game_removal = 2;
      for (int k = 0; k < kMaxDeck; ++k) ++o.deck_counts[k % kNumValues];
      break;
  }
  return o;
}

std::vector<DeckVariant> deck_variants() {
  std::vector<DeckVariant> out;
  const std::pair<Deck, const char*> decks[] = {{Deck::kMinimal, "MinimalDeck"},
                                                {Deck::kOneValueMinusOne, "AllMinusOnes"},
                                                {Deck::kOneValueEleven, "AllElevens"},
                                                {Deck::kTwoValues, "TwoValues"},
                                                {Deck::kMaximal, "MaximalDeck"}};
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (auto [deck, name] : decks) out.push_back({n, deck, fmt::format("P{}_{}", n, name)});
  return out;
}

void PrintTo(const DeckVariant& v, std::ostream* os) { *os << v.name; }

class DegenerateDeckTest : public ::testing::TestWithParam<DeckVariant> {};

TEST_P(DegenerateDeckTest, RandomGames) {
  const DeckVariant& v = GetParam();
  GameStats total;
  for (int bits = 0; bits < 8; ++bits) {
    RuleOptions o = deck_options(v.players, v.deck);
    o.knocking = bits & 1;
    o.optional_clearing = bits & 2;
    o.discard_draw_may_discard = bits & 4;
    ASSERT_FALSE(o.validate()) << *o.validate();
    for (int g = 0; g < 2; ++g) {
      const uint64_t seed = 5000000ULL + 1000ULL * static_cast<uint64_t>(v.players) +
                            100ULL * static_cast<uint64_t>(v.deck) + 10ULL * bits + g;
      GameResult r = play_checked_game(o, seed, g == 0 ? deep_level() : cheap_level());
      ASSERT_EQ(r.error, "");
      total.add(r.stats);
    }
  }
  RecordProperty("stats", total.to_text());
  if (v.deck == Deck::kMinimal) {
    EXPECT_GT(total.reshuffles, 0) << total.to_text();
  }
  if (v.deck == Deck::kOneValueMinusOne) {
    EXPECT_GT(total.half_point_scores, 0) << total.to_text();
  }
  if (v.deck == Deck::kOneValueMinusOne || v.deck == Deck::kOneValueEleven) {
    EXPECT_GT(total.empty_displays, 0) << total.to_text();
  }
  if (v.deck == Deck::kOneValueMinusOne || v.deck == Deck::kOneValueEleven ||
      v.deck == Deck::kTwoValues) {
    EXPECT_GT(total.clears, 0) << total.to_text();
    EXPECT_GT(total.line_choices, 0) << total.to_text();
  }
}

INSTANTIATE_TEST_SUITE_P(Decks, DegenerateDeckTest, ::testing::ValuesIn(deck_variants()),
                         [](const ::testing::TestParamInfo<DeckVariant>& param_info) {
                           return param_info.param.name;
                         });

// A long game: round numbers, first players and totals stay right past 255 rounds.
TEST(ConformanceEdge, LongGameOf300Rounds) {
  RuleOptions o;
  o.players = 2;
  o.rounds = 300;
  GameResult r = play_checked_game(o, 300300, cheap_level());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.stats.rounds, 300);
}

// ------------------------------------------------------------------------------------------
// Options

TEST(ConformanceEdge, InvalidOptionsAreRejectedByTheConstructor) {
  std::vector<std::pair<std::string, RuleOptions>> bad;
  auto with = [&](std::string what, auto change) {
    RuleOptions o;
    change(o);
    bad.emplace_back(std::move(what), o);
  };
  with("1 player", [](RuleOptions& o) { o.players = 1; });
  with("7 players", [](RuleOptions& o) { o.players = 7; });
  with("negative rounds", [](RuleOptions& o) { o.rounds = -1; });
  with("no limit at all", [](RuleOptions& o) {
    o.rounds = 0;
    o.point_limit = 0;
  });
  with("negative point limit", [](RuleOptions& o) { o.point_limit = -5; });
  with("removal 51", [](RuleOptions& o) { o.small_game_removal = 51; });
  with("161 cards", [](RuleOptions& o) {
    o.deck_counts = {};
    for (int k = 0; k < kMaxDeck + 1; ++k) ++o.deck_counts[k % kNumValues];
  });
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    with(fmt::format("{} players, one card short", n), [n](RuleOptions& o) {
      o.players = n;
      o.small_game_removal = 0;
      o.deck_counts = {};
      for (int k = 0; k < n * kGridCells + 1; ++k) ++o.deck_counts[k % kNumValues];
    });
  }
  with("removal leaves too few", [](RuleOptions& o) {
    o.players = 3;
    o.small_game_removal = 8;  // the standard deck keeps 1-3 of each value: 16 cards
  });
  for (const auto& [what, o] : bad) {
    EXPECT_TRUE(o.validate().has_value()) << what;
    EXPECT_THROW(State(o, 1), std::invalid_argument) << what;
  }
  // The boundary is playable: 12 cards a player, a discard starter and one card to draw.
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    RuleOptions o = deck_options(n, Deck::kMinimal);
    EXPECT_EQ(o.deck_size(), n * kGridCells + 2);
    State s(o, 3);
    EXPECT_EQ(s.draw_pile_size(), 1);
    EXPECT_EQ(s.discard_pile_size(), 1);
  }
}

TEST(ConformanceEdge, EffectiveDeckFollowsTheSmallGameRemoval) {
  RuleOptions o;
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    o.players = n;
    o.small_game_removal = 2;
    EXPECT_EQ(o.deck_size(), n <= 3 ? 94 : 120) << n;  // the rulebook's numbers
    State s(o, 11);
    EXPECT_EQ(all_cards(s), deck_of(o));
  }
  o.players = 2;
  o.small_game_removal = 9;  // more than some counts: those values vanish, none go negative
  DeckCounts d = o.effective_deck();
  for (int v = 0; v < kNumValues; ++v)
    EXPECT_EQ(d[v], kDefaultDeckCounts[v] > 9 ? kDefaultDeckCounts[v] - 9 : 0) << v;
}

// ------------------------------------------------------------------------------------------
// Action forms

// Plays `games` single-round games per player count and calls `probe` on every state; returns
// the number of states.
template <typename Probe>
int on_states(int games, Probe probe) {
  int states = 0;
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    RuleOptions o;
    o.players = n;
    o.rounds = 1;
    for (int g = 0; g < games; ++g) {
      State s(o, 900 + 10 * n + g);
      Rng chooser(chooser_seed(900 + 10 * n + g));
      for (int step = 0;; ++step) {
        probe(s, step);
        ++states;
        if (::testing::Test::HasFatalFailure() || s.is_terminal()) break;
        ActionList legal = s.legal_actions();
        s.apply(legal[chooser.below(static_cast<uint32_t>(legal.size()))]);
        if (s.is_chance_node()) s.deal();
      }
    }
  }
  return states;
}

// The actions without an argument (draw, draw-discard, discard, knock, pass, refuse, leave)
// exist only with arg 0 in legal_actions(), so {type, arg != 0} is not in the list and must be
// rejected like any other unlisted action (state.h: "apply() rejects anything else").
TEST(ConformanceEdge, ArglessActionsWithAnArgumentAreNotLegal) {
  const ActionType argless[] = {
      ActionType::kDrawPile, ActionType::kDrawDiscard, ActionType::kDiscard,   ActionType::kKnock,
      ActionType::kPass,     ActionType::kRefuse,      ActionType::kLeaveLines};
  int reported = 0;
  const int states = on_states(2, [&](const State& s, int step) {
    for (ActionType t : argless) {
      for (uint8_t arg : {uint8_t{1}, uint8_t{7}, uint8_t{255}}) {
        Action a{t, arg};
        if (!s.is_legal(a)) continue;
        if (++reported <= 5)
          ADD_FAILURE() << fmt::format(
              "step {}, phase {}: {{{}, arg {}}} is_legal() although legal_actions() lists only "
              "arg 0 ({}); apply() accepts it",
              step, phase_name(s.phase()), action_type_name(t), arg, to_text(Action{t, 0}));
      }
    }
  });
  EXPECT_EQ(reported, 0) << "argless actions with a nonzero argument accepted " << reported
                         << " times";
  EXPECT_GT(states, 1000);
}

// An action type outside the enum (e.g. Action::from_code(13 * 256), as a corrupt record or a
// fuzzer may produce) must be rejected with IllegalAction. Run in a child process: an
// out-of-bounds read in the error message would abort the whole test binary under ASan.
TEST(ConformanceEdge, UnknownActionTypeIsRejected) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        RuleOptions o;
        State s(o, 5);
        int bad = 0;
        for (int type = kNumActionTypes; type < 256; type += 17) {
          Action a = Action::from_code(static_cast<uint16_t>(type * 256));
          if (s.is_legal(a)) ++bad;
          State copy = s;
          try {
            copy.apply(a);
            ++bad;
          } catch (const IllegalAction&) {
          }
          if (!(copy == s)) ++bad;
        }
        std::exit(bad == 0 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(ConformanceEdge, EveryActionIsIllegalAfterTheEnd) {
  RuleOptions o;
  o.players = 3;
  o.rounds = 1;
  GameResult r = play_checked_game(o, 42, cheap_level());
  ASSERT_EQ(r.error, "");
  State s(o, 42);
  for (Action a : r.actions) s.apply(a);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.current_player(), kNoPlayer);
  EXPECT_EQ(check_legality_exhaustive(s, s.legal_actions(), true), "");
  for (int code = 0; code < kNumActionTypes * 256; ++code) {
    State copy = s;
    EXPECT_THROW(copy.apply(Action::from_code(static_cast<uint16_t>(code))), IllegalAction);
    ASSERT_TRUE(copy == s);
  }
}

// ------------------------------------------------------------------------------------------
// Values and copies

TEST(ConformanceEdge, CopiesPlayOnIndependently) {
  int copies = 0;
  on_states(1, [&copies](const State& s, int step) {
    if (step % 37 != 5 || s.is_terminal()) return;
    ++copies;
    State a = s, b = s;
    Rng ra(step), rb(step);
    for (int k = 0; k < 30 && !a.is_terminal(); ++k) {
      ActionList la = a.legal_actions(), lb = b.legal_actions();
      ASSERT_TRUE(std::equal(la.begin(), la.end(), lb.begin(), lb.end()));
      Action x = la[ra.below(static_cast<uint32_t>(la.size()))];
      ASSERT_TRUE(x == lb[rb.below(static_cast<uint32_t>(lb.size()))]);
      EventList ea, eb;
      a.apply(x, &ea);
      b.apply(x, &eb);
      if (a.is_chance_node()) a.deal(&ea);
      if (b.is_chance_node()) b.deal(&eb);
      ASSERT_TRUE(a == b);
      ASSERT_TRUE(std::equal(ea.begin(), ea.end(), eb.begin(), eb.end()));
    }
  });
  EXPECT_GT(copies, 20);
}

TEST(ConformanceEdge, SeedsDealDifferentGames) {
  RuleOptions o;
  int equal_pairs = 0;
  for (uint64_t seed = 0; seed < 50; ++seed) equal_pairs += State(o, seed) == State(o, seed + 1);
  EXPECT_EQ(equal_pairs, 0);
  EXPECT_TRUE(State(o, 77) == State(o, 77));
}

// resample() draws the hidden part uniformly from the unseen cards: the value of one face-down
// cell and of the top of the draw pile follow the unseen distribution (chi-square, 12 degrees of
// freedom; 45 is far beyond the 0.01% point, and the seeds are fixed, so this never flakes).
TEST(ConformanceEdge, ResampleIsUniformOverTheUnseenCards) {
  RuleOptions o;
  o.players = 4;
  State s(o, 2024);
  Rng chooser(7);
  for (int k = 0; k < 40; ++k) {  // into the game a little: some cards are seen
    ActionList l = s.legal_actions();
    s.apply(l[chooser.below(static_cast<uint32_t>(l.size()))]);
  }
  ASSERT_FALSE(s.is_terminal());
  CellId probe = kNoCell;
  for (int c = 0; c < o.players * kGridCells && probe == kNoCell; ++c)
    if (s.cell_state(static_cast<CellId>(c)) == CellState::kFaceDown)
      probe = static_cast<CellId>(c);
  ASSERT_NE(probe, kNoCell);
  ASSERT_GT(s.draw_pile_size(), 0);
  CardCounts unseen = unseen_cards(s);
  const int total = unseen.total();
  const int samples = 6000;
  std::array<int, kNumValues> cell{}, top{};
  Rng rng(99);
  for (int i = 0; i < samples; ++i) {
    State r = s.resample(rng);
    ++cell[r.cell_value(probe) - kMinValue];
    ++top[r.draw_pile_card(0) - kMinValue];
  }
  auto chi2 = [&](const std::array<int, kNumValues>& seen) {
    double x = 0;
    for (int v = 0; v < kNumValues; ++v) {
      double expect = double(samples) * unseen.count[v] / total;
      if (expect == 0) {
        EXPECT_EQ(seen[v], 0) << "value " << v + kMinValue << " is not unseen";
        continue;
      }
      x += (seen[v] - expect) * (seen[v] - expect) / expect;
    }
    return x;
  };
  EXPECT_LT(chi2(cell), 45.0);
  EXPECT_LT(chi2(top), 45.0);
}

}  // namespace
}  // namespace allegra::conformance
