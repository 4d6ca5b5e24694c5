// Rule tests: lines and clearing (R2 mandatory/optional clearing, R3 lines, R4 when).
#include <gtest/gtest.h>

#include "rules_helpers.h"

namespace allegra::rules_test {
namespace {

Event cleared_event(int player, int value, std::string_view line_text,
                    std::array<CellId, 3> cells) {
  return {.type = EventType::kCleared,
          .player = static_cast<int8_t>(player),
          .card = static_cast<int8_t>(value),
          .line = static_cast<uint8_t>(line(line_text)),
          .cells = cells};
}

// R2, R3: three identical face-up cards next to each other in a row are cleared at once, with
// no decision, and go onto the discard pile.
TEST(RulesClearing, SingleRowIsClearedAutomatically) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 5 5 ?9 ? | ? ? ? ? | ? ? ? ?
    draw 5
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a2"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0], cleared_event(0, 5, "row-a1", cells3("0a0", "0a1", "0a2")));
  for (const char* c : {"0a0", "0a1", "0a2"}) EXPECT_TRUE(is_empty(s, cell(c))) << c;
  EXPECT_EQ(s.card_count(0), 12);
  EXPECT_EQ(s.phase(), Phase::kChooseDraw);
  EXPECT_EQ(s.active_player(), 1);
}

// R3: clearing around the corner, a row through the neighbour's column (display column 0).
TEST(RulesClearing, RowAroundTheCorner) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 7 ?4 ? ? | ? ? ? ? | ? ? ? ?
    1: ? ? ? 7  | ? ? ? ? | ? ? ? ?
    draw 7
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a1"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0], cleared_event(0, 7, "row-a0", cells3("1a3", "0a0", "0a1")));
  EXPECT_TRUE(is_empty(s, cell("1a3")));  // the neighbour's card is gone from his grid too
  EXPECT_EQ(s.card_count(1), 14);
  EXPECT_EQ(discard_top_n(s, 4), (std::vector<int>{4, 7, 7, 7}));
}

// R3: clearing around the corner, the neighbour's whole column 3 (display column 0).
TEST(RulesClearing, ColumnAroundTheCorner) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? ? ? ? | ? ? ? ? | 1 2 ? ?
    1: ? ? ? 6 | ? ? ? 6 | ? ? ? ?2
    draw 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 1c3"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev) << diagram_of(s);
  EXPECT_EQ(cleared[0], cleared_event(0, 6, "col-0", cells3("1a3", "1b3", "1c3")));
  EXPECT_EQ(discard_top_n(s, 4), (std::vector<int>{2, 6, 6, 6}));
}

// R3: a column is a line whatever the rest of the display looks like; here no row holds more
// than one face-up card (a typical early position: two cards revealed at setup, one placed).
TEST(RulesClearing, ColumnIsClearedWhenNoRowHasThreeFaceUpCards) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 5 ? ? ? | 5 ? ? ? | ?9 ? ? ?
    draw 5
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0c0"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev) << diagram_of(s);
  EXPECT_EQ(cleared[0], cleared_event(0, 5, "col-1", cells3("0a0", "0b0", "0c0")));
}

// R3: the same for the neighbour's column (around the corner) in an otherwise face-down display.
TEST(RulesClearing, CornerColumnIsClearedWhenNoRowHasThreeFaceUpCards) {
  State s = position_from_diagram(no_knock(3), R"(
    1: ? ? ? 6 | ? ? ? 6 | ? ? ? ?2
    draw 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 1c3"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev) << diagram_of(s);
  EXPECT_EQ(cleared[0], cleared_event(0, 6, "col-0", cells3("1a3", "1b3", "1c3")));
}

// R3: a column needs all three cells, face up and identical: a cleared cell or a face-down card
// (even one of the same value) means no line.
TEST(RulesClearing, ColumnNeedsThreeFaceUpCards) {
  for (const char* top : {".", "?5"}) {
    State s = position_from_diagram(no_knock(3), fmt::format(R"(
      0: {} ? ? ? | 5 1 2 ? | ?9 ? ? ?
      draw 5
    )",
                                                             top));
    EventList ev;
    ASSERT_TRUE(apply_all(s, {"draw", "swap 0c0"}, &ev));
    EXPECT_EQ(count_events(ev, EventType::kCleared), 0) << top << "\n" << events_text(ev);
    EXPECT_EQ(up_value(s, cell("0b0")), 5);
    EXPECT_EQ(up_value(s, cell("0c0")), 5);
  }
}

