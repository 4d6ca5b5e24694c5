// Tests of the MCTS rollout policy's versions (src/bots/mcts_rollout.h): the round-end rule
// (v2), the useful reveals (v3) and the knocks (v4) on hand-built positions, legality of every
// version over many rounds at 2-6 players, and that no version looks at a hidden card.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "bots/mcts_rollout.h"
#include "engine/diagram.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra {
namespace {

constexpr auto& kVersions = kRolloutPolicies;

RuleOptions without_knocking(int players) {
  RuleOptions o;
  o.players = players;
  o.knocking = false;
  return o;
}

// The policy's action for the player to move, with the mean of the unseen cards as the
// search would pass it.
Action policy(const State& s, RolloutPolicy version, uint64_t seed = 1) {
  Rng rng(seed);
  ActionList scratch;
  return mcts::policy_action(s, rng, mcts::unseen_mean(s), scratch, version);
}

// Two players with the same grids: each display holds 14 face-up cards worth 71 and one
// face-down card (row c, column 2), so their expected scores are equal. Player 0 draws an 11
// from the pile: it fits nowhere (every gain is negative), so discarding is natural, and it
// must turn up his last face-down card, which ends the round.
constexpr const char* kEqualDisplays = R"(
draw 11
0: 1 2 3 4 | 5 6 7 8 | 2 3 ? 9
1: 1 2 3 4 | 5 6 7 8 | 2 3 ? 9
)";

// The same, but player 1's row a holds a 3 instead of the 2 at its column 1 (not a shared
// cell): his display is worth one point more, so player 0 is lowest alone.
constexpr const char* kZeroIsLowest = R"(
draw 11
0: 1 2 3 4 | 5 6 7 8 | 2 3 ? 9
1: 1 3 3 4 | 5 6 7 8 | 2 3 ? 9
)";

State drawn(const char* diagram, int players = 2) {
  State s = position_from_diagram(without_knocking(players), diagram);
  s.apply(Action::draw_pile());
  EXPECT_EQ(s.phase(), Phase::kHoldDrawn);
  EXPECT_EQ(s.held_card(), 11);
  return s;
}

TEST(RolloutPolicy, ExpectedDisplayScores) {
  const State s = drawn(kEqualDisplays);
  const float mean = mcts::unseen_mean(s);
  EXPECT_FLOAT_EQ(mcts::expected_display_score(s, 0, mean), 71.0f + mean);
  EXPECT_EQ(mcts::expected_display_score(s, 0, mean), mcts::expected_display_score(s, 1, mean));
  const State t = drawn(kZeroIsLowest);
  const float t_mean = mcts::unseen_mean(t);
  EXPECT_FLOAT_EQ(mcts::expected_display_score(t, 0, t_mean), 71.0f + t_mean);
  EXPECT_FLOAT_EQ(mcts::expected_display_score(t, 1, t_mean), 72.0f + t_mean);
}

// v1 discards the 11 and so ends the round tied, which R9 penalises; v2 keeps the round going
// with a swap into a face-up cell, and the round does not end this turn.
TEST(RolloutPolicy, DoesNotEndTheRoundWhenNotLowestAlone) {
  const State s = drawn(kEqualDisplays);
  EXPECT_EQ(policy(s, RolloutPolicy::kV1).type, ActionType::kDiscard);
  for (RolloutPolicy v : {RolloutPolicy::kV2, RolloutPolicy::kV3, RolloutPolicy::kV4}) {
    State t = s;
    const Action a = policy(t, v);
    ASSERT_EQ(a.type, ActionType::kSwap) << rollout_policy_name(v);
    EXPECT_EQ(t.cell_state(a.arg), CellState::kFaceUp);
    t.apply(a);
    EXPECT_EQ(t.ender(), kNoPlayer);
    EXPECT_EQ(t.current_player(), 1);
  }
}

