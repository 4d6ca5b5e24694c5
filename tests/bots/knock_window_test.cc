// Bots in a knock window (R7, the engine's simultaneous node): a bot answering for a seat sees
// that seat's decision view, the window as it opened, so its answer depends neither on what an
// earlier seat answered nor on whether it has answered yet, nor on the hidden cards.
#include <gtest/gtest.h>

#include <bit>
#include <memory>
#include <string>

#include "bots/bot.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra {
namespace {

// Random play (always drawing from the draw pile) until a window with 2+ seats to answer.
bool to_window(State& s, Rng& rng) {
  for (int guard = 0; guard < 3000 && !s.is_terminal(); ++guard) {
    if (s.is_chance_node()) {
      s.deal();
      continue;
    }
    if (s.is_simultaneous_node() && std::popcount(unsigned{s.deciding_players()}) >= 2) return true;
    if (s.is_legal(Action::draw_pile())) {
      s.apply(Action::draw_pile());
      continue;
    }
    s.apply_random(rng);
  }
  return false;
}

TEST(BotsKnockWindow, AnAnswerDoesNotDependOnAnEarlierOne) {
  int windows = 0;
  for (const char* spec : {"random", "greedy", "expert", "mcts:200it"}) {
    const std::unique_ptr<Bot> bot = make_bot(spec, 1);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      RuleOptions o;
      o.players = 3 + static_cast<int>(seed % 3);
      State s(o, seed);
      Rng rng(seed);
      ASSERT_TRUE(to_window(s, rng)) << spec;
      ++windows;
      const int first = s.current_player();  // the first seat in the rulebook's order
      State knocked = s;
      State passed = s;
      knocked.apply(first, Action::knock());
      passed.apply(first, Action::pass());
      ASSERT_TRUE(knocked.is_simultaneous_node());
      const int later = knocked.current_player();
      ASSERT_NE(later, first);
      for (uint64_t k = 0; k < 3; ++k) {
        const Action before = bot->decide(s.public_view(), later, k);  // nobody answered
        EXPECT_EQ(bot->decide(knocked.public_view(), later, k), before) << spec;
        EXPECT_EQ(bot->decide(passed.public_view(), later, k), before) << spec;
        Rng r(k);
        EXPECT_EQ(bot->decide(knocked.resample(r).public_view(), later, k), before) << spec;
        // The seat-less call decides for the next seat to answer, the same way.
        EXPECT_EQ(bot->decide(knocked.public_view(), k), before) << spec;
      }
    }
  }
  EXPECT_EQ(windows, 16);
}

}  // namespace
}  // namespace allegra
