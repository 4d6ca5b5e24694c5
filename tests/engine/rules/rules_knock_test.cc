// Rule tests: knocking (R7), with the clearing it triggers (R4) and its eligibility conditions.
#include <gtest/gtest.h>

#include "engine/public_view.h"
#include "rules_helpers.h"

namespace allegra::rules_test {
namespace {

// R7: after a draw from the draw pile, the eligible players answer knock/pass; read as turns,
// the window asks clockwise from the active player's left, and reports the answers in that order.
TEST(RulesKnock, WindowRunsClockwiseFromTheActivePlayersLeft) {
  State s = position_from_diagram(options_for(4), R"(
    active 2
    draw 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw"}, &ev));
  ASSERT_EQ(s.phase(), Phase::kKnockWindow);
  EXPECT_EQ(s.knock_pending(), 0b1011);
  EXPECT_EQ(legal_texts(s), sorted({"knock", "pass"}));
  std::vector<int> order;
  while (s.phase() == Phase::kKnockWindow) {
    order.push_back(s.current_player());
    ASSERT_TRUE(apply_all(s, {"pass"}, &ev));
  }
  EXPECT_EQ(order, (std::vector<int>{3, 0, 1}));
  auto passed = events_of(ev, EventType::kPassed);
  ASSERT_EQ(passed.size(), 3u);
  EXPECT_EQ(passed[0].player, 3);
  EXPECT_EQ(passed[2].player, 1);
  // Nobody knocked: the active player goes on with the drawn card.
  EXPECT_EQ(s.phase(), Phase::kHoldDrawn);
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_TRUE(has_action(s, "discard"));
}

// The window of the tests below: player 2 draws, players 3, 0 and 1 answer (rulebook order).
State opened_window() {
  State s = position_from_diagram(options_for(4), R"(
    active 2
    draw 6
  )");
  EXPECT_TRUE(apply_all(s, {"draw"}));
  return s;
}

// R7: every eligible player answers at the same time: the engine's simultaneous node names them
// all, each with the same two answers, and the rulebook's order in which they are reported.
TEST(RulesKnock, WindowIsASimultaneousNode) {
  const State s = opened_window();
  ASSERT_TRUE(s.is_simultaneous_node());
  EXPECT_EQ(s.deciding_players(), 0b1011);
  EXPECT_EQ(s.knock_window_seats(), 0b1011);
  for (int q : {0, 1, 3}) {
    EXPECT_EQ(s.legal_actions(q), (ActionList{Action::knock(), Action::pass()})) << q;
    EXPECT_TRUE(s.is_legal(q, Action::knock())) << q;
  }
  EXPECT_TRUE(s.legal_actions(2).empty()) << "the active player does not answer";
  EXPECT_FALSE(s.is_legal(2, Action::pass()));
  EXPECT_EQ(s.knock_order(3), 0);
  EXPECT_EQ(s.knock_order(0), 1);
  EXPECT_EQ(s.knock_order(1), 2);
  EXPECT_EQ(s.knock_order(2), -1);
  // Outside a window only the current player decides.
  State held = s;
  for (int q : {3, 0, 1}) held.apply(q, Action::pass());
  ASSERT_FALSE(held.is_simultaneous_node());
  EXPECT_EQ(held.deciding_players(), 1 << 2);
  EXPECT_TRUE(held.legal_actions(0).empty());
  EXPECT_EQ(held.legal_actions(2), held.legal_actions());
  EXPECT_THROW(held.apply(0, Action::discard()), IllegalAction);
  held.apply(2, Action::discard());
  EXPECT_EQ(held.phase(), Phase::kRevealAfterDiscard);
}

// R7: the answers may come in any order; the window resolves when the last is in, with the same
// state and the same events, reported in the rulebook's order, as when they come in that order.
TEST(RulesKnock, AnswersInAnyOrderResolveTheSameWay) {
  State in_order = opened_window();
  EventList ordered;
  in_order.apply(3, Action::pass(), &ordered);
  in_order.apply(0, Action::knock(), &ordered);
  in_order.apply(1, Action::knock(), &ordered);

  State shuffled = opened_window();
  EventList ev;
  shuffled.apply(1, Action::knock(), &ev);
  EXPECT_TRUE(ev.empty()) << "an answer is reported only when the window closes";
  shuffled.apply(0, Action::knock(), &ev);
  EXPECT_TRUE(ev.empty());
  EXPECT_EQ(shuffled.deciding_players(), 1 << 3);
  shuffled.apply(3, Action::pass(), &ev);
  EXPECT_EQ(shuffled, in_order);
  EXPECT_EQ(std::vector<Event>(ev.begin(), ev.end()),
            std::vector<Event>(ordered.begin(), ordered.end()));
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_EQ(ev[0].type, EventType::kPassed);
  EXPECT_EQ(ev[0].player, 3);
  EXPECT_EQ(ev[1].type, EventType::kKnocked);
  EXPECT_EQ(ev[1].player, 0);
  EXPECT_EQ(ev[2].player, 1);
  EXPECT_EQ(shuffled.phase(), Phase::kChooseKnocker);
  EXPECT_EQ(shuffled.knockers(), 0b0011);
}

// R7: nobody sees an answer before the window closes: the public view (and its JSON) is the same
// whatever a player answered; who has answered is public. The state keeps the answer (saves).
TEST(RulesKnock, AnAnswerIsSealedUntilTheWindowCloses) {
  State knocked = opened_window();
  State passed = opened_window();
  knocked.apply(3, Action::knock());
  passed.apply(3, Action::pass());
  EXPECT_NE(knocked, passed);
  EXPECT_EQ(knocked.knockers(), 1 << 3);
  EXPECT_EQ(knocked.public_view(), passed.public_view());
  EXPECT_EQ(knocked.public_view().masked().knockers(), 0);
  EXPECT_EQ(knocked.public_view().masked().knock_pending(), 0b0011);
  EXPECT_EQ(knocked.public_view().current_player(), 0);
  // Once it closes, the answers are public.
  for (State* s : {&knocked, &passed}) {
    s->apply(0, Action::pass());
    s->apply(1, Action::pass());
  }
  EXPECT_EQ(knocked.public_view().masked().knockers(), 1 << 3);
  EXPECT_NE(knocked.public_view(), passed.public_view());
}

// R7: each eligible player answers once; the active player and the ineligible do not answer.
TEST(RulesKnock, EachEligiblePlayerAnswersOnce) {
  State s = opened_window();
  s.apply(3, Action::knock());
  const State before = s;
  EXPECT_THROW(s.apply(3, Action::pass()), IllegalAction);
  EXPECT_NE(s.why_illegal(3, Action::pass()).find("already answered"), std::string::npos);
  EXPECT_THROW(s.apply(2, Action::knock()), IllegalAction);
  EXPECT_NE(s.why_illegal(2, Action::knock()).find("may not knock"), std::string::npos);
  EXPECT_THROW(s.apply(0, Action::discard()), IllegalAction);
  EXPECT_THROW(s.apply(7, Action::pass()), IllegalAction);
  EXPECT_EQ(s, before);
}

// R7: a player decides on the window as it opened: his decision view is the same whoever has
// answered and whatever they answered, and it is his turn in it.
TEST(RulesKnock, DecisionViewIsTheWindowAsItOpened) {
  const State opened = opened_window();
  const PublicView at_open = opened.public_view().decision_view(0);
  EXPECT_EQ(at_open.current_player(), 0);
  EXPECT_EQ(at_open.masked().knock_pending(), 0b0011) << "player 3 comes before him";
  EXPECT_EQ(at_open.masked().knockers(), 0);
  for (Action a : {Action::knock(), Action::pass()}) {
    State s = opened;
    s.apply(3, a);
    EXPECT_EQ(s.public_view().decision_view(0), at_open);
    s.apply(1, a);
    EXPECT_EQ(s.public_view().decision_view(0), at_open);
  }
  EXPECT_EQ(opened.public_view().decision_view(3).current_player(), 3);
  EXPECT_THROW(opened.public_view().decision_view(2), std::invalid_argument);
}

// R7: a card drawn from the discard pile may not be knocked for: no window.
TEST(RulesKnock, NoWindowAfterADiscardPileDraw) {
  State s = position_from_diagram(options_for(3), "discard 6");
  ASSERT_TRUE(apply_all(s, {"draw-discard"}));
  EXPECT_EQ(s.phase(), Phase::kHoldDrawn);
  EXPECT_EQ(s.knock_pending(), 0);
  EXPECT_TRUE(rejected(s, "knock"));
}

// R7: never with 2 players (rulebook: "Spielt man zu zweit, lässt man das Klopfen weg").
TEST(RulesKnock, NoKnockingWithTwoPlayers) {
  RuleOptions o = options_for(2);
  ASSERT_TRUE(o.knocking);
  State s = position_from_diagram(o, "draw 6");
  ASSERT_TRUE(apply_all(s, {"draw"}));
  EXPECT_EQ(s.phase(), Phase::kHoldDrawn);
  EXPECT_FALSE(o.knocking_in_effect());
}

// R7: the option knocking=false turns knocking off (rulebook variant for younger children).
TEST(RulesKnock, NoKnockingWhenTheOptionIsOff) {
  State s = position_from_diagram(no_knock(4), "draw 6");
  ASSERT_TRUE(apply_all(s, {"draw"}));
  EXPECT_EQ(s.phase(), Phase::kHoldDrawn);
  EXPECT_TRUE(rejected(s, "knock"));
}

// R7: a player whose display holds 3 or fewer cards may not knock; 4 cards are enough.
TEST(RulesKnock, ThreeOrFewerCardsMayNotKnock) {
  // Player 1's display: player 2's column 3 (2a3 only) and his own cells 1a0, 1a1 (+1a2).
  State three = position_from_diagram(options_for(3), R"(
    1: ? 4 . . | . . . . | . . . .
    2: ? ? ? 6 | ? ? ? . | ? ? ? .
    draw 6
  )");
  EXPECT_EQ(three.card_count(1), 3);
  EXPECT_FALSE(three.may_knock(1));
  EXPECT_TRUE(three.may_knock(2));
  ASSERT_TRUE(apply_all(three, {"draw"}));
  ASSERT_EQ(three.phase(), Phase::kKnockWindow);
  EXPECT_EQ(three.knock_pending(), 0b100);
  EXPECT_EQ(three.current_player(), 2);

  State four = position_from_diagram(options_for(3), R"(
    1: ? 4 9 . | . . . . | . . . .
    2: ? ? ? 6 | ? ? ? . | ? ? ? .
    draw 6
  )");
  EXPECT_EQ(four.card_count(1), 4);
  EXPECT_TRUE(four.may_knock(1));
  ASSERT_TRUE(apply_all(four, {"draw"}));
  EXPECT_EQ(four.knock_pending(), 0b110);
  EXPECT_EQ(four.current_player(), 1);
}

// R7: a player without a face-down card may not knock (here in the final round: the ender and a
// player whose last card was turned up, who has not had his final turn yet).
TEST(RulesKnock, NoFaceDownCardMayNotKnock) {
  State s = position_from_diagram(options_for(4), R"(
    ender 1
    active 2
    0: ? ? ? 2  | ? ? ? 3   | ? ? ? 4
    1: 1 2 3 4  | 5 6 7 8   | 9 10 11 0
    2: ? ? ? 5  | ? ? ? 6   | ? ? ? 7
    3: 1 2 3 4  | 5 6 7 8   | 9 10 11 0
    draw 6
  )");
  EXPECT_EQ(s.face_down_count(3), 0);
  EXPECT_FALSE(s.had_final_turn(3));
  EXPECT_FALSE(s.may_knock(3));
  EXPECT_FALSE(s.may_knock(1));
  EXPECT_TRUE(s.may_knock(0));
  ASSERT_TRUE(apply_all(s, {"draw"}));
  ASSERT_EQ(s.phase(), Phase::kKnockWindow);
  EXPECT_EQ(s.knock_pending(), 0b0001);
  EXPECT_EQ(s.current_player(), 0);
}

// R7: a player who has had his last turn in the final round may not knock; one who has not, may.
TEST(RulesKnock, PlayerWhoHadHisFinalTurnMayNotKnock) {
  State s = position_from_diagram(options_for(4), R"(
    ender 1
    ended-during 1
    active 3
    1: 1 2 3 4  | 5 6 7 8   | 9 10 11 0
    2: ? ? ? 5  | ? ? ? 6   | ? ? ? 7
    draw 6
  )");
  EXPECT_TRUE(s.had_final_turn(2));
  EXPECT_GT(s.face_down_count(2), 0);
  EXPECT_FALSE(s.may_knock(2));
  EXPECT_FALSE(s.had_final_turn(0));
  EXPECT_TRUE(s.may_knock(0));
  ASSERT_TRUE(apply_all(s, {"draw"}));
  ASSERT_EQ(s.phase(), Phase::kKnockWindow);
  EXPECT_EQ(s.knock_pending(), 0b0001);
  ASSERT_TRUE(apply_all(s, {"pass"}));
  EXPECT_EQ(s.phase(), Phase::kHoldDrawn);
}

// R7: the active player gives the card to one of the knockers, or refuses.
TEST(RulesKnock, TheCardCanOnlyBeGivenToAKnocker) {
  State s = position_from_diagram(options_for(4), "draw 6");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "knock"}, &ev));
  ASSERT_EQ(s.phase(), Phase::kChooseKnocker);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.knockers(), 0b1010);
  EXPECT_EQ(legal_texts(s), sorted({"give 1", "give 3", "refuse"}));
  EXPECT_TRUE(rejected(s, "give 2"));
  EXPECT_TRUE(rejected(s, "give 0"));
  EXPECT_TRUE(rejected(s, "swap 0a0"));
  EXPECT_TRUE(rejected(s, "discard"));
  auto knocked = events_of(ev, EventType::kKnocked);
  ASSERT_EQ(knocked.size(), 2u);
  EXPECT_EQ(knocked[0].player, 1);
  EXPECT_EQ(knocked[1].player, 3);
  ev.clear();
  ASSERT_TRUE(apply_all(s, {"give 3"}, &ev));
  EXPECT_EQ(ev[0], (Event{.type = EventType::kGave, .player = 0, .knocker = 3}));
  EXPECT_EQ(s.phase(), Phase::kKnockerSwap);
  EXPECT_EQ(s.current_player(), 3);
  EXPECT_EQ(s.knocker(), 3);
  EXPECT_EQ(s.held_card(), 6);
}

