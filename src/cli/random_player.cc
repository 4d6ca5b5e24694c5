#include "cli/random_player.h"

#include <stdexcept>

namespace allegra::cli {

Rng policy_rng(uint64_t game_seed) {
  // A fixed odd constant keeps the policy stream apart from the game's own Rng(game_seed).
  return Rng(game_seed ^ 0x5DEECE66DA11E6A0ULL);
}

Action random_action(const State& state, Rng& rng) {
  // legal_actions()[rng.below(size)], without building the list (the same draw).
  if (state.is_terminal() || state.is_chance_node())
    throw std::logic_error("random_action: no legal action (game over?)");
  return state.random_legal_action(rng);
}

}  // namespace allegra::cli