// R3: cleared cells are ignored in a row: the cards on either side of a gap are next to each
// other (also across two gaps and around the corner).
TEST(RulesClearing, RowAcrossAGap) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? ? ? ? | 7 . ?3 7 | ? ? ? ?
    draw 7
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0b2"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0], cleared_event(0, 7, "row-b1", cells3("0b0", "0b2", "0b3")));

  State t = position_from_diagram(no_knock(3), R"(
    0: ? ? ? ? | . . 7 ?3 | ? ? ? ?
    1: ? ? ? ? | ? ? ? 7  | ? ? ? ?
    draw 7
  )");
  ev.clear();
  ASSERT_TRUE(apply_all(t, {"draw", "swap 0b3"}, &ev));
  cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0], cleared_event(0, 7, "row-b0", cells3("1b3", "0b2", "0b3")));
}

// R3: a face-down card between breaks a row.
TEST(RulesClearing, FaceDownCardBreaksARow) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? ? ? ? | 7 ?7 7 ?3 | ? ? ? ?
    draw 7
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0b3"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kCleared), 0) << events_text(ev);
  EXPECT_EQ(s.card_count(0), 15);
}

// R3 (rulebook: "Dadurch kann durch das Abräumen einer Spalte eine 3er-Zeile entstehen, die dann
// ebenfalls abgeräumt wird"): clearing a column closes a gap and forms a row, which is cleared
// in the same cascade; the replaced card goes on top of both.
TEST(RulesClearing, ColumnClearFormsARowAcrossTheGapCascade) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? ?9 ? ? | 7 5 7 7 | ? 5 ? ?
    draw 5
    discard 2
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a1"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 2u) << events_text(ev);
  EXPECT_EQ(cleared[0], cleared_event(0, 5, "col-2", cells3("0a1", "0b1", "0c1")));
  EXPECT_EQ(cleared[1], cleared_event(0, 7, "row-b1", cells3("0b0", "0b2", "0b3")));
  EXPECT_EQ(discard_top_n(s, 8), (std::vector<int>{9, 7, 7, 7, 5, 5, 5, 2}));
  EXPECT_EQ(s.card_count(0), 9);
  EXPECT_EQ(s.active_player(), 1);
}

// R3: a new card completing a row and a column: the player chooses which to clear.
TEST(RulesClearing, RowOrColumnThePlayerChooses) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? 5 ? ? | 5 ?9 5 ? | ? 5 ? ?
    draw 5
    discard 2
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0b1"}));
  EXPECT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.clearer(), 0);
  EXPECT_EQ(legal_texts(s), sorted({"clear col-2", "clear row-b1"}));
  EXPECT_EQ(discard_top(s), 2);  // the replaced 9 waits for the clearing

  State col = s;
  EventList ev;
  ASSERT_TRUE(apply_all(col, {"clear col-2"}, &ev));
  ASSERT_EQ(count_events(ev, EventType::kCleared), 1) << events_text(ev);
  for (const char* c : {"0a1", "0b1", "0c1"}) EXPECT_TRUE(is_empty(col, cell(c))) << c;
  EXPECT_EQ(up_value(col, cell("0b0")), 5);
  EXPECT_EQ(up_value(col, cell("0b2")), 5);
  EXPECT_EQ(discard_top_n(col, 5), (std::vector<int>{9, 5, 5, 5, 2}));
  EXPECT_EQ(col.active_player(), 1);

  State row = s;
  ev.clear();
  ASSERT_TRUE(apply_all(row, {"clear row-b1"}, &ev));
  ASSERT_EQ(count_events(ev, EventType::kCleared), 1) << events_text(ev);
  for (const char* c : {"0b0", "0b1", "0b2"}) EXPECT_TRUE(is_empty(row, cell(c))) << c;
  EXPECT_EQ(up_value(row, cell("0a1")), 5);
  EXPECT_EQ(up_value(row, cell("0c1")), 5);
  EXPECT_EQ(discard_top_n(row, 5), (std::vector<int>{9, 5, 5, 5, 2}));
}

// R3: four identical cards in a row are two overlapping lines: the player chooses which three.
TEST(RulesClearing, FourInARowTwoOverlappingChoices) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? ? ? ? | 5 5 ?9 5 | ? ? ? ?
    draw 5
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0b2"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(legal_texts(s), sorted({"clear row-b1", "clear row-b2"}));

  State left = s;
  ASSERT_TRUE(apply_all(left, {"clear row-b1"}));
  EXPECT_EQ(up_value(left, cell("0b3")), 5);
  for (const char* c : {"0b0", "0b1", "0b2"}) EXPECT_TRUE(is_empty(left, cell(c))) << c;
  EXPECT_EQ(left.active_player(), 1);

  State right = s;
  ASSERT_TRUE(apply_all(right, {"clear row-b2"}));
  EXPECT_EQ(up_value(right, cell("0b0")), 5);
  for (const char* c : {"0b1", "0b2", "0b3"}) EXPECT_TRUE(is_empty(right, cell(c))) << c;
  EXPECT_EQ(right.active_player(), 1);
}