// R7: after a refusal the active player's turn goes on as in R5 (swap, or discard and reveal).
TEST(RulesKnock, RefusalContinuesTheNormalTurn) {
  State s = position_from_diagram(options_for(3), R"(
    0: ?9 ? ? ? | ? ? ? ? | ? ? ? ?
    draw 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "knock", "refuse"}, &ev));
  EXPECT_EQ(ev.back(), (Event{.type = EventType::kRefused, .player = 0}));
  EXPECT_EQ(s.phase(), Phase::kHoldDrawn);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_TRUE(has_action(s, "discard"));
  EXPECT_TRUE(has_action(s, "swap 1a3"));
  ASSERT_TRUE(apply_all(s, {"swap 0a0"}));
  EXPECT_EQ(up_value(s, cell("0a0")), 6);
  EXPECT_EQ(discard_top(s), 9);
  EXPECT_EQ(s.active_player(), 1);
}

// R7 (a)-(c), R4: the whole knock. The knocker swaps the card in and clears his own row; the
// active player takes a card of the knocker's display, puts it into his own display and clears
// his own row; the replaced card is discarded; the knocker's hand card fills the hole face up;
// the active player's turn ends.
TEST(RulesKnock, WholeSequenceWithBothClears) {
  State s = position_from_diagram(options_for(3), R"(
    0: 3 3 ?8 ? | ? ? ? ? | ? ? ? ?
    2: 5 5 ?9 ? | ? 3 ? ? | ? ? ? ?
    draw 5
    discard 2
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw"}, &ev));
  ASSERT_EQ(s.phase(), Phase::kKnockWindow);
  EXPECT_EQ(s.current_player(), 1);
  ASSERT_TRUE(apply_all(s, {"pass"}, &ev));
  EXPECT_EQ(s.current_player(), 2);
  ASSERT_TRUE(apply_all(s, {"knock"}, &ev));
  ASSERT_EQ(s.phase(), Phase::kChooseKnocker);
  EXPECT_EQ(legal_texts(s), sorted({"give 2", "refuse"}));
  ASSERT_TRUE(apply_all(s, {"give 2"}, &ev));
  ASSERT_EQ(s.phase(), Phase::kKnockerSwap);
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_EQ(legal_texts(s).size(), 15u);  // any card of his display, face up or down

  // (a) The knocker's swap completes row a of his display: cleared right away.
  ASSERT_TRUE(apply_all(s, {"swap 2a2"}, &ev));
  for (const char* c : {"2a0", "2a1", "2a2"}) EXPECT_TRUE(is_empty(s, cell(c))) << c;
  EXPECT_EQ(s.hand_card(), 9);
  EXPECT_FALSE(s.hand_card_known());
  ASSERT_EQ(s.phase(), Phase::kTake);
  EXPECT_EQ(s.current_player(), 0);

  // (b) The active player takes 2b1 (a 3) and puts it into 0a2: his row a is cleared.
  ASSERT_TRUE(apply_all(s, {"take 2b1"}, &ev));
  ASSERT_EQ(s.phase(), Phase::kPut);
  EXPECT_EQ(s.taken_card(), 3);
  EXPECT_TRUE(is_empty(s, cell("2b1")));
  ASSERT_TRUE(apply_all(s, {"put 0a2"}, &ev));

  // (c) The hand card lies face up where the card was taken; the turn has ended.
  EXPECT_EQ(up_value(s, cell("2b1")), 9);
  for (const char* c : {"0a0", "0a1", "0a2"}) EXPECT_TRUE(is_empty(s, cell(c))) << c;
  EXPECT_EQ(s.phase(), Phase::kChooseDraw);
  EXPECT_EQ(s.active_player(), 1);
  EXPECT_EQ(discard_top_n(s, 8), (std::vector<int>{8, 3, 3, 3, 5, 5, 5, 2}));
  EXPECT_EQ(cards_in_play(s), options_for(3).effective_deck());

  std::vector<Event> want = {
      {.type = EventType::kDrew, .player = 0, .card = 5, .pile = Pile::kDraw},
      {.type = EventType::kPassed, .player = 1},
      {.type = EventType::kKnocked, .player = 2},
      {.type = EventType::kGave, .player = 0, .knocker = 2},
      {.type = EventType::kKnockerSwapped,
       .player = 2,
       .card = 5,
       .old_card = kHiddenValue,
       .cell = cell("2a2")},
      {.type = EventType::kCleared,
       .player = 2,
       .card = 5,
       .line = static_cast<uint8_t>(line("row-a1")),
       .cells = cells3("2a0", "2a1", "2a2")},
      {.type = EventType::kTook, .player = 0, .card = 3, .cell = cell("2b1")},
      {.type = EventType::kPut, .player = 0, .card = 3, .old_card = 8, .cell = cell("0a2")},
      {.type = EventType::kCleared,
       .player = 0,
       .card = 3,
       .line = static_cast<uint8_t>(line("row-a1")),
       .cells = cells3("0a0", "0a1", "0a2")},
      {.type = EventType::kDiscarded, .player = 0, .card = 8, .cell = cell("0a2")},
      {.type = EventType::kPutBack, .player = 2, .card = 9, .cell = cell("2b1")},
      {.type = EventType::kTurnStarted, .player = 1},
  };
  EXPECT_EQ(std::vector<Event>(ev.begin(), ev.end()), want) << events_text(ev);
}

// R7 (a): the knocker may swap the given card with a face-up card too; his hand card is known.
TEST(RulesKnock, KnockerMaySwapAFaceUpCard) {
  State s = position_from_diagram(options_for(3), R"(
    2: 7 ? ? ? | ? ? ? ? | ? ? ? ?
    draw 5
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "knock", "give 2", "swap 2a0"}, &ev));
  EXPECT_EQ(s.hand_card(), 7);
  EXPECT_TRUE(s.hand_card_known());
  auto swapped = events_of(ev, EventType::kKnockerSwapped);
  ASSERT_EQ(swapped.size(), 1u);
  EXPECT_EQ(swapped[0].old_card, 7);
  EXPECT_EQ(swapped[0].card, 5);
  EXPECT_EQ(up_value(s, cell("2a0")), 5);
  EXPECT_EQ(s.phase(), Phase::kTake);
}

