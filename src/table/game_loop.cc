#include "table/game_loop.h"

#include <fmt/format.h>

namespace allegra::table {

EndlessRound::EndlessRound(int round, int limit)
    : std::runtime_error(fmt::format("round {} did not end after {} decisions", round + 1, limit)),
      round_(round),
      limit_(limit) {}

}  // namespace allegra::table
