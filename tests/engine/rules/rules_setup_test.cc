// Rule tests: the deck (R1) and the deal and setup of a round (R11).
#include <gtest/gtest.h>

#include "engine/rng.h"
#include "rules_helpers.h"

namespace allegra::rules_test {
namespace {

// R1: -1:8, 0:9, 1:9, 2:9, 3:9, 4:11, 5:11, 6:11, 7:9, 8:9, 9:9, 10:8, 11:8 = 120 cards.
TEST(RulesDeck, DefaultDeckHas120CardsWithTheRulingCounts) {
  const DeckCounts expected = {8, 9, 9, 9, 9, 11, 11, 11, 9, 9, 9, 8, 8};
  for (int n : {4, 5, 6}) {
    RuleOptions o = options_for(n);
    EXPECT_EQ(o.effective_deck(), expected) << n << " players";
    EXPECT_EQ(o.deck_size(), 120) << n << " players";
  }
}

// R1: with 2 or 3 players, 2 cards of each value are removed: 94 cards.
TEST(RulesDeck, TwoOrThreePlayersRemoveTwoOfEachValue) {
  const DeckCounts expected = {6, 7, 7, 7, 7, 9, 9, 9, 7, 7, 7, 6, 6};
  for (int n : {2, 3}) {
    RuleOptions o = options_for(n);
    EXPECT_EQ(o.effective_deck(), expected) << n << " players";
    EXPECT_EQ(o.deck_size(), 94) << n << " players";
  }
}

// R1: a new game holds exactly the deck: every card is in a grid cell or a pile.
TEST(RulesDeck, NewGameHoldsExactlyTheDeck) {
  for (int n = 2; n <= 6; ++n) {
    State s(options_for(n), 100 + n);
    EXPECT_EQ(cards_in_play(s), options_for(n).effective_deck()) << n << " players";
  }
}

// R1: the counts are an option.
TEST(RulesDeck, CountsAreAnOption) {
  RuleOptions o = options_for(4);
  o.deck_counts = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};  // 52 cards: 48 dealt + 4
  EXPECT_FALSE(o.validate().has_value());
  EXPECT_EQ(o.deck_size(), 52);
  State s(o, 3);
  EXPECT_EQ(cards_in_play(s), o.deck_counts);
  EXPECT_EQ(s.draw_pile_size(), 52 - 48 - 1);
}

// R11: 12 cards face down to each player, one card starts the discard pile, the rest is the
// draw pile; then the setup reveals start with the first player (player 0 in round 0).
TEST(RulesSetup, DealsTwelveFaceDownCardsEachAndOneDiscard) {
  for (int n = 2; n <= 6; ++n) {
    RuleOptions o = options_for(n);
    State s(o, 42);
    EXPECT_EQ(s.phase(), Phase::kSetupReveal);
    EXPECT_EQ(s.round(), 0);
    EXPECT_EQ(s.first_player(), 0);
    EXPECT_EQ(s.dealer(), n - 1);  // the first player is the dealer's left neighbour
    EXPECT_EQ(s.current_player(), 0);
    EXPECT_EQ(s.setup_reveals_left(), 2);
    for (int c = 0; c < n * kGridCells; ++c)
      EXPECT_TRUE(is_face_down(s, static_cast<CellId>(c))) << cell_to_text(static_cast<CellId>(c));
    for (int p = 0; p < n; ++p) {
      EXPECT_EQ(s.face_down_count(p), kDisplayCells);
      EXPECT_EQ(s.card_count(p), kDisplayCells);
    }
    EXPECT_EQ(s.discard_pile_size(), 1);
    EXPECT_EQ(s.draw_pile_size(), o.deck_size() - n * kGridCells - 1);
  }
}

// R11: the setup player may reveal any face-down card of his 15-card display, the left
// neighbour's column 3 included, and nothing else.
TEST(RulesSetup, LegalRevealsAreTheFaceDownCellsOfTheDisplayInclNeighbourColumn) {
  State s(options_for(4), 5);
  std::vector<std::string> expected = {"reveal 1a3", "reveal 1b3", "reveal 1c3"};
  for (int i = 0; i < kGridCells; ++i)
    expected.push_back("reveal " + cell_to_text(static_cast<CellId>(i)));
  EXPECT_EQ(legal_texts(s), sorted(expected));

  // Player 0 reveals a card of player 1's column 3: player 1 may not reveal it again.
  ASSERT_TRUE(apply_all(s, {"reveal 1a3"}));
  EXPECT_TRUE(is_face_up(s, cell("1a3")));
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.setup_reveals_left(), 1);
  EXPECT_EQ(legal_texts(s).size(), 14u);
  ASSERT_TRUE(apply_all(s, {"reveal 0b2"}));
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.setup_reveals_left(), 2);
  std::vector<std::string> p1;
  for (CellId c : {cell("2a3"), cell("2b3"), cell("2c3")})
    p1.push_back("reveal " + cell_to_text(c));
  for (int i = 0; i < kGridCells; ++i)
    if (i != 3) p1.push_back("reveal " + cell_to_text(make_cell(1, i / 4, i % 4)));
  EXPECT_EQ(legal_texts(s), sorted(p1));
}

