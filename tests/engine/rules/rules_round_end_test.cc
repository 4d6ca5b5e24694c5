// Rule tests: the end of a round (R8): who ends it, the final turns, the skips and the
// end-of-round reveal without clearing.
#include <gtest/gtest.h>

#include "rules_helpers.h"

namespace allegra::rules_test {
namespace {

std::vector<int> turn_starts(const EventList& ev) {
  std::vector<int> out;
  for (const Event& e : events_of(ev, EventType::kTurnStarted)) out.push_back(e.player);
  return out;
}

// R8: the active player reveals his last face-down card and ends the round; every other player
// has exactly one more turn, clockwise; then the round is scored (the ender plays no more).
TEST(RulesRoundEnd, ActivePlayerEndsTheRoundAndEveryOtherPlayerHasOneMoreTurn) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 1 2 3 4  | 5 6 7 8  | 9 10 11 ?0
    1: ? ? ? 2  | ? ? ? 3  | ? ? ? 4
    draw 6 6 6 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0c3"}, &ev));
  auto ended = events_of(ev, EventType::kRoundEnded);
  ASSERT_EQ(ended.size(), 1u) << events_text(ev);
  EXPECT_EQ(ended[0].player, 0);
  EXPECT_EQ(s.ender(), 0);
  EXPECT_TRUE(s.in_final_round());
  EXPECT_EQ(s.active_player(), 1);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 1a0"}, &ev));
  EXPECT_EQ(s.active_player(), 2);
  EXPECT_EQ(s.round(), 0);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2a0"}, &ev));
  EXPECT_EQ(turn_starts(ev), (std::vector<int>{1, 2})) << events_text(ev);
  EXPECT_EQ(count_events(ev, EventType::kRoundScored), 3);
  EXPECT_EQ(count_events(ev, EventType::kRoundEnded), 1);
  EXPECT_EQ(s.last_round().ender, 0);
  EXPECT_EQ(s.rounds_played(), 1);
  EXPECT_EQ(s.round(), 1);  // the next round has been dealt
  EXPECT_EQ(s.phase(), Phase::kSetupReveal);
}

// R8 (rulebook: "Es kann sein, dass ein Nachbar die eigene letzte Karte aufdeckt"): revealing the
// last face-down card of the left neighbour (in the shared column) ends the round for HIM; the
// active player, who did not end it, has the last of the final turns.
TEST(RulesRoundEnd, RevealingTheNeighboursLastCardMakesHimTheEnder) {
  State s = position_from_diagram(no_knock(3), R"(
    1: 1 2 3 4  | 5 6 7 ?8 | 9 10 11 0
    2: ? ? ? 1  | ? ? ? 2  | ? ? ? 3
    draw 6 6 6 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 1b3"}, &ev));
  auto ended = events_of(ev, EventType::kRoundEnded);
  ASSERT_EQ(ended.size(), 1u) << events_text(ev);
  EXPECT_EQ(ended[0].player, 1);
  EXPECT_EQ(s.ender(), 1);
  EXPECT_GT(s.face_down_count(0), 0);
  // Player 1 (the ender) has no final turn: player 2, then player 0.
  EXPECT_EQ(s.active_player(), 2);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2a0"}, &ev));
  EXPECT_EQ(s.active_player(), 0);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0a0"}, &ev));
  EXPECT_EQ(turn_starts(ev), (std::vector<int>{2, 0})) << events_text(ev);
  EXPECT_EQ(count_events(ev, EventType::kRoundScored), 3);
  EXPECT_EQ(s.last_round().ender, 1);
}

// R8: two displays lose their last face-down card in the same action (the shared cell): the
// active player is among them, so he ends the round (not the owner of the cell). The other one
// is skipped in the final round.
TEST(RulesRoundEnd, TwoDisplaysAtOnceTheActivePlayerEndsIt) {
  State s = position_from_diagram(no_knock(3), R"(
    active 2
    0: 1 2 3 4  | 5 6 7 8   | 9 10 11 ?0
    1: ? ? ? 1  | ? ? ? 2   | ? ? ? 3
    2: 4 5 6 7  | 8 9 10 11 | 1 2 3 -1
    draw 5
  )");
  ASSERT_EQ(s.face_down_count(0), 1);
  ASSERT_EQ(s.face_down_count(2), 1);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0c3"}, &ev));
  EXPECT_EQ(s.face_down_count(0), 0);
  EXPECT_EQ(s.face_down_count(2), 0);
  auto ended = events_of(ev, EventType::kRoundEnded);
  ASSERT_EQ(ended.size(), 1u) << events_text(ev);
  EXPECT_EQ(ended[0].player, 2);
  EXPECT_EQ(s.ender(), 2);
  // Final turns from the active player's left: 0 has no face-down card (skipped), then 1.
  auto skipped = events_of(ev, EventType::kTurnSkipped);
  ASSERT_EQ(skipped.size(), 1u) << events_text(ev);
  EXPECT_EQ(skipped[0].player, 0);
  EXPECT_EQ(s.active_player(), 1);
}

// R8: two displays lose their last face-down card at once in a knock (the knocker's shared
// column 3, also display column 0 of his right neighbour); the active player (1) is not among
// them, so the first of them clockwise from the active player ends the round: player 3, not the
// knocker 0 (nor the lowest seat, 0).
TEST(RulesRoundEnd, TwoDisplaysAtOnceNotTheActiveFirstClockwiseFromHimEndsIt) {
  State s = position_from_diagram(options_for(4), R"(
    active 1
    0: 4 5 6 ?7 | 8 9 10 11  | 0 -1 1 2
    1: ? ? ? 1  | ? ? ? 2    | ? ? ? 3
    3: 1 2 3 4  | 5 6 7 8    | 9 10 11 0
    draw 7 6 6
  )");
  ASSERT_EQ(s.face_down_count(3), 1);
  ASSERT_EQ(s.face_down_count(0), 1);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "pass", "knock", "give 0", "swap 0a3"}, &ev));
  auto ended = events_of(ev, EventType::kRoundEnded);
  ASSERT_EQ(ended.size(), 1u) << events_text(ev);
  EXPECT_EQ(ended[0].player, 3);
  EXPECT_EQ(s.ender(), 3);
  ASSERT_EQ(s.phase(), Phase::kTake);
  ev.clear();
  ASSERT_TRUE(apply_all(s, {"take 0b0", "put 1a0"}, &ev));
  EXPECT_EQ(up_value(s, cell("0b0")), 7);
  // Final turns: 2, then 3 (the ender) and 0 (no face-down card, skipped), then 1 last.
  EXPECT_EQ(s.active_player(), 2);
  ASSERT_TRUE(apply_all(s, {"draw", "pass", "discard", "reveal 2a0"}, &ev));
  auto skipped = events_of(ev, EventType::kTurnSkipped);
  ASSERT_EQ(skipped.size(), 1u) << events_text(ev);
  EXPECT_EQ(skipped[0].player, 0);
  EXPECT_EQ(s.active_player(), 1);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 1a1"}, &ev));
  EXPECT_EQ(turn_starts(ev), (std::vector<int>{2, 1})) << events_text(ev);
  EXPECT_EQ(s.last_round().ender, 3);
}