// R7 (c), R4: the hand card placed into the hole completes a row of the knocker's display; it is
// not cleared then, only at the knocker's next reveal.
TEST(RulesKnock, HandCardInTheHoleIsNotClearedUntilTheKnockersNextReveal) {
  State s = position_from_diagram(options_for(3), R"(
    2: ?7 ? ? ? | 9 ?1 9 ? | ?9 ? ? ?
    draw 4 6 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "knock", "give 2", "swap 2c0"}, &ev));
  EXPECT_EQ(s.hand_card(), 9);
  ASSERT_TRUE(apply_all(s, {"take 2b1"}, &ev));
  auto swapped = events_of(ev, EventType::kKnockerSwapped);
  ASSERT_EQ(swapped.size(), 1u);
  EXPECT_EQ(swapped[0].old_card, kHiddenValue);  // the knocker's face-down 9 went to his hand
  auto took = events_of(ev, EventType::kTook);
  ASSERT_EQ(took.size(), 1u);
  EXPECT_EQ(took[0].card, kHiddenValue);  // a face-down card was taken
  EXPECT_FALSE(s.taken_card_known());
  ASSERT_TRUE(apply_all(s, {"put 0c0"}, &ev));
  EXPECT_EQ(up_value(s, cell("0c0")), 1);
  for (const char* c : {"2b0", "2b1", "2b2"}) EXPECT_EQ(up_value(s, cell(c)), 9) << c;
  EXPECT_EQ(count_events(ev, EventType::kCleared), 0) << events_text(ev);
  ASSERT_EQ(s.active_player(), 1);

  ASSERT_TRUE(apply_all(s, {"draw", "pass", "pass", "discard", "reveal 1c0"}));  // player 1
  for (const char* c : {"2b0", "2b1", "2b2"}) EXPECT_EQ(up_value(s, cell(c)), 9) << c;
  ASSERT_EQ(s.active_player(), 2);
  ev.clear();
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "pass", "discard", "reveal 2c1"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0].player, 2);
  EXPECT_EQ(cleared[0].line, line("row-b1"));
  EXPECT_EQ(cleared[0].cells, cells3("2b0", "2b1", "2b2"));
}

