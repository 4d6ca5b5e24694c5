#include "server/game_players.h"

#include <array>
#include <vector>

#include "rating/skill_rating.h"

namespace allegra::server {

namespace {

// The places of the game (0 = first): lower totals first, equal totals tied; in a rated game the
// leavers last (rating::places_from_totals, as the ratings use them).
std::vector<int> end_places(std::span<const EndSeat> seats, bool rated) {
  std::vector<int> totals;
  std::array<bool, 6> left{};  // a table has 6 seats at most
  for (size_t i = 0; i < seats.size(); ++i) {
    totals.push_back(seats[i].total_half);
    const bool l = rated && seats[i].left;
    if (i < left.size()) left[i] = l;
  }
  if (seats.size() > left.size()) return std::vector<int>(seats.size(), 0);
  return rating::places_from_totals(totals, std::span<const bool>(left.data(), seats.size()));
}

// Rates a game whose every seat has a player: the overall skills and those of this player count.
bool rate_game(PlayerStore& players, const std::string& game_id, std::span<const EndSeat> seats,
               const std::vector<int>& places, int64_t now_ms) {
  std::vector<PlayerRecord> records;
  std::vector<rating::Skill> before, count_before;
  std::vector<int> count_games;
  const int count = static_cast<int>(seats.size());
  for (const EndSeat& seat : seats) {
    if (!seat.player) return false;
    std::optional<PlayerRecord> p = players.player(*seat.player);
    if (!p) return false;
    before.push_back(p->skill);
    records.push_back(std::move(*p));
    const auto [skill, games] = players.count_skill(*seat.player, count);
    count_before.push_back(skill);
    count_games.push_back(games);
  }
  const std::vector<rating::Skill> after = rating::update(before, places);
  const std::vector<rating::Skill> count_after = rating::update(count_before, places);
  for (size_t i = 0; i < records.size(); ++i) {
    players.set_skill(records[i].id, after[i], records[i].rated_games + 1);
    players.add_rating_change({records[i].id, game_id, before[i], after[i], now_ms});
    players.set_count_skill(records[i].id, count, count_after[i], count_games[i] + 1);
  }
  return true;
}

}  // namespace

bool store_game_players(PlayerStore& players, const std::string& game_id,
                        std::span<const EndSeat> seats, bool rated, int64_t now_ms) {
  // 1. The places, as the ratings see them.
  const std::vector<int> places = end_places(seats, rated);
  // 2. A rated game is people only: every seat has its player (else nothing is rated). The
  //    skills and their history join the transaction of the game's end.
  const bool rated_now =
      rated && seats.size() >= 2 && rate_game(players, game_id, seats, places, now_ms);
  // 3. The history: every seat a player held, with how the game went for him.
  for (size_t i = 0; i < seats.size(); ++i) {
    if (!seats[i].player) continue;
    GameSeat g;
    g.game_id = game_id;
    g.seat = static_cast<int>(i);
    g.player = *seats[i].player;
    g.players = static_cast<int>(seats.size());
    g.place = places[i] + 1;
    g.total_half = seats[i].total_half;
    g.rounds = seats[i].rounds;
    g.best_round_half = seats[i].best_round_half;
    g.round_sum_half = seats[i].round_sum_half;
    g.rated = rated_now;
    g.finished_ms = now_ms;
    players.add_game_seat(g);
  }
  return rated_now;
}

}  // namespace allegra::server