// Lowest alone, v2-v4 end the round as v1 does: they discard and turn up the last card.
TEST(RolloutPolicy, EndsTheRoundWhenLowestAlone) {
  for (RolloutPolicy v :
       {RolloutPolicy::kV1, RolloutPolicy::kV2, RolloutPolicy::kV3, RolloutPolicy::kV4}) {
    State s = drawn(kZeroIsLowest);
    ASSERT_EQ(policy(s, v).type, ActionType::kDiscard) << rollout_policy_name(v);
    s.apply(Action::discard());
    ASSERT_EQ(s.phase(), Phase::kRevealAfterDiscard);
    s.apply(policy(s, v));
    EXPECT_EQ(s.ender(), 0) << rollout_policy_name(v);
  }
}

// v5 ends the round only when lowest by more than its margin (4.5 points): lowest by 1
// (kZeroIsLowest) it swaps into a face-up cell instead; lowest by 5 it ends the round.
TEST(RolloutPolicy, EndsTheRoundOnlyWithAMargin) {
  State s = drawn(kZeroIsLowest);
  const Action a = policy(s, RolloutPolicy::kV5);
  ASSERT_EQ(a.type, ActionType::kSwap);
  EXPECT_EQ(s.cell_state(a.arg), CellState::kFaceUp);
  State t = drawn(R"(
draw 11
0: 1 2 3 4 | 5 6 7 8 | 2 3 ? 9
1: 1 7 3 4 | 5 6 7 8 | 2 3 ? 9
)");
  ASSERT_EQ(policy(t, RolloutPolicy::kV5).type, ActionType::kDiscard);
  t.apply(Action::discard());
  t.apply(policy(t, RolloutPolicy::kV5));
  EXPECT_EQ(t.ender(), 0);
}

// A card good enough for the last face-down cell still goes there when that leaves the
// player lowest alone: equal displays of low cards, and a -1 into player 0's face-down cell
// (its best cell: every face-up card is below the unseen mean) makes him lower than player 1,
// whose display shares only player 0's column 3 (not this cell).
TEST(RolloutPolicy, FillsTheLastCellWhenThatMakesItLowest) {
  State s = position_from_diagram(without_knocking(2), R"(
draw -1
0: 1 2 3 4 | 0 1 2 3 | 4 0 ? 1
1: 1 2 3 4 | 0 1 2 3 | 4 0 ? 1
)");
  s.apply(Action::draw_pile());
  ASSERT_EQ(s.held_card(), -1);
  for (RolloutPolicy v : kVersions) {
    const Action a = policy(s, v);
    EXPECT_EQ(a, Action::swap(make_cell(0, 2, 2))) << rollout_policy_name(v);
  }
}

// Four players: player 0's display (his grid and player 1's column 3) is worth far more than
// the others' face-down ones, so he must not turn up his last card even with three others.
TEST(RolloutPolicy, FourPlayersNotLowest) {
  State s = drawn(R"(
draw 11
0: 9 10 8 9 | 10 8 9 10 | 8 9 ? 8
1: ? ? ? 10 | ? ? ? 9 | ? ? ? 10
)",
                  4);
  EXPECT_EQ(policy(s, RolloutPolicy::kV1).type, ActionType::kDiscard);
  const Action a = policy(s, RolloutPolicy::kV2);
  ASSERT_EQ(a.type, ActionType::kSwap);
  EXPECT_EQ(s.cell_state(a.arg), CellState::kFaceUp);
}