// R7: if the knocker's own clearing empties his display, (b) and (c) are skipped and his hand
// card goes onto the discard pile. (Here a column clear forms a row across the gap: cascade.)
TEST(RulesKnock, KnockerClearingEmptiesHisDisplaySkipsTakeAndPut) {
  State s = position_from_diagram(options_for(3), R"(
    1: 5 . . .  | 5 . . . | ?3 7 7 .
    2: ? ? ? .  | ? ? ? . | ? ? ? 7
    draw 5
    discard 2
  )");
  ASSERT_EQ(s.card_count(1), 6);
  ASSERT_TRUE(s.may_knock(1));
  const State before = s;
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "give 1", "swap 1c0"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 2u) << events_text(ev) << diagram_of(s);
  EXPECT_EQ(cleared[0].line, line("col-1"));
  EXPECT_EQ(cleared[0].cells, cells3("1a0", "1b0", "1c0"));
  EXPECT_EQ(cleared[1].line, line("row-c0"));
  EXPECT_EQ(cleared[1].cells, cells3("2c3", "1c1", "1c2"));
  EXPECT_EQ(s.card_count(1), 0);
  // The hand card (the face-down 3) is discarded, on top of the cleared cards.
  EXPECT_EQ(discard_top_n(s, 8), (std::vector<int>{3, 7, 7, 7, 5, 5, 5, 2}));
  auto discarded = events_of(ev, EventType::kDiscarded);
  ASSERT_EQ(discarded.size(), 1u);
  EXPECT_EQ(discarded[0].player, 1);
  EXPECT_EQ(discarded[0].card, 3);
  EXPECT_EQ(discarded[0].cell, kNoCell);  // from his hand
  EXPECT_EQ(count_events(ev, EventType::kKnockerSwapped), 1);
  EXPECT_EQ(count_events(ev, EventType::kTook), 0);  // steps 2 and 3 are skipped
  // The active player's turn is over; his display is untouched.
  EXPECT_EQ(s.phase(), Phase::kChooseDraw);
  EXPECT_EQ(s.active_player(), 2);  // knocker 1 emptied his display: final turns from 2 on
  EXPECT_EQ(s.ender(), 1);
  for (int i = 0; i < kGridCells; ++i) {
    CellId c = make_cell(0, i / 4, i % 4);
    EXPECT_EQ(s.cell_state(c), before.cell_state(c)) << cell_to_text(c);
  }
  EXPECT_EQ(cards_in_play(s), options_for(3).effective_deck());
}

