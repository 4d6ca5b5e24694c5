// Rule tests: scoring a round (R9) and the end of the game (R10, R11 rotation between rounds).
#include <gtest/gtest.h>

#include "rules_helpers.h"

namespace allegra::rules_test {
namespace {

// Player 0 has ended the round; player 1 has had his final turn; player 2 plays the last one
// (draw 9, discard, reveal 2b0 = 7). Displays at the end:
//   player 0: 1a3=4 + 0a0=1 + 0a3=2                 = 7
//   player 1: 2a3=6 + 1a3=4 + 1b0=3 (turned up)     = 13
//   player 2: 0a3=2 + 2a0=5 + 2a3=6 + 2b0=7         = 20
State final_turn_position(const RuleOptions& o, const std::string& extra) {
  return position_from_diagram(o, R"(
    ender 0
    ended-during 0
    active 2
    0: 1 . . 2 | .  . . . | . . . .
    1: . . . 4 | ?3 . . . | . . . .
    2: 5 . . 6 | ?7 . . . | . . . .
    draw 9
  )" + extra);
}

const std::initializer_list<std::string_view> kLastTurn = {"draw", "discard", "reveal 2b0"};

// R9: a round score is the sum of the cards in the display; a column-3 card counts for both
// displays it is in. The ender, strictly lowest, keeps his score.
TEST(RulesScoring, DisplaySumCountsSharedColumnCardsForBothNeighbours) {
  State s = final_turn_position(no_knock(3), "round 2\n");
  EventList ev;
  ASSERT_TRUE(apply_all(s, kLastTurn, &ev));
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.ender, 0);
  EXPECT_EQ(r.raw_half[0], 14);
  EXPECT_EQ(r.raw_half[1], 26);
  EXPECT_EQ(r.raw_half[2], 40);
  EXPECT_EQ(r.score_half, r.raw_half);
  EXPECT_FALSE(r.penalised);
  auto scored = events_of(ev, EventType::kRoundScored);
  ASSERT_EQ(scored.size(), 3u);
  const int raw[] = {14, 26, 40};
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(scored[p], (Event{.type = EventType::kRoundScored,
                                .player = static_cast<int8_t>(p),
                                .penalised = false,
                                .display_half = static_cast<int16_t>(raw[p]),
                                .score_half = static_cast<int16_t>(raw[p])}));
    EXPECT_EQ(s.total_half(p), raw[p]);
  }
}

// R9: scores add up over the rounds, in half points.
TEST(RulesScoring, TotalsAccumulateInHalfPoints) {
  State s = final_turn_position(no_knock(3), "totals 10 20 5.5\n");
  ASSERT_TRUE(apply_all(s, kLastTurn));
  EXPECT_EQ(s.total_half(0), 20 + 14);
  EXPECT_EQ(s.total_half(1), 40 + 26);
  EXPECT_EQ(s.total_half(2), 11 + 40);
}

// Player 0 ended the round with 2 (1a3) + 3 (0a0) = 5; player 1 has 2 (1a3) + 6 = 8; player 2
// plays his last turn on the single card 2b0 (a face-down 1).
State penalty_position(int draw) {
  return position_from_diagram(no_knock(3), fmt::format(R"(
    ender 0
    ended-during 0
    active 2
    0: 3 . . . | .  . . . | .  . . .
    1: . . . 2 | .  . . . | ?6 . . .
    2: . . . . | ?1 . . . | .  . . .
    draw {}
  )",
                                                        draw));
}

// R9: strictly lower than everyone else: no penalty.
TEST(RulesScoring, EnderStrictlyLowestIsNotPenalised) {
  State s = penalty_position(9);
  ASSERT_TRUE(apply_all(s, {"draw", "swap 2b0"}));  // player 2: 9
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.raw_half[0], 10);
  EXPECT_EQ(r.raw_half[2], 18);
  EXPECT_EQ(r.score_half[0], 10);
  EXPECT_FALSE(r.penalised);
}

// R9: a tie is not strictly lower: the ender's positive score is doubled.
TEST(RulesScoring, EnderTiedForLowestHasHisPositiveScoreDoubled) {
  State s = penalty_position(5);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "swap 2b0"}, &ev));  // player 2: 5, as much as player 0
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.raw_half[0], 10);
  EXPECT_EQ(r.raw_half[2], 10);
  EXPECT_EQ(r.score_half[0], 20);
  EXPECT_EQ(r.score_half[2], 10);
  EXPECT_EQ(r.score_half[1], 16);
  EXPECT_TRUE(r.penalised);
  auto scored = events_of(ev, EventType::kRoundScored);
  ASSERT_EQ(scored.size(), 3u);
  EXPECT_TRUE(scored[0].penalised);
  EXPECT_EQ(scored[0].display_half, 10);
  EXPECT_EQ(scored[0].score_half, 20);
  EXPECT_FALSE(scored[2].penalised);
  EXPECT_EQ(s.total_half(0), 20);
}

