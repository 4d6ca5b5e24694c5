#include "server/leaderboard_order.h"

#include <algorithm>
#include <tuple>

#include "rating/skill_rating.h"

namespace allegra::server {

void sort_leaderboard(std::vector<LeaderboardRow>& rows) {
  // The key once per row: display_rating rounds, so two close skills may share a rating.
  auto key = [](const LeaderboardRow& r) {
    return std::make_tuple(-rating::display_rating(r.skill), -r.rated_games, r.player);
  };
  std::sort(rows.begin(), rows.end(),
            [&](const LeaderboardRow& a, const LeaderboardRow& b) { return key(a) < key(b); });
  for (size_t i = 0; i < rows.size(); ++i) rows[i].rank = static_cast<int>(i) + 1;
}

}  // namespace allegra::server