// R7 (b): the active player may take any card (face up or down) of the knocker's display, the
// knocker's display column 0 included, which here is the active player's own column 3; he puts
// it into any card of his own display except the cell he took it from. (c) then fills that
// cell, in the active player's grid, with the knocker's hand card.
TEST(RulesKnock, TakeFromTheSharedColumnAndPutRestrictions) {
  State s = position_from_diagram(options_for(3), R"(
    0: ? ? ? 4  | ? ? ? ?6 | ? ? ? ?
    2: ?10 ? ? ? | ? ? . ?  | ? ? ? ?
    draw 8
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "knock", "give 2", "swap 2a0"}));
  ASSERT_EQ(s.phase(), Phase::kTake);
  std::vector<std::string> takes = {"take 0a3", "take 0b3", "take 0c3"};
  for (int i = 0; i < kGridCells; ++i)
    if (i != 6) takes.push_back("take " + cell_to_text(make_cell(2, i / 4, i % 4)));
  EXPECT_EQ(legal_texts(s), sorted(takes));
  EXPECT_TRUE(rejected(s, "take 1a0"));  // not in the knocker's display
  EXPECT_TRUE(rejected(s, "take 2b2"));  // cleared
  EXPECT_TRUE(rejected(s, "take 1a3"));  // in the active player's display, not the knocker's
  EXPECT_TRUE(rejected(s, "put 0a0"));

  State face_down = s;

  ASSERT_TRUE(apply_all(s, {"take 0a3"}));
  ASSERT_EQ(s.phase(), Phase::kPut);
  std::vector<std::string> puts = {"put 1a3", "put 1b3", "put 1c3"};
  for (int i = 0; i < kGridCells; ++i)
    if (i != 3) puts.push_back("put " + cell_to_text(make_cell(0, i / 4, i % 4)));
  EXPECT_EQ(legal_texts(s), sorted(puts));
  EXPECT_TRUE(rejected(s, "put 0a3"));  // the cell it was taken from
  EXPECT_TRUE(rejected(s, "put 2a1"));  // not the active player's display
  const int replaced = s.cell_value(cell("1b3"));
  ASSERT_TRUE(apply_all(s, {"put 1b3"}));
  EXPECT_EQ(up_value(s, cell("1b3")), 4);
  EXPECT_EQ(up_value(s, cell("0a3")), 10);  // the knocker's hand card, face up
  EXPECT_EQ(discard_top(s), replaced);
  EXPECT_EQ(s.active_player(), 1);

  // Taking a face-down card: it is hidden until it lies face up in the active player's display.
  EventList ev;
  ASSERT_TRUE(apply_all(face_down, {"take 0b3"}, &ev));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(
      ev[0],
      (Event{.type = EventType::kTook, .player = 0, .card = kHiddenValue, .cell = cell("0b3")}));
  ASSERT_TRUE(apply_all(face_down, {"put 0a0"}));
  EXPECT_EQ(up_value(face_down, cell("0a0")), 6);
  EXPECT_EQ(up_value(face_down, cell("0b3")), 10);
}

