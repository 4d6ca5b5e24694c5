// ExpertBot's rules that need a position to show (src/bots/expert_bot.cc, its steps), and the
// search's use of its finish rule.
#include "bots/expert_bot.h"

#include <gtest/gtest.h>

#include "bots/mcts_bot.h"
#include "engine/diagram.h"
#include "engine/public_view.h"
#include "engine/state.h"

namespace allegra {
namespace {

// A stalled round found with two players (game of seed 224, expert against level:expert): the
// only face-down card of either display is player 0's b3, in both displays (player 1's display
// holds player 0's column 3). Player 1 is lowest alone by far, so player 0 would be doubled if
// he ended the round; player 1 waits. Each turn player 0 takes the discarded 2 and puts it on
// the shared 10 at player 1's b3, and player 1 takes the 10 back and puts it there again. The
// expert must end the round in the end (step 11) rather than trade the card forever.
constexpr const char* kStall = R"(
discard 2 5 7
0: -1 1 2 6 | 2 0 0 ? | 3 1 3 -1
1: . . . . | . 0 -1 10 | . . . .
)";

// Plays kStall with `bot` as player 0 against the waiting player 1; the decisions until the
// round is ended (at most 1000), and how often player 0 traded the shared card.
struct StallOutcome {
  int ender = kNoPlayer;
  int decisions = 0;
  int trades = 0;
};

StallOutcome play_stall(Bot& bot) {
  RuleOptions options;
  options.players = 2;
  options.rounds = 1;
  State s = position_from_diagram(options, kStall);
  const CellId shared = make_cell(1, 1, 3);  // player 1's b3, in both displays
  StallOutcome out;
  while (s.ender() == kNoPlayer && out.decisions < 1000) {
    const int p = s.current_player();
    Action a;
    if (p == 0) {
      a = bot.choose(s.public_view());
      if (a == Action::swap(shared)) ++out.trades;
    } else if (s.phase() == Phase::kChooseDraw) {
      a = Action::draw_discard();  // the waiting player: takes the card just put off b3 ...
    } else {
      a = Action::swap(shared);  // ... and puts it back, spoiling player 0's gain again
    }
    EXPECT_TRUE(s.is_legal(a)) << to_text(a);
    if (!s.is_legal(a)) return out;
    s.apply(a);
    ++out.decisions;
  }
  out.ender = s.ender();
  return out;
}

TEST(ExpertBot, EndsAStalledRound) {
  ExpertBot expert(7);
  const StallOutcome out = play_stall(expert);
  EXPECT_EQ(out.ender, 0) << "no end after " << out.decisions << " decisions";
  EXPECT_GE(out.trades, 10);  // it does trade the card while the round is young (patience)
}

// The search leaves an overdue round to the expert's finish rule (mcts_bot.cc).
TEST(ExpertBot, TheSearchEndsAStalledRoundToo) {
  MctsBot search({.iterations = 200}, 7);
  const StallOutcome out = play_stall(search);
  EXPECT_EQ(out.ender, 0) << "no end after " << out.decisions << " decisions";
}

}  // namespace
}  // namespace allegra