// v3 turns up the cell that completes a line if the unknown card matches (8 8 ?), and
// otherwise prefers a cell next to a card worth pairing in the player's own columns 0-2.
TEST(RolloutPolicy, UsefulReveals) {
  State s = position_from_diagram(without_knocking(2), R"(
draw 11
0: 1 8 8 ? | ? ? ? ? | ? ? ? ?
1: ? ? ? 1 | ? ? ? 0 | ? ? ? -1
)");
  s.apply(Action::draw_pile());
  s.apply(Action::discard());
  ASSERT_EQ(s.phase(), Phase::kRevealAfterDiscard);
  for (uint64_t seed = 1; seed <= 20; ++seed)
    EXPECT_EQ(policy(s, RolloutPolicy::kV3, seed), Action::reveal(make_cell(0, 0, 3)));

  State t = position_from_diagram(without_knocking(2), R"(
draw 11
0: ? 6 ? ? | ? ? ? ? | ? ? ? ?
1: ? ? ? 1 | ? ? ? 0 | ? ? ? -1
)");
  t.apply(Action::draw_pile());
  t.apply(Action::discard());
  // Next to the 6 (0a1): 0a0 and 0a2 in its row, 0b1 and 0c1 in its column; 0a0's left
  // neighbour is player 1's 1, no pair.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const Action a = policy(t, RolloutPolicy::kV3, seed);
    ASSERT_EQ(a.type, ActionType::kReveal);
    EXPECT_TRUE(a.arg == make_cell(0, 0, 0) || a.arg == make_cell(0, 0, 2) ||
                a.arg == make_cell(0, 1, 1) || a.arg == make_cell(0, 2, 1))
        << static_cast<int>(a.arg);
  }
}

// v4 knocks for a card that completes a line (gain >= 6); the older versions never knock.
TEST(RolloutPolicy, KnocksForALine) {
  State s = position_from_diagram(RuleOptions{}, R"(
draw 9
1: 9 9 ? ? | ? ? ? ? | ? ? ? ?
)");
  s.apply(Action::draw_pile());
  ASSERT_EQ(s.phase(), Phase::kKnockWindow);
  ASSERT_EQ(s.current_player(), 1);
  EXPECT_EQ(policy(s, RolloutPolicy::kV4), Action::knock());
  EXPECT_EQ(policy(s, RolloutPolicy::kV2), Action::pass());
  s.apply(Action::pass());
  ASSERT_EQ(s.current_player(), 2);  // player 2 has no use for a 9
  EXPECT_EQ(policy(s, RolloutPolicy::kV4), Action::pass());
}

// v4 gives an 11 (no use to player 0) to the knocker whose display has a -1 to take, and then
// takes that -1; the older versions refuse every knock.
TEST(RolloutPolicy, GivesAndTakesWhenTheTakeIsWorthIt) {
  State s = position_from_diagram(RuleOptions{}, R"(
draw 11
1: -1 ? ? ? | 10 ? ? ? | ? ? ? ?
)");
  s.apply(Action::draw_pile());
  ASSERT_EQ(s.current_player(), 1);
  s.apply(Action::knock());
  while (s.phase() == Phase::kKnockWindow) s.apply(Action::pass());
  ASSERT_EQ(s.phase(), Phase::kChooseKnocker);
  EXPECT_EQ(policy(s, RolloutPolicy::kV2), Action::refuse());
  ASSERT_EQ(policy(s, RolloutPolicy::kV4), Action::give(1));
  s.apply(Action::give(1));
  ASSERT_EQ(s.phase(), Phase::kKnockerSwap);
  // The knocker puts the 11 in place of his 10 (his least bad cell).
  ASSERT_EQ(policy(s, RolloutPolicy::kV4), Action::swap(make_cell(1, 1, 0)));
  s.apply(Action::swap(make_cell(1, 1, 0)));
  ASSERT_EQ(s.phase(), Phase::kTake);
  EXPECT_EQ(policy(s, RolloutPolicy::kV4), Action::take(make_cell(1, 0, 0)));
}

