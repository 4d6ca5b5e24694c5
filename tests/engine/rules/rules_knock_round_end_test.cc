// Rule tests: who ends the round when a knock takes a last face-down card (ruling R8a, with R7
// and R8). The hole the take leaves is neither turned over nor cleared, so the displays it lies
// in are complete only once the knocker has put his hand card into it (R7 step 3); the active
// player, whose put (step 2) comes first, ends the round if his own display is complete then.
#include <gtest/gtest.h>

#include "rules_helpers.h"

namespace allegra::rules_test {
namespace {

// The index of the first event of `type` in `events`, or -1.
int index_of(const EventList& events, EventType type, int player) {
  for (size_t i = 0; i < events.size(); ++i)
    if (events[i].type == type && events[i].player == player) return static_cast<int>(i);
  return -1;
}

// R8a.1, R8a.3: the active player takes the knocker's last face-down card. The knocker's
// display is not complete while the hole waits; he ends the round at his put-back.
TEST(RulesKnockRoundEnd, KnockersOwnLastCardTakenEndsAtThePutBack) {
  State s = position_from_diagram(options_for(3), R"(
    1: ?5 1 2 3 | 4 5 6 7  | 8 9 10 11
    2: ? ? ? 0  | ? ? ? 0  | ? ? ? -1
    draw 3
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "give 1", "swap 1c3"}));
  ASSERT_EQ(s.face_down_count(1), 1);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"take 1a0"}, &ev));
  EXPECT_EQ(s.face_down_count(1), 0);  // the hole: not face down, not complete either
  EXPECT_EQ(s.ender(), kNoPlayer) << events_text(ev);
  EXPECT_EQ(count_events(ev, EventType::kRoundEnded), 0);
  ASSERT_TRUE(apply_all(s, {"put 0a0"}, &ev));
  EXPECT_EQ(s.ender(), 1);
  // Named after the knocker's put-back into the hole, not before.
  const int put_back = index_of(ev, EventType::kPutBack, 1);
  const int ended = index_of(ev, EventType::kRoundEnded, 1);
  ASSERT_GE(put_back, 0) << events_text(ev);
  EXPECT_GT(ended, put_back) << events_text(ev);
  EXPECT_EQ(up_value(s, cell("1a0")), 11);  // the hand card, face up
  EXPECT_EQ(s.active_player(), 2);          // final turns: 2, then 0 last
}

// R8a.1, R8a.3: the take empties the neighbour's last face-down cell (the knocker's display
// column 0 is his left neighbour's column 3). That neighbour ends the round only at the
// put-back.
TEST(RulesKnockRoundEnd, NeighboursSharedColumnCardTakenEndsAtThePutBack) {
  State s = position_from_diagram(options_for(3), R"(
    0: ? ? ? 4  | ? ? ? 4  | ? ? ? 5
    2: 1 2 3 ?6 | 4 5 6 7  | 8 9 10 11
    draw 3
  )");
  ASSERT_EQ(s.face_down_count(2), 1);
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "give 1", "swap 1a0"}));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"take 2a3"}, &ev));
  EXPECT_EQ(s.face_down_count(2), 0);
  EXPECT_EQ(s.ender(), kNoPlayer) << events_text(ev);
  ASSERT_TRUE(apply_all(s, {"put 0a0"}, &ev));
  EXPECT_EQ(s.ender(), 2) << events_text(ev);
  EXPECT_TRUE(is_face_up(s, cell("2a3")));
  EXPECT_GT(index_of(ev, EventType::kRoundEnded, 2), index_of(ev, EventType::kPutBack, 1));
}

// R8a.2: the take empties the knocker's last face-down cell and the active player's put
// replaces his own last face-down card. The put comes first: the active player ends the round,
// although the knocker's display is complete too after the put-back.
TEST(RulesKnockRoundEnd, ActivePlayerAndKnockerCompleteTheActivePlayerEnds) {
  State s = position_from_diagram(options_for(3), R"(
    0: ?1 2 3 4 | 5 6 7 8  | 9 10 11 0
    1: ?6 1 2 3 | 4 5 6 7  | 8 9 10 11
    2: ? ? ? 0  | ? ? ? 0  | ? ? ? -1
    draw 3
  )");
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "give 1", "swap 1c3", "take 1a0"}));
  EXPECT_EQ(s.ender(), kNoPlayer);
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"put 0a0"}, &ev));
  auto ended = events_of(ev, EventType::kRoundEnded);
  ASSERT_EQ(ended.size(), 1u) << events_text(ev);
  EXPECT_EQ(ended[0].player, 0);
  EXPECT_EQ(s.face_down_count(1), 0);  // the knocker is complete as well, but second
  // The active player ended the round himself: his turn was his last. Player 1 has no
  // face-down card (skipped), so player 2 has the only final turn.
  EXPECT_EQ(s.active_player(), 2);
  ASSERT_TRUE(apply_all(s, {"draw", "discard", "reveal 2a0"}, &ev));
  EXPECT_EQ(count_events(ev, EventType::kRoundScored), 3) << events_text(ev);
  EXPECT_EQ(s.last_round().ender, 0);
}