// R8: a player whose display has no face-down card when his final turn comes is skipped
// (kTurnSkipped), here because the previous player turned up his last card in the shared column.
TEST(RulesRoundEnd, FinalRoundSkipsAPlayerWithoutAFaceDownCard) {
  State s = position_from_diagram(no_knock(3), R"(
    ender 0
    active 1
    0: 1 2 3 4  | 5 6 7 8   | 9 10 11 0
    1: ? ? ? 1  | ? ? ? 2   | ? ? ? 3
    2: 4 5 6 ?7 | 8 9 10 11 | 0 -1 1 2
    draw 5
  )");
  EXPECT_EQ(s.face_down_count(2), 1);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 2a3"}, &ev));
  auto skipped = events_of(ev, EventType::kTurnSkipped);
  ASSERT_EQ(skipped.size(), 1u) << events_text(ev);
  EXPECT_EQ(skipped[0].player, 2);
  EXPECT_TRUE(turn_starts(ev).empty()) << events_text(ev);  // the next round is at setup
  EXPECT_EQ(count_events(ev, EventType::kRoundScored), 3);
  EXPECT_EQ(s.rounds_played(), 1);
}

// R8 (rulebook: "Sollten sich dabei noch Spalten oder Zeilen mit 3 gleichen Zahlen ergeben,
// werden diese nicht mehr abgeräumt"): after the final turns all face-down cards are turned up
// and nothing is cleared, even a completed line; the cards are scored.
TEST(RulesRoundEnd, NothingIsClearedAfterTheEndOfRoundReveal) {
  State s = position_from_diagram(no_knock(3), R"(
    round 2
    ender 0
    ended-during 0
    active 2
    0: 1 2 3 4  | 5 6 7 8 | 9 10 11 0
    1: 7 7 ?7 . | . . . . | . . . .
    2: ? . . .  | . . . . | . . . .
    draw 6
  )");
  ASSERT_TRUE(s.had_final_turn(1));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2a0"}, &ev));
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(count_events(ev, EventType::kCleared), 0) << events_text(ev);
  for (const char* c : {"1a0", "1a1", "1a2"}) EXPECT_EQ(up_value(s, cell(c)), 7) << c;
  // The turned-up card is reported as the end-of-round reveal, by nobody.
  ASSERT_EQ(events_of(ev, EventType::kRevealed).size(), 1u) << events_text(ev);
  auto revealed = events_of(ev, EventType::kFinalRevealed);
  ASSERT_EQ(revealed.size(), 1u) << events_text(ev);
  EXPECT_EQ(
      revealed[0],
      (Event{.type = EventType::kFinalRevealed, .player = -1, .card = 7, .cell = cell("1a2")}));
  // Player 1's display: 21 (the three 7s); player 0: 1..11 + 0 + player 1's column 3 (empty).
  EXPECT_EQ(s.last_round().raw_half[1], 2 * 21);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(s.face_down_count(p), 0);
}

