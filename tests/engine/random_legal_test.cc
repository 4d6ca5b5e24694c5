// State::random_legal_action() is legal_actions()[rng.below(size)] without the list: on every
// position of random games (2-6 players, the rule variants that change the lists) it returns the
// same action and leaves the Rng in the same state as the pick from the list.
#include <gtest/gtest.h>

#include <stdexcept>

#include "engine/state.h"

namespace allegra {
namespace {

// Plays `games` whole games with both pickers side by side; returns the actions compared.
int compare_games(const RuleOptions& o, int games) {
  int compared = 0;
  for (int g = 0; g < games; ++g) {
    State s(o, 1000 + static_cast<uint64_t>(g));
    Rng list_rng(g * 31 + 7), fast_rng(g * 31 + 7);
    while (!s.is_terminal()) {
      if (s.is_chance_node()) {
        EXPECT_THROW(s.random_legal_action(fast_rng), std::logic_error);
        s.deal();
        continue;
      }
      const ActionList legal = s.legal_actions();
      const Action expected = legal[list_rng.below(static_cast<uint32_t>(legal.size()))];
      const Action got = s.random_legal_action(fast_rng);
      EXPECT_EQ(got, expected) << to_text(got) << " vs " << to_text(expected) << " in phase "
                               << phase_name(s.phase());
      EXPECT_EQ(list_rng, fast_rng);
      if (got != expected) return compared;
      s.apply(got);
      ++compared;
    }
    EXPECT_THROW(s.random_legal_action(fast_rng), std::logic_error);
  }
  return compared;
}

TEST(RandomLegalAction, SameAsThePickFromTheList) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    RuleOptions o;
    o.players = players;
    EXPECT_GT(compare_games(o, 40), 1000) << players << " players";
  }
}

TEST(RandomLegalAction, SameWithTheRuleVariants) {
  RuleOptions o;
  o.players = 4;
  o.optional_clearing = true;
  o.discard_draw_may_discard = true;
  EXPECT_GT(compare_games(o, 40), 1000);
  o.knocking = false;
  o.players = 3;
  EXPECT_GT(compare_games(o, 40), 1000);
}

}  // namespace
}  // namespace allegra
