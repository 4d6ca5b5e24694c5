// Rule tests: drawing, swapping, discarding and the empty draw pile (R5, R6).
#include <gtest/gtest.h>

#include "rules_helpers.h"

namespace allegra::rules_test {
namespace {

// Player 0 (3 players): display column 0 is player 1's column 3 (1a3 face up 8), 0b1 cleared.
constexpr const char* kPosition = R"(
  0: 3 ?9 ? ?  | ? . ? ?  | ?2 ? ? ?
  1: ? ? ? 8   | ? ? ? ?  | ? ? ? ?
  draw 6
  discard 11 4
)";

std::vector<std::string> swaps_of_display_0() {
  std::vector<std::string> out = {"swap 1a3", "swap 1b3", "swap 1c3"};
  for (int i = 0; i < kGridCells; ++i)
    if (i != 5) out.push_back("swap " + cell_to_text(make_cell(0, i / 4, i % 4)));  // 0b1 is empty
  return out;
}

// R5: a card from the draw pile may be swapped into any non-empty cell (face up or down) of
// the 15-card display, the neighbour's column included, or discarded.
TEST(RulesDraw, DrawPileCardMayBeSwappedAnywhereInTheDisplayOrDiscarded) {
  State s = position_from_diagram(no_knock(3), kPosition);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw"}, &ev));
  EXPECT_EQ(s.phase(), Phase::kHoldDrawn);
  EXPECT_EQ(s.held_card(), 6);
  EXPECT_FALSE(s.held_from_discard());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0], (Event{.type = EventType::kDrew, .player = 0, .card = 6, .pile = Pile::kDraw}));
  std::vector<std::string> expected = swaps_of_display_0();
  expected.push_back("discard");
  EXPECT_EQ(legal_texts(s), sorted(expected));
}

// R5: a card taken from the discard pile must be swapped in; it may not be discarded.
TEST(RulesDraw, DiscardPileCardMustBeSwappedIn) {
  State s = position_from_diagram(no_knock(3), kPosition);
  const int discard_size = s.discard_pile_size();
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw-discard"}, &ev));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0],
            (Event{.type = EventType::kDrew, .player = 0, .card = 11, .pile = Pile::kDiscard}));
  EXPECT_EQ(s.held_card(), 11);
  EXPECT_TRUE(s.held_from_discard());
  EXPECT_EQ(s.discard_pile_size(), discard_size - 1);
  EXPECT_EQ(discard_top(s), 4);
  EXPECT_EQ(legal_texts(s), sorted(swaps_of_display_0()));
  EXPECT_TRUE(rejected(s, "discard"));
  ASSERT_TRUE(apply_all(s, {"swap 0a0"}));
  EXPECT_EQ(up_value(s, cell("0a0")), 11);
  EXPECT_EQ(discard_top(s), 3);
  EXPECT_EQ(s.active_player(), 1);
}

// R5 option discard_draw_may_discard: the discard-pile card may be discarded (then a reveal).
TEST(RulesDraw, OptionLetsTheDiscardPileCardBeDiscarded) {
  RuleOptions o = no_knock(3);
  o.discard_draw_may_discard = true;
  State s = position_from_diagram(o, kPosition);
  ASSERT_TRUE(apply_all(s, {"draw-discard"}));
  EXPECT_TRUE(has_action(s, "discard"));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"discard"}, &ev));
  EXPECT_EQ(s.phase(), Phase::kRevealAfterDiscard);
  EXPECT_EQ(discard_top(s), 11);
  ASSERT_TRUE(apply_all(s, {"reveal 0c0"}));
  EXPECT_EQ(up_value(s, cell("0c0")), 2);
  EXPECT_EQ(s.active_player(), 1);
}

