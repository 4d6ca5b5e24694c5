// PgStore's PlayerStore queries of schema 5 (player_store.h; SQLite's are in
// sqlite_player_store.cc): the seats of a game, a player's recent games, the skills per player
// count and the leaderboards. Reads on the io thread, adding the batches not committed yet, as the
// rest of pg_player_store.cc; the order of a board is leaderboard_order.h's, shared with SQLite.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "server/leaderboard_order.h"
#include "server/pg_connection.h"

namespace allegra::server {

namespace {

// The seats of the database plus those of `pending` that `keep` accepts and the database does not
// hold yet (a batch committed between the two reads is in both).
std::vector<GameSeat> pg_seats_with_pending(std::vector<GameSeat> stored,
                                            const std::vector<GameSeat>& pending,
                                            const std::function<bool(const GameSeat&)>& keep) {
  std::set<std::pair<std::string, int>> have;
  for (const GameSeat& s : stored) have.insert({s.game_id, s.seat});
  for (const GameSeat& s : pending) {
    if (keep(s) && !have.contains({s.game_id, s.seat})) stored.push_back(s);
  }
  return stored;
}

}  // namespace

std::vector<GameSeat> PgStore::game_seats(std::string_view game_id) {
  const Batch pending = pending_players();
  const std::string id = pg::quote(game_id);
  std::vector<GameSeat> seats = pg_seats_with_pending(
      read("the seats of a game",
           [&id](pqxx::nontransaction& t) {
             std::vector<GameSeat> out;
             for (const auto& row :
                  t.exec(fmt::format("SELECT {} FROM game_seats WHERE game = {} ORDER BY seat",
                                     pg::kSeatColumns, id)))
               out.push_back(pg::read_seat(row));
             return out;
           }),
      pending.seats, [game_id](const GameSeat& s) { return s.game_id == game_id; });
  std::sort(seats.begin(), seats.end(),
            [](const GameSeat& a, const GameSeat& b) { return a.seat < b.seat; });
  return seats;
}

std::vector<GameSeat> PgStore::recent_games(PlayerId player, int64_t before_ms, int limit) {
  const Batch pending = pending_players();
  limit = std::max(limit, 0);
  std::vector<GameSeat> seats = pg_seats_with_pending(
      read("the games of a player",
           [&](pqxx::nontransaction& t) {
             std::vector<GameSeat> out;
             for (const auto& row : t.exec(fmt::format(
                      "SELECT {} FROM game_seats WHERE player = {} AND finished < {} ORDER BY "
                      "finished DESC, game DESC LIMIT {}",
                      pg::kSeatColumns, player, before_ms, limit)))
               out.push_back(pg::read_seat(row));
             return out;
           }),
      pending.seats,
      [&](const GameSeat& s) { return s.player == player && s.finished_ms < before_ms; });
  std::sort(seats.begin(), seats.end(), [](const GameSeat& a, const GameSeat& b) {
    if (a.finished_ms != b.finished_ms) return a.finished_ms > b.finished_ms;
    return a.game_id > b.game_id;
  });
  if (seats.size() > static_cast<size_t>(limit)) seats.resize(static_cast<size_t>(limit));
  return seats;
}

std::pair<rating::Skill, int> PgStore::count_skill(PlayerId player, int players_count) {
  const Batch pending = pending_players();
  std::pair<rating::Skill, int> skill =
      read("a skill", [&](pqxx::nontransaction& t) -> std::pair<rating::Skill, int> {
        const pqxx::result r = t.exec(fmt::format(
            "SELECT mu, sigma, rated_games FROM skills WHERE player = {} AND players = {}", player,
            players_count));
        if (r.empty()) return {rating::Skill{}, 0};
        return {{r[0][0].as<double>(), r[0][1].as<double>()}, r[0][2].as<int>()};
      });
  for (const Batch::CountSkill& s : pending.count_skills) {
    if (s.player == player && s.players == players_count) skill = {s.skill, s.rated_games};
  }
  return skill;
}

void PgStore::set_count_skill(PlayerId player, int players_count, const rating::Skill& skill,
                              int rated_games) {
  // Written when the batch is sealed (pg_ratings.cc), as set_skill.
  std::lock_guard lock(mutex_);
  current_.count_skills.push_back({player, players_count, skill, rated_games});
}

// A whole board, ranked: the established players (and those whose pending skills may make them
// so) read, the pending skills applied, the provisional ones dropped, sorted as SQLite's.
std::vector<LeaderboardRow> PgStore::full_leaderboard(int players_count) {
  const Batch pending = pending_players();
  std::set<PlayerId> changing;
  for (const Batch::Skill& s : pending.skills) changing.insert(s.player);
  for (const Batch::CountSkill& s : pending.count_skills) changing.insert(s.player);
  std::string also = "0";
  for (const PlayerId id : changing) also += fmt::format(", {}", id);
  const std::string sql =
      players_count == 0
          ? fmt::format(
                "SELECT id, guest, name, mu, sigma, rated_games FROM players WHERE NOT "
                "deleted AND ((rated_games >= {} AND sigma <= {}) OR id IN ({}))",
                rating::kEstablishedGames, rating::kEstablishedSigma, also)
          : fmt::format(
                "SELECT p.id, p.guest, p.name, s.mu, s.sigma, s.rated_games FROM skills s "
                "JOIN players p ON p.id = s.player WHERE NOT p.deleted AND s.players = {} "
                "AND ((s.rated_games >= {} AND s.sigma <= {}) OR p.id IN ({}))",
                players_count, rating::kEstablishedGames, rating::kEstablishedSigma, also);
  std::vector<LeaderboardRow> rows = read("the leaderboard", [&sql](pqxx::nontransaction& t) {
    std::vector<LeaderboardRow> out;
    for (const auto& row : t.exec(sql)) {
      LeaderboardRow r;
      r.player = row[0].as<PlayerId>();
      r.guest = row[1].as<bool>();
      r.name = row[2].is_null() ? "" : row[2].as<std::string>();
      r.skill = {row[3].as<double>(), row[4].as<double>()};
      r.rated_games = row[5].as<int>();
      out.push_back(std::move(r));
    }
    return out;
  });
  for (LeaderboardRow& r : rows) {
    if (players_count == 0) {
      for (const Batch::Skill& s : pending.skills) {
        if (s.player == r.player)
          std::tie(r.skill, r.rated_games) = std::tie(s.skill, s.rated_games);
      }
    } else {
      for (const Batch::CountSkill& s : pending.count_skills) {
        if (s.player == r.player && s.players == players_count)
          std::tie(r.skill, r.rated_games) = std::tie(s.skill, s.rated_games);
      }
    }
  }
  std::erase_if(
      rows, [](const LeaderboardRow& r) { return rating::is_provisional(r.skill, r.rated_games); });
  sort_leaderboard(rows);
  return rows;
}

std::vector<LeaderboardRow> PgStore::leaderboard(int players_count, int offset, int limit) {
  std::vector<LeaderboardRow> rows = full_leaderboard(players_count);
  const size_t from = std::min(rows.size(), static_cast<size_t>(std::max(offset, 0)));
  const size_t to = std::min(rows.size(), from + static_cast<size_t>(std::max(limit, 0)));
  return {std::make_move_iterator(rows.begin() + static_cast<std::ptrdiff_t>(from)),
          std::make_move_iterator(rows.begin() + static_cast<std::ptrdiff_t>(to))};
}

std::optional<LeaderboardRow> PgStore::leaderboard_row(PlayerId player, int players_count) {
  for (LeaderboardRow& r : full_leaderboard(players_count))
    if (r.player == player) return std::move(r);
  return std::nullopt;
}

}  // namespace allegra::server