// R7 (a), R3: when the knocker's swap completes a row and a column, the knocker chooses.
TEST(RulesKnock, KnockerChoosesBetweenRowAndColumn) {
  State s = position_from_diagram(options_for(3), R"(
    2: ? 5 ? ? | 5 ?9 5 ? | ? 5 ? ?
    draw 5
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "knock", "give 2", "swap 2b1"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_EQ(legal_texts(s), sorted({"clear col-2", "clear row-b1"}));
  ASSERT_TRUE(apply_all(s, {"clear col-2"}));
  EXPECT_EQ(up_value(s, cell("2b0")), 5);
  EXPECT_TRUE(is_empty(s, cell("2a1")));
  EXPECT_EQ(s.phase(), Phase::kTake);
  EXPECT_EQ(s.current_player(), 0);
}

// R7, R8: a knocker who swaps his last face-down card ends the round in the middle of the
// active player's turn; the turn goes on, then the others have their final turns clockwise
// after the active player, the active player last.
TEST(RulesKnock, KnockerCanEndTheRoundInAnotherPlayersTurn) {
  State s = position_from_diagram(options_for(3), R"(
    1: ?6 1 2 3 | 4 5 6 7  | 8 9 10 11
    2: ? ? ? 0  | ? ? ? 0  | ? ? ? -1
    draw 3 2 2
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "give 1", "swap 1a0"}, &ev));
  auto ended = events_of(ev, EventType::kRoundEnded);
  ASSERT_EQ(ended.size(), 1u) << events_text(ev);
  EXPECT_EQ(ended[0].player, 1);
  EXPECT_EQ(s.ender(), 1);
  EXPECT_EQ(s.phase(), Phase::kTake);  // the knock goes on
  ASSERT_TRUE(apply_all(s, {"take 1b0", "put 0a0"}));
  EXPECT_EQ(up_value(s, cell("1b0")), 6);
  EXPECT_EQ(s.active_player(), 2);
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "discard", "reveal 2a0"}));
  EXPECT_EQ(s.active_player(), 0);  // the active player of the ending turn has the last turn
  ev.clear();
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0b0"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kRoundScored), 3) << events_text(ev);
  EXPECT_EQ(s.last_round().ender, 1);
}