// Every version plays only legal actions through whole rounds at 2-6 players, with and
// without knocking, optional clearing and discarding a discard-pile card, and every rollout
// ends its round.
TEST(RolloutPolicy, EveryVersionPlaysLegalRounds) {
#ifdef NDEBUG
  constexpr int kRoundsEach = 100;
#else
  constexpr int kRoundsEach = 20;
#endif
  constexpr int kPatience = 3000;
  for (RolloutPolicy v : kVersions) {
    Rng rng(11);
    ActionList scratch;
    long long actions = 0;
    int stalled = 0;
    for (int players = 2; players <= 6; ++players) {
      for (int k = 0; k < kRoundsEach; ++k) {
        RuleOptions o;
        o.players = players;
        o.rounds = 2;
        o.knocking = k % 2 == 0;
        o.optional_clearing = k % 3 == 0;
        o.discard_draw_may_discard = k % 5 == 0;
        State s(o, 1000 * players + k);
        // Policy actions one at a time (each checked), then a whole rollout of the second
        // round through rollout_round() (apply() throws on an illegal action). Careful players
        // can wait for each other; rollout_round() hurries after a while, here the round is
        // left to it after kPatience actions (counted: it must be rare).
        int in_round = 0;
        while (s.rounds_played() == 0 && ++in_round < kPatience) {
          const Action a = mcts::policy_action(s, rng, mcts::unseen_mean(s), scratch, v);
          ASSERT_TRUE(s.is_legal(a)) << rollout_policy_name(v) << " " << to_text(a) << " in "
                                     << phase_name(s.phase()) << "\n"
                                     << diagram_of(s);
          s.apply(a);
          ++actions;
        }
        if (s.rounds_played() == 0) {
          ++stalled;
          mcts::rollout_round(s, rng, mcts::unseen_mean(s), v);
        }
        ASSERT_TRUE(s.is_chance_node());
        s.deal();
        actions += mcts::rollout_round(s, rng, mcts::unseen_mean(s), v);
        EXPECT_TRUE(s.is_terminal());
      }
    }
    EXPECT_GT(actions, 5 * kRoundsEach * 40) << rollout_policy_name(v);
    EXPECT_LE(stalled, kRoundsEach / 20) << rollout_policy_name(v);
  }
}

// The policy decides from the public part of a sample only: two samples of the same view give
// the same action from the same random stream (phases where a knock's hidden card is in hand
// are left out: there the sample's card is the player's own knowledge in the rollout).
TEST(RolloutPolicy, BlindToHiddenCards) {
  for (RolloutPolicy v : kVersions) {
    int checked = 0;
    for (uint64_t game = 1; game <= 30; ++game) {
      RuleOptions o;
      o.players = 2 + static_cast<int>(game % 5);
      o.rounds = 1;
      State s(o, game);
      Rng play(game);
      ActionList scratch;
      for (int step = 0; step < 3000 && !s.is_terminal() && !s.is_chance_node(); ++step) {
        if (s.phase() != Phase::kPut) {
          const PublicView view = s.public_view();
          Rng r1(game * 7), r2(game * 13);
          const State a = State::sample(view, r1);
          const State b = State::sample(view, r2);
          const float mean = mcts::unseen_mean(view.masked());
          Rng p1(99), p2(99);
          ActionList s1, s2;
          ASSERT_EQ(mcts::policy_action(a, p1, mean, s1, v),
                    mcts::policy_action(b, p2, mean, s2, v))
              << rollout_policy_name(v) << " game " << game << "\n"
              << diagram_of(a) << "\n"
              << diagram_of(b);
          ++checked;
        }
        s.apply(mcts::policy_action(s, play, mcts::unseen_mean(s), scratch, v));
      }
    }
    EXPECT_GT(checked, 1000) << rollout_policy_name(v);
  }
}

TEST(RolloutPolicy, Names) {
  for (RolloutPolicy v : kVersions) EXPECT_EQ(rollout_policy_from_name(rollout_policy_name(v)), v);
  EXPECT_EQ(rollout_policy_name(RolloutPolicy::kV2), "v2");
  EXPECT_FALSE(rollout_policy_from_name("v0").has_value());
  EXPECT_FALSE(rollout_policy_from_name("V2").has_value());
  EXPECT_FALSE(rollout_policy_from_name("").has_value());
}

}  // namespace
}  // namespace allegra
