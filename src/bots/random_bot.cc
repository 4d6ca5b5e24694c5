#include "bots/random_bot.h"

#include <stdexcept>

namespace allegra {

Action RandomBot::choose(const PublicView& view) {
  const ActionList legal = view.legal_actions();
  if (legal.empty()) throw std::logic_error("RandomBot: no legal action (game over?)");
  if (legal.size() == 1) return legal[0];
  return legal[rng_.below(static_cast<uint32_t>(legal.size()))];
}

}  // namespace allegra
