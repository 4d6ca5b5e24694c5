// SqliteStore's PlayerStore half (player_store.h): the players, sessions and ratings tables of
// schema version 5 (docs/server-store.md). These calls are rare beside the log's appends (a
// visit, a sign-in, a game's end), so their statements are prepared per call.
#include <SQLiteCpp/Exception.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>

#include "server/leaderboard_order.h"
#include "server/sqlite_store.h"

namespace allegra::server {

namespace {

std::string owned_text(std::string_view s) { return std::string(s); }

std::string column_text(SQLite::Statement& s, int column) {
  return s.getColumn(column).isNull() ? std::string() : s.getColumn(column).getString();
}

constexpr const char* kPlayerColumns =
    "id, guest, name, name_key, name_skeleton, password_hash, created, deleted, mu, sigma, "
    "rated_games";

PlayerRecord read_player(SQLite::Statement& s) {
  PlayerRecord p;
  p.id = s.getColumn(0).getInt64();
  p.guest = s.getColumn(1).getInt() != 0;
  p.name = column_text(s, 2);
  p.name_key = column_text(s, 3);
  p.name_skeleton = column_text(s, 4);
  p.password_hash = column_text(s, 5);
  p.created_ms = s.getColumn(6).getInt64();
  p.deleted = s.getColumn(7).getInt() != 0;
  p.skill = {s.getColumn(8).getDouble(), s.getColumn(9).getDouble()};
  p.rated_games = s.getColumn(10).getInt();
  return p;
}

}  // namespace

template <typename Write>
auto SqliteStore::player_write(std::string_view what, Write&& write) {
  begin_if_needed();
  try {
    return write();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot {} in '{}': {}", what, path_.string(), e.what()));
  }
}

std::optional<PlayerRecord> SqliteStore::select_player(const char* where, std::string_view value) {
  try {
    SQLite::Statement s(db_, fmt::format("SELECT {} FROM players WHERE {}", kPlayerColumns, where));
    s.bind(1, owned_text(value));
    if (!s.executeStep()) return std::nullopt;
    return read_player(s);
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot read a player from '{}': {}", path_.string(), e.what()));
  }
}

PlayerId SqliteStore::create_guest(int64_t now_ms) {
  return player_write("create a guest player", [&] {
    SQLite::Statement s(db_, "INSERT INTO players (guest, created, mu, sigma) VALUES (1, ?, ?, ?)");
    s.bind(1, now_ms);
    s.bind(2, rating::Skill{}.mu);
    s.bind(3, rating::Skill{}.sigma);
    s.exec();
    return static_cast<PlayerId>(db_.getLastInsertRowid());
  });
}

std::optional<PlayerRecord> SqliteStore::player(PlayerId id) {
  return select_player("id = ?", std::to_string(id));
}

std::optional<PlayerRecord> SqliteStore::account_by_key(std::string_view name_key) {
  return select_player("name_key = ? AND deleted = 0", name_key);
}

std::optional<PlayerRecord> SqliteStore::account_by_skeleton(std::string_view skeleton) {
  return select_player("name_skeleton = ? AND deleted = 0", skeleton);
}

bool SqliteStore::claim(PlayerId id, std::string_view name, std::string_view name_key,
                        std::string_view skeleton, std::string_view password_hash) {
  begin_if_needed();
  try {
    SQLite::Statement s(db_,
                        "UPDATE players SET guest = 0, name = ?, name_key = ?, name_skeleton = ?, "
                        "password_hash = ? WHERE id = ? AND guest = 1 AND deleted = 0");
    s.bind(1, owned_text(name));
    s.bind(2, owned_text(name_key));
    s.bind(3, owned_text(skeleton));
    s.bind(4, owned_text(password_hash));
    s.bind(5, id);
    if (s.exec() == 0)
      throw StoreError(
          fmt::format("cannot claim player {} in '{}': not a guest", id, path_.string()));
    return true;
  } catch (const SQLite::Exception& e) {
    if (e.getExtendedErrorCode() == SQLITE_CONSTRAINT_UNIQUE) return false;
    throw StoreError(
        fmt::format("cannot claim player {} in '{}': {}", id, path_.string(), e.what()));
  }
}

void SqliteStore::set_password(PlayerId id, std::string_view password_hash) {
  player_write("change a password", [&] {
    SQLite::Statement s(db_, "UPDATE players SET password_hash = ? WHERE id = ?");
    s.bind(1, owned_text(password_hash));
    s.bind(2, id);
    s.exec();
  });
}

void SqliteStore::delete_player(PlayerId id) {
  player_write("delete a player", [&] {
    SQLite::Statement s(db_,
                        "UPDATE players SET deleted = 1, name = NULL, name_key = NULL, "
                        "name_skeleton = NULL, password_hash = NULL WHERE id = ?");
    s.bind(1, id);
    s.exec();
    SQLite::Statement sessions(db_, "DELETE FROM sessions WHERE player = ?");
    sessions.bind(1, id);
    sessions.exec();
  });
}

std::vector<PlayerRecord> SqliteStore::players() {
  std::vector<PlayerRecord> all;
  try {
    SQLite::Statement s(db_, fmt::format("SELECT {} FROM players ORDER BY id", kPlayerColumns));
    while (s.executeStep()) all.push_back(read_player(s));
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot list the players of '{}': {}", path_.string(), e.what()));
  }
  return all;
}

void SqliteStore::add_session(std::string_view token_hash, PlayerId player, int64_t now_ms) {
  player_write("add a session", [&] {
    SQLite::Statement s(
        db_, "INSERT INTO sessions (token_hash, player, created, last_seen) VALUES (?, ?, ?, ?)");
    s.bind(1, owned_text(token_hash));
    s.bind(2, player);
    s.bind(3, now_ms);
    s.bind(4, now_ms);
    s.exec();
  });
}

std::optional<PlayerId> SqliteStore::session_player(std::string_view token_hash, int64_t now_ms) {
  std::optional<PlayerId> player;
  try {
    SQLite::Statement s(db_, "SELECT player, last_seen FROM sessions WHERE token_hash = ?");
    s.bind(1, owned_text(token_hash));
    if (!s.executeStep()) return std::nullopt;
    player = s.getColumn(0).getInt64();
    // The last use is kept to the minute: a write per request would cost a commit each.
    if (now_ms - s.getColumn(1).getInt64() < 60'000) return player;
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot read a session from '{}': {}", path_.string(), e.what()));
  }
  player_write("note a session's use", [&] {
    SQLite::Statement s(db_, "UPDATE sessions SET last_seen = ? WHERE token_hash = ?");
    s.bind(1, now_ms);
    s.bind(2, owned_text(token_hash));
    s.exec();
  });
  return player;
}

void SqliteStore::delete_session(std::string_view token_hash) {
  player_write("delete a session", [&] {
    SQLite::Statement s(db_, "DELETE FROM sessions WHERE token_hash = ?");
    s.bind(1, owned_text(token_hash));
    s.exec();
  });
}

void SqliteStore::delete_sessions(PlayerId player) {
  player_write("delete the sessions of a player", [&] {
    SQLite::Statement s(db_, "DELETE FROM sessions WHERE player = ?");
    s.bind(1, player);
    s.exec();
  });
}

int SqliteStore::session_count(PlayerId player) {
  try {
    SQLite::Statement s(db_, "SELECT count(*) FROM sessions WHERE player = ?");
    s.bind(1, player);
    s.executeStep();
    return s.getColumn(0).getInt();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot count sessions in '{}': {}", path_.string(), e.what()));
  }
}

void SqliteStore::set_skill(PlayerId player, const rating::Skill& skill, int rated_games) {
  player_write("store a rating", [&] {
    SQLite::Statement s(db_, "UPDATE players SET mu = ?, sigma = ?, rated_games = ? WHERE id = ?");
    s.bind(1, skill.mu);
    s.bind(2, skill.sigma);
    s.bind(3, rated_games);
    s.bind(4, player);
    if (s.exec() == 0) throw SQLite::Exception(fmt::format("no player {}", player));
  });
}

void SqliteStore::add_rating_change(const RatingChange& change) {
  player_write("store a rating change", [&] {
    SQLite::Statement s(db_,
                        "INSERT INTO rating_history (player, game, mu_before, sigma_before, "
                        "mu_after, sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, change.player);
    s.bind(2, change.game_id);
    s.bind(3, change.before.mu);
    s.bind(4, change.before.sigma);
    s.bind(5, change.after.mu);
    s.bind(6, change.after.sigma);
    s.bind(7, change.at_ms);
    s.exec();
  });
}

std::vector<RatingChange> SqliteStore::rating_history(PlayerId player) {
  std::vector<RatingChange> changes;
  try {
    SQLite::Statement s(db_,
                        "SELECT game, mu_before, sigma_before, mu_after, sigma_after, at FROM "
                        "rating_history WHERE player = ? ORDER BY at, rowid");
    s.bind(1, player);
    while (s.executeStep()) {
      changes.push_back({player,
                         s.getColumn(0).getString(),
                         {s.getColumn(1).getDouble(), s.getColumn(2).getDouble()},
                         {s.getColumn(3).getDouble(), s.getColumn(4).getDouble()},
                         s.getColumn(5).getInt64()});
    }
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot read ratings from '{}': {}", path_.string(), e.what()));
  }
  return changes;
}

void SqliteStore::add_game_seat(const GameSeat& seat) {
  player_write("store a game's seat", [&] {
    SQLite::Statement s(db_,
                        "INSERT INTO game_seats (game, seat, player, players, place, total_half, "
                        "rounds, best_round_half, round_sum_half, rated, finished) VALUES (?, ?, "
                        "?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, seat.game_id);
    s.bind(2, seat.seat);
    s.bind(3, seat.player);
    s.bind(4, seat.players);
    s.bind(5, seat.place);
    s.bind(6, seat.total_half);
    s.bind(7, seat.rounds);
    s.bind(8, seat.best_round_half);
    s.bind(9, seat.round_sum_half);
    s.bind(10, seat.rated ? 1 : 0);
    s.bind(11, seat.finished_ms);
    s.exec();
  });
}

std::vector<GameSeat> SqliteStore::select_seats(
    const char* where_order, const std::function<void(SQLite::Statement&)>& bind) {
  std::vector<GameSeat> seats;
  try {
    SQLite::Statement s(db_, fmt::format("SELECT game, seat, player, players, place, total_half, "
                                         "rounds, best_round_half, round_sum_half, rated, "
                                         "finished FROM game_seats WHERE {}",
                                         where_order));
    bind(s);
    while (s.executeStep()) {
      GameSeat g;
      g.game_id = s.getColumn(0).getString();
      g.seat = s.getColumn(1).getInt();
      g.player = s.getColumn(2).getInt64();
      g.players = s.getColumn(3).getInt();
      g.place = s.getColumn(4).getInt();
      g.total_half = s.getColumn(5).getInt();
      g.rounds = s.getColumn(6).getInt();
      g.best_round_half = s.getColumn(7).getInt();
      g.round_sum_half = s.getColumn(8).getInt();
      g.rated = s.getColumn(9).getInt() != 0;
      g.finished_ms = s.getColumn(10).getInt64();
      seats.push_back(std::move(g));
    }
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot read games from '{}': {}", path_.string(), e.what()));
  }
  return seats;
}

std::vector<GameSeat> SqliteStore::player_games(PlayerId player) {
  return select_seats("player = ? ORDER BY rowid",
                      [&](SQLite::Statement& s) { s.bind(1, player); });
}

std::vector<GameSeat> SqliteStore::game_seats(std::string_view game_id) {
  return select_seats("game = ? ORDER BY seat",
                      [&](SQLite::Statement& s) { s.bind(1, owned_text(game_id)); });
}

std::vector<GameSeat> SqliteStore::recent_games(PlayerId player, int64_t before_ms, int limit) {
  return select_seats("player = ? AND finished < ? ORDER BY finished DESC, game DESC LIMIT ?",
                      [&](SQLite::Statement& s) {
                        s.bind(1, player);
                        s.bind(2, before_ms);
                        s.bind(3, std::max(limit, 0));
                      });
}

std::pair<rating::Skill, int> SqliteStore::count_skill(PlayerId player, int players_count) {
  try {
    SQLite::Statement s(
        db_, "SELECT mu, sigma, rated_games FROM skills WHERE player = ? AND players = ?");
    s.bind(1, player);
    s.bind(2, players_count);
    if (!s.executeStep()) return {rating::Skill{}, 0};
    return {{s.getColumn(0).getDouble(), s.getColumn(1).getDouble()}, s.getColumn(2).getInt()};
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot read a skill from '{}': {}", path_.string(), e.what()));
  }
}

void SqliteStore::set_count_skill(PlayerId player, int players_count, const rating::Skill& skill,
                                  int rated_games) {
  player_write("store a player count's rating", [&] {
    SQLite::Statement s(db_,
                        "INSERT INTO skills (player, players, mu, sigma, rated_games) VALUES (?, "
                        "?, ?, ?, ?) ON CONFLICT (player, players) DO UPDATE SET mu = "
                        "excluded.mu, sigma = excluded.sigma, rated_games = excluded.rated_games");
    s.bind(1, player);
    s.bind(2, players_count);
    s.bind(3, skill.mu);
    s.bind(4, skill.sigma);
    s.bind(5, rated_games);
    s.exec();
  });
}

// A whole board, ranked. The order is the display rating's (rating::display_rating, computed
// here rather than written again in SQL), so the candidates are read and sorted in C++: only
// established players, a few thousand rows at most for a long while.
std::vector<LeaderboardRow> SqliteStore::full_leaderboard(int players_count) {
  std::vector<LeaderboardRow> rows;
  try {
    const std::string sql =
        players_count == 0
            ? "SELECT id, guest, name, mu, sigma, rated_games FROM players WHERE deleted = 0 AND "
              "rated_games >= ? AND sigma <= ?"
            : "SELECT p.id, p.guest, p.name, s.mu, s.sigma, s.rated_games FROM skills s JOIN "
              "players p ON p.id = s.player WHERE p.deleted = 0 AND s.rated_games >= ? AND "
              "s.sigma <= ? AND s.players = ?";
    SQLite::Statement s(db_, sql);
    s.bind(1, rating::kEstablishedGames);
    s.bind(2, rating::kEstablishedSigma);
    if (players_count != 0) s.bind(3, players_count);
    while (s.executeStep()) {
      LeaderboardRow r;
      r.player = s.getColumn(0).getInt64();
      r.guest = s.getColumn(1).getInt() != 0;
      r.name = column_text(s, 2);
      r.skill = {s.getColumn(3).getDouble(), s.getColumn(4).getDouble()};
      r.rated_games = s.getColumn(5).getInt();
      if (!rating::is_provisional(r.skill, r.rated_games)) rows.push_back(std::move(r));
    }
  } catch (const SQLite::Exception& e) {
    throw StoreError(
        fmt::format("cannot read the leaderboard from '{}': {}", path_.string(), e.what()));
  }
  sort_leaderboard(rows);
  return rows;
}

std::vector<LeaderboardRow> SqliteStore::leaderboard(int players_count, int offset, int limit) {
  std::vector<LeaderboardRow> rows = full_leaderboard(players_count);
  const size_t from = std::min(rows.size(), static_cast<size_t>(std::max(offset, 0)));
  const size_t to = std::min(rows.size(), from + static_cast<size_t>(std::max(limit, 0)));
  return {std::make_move_iterator(rows.begin() + static_cast<std::ptrdiff_t>(from)),
          std::make_move_iterator(rows.begin() + static_cast<std::ptrdiff_t>(to))};
}

std::optional<LeaderboardRow> SqliteStore::leaderboard_row(PlayerId player, int players_count) {
  for (LeaderboardRow& r : full_leaderboard(players_count))
    if (r.player == player) return std::move(r);
  return std::nullopt;
}

}  // namespace allegra::server
