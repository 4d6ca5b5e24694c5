// The hint's search and its structured explanation on hand-built positions: what each move
// does to the player's cards (a reason code with its cards and numbers), the expected score
// after it, and how the search's order relates to the points; from the public view only.
#include "bots/hint.h"

#include <gtest/gtest.h>

#include <memory>

#include "bots/evaluation.h"
#include "bots/hint_positions.h"
#include "engine/diagram.h"

namespace allegra::bots {
namespace {

using hint_test::holding;
using hint_test::kSevens;

class BotsHint : public ::testing::Test {
 protected:
  State state_ = holding(kSevens);
  PublicView view_ = state_.public_view();
  double mean_ = CardStats::unseen(view_.masked()).mean;
};

TEST_F(BotsHint, SaysWhatEachMoveDoesWithTheCardsItMoves) {
  using enum HintReasonCode;
  ASSERT_EQ(state_.phase(), Phase::kHoldDrawn);
  ASSERT_EQ(state_.held_card(), 7);
  EXPECT_EQ(hint_reason(view_, Action::swap(make_cell(0, 0, 2))),
            (HintReason{.code = kClears, .card = 7}));
  EXPECT_EQ(hint_reason(view_, Action::swap(make_cell(0, 0, 3))),
            (HintReason{.code = kReplaceDown, .card = 7, .mean = mean_}));
  EXPECT_EQ(hint_reason(view_, Action::swap(make_cell(0, 2, 0))),
            (HintReason{.code = kReplace, .card = 7, .old = 11}));
  EXPECT_EQ(hint_reason(view_, Action::discard()),
            (HintReason{.code = kDiscard, .card = 7, .mean = mean_}));
}

TEST_F(BotsHint, ExpectedScoresAreExactAveragesOverTheUnseenCards) {
  const double now = expected_display_score(view_);
  std::vector<HintMove> moves = best_moves(view_, 300, 1, 20);
  auto expected = [&](Action a) {
    for (const HintMove& m : moves)
      if (m.action == a) return m.expected;
    ADD_FAILURE() << "no hint move " << to_text(a);
    return 0.0;
  };
  // The clear takes the two 7s and a face-down card out; the 7 replaces the 11; a face-down
  // card replaced by the 7 is worth the unseen cards' mean.
  EXPECT_NEAR(expected(Action::swap(make_cell(0, 0, 2))), now - 14 - mean_, 1e-9);
  EXPECT_NEAR(expected(Action::swap(make_cell(0, 2, 0))), now - 4, 1e-9);
  EXPECT_NEAR(expected(Action::swap(make_cell(0, 0, 3))), now - mean_ + 7, 1e-9);
}

TEST_F(BotsHint, ExplainsEachMoveAndTheExpectedScoreNow) {
  const double now = expected_display_score(view_);
  const Hint hint = explain(view_, {{Action::swap(make_cell(0, 0, 2)), 0.5, 40, now - 14 - mean_},
                                    {Action::swap(make_cell(0, 2, 0)), 0.4, 30, now - 4}});
  EXPECT_FALSE(hint.only_move());
  EXPECT_DOUBLE_EQ(hint.expected_now, now);
  ASSERT_EQ(hint.reasons.size(), 2u);
  EXPECT_EQ(hint.reasons[0].code, HintReasonCode::kClears);
  EXPECT_EQ(hint.reasons[1].code, HintReasonCode::kReplace);
  EXPECT_EQ(hint.order, HintOrder::kByPoints);  // the favourite has the lowest score
}

TEST_F(BotsHint, SaysWhenTheSearchOrderIsNotThatOfThePoints) {
  const double now = expected_display_score(view_);
  // The search prefers a move with more expected points than the next one.
  EXPECT_EQ(explain(view_, {{Action::swap(make_cell(0, 2, 0)), 0.5, 40, now - 4},
                            {Action::swap(make_cell(0, 0, 2)), 0.4, 30, now - 14 - mean_}})
                .order,
            HintOrder::kSearchPrefers);
  // Moves worth the same.
  EXPECT_EQ(explain(view_, {{Action::swap(make_cell(0, 0, 3)), 0.5, 40, now - mean_ + 7},
                            {Action::swap(make_cell(0, 1, 3)), 0.4, 30, now - mean_ + 7}})
                .order,
            HintOrder::kEqualPoints);
}

TEST_F(BotsHint, ARevealIsWorthTheUnseenMean) {
  State s = position_from_diagram(RuleOptions{}, kSevens);
  s.apply(Action::draw_pile());
  while (s.phase() == Phase::kKnockWindow) s.apply(Action::pass());
  s.apply(Action::discard());
  ASSERT_EQ(s.phase(), Phase::kRevealAfterDiscard);
  const PublicView view = s.public_view();
  const std::vector<HintMove> moves = best_moves(view, 50, 1, 3);
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_GT(moves[0].visits, 0);
  const HintReason why = explain(view, moves).reasons[0];
  EXPECT_EQ(why.code, HintReasonCode::kReveal);
  EXPECT_DOUBLE_EQ(why.mean, CardStats::unseen(view.masked()).mean);
}

// A single unsearched move (best_moves() when only one is legal) is told alone, uncompared.
TEST_F(BotsHint, TheOnlyLegalMoveIsNotCompared) {
  const Hint hint = explain(view_, {{Action::discard(), 1.0, 0, 5.0}});
  EXPECT_TRUE(hint.only_move());
  EXPECT_EQ(hint.order, HintOrder::kByPoints);
  ASSERT_EQ(hint.reasons.size(), 1u);
  EXPECT_EQ(hint.reasons[0].code, HintReasonCode::kDiscard);
}

// Every legal action of a whole game has a reason of its own kind (a swap or a put is about
// the placed card, a take about the taken one, ...), from the public view.
TEST(BotsHintReasons, EveryLegalActionOfAGameHasAReasonOfItsKind) {
  using enum HintReasonCode;
  auto fits = [](ActionType t, HintReasonCode c) {
    switch (t) {
      case ActionType::kSwap:
        return c == kClears || c == kReplaceDown || c == kReplace || c == kPut;
      case ActionType::kPut:
        return c == kClears || c == kReplaceDown || c == kReplace || c == kPut || c == kPutUnknown;
      case ActionType::kReveal:
        return c == kReveal;
      case ActionType::kDiscard:
        return c == kDiscard;
      case ActionType::kDrawPile:
        return c == kDrawPile;
      case ActionType::kDrawDiscard:
        return c == kDrawDiscard;
      case ActionType::kKnock:
        return c == kKnock;
      case ActionType::kPass:
        return c == kPass;
      case ActionType::kGive:
        return c == kGive;
      case ActionType::kRefuse:
        return c == kRefuse;
      case ActionType::kTake:
        return c == kTake || c == kTakeDown;
      case ActionType::kClear:
        return c == kClearLine;
      case ActionType::kLeaveLines:
        return c == kLeaveLines;
    }
    return false;
  };
  RuleOptions o;
  o.players = 4;
  o.rounds = 1;
  State s(o, 5);
  std::unique_ptr<Bot> bot = make_bot("medium", 5);
  int checked = 0;
  while (!s.is_terminal()) {
    const PublicView view = s.public_view();
    for (Action a : view.legal_actions()) {
      const HintReason why = hint_reason(view, a);
      EXPECT_TRUE(fits(a.type, why.code)) << to_text(a) << " -> " << static_cast<int>(why.code);
      ++checked;
    }
    s.apply(bot->choose(view));
    if (s.is_chance_node()) s.deal();
  }
  EXPECT_GT(checked, 500);
}

}  // namespace
}  // namespace allegra::bots