// R3: five identical cards in a row (the neighbour's card included): three choices; the two
// cards left over are no line.
TEST(RulesClearing, FiveInARowThreeChoices) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? ? ? ? | 5 5 ?9 5 | ? ? ? ?
    1: ? ? ? ? | ? ? ? 5  | ? ? ? ?
    draw 5
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0b2"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(legal_texts(s), sorted({"clear row-b0", "clear row-b1", "clear row-b2"}));

  State mid = s;
  EventList ev;
  ASSERT_TRUE(apply_all(mid, {"clear row-b1"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kCleared), 1);
  EXPECT_EQ(up_value(mid, cell("1b3")), 5);
  EXPECT_EQ(up_value(mid, cell("0b3")), 5);
  EXPECT_EQ(mid.active_player(), 1);

  State first = s;
  ASSERT_TRUE(apply_all(first, {"clear row-b0"}));
  EXPECT_TRUE(is_empty(first, cell("1b3")));
  EXPECT_EQ(up_value(first, cell("0b2")), 5);
  EXPECT_EQ(up_value(first, cell("0b3")), 5);
  EXPECT_EQ(first.active_player(), 1);
}

// R3: any two complete lines are a choice; after the first clear the other is cleared too.
TEST(RulesClearing, TwoSeparateLinesChosenOrderThenCascade) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? ? ? ? | 5 5 ?9 ? | 8 8 8 ?
    draw 5
    discard 2
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0b2"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(legal_texts(s), sorted({"clear row-b1", "clear row-c1"}));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"clear row-c1"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 2u) << events_text(ev);
  EXPECT_EQ(cleared[0].line, line("row-c1"));
  EXPECT_EQ(cleared[1].line, line("row-b1"));
  EXPECT_EQ(discard_top_n(s, 8), (std::vector<int>{9, 5, 5, 5, 8, 8, 8, 2}));
  EXPECT_EQ(s.active_player(), 1);
}