// R9: someone lower: the ender's positive score is doubled.
TEST(RulesScoring, EnderNotLowestHasHisPositiveScoreDoubled) {
  State s = penalty_position(9);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2b0"}));  // player 2: 1
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.raw_half[2], 2);
  EXPECT_EQ(r.score_half[0], 20);
  EXPECT_TRUE(r.penalised);
}

// R9: the ender's negative score, not strictly lowest, is halved, kept exactly: -3 -> -1.5.
TEST(RulesScoring, EnderNegativeNotStrictlyLowestIsHalvedToHalfPoints) {
  State s = position_from_diagram(no_knock(3), R"(
    ender 0
    ended-during 0
    active 2
    0: -1 . . .  | .  .  . . | .   . -1 .
    1: .  . . -1 | .  -1 . . | ?-1 .  . .
    2: .  . . .  | ?1 .  . . | .   .  . .
    draw 9
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2b0"}, &ev));
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.raw_half[0], -6);
  EXPECT_EQ(r.raw_half[1], -6);
  EXPECT_EQ(r.score_half[0], -3);  // -1.5 points
  EXPECT_EQ(r.score_half[1], -6);
  EXPECT_TRUE(r.penalised);
  EXPECT_EQ(s.total_half(0), -3);
  auto scored = events_of(ev, EventType::kRoundScored);
  ASSERT_EQ(scored.size(), 3u);
  EXPECT_EQ(scored[0].score_half, -3);
  EXPECT_TRUE(scored[0].penalised);
}

// R9: a negative score strictly lower than everyone else's is kept.
TEST(RulesScoring, EnderNegativeStrictlyLowestIsKept) {
  State s = position_from_diagram(no_knock(3), R"(
    ender 0
    ended-during 0
    active 2
    0: -1 . . .  | .  . . . | .  . -1 .
    1: .  . . -1 | .  0 . . | ?5 .  . .
    2: .  . . .  | ?1 . . . | .  .  . .
    draw 9
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2b0"}));
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.raw_half[0], -6);
  EXPECT_EQ(r.raw_half[1], 8);
  EXPECT_EQ(r.score_half[0], -6);
  EXPECT_FALSE(r.penalised);
}

// R9: a score of 0 is neither doubled nor halved.
TEST(RulesScoring, EnderZeroScoreStaysZero) {
  State s = position_from_diagram(no_knock(3), R"(
    ender 0
    ended-during 0
    active 2
    0: 0 . . . | .  . . . | .  . . .
    1: . . . 0 | .  . . . | ?6 . . .
    2: . . . . | ?1 . . . | .  . . .
    draw 9
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2b0"}));  // player 2: 1
  EXPECT_EQ(s.last_round().raw_half[0], 0);
  EXPECT_EQ(s.last_round().score_half[0], 0);
}

// R9: an empty display scores -10; the ender who empties his display and is strictly lowest
// keeps -10.
TEST(RulesScoring, EmptyDisplayScoresMinusTen) {
  State s = position_from_diagram(no_knock(3), R"(
    0: 5 5 ?9 . | . . . . | . . . .
    1: ? ? ? .  | ? ? ? . | ? ? ? .
    draw 5 6 6
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 0a2"}));
  ASSERT_EQ(s.card_count(0), 0);
  ASSERT_EQ(s.ender(), 0);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 1a0"}));
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2a0"}));
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.ender, 0);
  EXPECT_EQ(r.raw_half[0], -20);
  EXPECT_EQ(r.score_half[0], -20);
  EXPECT_FALSE(r.penalised);
  EXPECT_EQ(s.total_half(0), -20);
}

// R9: the -10 counts in the comparison and is halved too: the ender's empty display ties with
// another empty display, so he scores -5.
TEST(RulesScoring, EnderEmptyDisplayTiedWithAnotherIsHalvedToMinusFive) {
  State s = position_from_diagram(no_knock(3), R"(
    ender 1
    active 2
    0: ? ? ? .  | ? ? ? . | ? ? ? .
    1: . . . .  | . . . . | . . . .
    2: 5 5 ?9 . | . . . . | . . . .
    draw 5 6
  )");
  ASSERT_EQ(s.card_count(1), 0);
  ASSERT_TRUE(apply_all(s, {"draw", "swap 2a2"}));  // player 2 clears his last three cards
  ASSERT_EQ(s.card_count(2), 0);
  ASSERT_EQ(s.active_player(), 0);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 0a0"}, &ev));
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.ender, 1);
  EXPECT_EQ(r.raw_half[1], -20);
  EXPECT_EQ(r.raw_half[2], -20);
  EXPECT_EQ(r.score_half[1], -10);  // -5 points
  EXPECT_EQ(r.score_half[2], -20);
  EXPECT_TRUE(r.penalised);
  EXPECT_EQ(r.empty_display, 0b110);  // the round's result says whose display was empty
  auto scored = events_of(ev, EventType::kRoundScored);
  ASSERT_EQ(scored.size(), 3u);
  EXPECT_EQ(scored[1], (Event{.type = EventType::kRoundScored,
                              .player = 1,
                              .penalised = true,
                              .empty_display = true,
                              .display_half = -20,
                              .score_half = -10}));
  EXPECT_TRUE(scored[2].empty_display);
  EXPECT_FALSE(scored[0].empty_display);
}

