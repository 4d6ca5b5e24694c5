#include "table/game_loop.h"

#include <fmt/format.h>

namespace allegra::table {

EndlessRound::EndlessRound(int round, int limit)
    : std::runtime_error(fmt::format("round {} did not end after {} decisions", round + 1, limit)),
      round_(round),
      limit_(limit) {}

SeatList knock_window_order(const State& state) {
  SeatList order;
  if (state.phase() != Phase::kKnockWindow) return order;
  const int n = state.players();
  for (int q = left_of(state.active_player(), n); q != state.active_player(); q = left_of(q, n))
    if (state.knock_pending() >> q & 1) order.push_back(q);
  return order;
}

}  // namespace allegra::table
