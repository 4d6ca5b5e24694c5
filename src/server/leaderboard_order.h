// The order of a leaderboard (docs/accounts.md): one function for every store, so that SQLite
// and PostgreSQL rank the same players the same way.
#pragma once

#include <vector>

#include "server/player_store.h"

namespace allegra::server {

// Sorts `rows` by display rating (rating::display_rating, highest first), then more rated games,
// then the lower player id, and numbers them 1..n (`rank`): equal ratings still get distinct
// ranks, in that order.
void sort_leaderboard(std::vector<LeaderboardRow>& rows);

}  // namespace allegra::server
