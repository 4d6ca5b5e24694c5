#include "server/game_players.h"

#include <memory>
#include <vector>

#include "rating/skill_rating.h"

namespace allegra::server {

bool store_game_players(PlayerStore& players, const std::string& game_id,
                        std::span<const EndSeat> seats, bool rated, int64_t now_ms) {
  // 1. The history: every seat a player held.
  for (size_t i = 0; i < seats.size(); ++i) {
    if (seats[i].player) players.add_game_seat({game_id, static_cast<int>(i), *seats[i].player});
  }
  // 2. A rated game is people only: every seat has its player (else nothing is rated).
  if (!rated || seats.size() < 2) return false;
  std::vector<rating::Skill> before;
  std::vector<PlayerRecord> records;
  std::vector<int> totals;
  std::vector<bool> left_vector;
  for (const EndSeat& seat : seats) {
    if (!seat.player) return false;
    std::optional<PlayerRecord> p = players.player(*seat.player);
    if (!p) return false;
    before.push_back(p->skill);
    records.push_back(std::move(*p));
    totals.push_back(seat.total_half);
    left_vector.push_back(seat.left);
  }
  // std::span<const bool> needs contiguous bools: vector<bool> is not.
  const std::unique_ptr<bool[]> left(new bool[seats.size()]);
  for (size_t i = 0; i < seats.size(); ++i) left[i] = left_vector[i];
  const std::vector<int> places =
      rating::places_from_totals(totals, std::span<const bool>(left.get(), seats.size()));
  const std::vector<rating::Skill> after = rating::update(before, places);
  // 3. The skills and their history, in the transaction of the game's end.
  for (size_t i = 0; i < records.size(); ++i) {
    players.set_skill(records[i].id, after[i], records[i].rated_games + 1);
    players.add_rating_change({records[i].id, game_id, before[i], after[i], now_ms});
  }
  return true;
}

}  // namespace allegra::server