// R9: another player's -10 (empty display) is lower than the ender's positive score: doubled.
TEST(RulesScoring, AnotherPlayersEmptyDisplayBeatsTheEnder) {
  State s = position_from_diagram(no_knock(3), R"(
    ender 0
    ended-during 0
    active 2
    0: 3 . . .  | . . . . | .  . . .
    1: . . . 2  | . . . . | ?6 . . .
    2: 5 5 ?9 . | . . . . | .  . . .
    draw 5
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "swap 2a2"}));
  const RoundResult& r = s.last_round();
  EXPECT_EQ(r.raw_half[2], -20);
  EXPECT_EQ(r.raw_half[0], 10);
  EXPECT_EQ(r.score_half[0], 20);
  EXPECT_TRUE(r.penalised);
}

// R10: 3 rounds by default: the game ends after round index 2, not before.
TEST(RulesGame, ThreeRoundsByDefault) {
  EXPECT_EQ(RuleOptions{}.rounds, 3);
  State mid = final_turn_position(no_knock(3), "round 1\n");
  ASSERT_TRUE(apply_all(mid, kLastTurn));
  EXPECT_FALSE(mid.is_terminal());
  EXPECT_EQ(mid.rounds_played(), 2);
  EXPECT_EQ(mid.round(), 2);
  EXPECT_EQ(mid.phase(), Phase::kSetupReveal);

  State last = final_turn_position(no_knock(3), "round 2\n");
  EventList ev;
  ASSERT_TRUE(apply_all(last, kLastTurn, &ev));
  EXPECT_TRUE(last.is_terminal());
  EXPECT_EQ(last.phase(), Phase::kGameOver);
  EXPECT_EQ(last.rounds_played(), 3);
  ASSERT_FALSE(ev.empty());
  EXPECT_EQ(ev.back(), (Event{.type = EventType::kGameOver, .winners = 0b001}));
  EXPECT_EQ(last.winners(), 0b001);
}

// R10: the number of rounds is an option.
TEST(RulesGame, RoundsOption) {
  RuleOptions o = no_knock(3);
  o.rounds = 1;
  State s = final_turn_position(o, "");
  ASSERT_TRUE(apply_all(s, kLastTurn));
  EXPECT_TRUE(s.is_terminal());
  o.rounds = 5;
  State t = final_turn_position(o, "round 3\n");
  ASSERT_TRUE(apply_all(t, kLastTurn));
  EXPECT_FALSE(t.is_terminal());
  EXPECT_EQ(t.round(), 4);
}

// R10 point_limit: the game ends after the round in which someone reaches or passes it, even
// before the last round; the lowest total wins.
TEST(RulesGame, PointLimitEndsTheGameAfterTheRoundReachingIt) {
  RuleOptions o = no_knock(3);
  o.point_limit = 50;
  State passed = final_turn_position(o, "totals 45 0 0\n");  // 45 + 7 = 52
  ASSERT_TRUE(apply_all(passed, kLastTurn));
  EXPECT_TRUE(passed.is_terminal());
  EXPECT_EQ(passed.rounds_played(), 1);
  EXPECT_EQ(passed.winners(), 0b010);  // 52, 13, 20

  State reached = final_turn_position(o, "totals 43 0 0\n");  // exactly 50
  ASSERT_TRUE(apply_all(reached, kLastTurn));
  EXPECT_TRUE(reached.is_terminal());

  State below = final_turn_position(o, "totals 42.5 0 0\n");  // 49.5
  ASSERT_TRUE(apply_all(below, kLastTurn));
  EXPECT_FALSE(below.is_terminal());
  EXPECT_EQ(below.round(), 1);
}

