// The unseen cards (engine/unseen_cards.h) and the options text (engine/options.h).
#include "engine/unseen_cards.h"

#include <gtest/gtest.h>

#include <numeric>

#include "engine/public_view.h"
#include "engine/state.h"

namespace allegra {
namespace {

int total(const CardCounts& c) { return std::accumulate(c.begin(), c.end(), 0); }

// Every hidden place (face-down cells, the draw pile, a hidden hand or taken card) holds one
// unseen card: the counts match, through a game, on the state and on its public view alike.
TEST(UnseenCards, CountTheHiddenPlacesThroughAGame) {
  RuleOptions o;
  o.players = 3;
  State s(o, 11);
  Rng rng(5);
  for (int step = 0; step < 400 && !s.is_terminal(); ++step) {
    const CardCounts unseen = unseen_cards(s);
    EXPECT_EQ(unseen, unseen_cards(s.public_view().masked()));
    int hidden = s.draw_pile_size();
    for (int p = 0; p < s.players(); ++p)
      for (int i = 0; i < kGridCells; ++i)
        hidden += s.cell_state(make_cell(p, i / kGridCols, i % kGridCols)) == CellState::kFaceDown;
    if (s.hand_card() != kNoCard && !s.hand_card_known()) ++hidden;
    if (s.taken_card() != kNoCard && !s.taken_card_known()) ++hidden;
    ASSERT_EQ(total(unseen), hidden) << "step " << step;
    for (int v = 0; v < kNumValues; ++v) EXPECT_GE(unseen[v], 0);
    const ActionList legal = s.legal_actions();
    s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    if (s.is_chance_node()) s.deal();
  }
}

TEST(UnseenCards, TheDealShowsOnlyTheDiscardStarter) {
  RuleOptions o;
  State s(o, 3);
  const CardCounts unseen = unseen_cards(s);
  const DeckCounts deck = o.effective_deck();
  for (int v = 0; v < kNumValues; ++v)
    EXPECT_EQ(unseen[v], deck[v] - (v + kMinValue == s.discard_pile_card(0) ? 1 : 0));
}

TEST(OptionsText, DescribesTheRulesInAFewWords) {
  RuleOptions o;
  EXPECT_EQ(options_text(o), "4 players, 3 rounds, knocking, 120 cards");
  o.players = 3;
  o.rounds = 1;
  EXPECT_EQ(options_text(o), "3 players, 1 round, knocking, 94 cards");
  o.players = 2;
  o.rounds = 2;
  o.point_limit = 66;
  o.optional_clearing = true;
  o.discard_draw_may_discard = true;
  EXPECT_EQ(options_text(o),
            "2 players, 2 rounds or 66 points, no knocking, optional clearing, discard-pile card "
            "may be discarded, 94 cards");
  o.rounds = 0;
  o.knocking = false;
  o.players = 4;
  EXPECT_EQ(options_text(o),
            "4 players, until 66 points, no knocking, optional clearing, discard-pile card may be "
            "discarded, 120 cards");
}

}  // namespace
}  // namespace allegra