// R8: in the final round the end-of-round reveal happens once the last player has had his turn;
// every face-down card of every grid is turned up.
TEST(RulesRoundEnd, EndOfRoundRevealTurnsUpEveryFaceDownCard) {
  State s = position_from_diagram(no_knock(3), R"(
    round 2
    ender 0
    ended-during 0
    active 2
    0: 1 2 3 4  | 5 6 7 8 | 9 10 11 0
    1: ? ? ? 1  | ? ? ? 2 | ? ? ? 3
    draw 6
  )");
  int face_down = 0;
  for (int c = 0; c < 36; ++c) face_down += is_face_down(s, static_cast<CellId>(c));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2a0"}, &ev));
  int anonymous = 0;
  for (const Event& e : events_of(ev, EventType::kFinalRevealed)) anonymous += e.player == -1;
  EXPECT_EQ(anonymous, face_down - 1);
  for (int c = 0; c < 36; ++c) EXPECT_FALSE(is_face_down(s, static_cast<CellId>(c)));
}

// R8: the check runs after any action: a clear that empties the display ends the round too.
TEST(RulesRoundEnd, ClearingTheLastCardsEndsTheRound) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 5 5 ?9 . | . . . . | . . . .
    1: ? ? ? .  | ? ? ? . | ? ? ? .
    draw 5
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a2"}, &ev));
  EXPECT_EQ(s.card_count(0), 0);
  EXPECT_EQ(s.ender(), 0);
  EXPECT_EQ(count_events(ev, EventType::kRoundEnded), 1);
  EXPECT_EQ(s.active_player(), 1);
}

// R8 with 2 players: the other player has exactly one more turn.
TEST(RulesRoundEnd, TwoPlayersTheOtherPlayerHasOneMoreTurn) {
  State s = position_from_diagram(options_for(2), R"(
    0: 1 2 3 4  | 5 6 7 8  | 9 10 11 ?0
    1: ? ? ? 2  | ? ? ? 3  | ? ? ? 4
    draw 6 6
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0c3"}, &ev));
  EXPECT_EQ(s.ender(), 0);
  EXPECT_EQ(s.active_player(), 1);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 1a0"}, &ev));
  EXPECT_EQ(turn_starts(ev), (std::vector<int>{1}));
  EXPECT_EQ(count_events(ev, EventType::kRoundScored), 2);
  EXPECT_EQ(s.round(), 1);
}

// R8: the active player of the ending turn (a knocker ended it) whose display has no face-down
// card any more when his final turn comes is skipped too.
TEST(RulesRoundEnd, ActivePlayerWithoutFaceDownCardIsSkippedAtTheEnd) {
  State s = position_from_diagram(options_for(3), R"(
    0: ?1 2 3 4 | 5 6 7 8  | 9 10 11 0
    1: ?6 1 2 3 | 4 5 6 7  | 8 9 10 11
    2: ? ? ? 0  | ? ? ? 0  | ? ? ? -1
    draw 3 2
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "give 1", "swap 1a0"}, &ev));
  ASSERT_EQ(s.ender(), 1);
  ASSERT_TRUE(apply_all(s, {"take 1b0", "put 0a0"}, &ev));  // player 0's last face-down card
  EXPECT_EQ(s.face_down_count(0), 0);
  EXPECT_EQ(s.active_player(), 2);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2a0"}, &ev));
  auto skipped = events_of(ev, EventType::kTurnSkipped);
  ASSERT_EQ(skipped.size(), 1u) << events_text(ev);
  EXPECT_EQ(skipped[0].player, 0);
  EXPECT_EQ(turn_starts(ev), (std::vector<int>{2})) << events_text(ev);
  EXPECT_EQ(count_events(ev, EventType::kRoundScored), 3);
}

}  // namespace
}  // namespace allegra::rules_test
