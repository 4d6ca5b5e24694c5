// Tests of mcts::public_outcome() (src/bots/public_outcome.h): the key of what an action made
// public, by which the search tree (tree=outcomes) branches.
#include "bots/public_outcome.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/rule_variants.h"
#include "engine/state.h"

namespace allegra {
namespace {

// Every action of random games at 2-6 players and every rule option: the key of the state
// reached is the same for every redraw of its hidden part (so the tree never branches on a
// hidden card), and an action that turns up a card gets another key where the card differs.
TEST(PublicOutcome, DependsOnThePublicViewOnly) {
  Rng rng(5);
  long long checked = 0;
  for (int players = 2; players <= 6; ++players) {
    for (int variant = 0; variant < testing::kRuleVariants; ++variant) {
      State s(testing::one_round_variant(players, variant),
              static_cast<uint64_t>(players * 10 + variant));
      while (!s.is_terminal() && !s.is_chance_node()) {
        const ActionList legal = s.legal_actions();
        const Action a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        s.apply(a);
        const uint64_t key = mcts::public_outcome(s, a);
        for (int k = 0; k < 3; ++k) {
          const State other = s.resample(rng);
          ASSERT_TRUE(other.public_view() == s.public_view());
          ASSERT_EQ(mcts::public_outcome(other, a), key)
              << to_text(a) << " at " << players << " players, variant " << variant;
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 3000);
}

// The same action from the same public view, with other hidden cards: a draw from the pile or
// a reveal that turns up another card gets another key.
TEST(PublicOutcome, DrawsAndRevealsThatTurnUpAnotherCardDiffer) {
  Rng rng(9);
  int draws = 0, reveals = 0;
  for (uint64_t game = 1; game <= 40 && (draws < 20 || reveals < 20); ++game) {
    State s(testing::one_round_variant(4, 1), game);
    while (!s.is_terminal() && !s.is_chance_node()) {
      const ActionList legal = s.legal_actions();
      const Action a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
      if ((a.type == ActionType::kDrawPile && !s.draw_needs_reshuffle()) ||
          (a.type == ActionType::kReveal)) {
        const PublicView view = s.public_view();
        State x = State::sample(view, rng);
        State y = State::sample(view, rng);
        x.apply(a);
        y.apply(a);
        const int8_t card_x = a.type == ActionType::kReveal ? x.cell_value(a.arg) : x.held_card();
        const int8_t card_y = a.type == ActionType::kReveal ? y.cell_value(a.arg) : y.held_card();
        // (A revealed card that completes a line leaves at once: not a case for this test.)
        const bool shown =
            a.type == ActionType::kDrawPile || (x.cell_state(a.arg) == CellState::kFaceUp &&
                                                y.cell_state(a.arg) == CellState::kFaceUp);
        if (shown) {
          EXPECT_EQ(mcts::public_outcome(x, a) == mcts::public_outcome(y, a), card_x == card_y)
              << to_text(a);
          ++(a.type == ActionType::kReveal ? reveals : draws);
        }
      }
      s.apply(a);
    }
  }
  EXPECT_GE(draws, 20);
  EXPECT_GE(reveals, 20);
}

}  // namespace
}  // namespace allegra