// R4: a placement in the shared column that completes a line of the neighbour's display is not
// cleared by the placing player; the owner of the display clears it at his next reveal. Here
// player 2 places into player 0's column 3 (display column 0 for player 2, column 4 for 0).
TEST(RulesClearing, NeighboursLineIsNotClearedByMyPlacementOnlyAtHisNextReveal) {
  // Player 2's display column 0 is player 0's column 3. Player 2 completes 0's row a.
  State s = position_from_diagram(no_knock(3), R"(
    active 2
    0: ? 4 4 ?9 | ? ? ? ? | ?1 ? ? ?
    draw 4 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a3"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kCleared), 0) << events_text(ev);
  for (const char* c : {"0a1", "0a2", "0a3"}) EXPECT_EQ(up_value(s, cell(c)), 4) << c;
  EXPECT_EQ(discard_top(s), 9);
  ASSERT_EQ(s.active_player(), 0);

  // Player 0 reveals an unrelated card: the line in his display is cleared now.
  ev.clear();
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0c0"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0], cleared_event(0, 4, "row-a2", cells3("0a1", "0a2", "0a3")));
  EXPECT_EQ(discard_top_n(s, 4), (std::vector<int>{4, 4, 4, 6}));
}

// R4: the same the other way round: my placement in my display column 0 (my left neighbour's
// column 3) completes his row; he clears it at his next placement, not I now.
TEST(RulesClearing, LineCompletedInLeftNeighboursDisplayIsClearedAtHisNextPlacement) {
  State s = position_from_diagram(no_knock(3), R"(
    1: ? 4 4 ?9 | ? ? ? ? | ?1 ? ? ?
    draw 4 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 1a3"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kCleared), 0) << events_text(ev);
  for (const char* c : {"1a1", "1a2", "1a3"}) EXPECT_EQ(up_value(s, cell(c)), 4) << c;
  ASSERT_EQ(s.active_player(), 1);
  ev.clear();
  ASSERT_TRUE(apply_all(s, {"draw", "swap 1c0"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0], cleared_event(1, 4, "row-a2", cells3("1a1", "1a2", "1a3")));
  // Cleared cards first, then the replaced card (1) on top.
  EXPECT_EQ(discard_top_n(s, 4), (std::vector<int>{1, 4, 4, 4}));
}

// R2 optional_clearing: even a single line is a decision; "leave" keeps it standing, and the
// replaced card is still discarded.
TEST(RulesClearingOptional, SingleLineMayBeLeftStanding) {
  RuleOptions o = no_knock(3);
  o.optional_clearing = true;
  State s = position_from_diagram(o, R"(
    0: 5 5 ?9 ? | ? ? ? ? | ? ? ? ?
    draw 5
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a2"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(legal_texts(s), sorted({"clear row-a1", "leave"}));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"leave"}, &ev));
  EXPECT_EQ(event_types(ev), (std::vector<EventType>{EventType::kLinesLeft, EventType::kDiscarded,
                                                     EventType::kTurnStarted}))
      << events_text(ev);
  EXPECT_EQ(ev[0].player, 0);
  for (const char* c : {"0a0", "0a1", "0a2"}) EXPECT_EQ(up_value(s, cell(c)), 5) << c;
  EXPECT_EQ(discard_top(s), 9);
  EXPECT_EQ(s.active_player(), 1);
}

// R2 optional_clearing: clearing the column and declining the row it forms stops the cascade.
TEST(RulesClearingOptional, DecliningStopsTheCascade) {
  RuleOptions o = no_knock(3);
  o.optional_clearing = true;
  State s = position_from_diagram(o, R"(
    0: ? ?9 ? ? | 7 5 7 7 | ? 5 ? ?
    draw 5
    discard 2
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a1"}));
  EXPECT_EQ(legal_texts(s), sorted({"clear col-2", "leave"}));
  ASSERT_TRUE(apply_all(s, {"clear col-2"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(legal_texts(s), sorted({"clear row-b1", "leave"}));
  ASSERT_TRUE(apply_all(s, {"leave"}));
  for (const char* c : {"0b0", "0b2", "0b3"}) EXPECT_EQ(up_value(s, cell(c)), 7) << c;
  EXPECT_EQ(discard_top_n(s, 5), (std::vector<int>{9, 5, 5, 5, 2}));
  EXPECT_EQ(s.active_player(), 1);
}

// R2 optional_clearing: with a choice of lines "leave" is offered beside them.
TEST(RulesClearingOptional, ChoiceOfLinesOffersLeaveToo) {
  RuleOptions o = no_knock(3);
  o.optional_clearing = true;
  State s = position_from_diagram(o, R"(
    0: ? 5 ? ? | 5 ?9 5 ? | ? 5 ? ?
    draw 5
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0b1"}));
  EXPECT_EQ(legal_texts(s), sorted({"clear col-2", "clear row-b1", "leave"}));
}

// R2 optional_clearing: a line left standing is offered again at that player's next reveal.
TEST(RulesClearingOptional, LeftLineIsOfferedAgainAtTheNextReveal) {
  RuleOptions o = options_for(2);
  o.optional_clearing = true;
  State s = position_from_diagram(o, R"(
    0: 5 5 ?9 ? | ? ? ? ? | ?1 ? ? ?
    1: ? ? ? ?  | ? ? ? ? | ?2 ? ? ?
    draw 5 6 6
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a2", "leave"}));
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 1c0"}));  // player 1
  ASSERT_EQ(s.active_player(), 0);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0c0"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine) << diagram_of(s);
  EXPECT_EQ(legal_texts(s), sorted({"clear row-a1", "leave"}));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"clear row-a1"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kCleared), 1);
  EXPECT_EQ(s.active_player(), 1);
}

// R2: by default clearing is mandatory: "leave" is illegal, and so is clearing a line that is
// not complete.
TEST(RulesClearing, LeaveAndIncompleteLinesAreIllegalByDefault) {
  State s = position_from_diagram(no_knock(3), R"(
    0: ? 5 ? ? | 5 ?9 5 ? | ? 5 ? ?
    draw 5
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0b1"}));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  for (const char* a : {"leave", "clear row-a1", "clear col-1", "clear row-b0", "draw", "pass"})
    EXPECT_TRUE(rejected(s, a)) << a;
}

// R3: a column clear that forms two rows across the gap: the cascade asks the player which row
// first, then clears the other one too.
TEST(RulesClearing, ColumnClearFormingTwoRowsAsksWhichFirst) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 7 ?9 7 7 | ? 5 ? ? | 8 5 8 8
    draw 5
    discard 2
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a1"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0].line, line("col-2"));
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(legal_texts(s), sorted({"clear row-a1", "clear row-c1"}));
  ev.clear();
  ASSERT_TRUE(apply_all(s, {"clear row-c1"}, &ev));
  cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 2u) << events_text(ev);
  EXPECT_EQ(cleared[0].cells, cells3("0c0", "0c2", "0c3"));
  EXPECT_EQ(cleared[1].cells, cells3("0a0", "0a2", "0a3"));
  EXPECT_EQ(discard_top_n(s, 11), (std::vector<int>{9, 7, 7, 7, 8, 8, 8, 5, 5, 5, 2}));
  EXPECT_EQ(s.active_player(), 1);
}

}  // namespace
}  // namespace allegra::rules_test
