// ExpertBot's rules that need a position to show (src/bots/expert_bot.cc, its steps).
#include "bots/expert_bot.h"

#include <gtest/gtest.h>

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

TEST(ExpertBot, EndsAStalledRound) {
  RuleOptions options;
  options.players = 2;
  options.rounds = 1;
  State s = position_from_diagram(options, kStall);
  ExpertBot expert(7);
  const CellId shared = make_cell(1, 1, 3);  // player 1's b3, in both displays
  int decisions = 0;
  int trades = 0;
  while (s.ender() == kNoPlayer && decisions < 1000) {
    const int p = s.current_player();
    Action a;
    if (p == 0) {
      a = expert.choose(s.public_view());
      if (a == Action::swap(shared)) ++trades;
    } else if (s.phase() == Phase::kChooseDraw) {
      a = Action::draw_discard();  // the waiting player: takes the card just put off b3 ...
    } else {
      a = Action::swap(shared);  // ... and puts it back, spoiling player 0's gain again
    }
    ASSERT_TRUE(s.is_legal(a)) << to_text(a);
    s.apply(a);
    ++decisions;
  }
  EXPECT_EQ(s.ender(), 0) << "no end after " << decisions << " decisions";
  EXPECT_GE(trades, 10);  // it does trade the card while the round is young (patience)
}

}  // namespace
}  // namespace allegra