// R8a.3: only the knocker completes of the two, and the active player's put completes a display
// further clockwise (his column 3 lies in his right neighbour's display). After the put-back
// the first complete display clockwise from the active player ends the round: the knocker's.
TEST(RulesKnockRoundEnd, OnlyTheKnockerCompletesHeEndsBeforeLaterSeats) {
  State s = position_from_diagram(options_for(4), R"(
    0: ? ? ? ?2  | ? ? ? 5  | ? ? ? 6
    1: ?6 1 2 3  | 4 5 6 7  | 8 9 10 11
    2: ? ? ? 0   | ? ? ? 0  | ? ? ? -1
    3: 1 2 3 4   | 5 6 7 8  | 9 10 11 0
    draw 3
  )");
  ASSERT_EQ(s.face_down_count(3), 1);  // 0a3, in player 3's display column 0
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "pass", "give 1", "swap 1c3", "take 1a0"}));
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"put 0a3"}, &ev));
  EXPECT_EQ(s.face_down_count(3), 0);
  EXPECT_EQ(s.face_down_count(1), 0);
  EXPECT_GT(s.face_down_count(0), 0);
  auto ended = events_of(ev, EventType::kRoundEnded);
  ASSERT_EQ(ended.size(), 1u) << events_text(ev);
  EXPECT_EQ(ended[0].player, 1);
}

// R8a.4 (unchanged): the knocker's swap and clear in step 1 complete his display: he ends the
// round at once, before the take, and stays the ender when the active player's put then
// completes the active player's display too.
TEST(RulesKnockRoundEnd, KnockersStepOneCompletionEndsAtOnce) {
  State s = position_from_diagram(options_for(3), R"(
    0: ?1 2 3 4 | 5 6 7 8  | 9 10 11 0
    1: ?6 3 3 4 | 4 5 6 7  | 8 9 10 11
    2: ? ? ? 0  | ? ? ? 0  | ? ? ? -1
    draw 3
  )");
  EventList ev;
  ASSERT_TRUE(apply_all(s, {"draw", "knock", "pass", "give 1", "swap 1a0"}, &ev));
  auto cleared = events_of(ev, EventType::kCleared);
  ASSERT_EQ(cleared.size(), 1u) << events_text(ev);
  EXPECT_EQ(cleared[0].cells, cells3("1a0", "1a1", "1a2"));
  EXPECT_EQ(s.phase(), Phase::kTake);
  EXPECT_EQ(s.ender(), 1);
  ASSERT_TRUE(apply_all(s, {"take 1b0", "put 0a0"}, &ev));
  EXPECT_EQ(s.face_down_count(0), 0);
  EXPECT_EQ(count_events(ev, EventType::kRoundEnded), 1) << events_text(ev);
  EXPECT_EQ(s.ender(), 1);
}

// Regression (R8a), from a real game: seed 7 of `allegra selfplay --players 3` (default
// options). In round 1, turn 58, player 0 takes knocker 2's last face-down card (2c1) and puts
// it into his own last face-down cell (0c0): player 0 ends the round, not player 2.
TEST(RulesKnockRoundEnd, SelfplaySeed7Round1) {
  constexpr uint64_t kSeed = 7;
  State s(options_for(3), kSeed);
  // The random player of selfplay (cli/random_player.cc): its own Rng from the game seed.
  Rng policy(kSeed ^ 0x5DEECE66DA11E6A0ULL);
  ActionList legal;
  bool seen = false;
  while (s.rounds_played() == 0) {
    s.legal_actions(legal);
    const Action a = legal[policy.below(static_cast<uint32_t>(legal.size()))];
    if (s.phase() == Phase::kTake && s.active_player() == 0 && s.knocker() == 2 &&
        a == act(s, "take 2c1")) {
      seen = true;
      ASSERT_EQ(s.face_down_count(2), 1);
      ASSERT_EQ(s.ender(), kNoPlayer);
      s.apply(a);
      EXPECT_EQ(s.ender(), kNoPlayer);  // the old engine named player 2 here
      s.legal_actions(legal);
      const Action put = legal[policy.below(static_cast<uint32_t>(legal.size()))];
      EXPECT_EQ(put, act(s, "put 0c0"));
      s.apply(put);
      EXPECT_EQ(s.ender(), 0);
      continue;
    }
    s.apply(a);
  }
  EXPECT_TRUE(seen);
  EXPECT_EQ(s.last_round().ender, 0);
  EXPECT_TRUE(s.last_round().penalised);
  EXPECT_EQ(s.last_round().raw_half[0], 186);  // 93 points, doubled
  EXPECT_EQ(s.last_round().score_half[0], 372);
}

}  // namespace
}  // namespace allegra::rules_test