// Illegal actions in the knock phases are rejected and leave the state unchanged.
TEST(RulesKnock, IllegalActionsInKnockPhasesAreRejected) {
  State s = position_from_diagram(options_for(3), "draw 5");
  ASSERT_TRUE(apply_all(s, {"draw"}));
  for (const char* a : {"swap 0a0", "discard", "give 1", "refuse", "take 1a0", "draw"})
    EXPECT_TRUE(rejected(s, a)) << a;
  ASSERT_TRUE(apply_all(s, {"knock", "pass"}));
  for (const char* a : {"knock", "pass", "swap 0a0", "give 2"}) EXPECT_TRUE(rejected(s, a)) << a;
  ASSERT_TRUE(apply_all(s, {"give 1"}));
  for (const char* a : {"swap 0a0", "swap 2a0", "take 1a0", "put 1a0", "discard", "refuse"})
    EXPECT_TRUE(rejected(s, a)) << a;  // 1's display: 2's column 3 and 1's grid
  ASSERT_TRUE(apply_all(s, {"swap 1a0"}));
  for (const char* a : {"put 0a0", "swap 0a0", "take 0a0", "take 2a0"})
    EXPECT_TRUE(rejected(s, a)) << a;
}

// R7 (b), R3: the active player's put completes a row and a column: he chooses; then the replaced
// card is discarded and the hand card fills the hole. A put needs a card to swap with.
TEST(RulesKnock, ActivePlayersPutWithAChoiceOfLines) {
  State s = position_from_diagram(options_for(3), R"(
    0: ? 5 ? ?  | 5 ?9 5 ? | ? 5 ? .
    2: 5 ?7 ? ? | ? ? ? ?  | ? ? ? ?
    draw 8
    discard 2
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "knock", "give 2", "swap 2a1", "take 2a0"}));
  ASSERT_EQ(s.phase(), Phase::kPut);
  EXPECT_TRUE(rejected(s, "put 0c3"));  // cleared: no card to swap with
  EXPECT_TRUE(rejected(s, "put 2a0"));  // the hole, not in his display anyway
  ASSERT_TRUE(apply_all(s, {"put 0b1"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(legal_texts(s), sorted({"clear col-2", "clear row-b1"}));
  EXPECT_TRUE(rejected(s, "leave"));
  EXPECT_TRUE(is_empty(s, cell("2a0")));  // the hand card waits for the clearing
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"clear row-b1"}, &ev));
  EXPECT_EQ(event_types(ev), (std::vector<EventType>{EventType::kCleared, EventType::kDiscarded,
                                                     EventType::kPutBack, EventType::kTurnStarted}))
      << events_text(ev);
  EXPECT_EQ(discard_top_n(s, 5), (std::vector<int>{9, 5, 5, 5, 2}));
  EXPECT_EQ(up_value(s, cell("2a0")), 7);
  EXPECT_EQ(s.active_player(), 1);
}