// R11: each player, clockwise from the first player, reveals two cards; then the first player
// starts with a draw.
TEST(RulesSetup, EachPlayerRevealsTwoCardsClockwiseThenFirstPlayerDraws) {
  State s(options_for(3), 9);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"reveal 0a0", "reveal 0a1"}, &ev));
  EXPECT_EQ(s.current_player(), 1);
  ASSERT_TRUE(apply_all(s, {"reveal 1a0", "reveal 1a1"}, &ev));
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_EQ(s.phase(), Phase::kSetupReveal);
  ASSERT_TRUE(apply_all(s, {"reveal 2a0"}, &ev));
  EXPECT_EQ(s.phase(), Phase::kSetupReveal);
  ASSERT_TRUE(apply_all(s, {"reveal 2a1"}, &ev));
  EXPECT_EQ(s.phase(), Phase::kChooseDraw);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.active_player(), 0);
  auto reveals = events_of(ev, EventType::kRevealed);
  ASSERT_EQ(reveals.size(), 6u);
  const int who[] = {0, 0, 1, 1, 2, 2};
  for (size_t i = 0; i < reveals.size(); ++i) {
    EXPECT_EQ(reveals[i].player, who[i]);
    EXPECT_EQ(reveals[i].card, s.cell_value(reveals[i].cell));
  }
  ASSERT_FALSE(ev.empty());
  EXPECT_EQ(ev.back().type, EventType::kTurnStarted);
  EXPECT_EQ(ev.back().player, 0);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(s.face_down_count(p), 13) << p;
}

// R11, R4: nothing is cleared at setup, neither a line completed by a neighbour's reveal in the
// shared column nor one completed by the player's own reveal. R4: such a line counts at the
// player's next reveal.
TEST(RulesSetup, NoClearingAtSetupButTheLineCountsAtTheFirstReveal) {
  RuleOptions o = no_knock(3);
  // Player 0's row a: 1a3 0a0 0a1 = 7 7 7. Player 2's row a: 2a1 2a2 2a3 = 9 9 9.
  State s(o, 11,
          deck_order(o, 0,
                     {{cell("1a3"), 7},
                      {cell("0a0"), 7},
                      {cell("0a1"), 7},
                      {cell("2a1"), 9},
                      {cell("2a2"), 9},
                      {cell("2a3"), 9},
                      {cell("0c3"), 2}},
                     4));
  EventList ev;
  ASSERT_TRUE(apply_all(s,
                        {"reveal 0a0", "reveal 0a1",   // player 0
                         "reveal 1a3", "reveal 2a3",   // player 1: 1a3 completes 0's row a
                         "reveal 2a1", "reveal 2a2"},  // player 2 completes his own row a
                        &ev));
  EXPECT_EQ(count_events(ev, EventType::kCleared), 0) << events_text(ev);
  for (const char* c : {"1a3", "0a0", "0a1", "2a1", "2a2", "2a3"})
    EXPECT_EQ(up_value(s, cell(c)), c[0] == '2' ? 9 : 7) << c << "\n" << diagram_of(s);
  EXPECT_EQ(s.discard_pile_size(), 1);
  EXPECT_EQ(s.phase(), Phase::kChooseDraw);

  // Player 0's first reveal (after discarding) clears the line standing in his display.
  ev.clear();
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0c3"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0].player, 0);
  EXPECT_EQ(cleared[0].line, line("row-a0"));
  EXPECT_EQ(cleared[0].cells, cells3("1a3", "0a0", "0a1"));
  EXPECT_TRUE(is_empty(s, cell("1a3")));
  // Player 2's line is not in player 0's display: it still stands.
  EXPECT_EQ(up_value(s, cell("2a2")), 9);
}

// R11: a setup reveal must be a face-down card of the setup player's display; anything else
// is rejected and changes nothing.
TEST(RulesSetup, IllegalSetupActionsAreRejected) {
  State s(options_for(4), 21);
  EXPECT_TRUE(rejected(s, "draw"));
  EXPECT_TRUE(rejected(s, "reveal 2a0"));  // not in player 0's display
  EXPECT_TRUE(rejected(s, "reveal 3a3"));  // 3's column 3 is in player 2's display, not 0's
  ASSERT_TRUE(apply_all(s, {"reveal 0a0"}));
  EXPECT_TRUE(rejected(s, "reveal 0a0"));  // already face up
  EXPECT_TRUE(rejected(s, "swap 0a1"));
}

// R11: the first player deals the next round, so the first player of round r is r mod n.
// Played out with random legal actions over several rounds.
TEST(RulesSetup, FirstPlayerOfRoundRIsRModN) {
  for (int n : {2, 3, 4}) {
    RuleOptions o = options_for(n);
    o.rounds = 2 * n + 1;
    State s(o, 1234 + n);
    Rng rng(99 + n);
    int rounds_seen = 1;
    EXPECT_EQ(s.first_player(), 0);
    for (int steps = 0; !s.is_terminal() && steps < 200000; ++steps) {
      ActionList legal = s.legal_actions();
      ASSERT_FALSE(legal.empty()) << diagram_of(s);
      EventList ev;
      s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))], &ev);
      if (s.is_chance_node()) s.deal(&ev);
      for (const Event& e : ev) {
        if (e.type != EventType::kRoundStarted) continue;
        ++rounds_seen;
        EXPECT_EQ(e.round, rounds_seen - 1);
        EXPECT_EQ(e.player, (rounds_seen - 1) % n) << n << " players";
        EXPECT_EQ(s.first_player(), (rounds_seen - 1) % n);
        EXPECT_EQ(s.current_player(), (rounds_seen - 1) % n);
        EXPECT_EQ(s.phase(), Phase::kSetupReveal);
      }
    }
    EXPECT_TRUE(s.is_terminal());
    EXPECT_EQ(rounds_seen, o.rounds) << n << " players";
    EXPECT_EQ(s.rounds_played(), o.rounds);
  }
}

}  // namespace
}  // namespace allegra::rules_test
