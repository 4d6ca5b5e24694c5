// The shared game loop: knock answers asked at once, decisions numbered, the round cap.
#include "table/game_loop.h"

#include <gtest/gtest.h>

#include "engine/rng.h"

namespace allegra::table {
namespace {

// The game loop asks every knock answer in the rulebook's order; no view shows another's.
TEST(GameLoopTest, KnockAnswersSeeNoOtherAnswer) {
  State s(RuleOptions{}, 8);
  Rng rng(3);
  int answers = 0;
  auto decide = [&](const DecisionRequest& r) {
    const PublicView v = r.view();
    EXPECT_EQ(v.current_player(), r.seat);
    if (r.state->is_simultaneous_node()) {
      EXPECT_EQ(v.masked().knockers(), 0);
      EXPECT_EQ(v.decision_view(r.seat).masked().knock_pending() >> r.seat & 1, 1);
      ++answers;
      return rng.below(2) ? Action::knock() : Action::pass();
    }
    const ActionList legal = v.legal_actions();
    return legal[rng.below(static_cast<uint32_t>(legal.size()))];
  };
  uint64_t applied = 0;
  auto apply = [&](int seat, Action a) {
    EXPECT_EQ(seat, s.current_player());
    s.apply(a);
    ++applied;
  };
  // The chance step between rounds: dealt at once, not a decision.
  int deals = 0;
  auto deal = [&] {
    EXPECT_TRUE(s.is_chance_node());
    EXPECT_EQ(s.current_player(), kChancePlayer);
    s.deal();
    ++deals;
  };
  EXPECT_EQ(play_to_end(s, decide, apply, deal), applied);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_GT(answers, 0);
  EXPECT_EQ(deals, s.rounds_played() - 1);  // none after the last round
  State t(RuleOptions{}, 8);
  auto apply_t = [&](int, Action a) { t.apply(a); };
  auto first = [](const DecisionRequest& r) { return r.state->legal_actions()[0]; };
  EXPECT_THROW(play_to_end(
                   t, first, apply_t, [&] { t.deal(); }, 0, 5),
               EndlessRound);
}

}  // namespace
}  // namespace allegra::table