// R5: the drawn card is placed face up; the replaced card, face down or face up, goes onto
// the discard pile.
TEST(RulesDraw, SwapPlacesTheCardFaceUpAndDiscardsTheReplacedCard) {
  State s = position_from_diagram(no_knock(3), kPosition);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a1"}, &ev));
  EXPECT_EQ(up_value(s, cell("0a1")), 6);
  EXPECT_EQ(discard_top_n(s, 2), (std::vector<int>{9, 11}));
  std::vector<Event> want = {
      {.type = EventType::kDrew, .player = 0, .card = 6, .pile = Pile::kDraw},
      {.type = EventType::kSwapped, .player = 0, .card = 6, .old_card = 9, .cell = cell("0a1")},
      {.type = EventType::kDiscarded, .player = 0, .card = 9, .cell = cell("0a1")},
      {.type = EventType::kTurnStarted, .player = 1},
  };
  EXPECT_EQ(std::vector<Event>(ev.begin(), ev.end()), want) << events_text(ev);

  // Player 1, then 2 pass their turns quickly; player 0 swaps out a face-up card.
  State t = position_from_diagram(no_knock(3), kPosition);
  ASSERT_TRUE(apply_all(t, {"draw", "swap 1a3"}));
  EXPECT_EQ(up_value(t, cell("1a3")), 6);
  EXPECT_EQ(discard_top(t), 8);
}

// R5: after discarding the drawn card, one face-down card of the display must be revealed.
TEST(RulesDraw, DiscardThenRevealOneFaceDownCardOfTheDisplay) {
  State s = position_from_diagram(no_knock(3), kPosition);
  ASSERT_TRUE(apply_all(s, {"draw", "discard"}));
  EXPECT_EQ(s.phase(), Phase::kRevealAfterDiscard);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(discard_top(s), 6);
  std::vector<std::string> expected = {"reveal 1b3", "reveal 1c3"};
  for (int i = 1; i < kGridCells; ++i)
    if (i != 5) expected.push_back("reveal " + cell_to_text(make_cell(0, i / 4, i % 4)));
  EXPECT_EQ(legal_texts(s), sorted(expected));
  EXPECT_TRUE(rejected(s, "reveal 0a0"));  // face up
  EXPECT_TRUE(rejected(s, "reveal 1a3"));  // face up
  EXPECT_TRUE(rejected(s, "reveal 2a0"));  // not in the display
  EXPECT_TRUE(rejected(s, "reveal 0b1"));  // cleared
  EXPECT_TRUE(rejected(s, "swap 0a1"));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"reveal 0a1"}, &ev));
  ASSERT_GE(ev.size(), 1u);
  EXPECT_EQ(ev[0],
            (Event{.type = EventType::kRevealed, .player = 0, .card = 9, .cell = cell("0a1")}));
  EXPECT_EQ(up_value(s, cell("0a1")), 9);
  EXPECT_EQ(s.active_player(), 1);
  EXPECT_EQ(s.phase(), Phase::kChooseDraw);
}

// R5 / rulebook "Erst nachdem der Aktive abgeräumt hat, wirft er ... die ausgetauschte Karte
// auf den Abwurfstapel": the replaced card goes onto the discard pile after the cleared cards.
TEST(RulesDraw, ReplacedCardLandsOnTopOfTheClearedCards) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 5 5 ?9 ? | ? ? ? ? | ? ? ? ?
    draw 5
    discard 2
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a2"}, &ev));
  EXPECT_EQ(discard_top_n(s, 5), (std::vector<int>{9, 5, 5, 5, 2})) << diagram_of(s);
  EXPECT_EQ(event_types(ev),
            (std::vector<EventType>{EventType::kDrew, EventType::kSwapped, EventType::kCleared,
                                    EventType::kDiscarded, EventType::kTurnStarted}))
      << events_text(ev);
}

// Rulebook: "Wenn man aber die gezogene Handkarte abwirft und dann zufällig eine Karte aufdeckt,
// die eine 3er-Reihe vervollständigt, kommen die 3 abgeräumten Karten ... ganz oben".
TEST(RulesDraw, ClearedCardsLandOnTopOfTheDiscardedDrawnCard) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 4 4 ?4 ? | ? ? ? ? | ? ? ? ?
    draw 8
    discard 2
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0a2"}, &ev));
  EXPECT_EQ(discard_top_n(s, 5), (std::vector<int>{4, 4, 4, 8, 2})) << diagram_of(s);
  EXPECT_EQ(event_types(ev),
            (std::vector<EventType>{EventType::kDrew, EventType::kDiscarded, EventType::kRevealed,
                                    EventType::kCleared, EventType::kTurnStarted}))
      << events_text(ev);
}