// R10: with both a round limit and a point limit, whichever comes first ends the game; with a
// point limit only (rounds 0) the game goes on until it is reached.
TEST(RulesGame, PointLimitAndRoundsWhicheverFirst) {
  RuleOptions both = no_knock(3);
  both.point_limit = 100;
  State rounds_first = final_turn_position(both, "round 2\n");
  ASSERT_TRUE(apply_all(rounds_first, kLastTurn));
  EXPECT_TRUE(rounds_first.is_terminal());

  RuleOptions limit_only = no_knock(3);
  limit_only.rounds = 0;
  limit_only.point_limit = 30;
  State goes_on = final_turn_position(limit_only, "round 7\n");
  ASSERT_TRUE(apply_all(goes_on, kLastTurn));
  EXPECT_FALSE(goes_on.is_terminal());
  EXPECT_EQ(goes_on.round(), 8);
  State ends = final_turn_position(limit_only, "round 7\ntotals 0 0 10\n");  // 10 + 20
  ASSERT_TRUE(apply_all(ends, kLastTurn));
  EXPECT_TRUE(ends.is_terminal());
  EXPECT_EQ(ends.winners(), 0b001);
}

// R10: the lowest total wins; a tie shares the win.
TEST(RulesGame, TiedLowestTotalsShareTheWin) {
  State all = final_turn_position(no_knock(3), "round 2\ntotals 6 0 -7\n");  // 13, 13, 13
  EventList ev;
  ASSERT_TRUE(apply_all(all, kLastTurn, &ev));
  EXPECT_EQ(all.winners(), 0b111);
  EXPECT_EQ(ev.back().winners, 0b111);

  State two = final_turn_position(no_knock(3), "round 2\ntotals 6 0 0\n");  // 13, 13, 20
  ASSERT_TRUE(apply_all(two, kLastTurn));
  EXPECT_EQ(two.winners(), 0b011);
}

// Once the game is over nothing is legal.
TEST(RulesGame, NoActionIsLegalAfterTheGameIsOver) {
  State s = final_turn_position(no_knock(3), "round 2\n");
  ASSERT_TRUE(apply_all(s, kLastTurn));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.current_player(), kNoPlayer);
  EXPECT_TRUE(s.legal_actions().empty());
  for (const char* a : {"draw", "draw-discard", "reveal 0a0", "pass"})
    EXPECT_TRUE(rejected(s, a)) << a;
}

// R11: the first player deals the next round: its first player is his left neighbour. The new
// round starts with a fresh deal and the setup reveals.
TEST(RulesGame, NextRoundStartsWithTheLeftNeighbourOfTheFirstPlayer) {
  State s = final_turn_position(no_knock(3), "first 1\n");
  ASSERT_EQ(s.first_player(), 1);
  EventList ev;
  ASSERT_TRUE(apply_all(s, kLastTurn, &ev));
  auto started = events_of(ev, EventType::kRoundStarted);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_EQ(started[0].player, 2);
  EXPECT_EQ(started[0].round, 1);
  EXPECT_EQ(s.round(), 1);
  EXPECT_EQ(s.first_player(), 2);
  EXPECT_EQ(s.dealer(), 1);
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_EQ(s.phase(), Phase::kSetupReveal);
  EXPECT_FALSE(s.in_final_round());
  for (int c = 0; c < 36; ++c) EXPECT_TRUE(is_face_down(s, static_cast<CellId>(c)));
  EXPECT_EQ(s.discard_pile_size(), 1);
  EXPECT_EQ(cards_in_play(s), no_knock(3).effective_deck());
  // The setup reveals go clockwise from the new first player: 2, 0, 1.
  std::vector<int> order;
  ActionList legal;
  while (s.phase() == Phase::kSetupReveal) {
    order.push_back(s.current_player());
    s.legal_actions(legal);
    s.apply(legal[0]);
  }
  EXPECT_EQ(order, (std::vector<int>{2, 2, 0, 0, 1, 1}));
  EXPECT_EQ(s.phase(), Phase::kChooseDraw);
  EXPECT_EQ(s.active_player(), 2);
}

}  // namespace
}  // namespace allegra::rules_test