// R4: the knocker clears any complete line of his display after his swap, also one that was
// already standing (e.g. left by an earlier hand card), not only one through the new card.
TEST(RulesKnock, KnockerClearsALineAlreadyStandingInHisDisplay) {
  State s = position_from_diagram(options_for(3), R"(
    2: ? ? ? ? | ? ? ? ? | 4 4 4 ?
    draw 8
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "knock", "give 2", "swap 2a0"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0].player, 2);
  EXPECT_EQ(cleared[0].line, line("row-c1"));
  EXPECT_EQ(s.phase(), Phase::kTake);
}

// R2 optional_clearing, R7 (a): the knocker may leave his line standing; the knock goes on.
TEST(RulesClearingOptional, KnockerMayLeaveHisLineStanding) {
  RuleOptions o = options_for(3);
  o.optional_clearing = true;
  State s = position_from_diagram(o, R"(
    2: 5 5 ?9 ? | ? ? ? ? | ? ? ? ?
    draw 5
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "knock", "give 2", "swap 2a2"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_EQ(legal_texts(s), sorted({"clear row-a1", "leave"}));
  ASSERT_TRUE(apply_all(s, {"leave"}));
  EXPECT_EQ(s.phase(), Phase::kTake);
  for (const char* c : {"2a0", "2a1", "2a2"}) EXPECT_EQ(up_value(s, cell(c)), 5) << c;
}

// R7 (b), R8: the active player puts the taken card into his last face-down cell: he ends the
// round himself and has no final turn.
TEST(RulesKnock, ActivePlayerEndsTheRoundWithHisPut) {
  State s = position_from_diagram(options_for(3), R"(
    0: ?1 2 3 4 | 5 6 7 8  | 9 10 11 0
    1: ?6 1 2 3 | 4 5 6 7  | 8 9 10 11
    2: ? ? ? 0  | ? ? ? 0  | ? ? ? -1
    draw 3 2 2
  )");
  EventList ev;
  ASSERT_TRUE(
      apply_all(s, {"draw", "pass", "knock", "give 2", "swap 2a0", "take 2b0", "put 0a0"}, &ev));
  auto ended = events_of(ev, EventType::kRoundEnded);
  ASSERT_EQ(ended.size(), 1u) << events_text(ev);
  EXPECT_EQ(ended[0].player, 0);
  EXPECT_EQ(s.active_player(), 1);
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "discard", "reveal 1a0"}, &ev));
  EXPECT_EQ(s.active_player(), 2);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2a1"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kRoundScored), 3) << events_text(ev);
  EXPECT_EQ(s.last_round().ender, 0);
}

// R6, R7: a draw from a reshuffled draw pile is still a draw-pile draw: the knock window opens.
TEST(RulesKnock, DrawAfterAReshuffleOpensTheWindow) {
  State s = position_from_diagram(options_for(3), R"(
    draw-size 0
    discard 3 7 7 1
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kReshuffled), 1);
  EXPECT_EQ(s.phase(), Phase::kKnockWindow);
  EXPECT_EQ(s.current_player(), 1);
}

}  // namespace
}  // namespace allegra::rules_test