// R6: drawing from the empty draw pile first shuffles the discard pile except its top card
// into a new draw pile.
TEST(RulesDraw, EmptyDrawPileIsRebuiltFromTheDiscardPileExceptItsTop) {
  State s = position_from_diagram(no_knock(3), R"(
    draw-size 0
    discard 3 7 7 1
  )");
  ASSERT_EQ(s.draw_pile_size(), 0);
  const int old_size = s.discard_pile_size();
  ASSERT_GE(old_size, 4);
  DeckCounts below_top{};
  for (int i = 1; i < old_size; ++i) ++below_top[s.discard_pile_card(i) - kMinValue];
  EXPECT_TRUE(s.draw_needs_reshuffle());
  EXPECT_TRUE(has_action(s, "draw"));

  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw"}, &ev));
  ASSERT_EQ(ev.size(), 2u) << events_text(ev);
  EXPECT_EQ(ev[0].type, EventType::kReshuffled);
  EXPECT_EQ(ev[0].cards, old_size - 1);
  EXPECT_EQ(ev[1].type, EventType::kDrew);
  EXPECT_EQ(ev[1].card, s.held_card());
  EXPECT_EQ(s.discard_pile_size(), 1);
  EXPECT_EQ(discard_top(s), 3);
  EXPECT_EQ(s.draw_pile_size(), old_size - 2);
  DeckCounts now{};
  ++now[s.held_card() - kMinValue];
  for (int i = 0; i < s.draw_pile_size(); ++i) ++now[s.draw_pile_card(i) - kMinValue];
  EXPECT_EQ(now, below_top);
  EXPECT_EQ(cards_in_play(s), no_knock(3).effective_deck());
}

// R6 only concerns the draw pile: taking the discard pile's top card reshuffles nothing.
TEST(RulesDraw, DrawingFromTheDiscardPileDoesNotReshuffle) {
  State s = position_from_diagram(no_knock(3), R"(
    draw-size 0
    discard 3 7 7 1
  )");
  const int old_size = s.discard_pile_size();
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw-discard"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kReshuffled), 0);
  EXPECT_EQ(s.draw_pile_size(), 0);
  EXPECT_EQ(s.discard_pile_size(), old_size - 1);
  EXPECT_EQ(s.held_card(), 3);
}

// Illegal actions in the drawing phases are rejected and leave the state unchanged.
TEST(RulesDraw, IllegalActionsAreRejectedWithoutChange) {
  State s = position_from_diagram(no_knock(3), kPosition);
  for (const char* a : {"swap 0a0", "discard", "reveal 0b0", "knock", "pass", "refuse", "give 1",
                        "take 1a0", "put 0a0", "clear row-a1", "leave"})
    EXPECT_TRUE(rejected(s, a)) << a;
  ASSERT_TRUE(apply_all(s, {"draw"}));
  for (const char* a : {"reveal 0b0", "swap 2a0", "swap 0b1", "swap 2a3", "draw", "draw-discard"})
    EXPECT_TRUE(rejected(s, a)) << a;
}

// apply() rejects actions whose argument is out of range (no such cell, player or line) without
// changing the state.
TEST(RulesDraw, OutOfRangeArgumentsAreRejected) {
  State s = position_from_diagram(no_knock(3), kPosition);
  ASSERT_TRUE(apply_all(s, {"draw", "discard"}));
  const State before = s;
  for (Action a : {Action::reveal(200), Action::reveal(kNoCell), Action::reveal(make_cell(3, 0, 0)),
                   Action::give(6), Action::clear(99), Action::swap(250)}) {
    EXPECT_FALSE(s.is_legal(a)) << to_text(a);
    EXPECT_THROW(s.apply(a), IllegalAction) << to_text(a);
    EXPECT_TRUE(s == before) << to_text(a);
  }
}

}  // namespace
}  // namespace allegra::rules_test
