// Hints: what the strongest bot would play in a position, with its best moves and values.
//
// The hint key asks the MCTS search of the "level:expert" bot (the strongest practical one)
// about the public view only, and reads its root statistics (MctsBot::last_root_stats), so a
// hint never uses a hidden card either.
#pragma once

#include <cstdint>
#include <vector>

#include "bots/bot.h"
#include "engine/public_view.h"

namespace allegra::tui {

// The budget of the level:expert bot (docs/bots.md); the hint runs all of it (no early stop)
// so that the values of the runner-up moves are as good as the best one's.
inline constexpr int kHintIterations = kExpertLevelIterations;

struct HintMove {
  Action action;
  double value = 0;  // the searching player's mean value (about the chance to win), 0..1
  int visits = 0;
};

// The best `count` moves for view.current_player(), best first. One move if only one is legal.
std::vector<HintMove> best_moves(const PublicView& view, int iterations, uint64_t seed,
                                 int count = 3);

}  // namespace allegra::tui
