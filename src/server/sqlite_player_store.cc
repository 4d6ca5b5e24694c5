// SqliteStore's PlayerStore half (player_store.h): the players, sessions and ratings tables of
// schema version 4 (docs/server-store.md). These calls are rare beside the log's appends (a
// visit, a sign-in, a game's end), so their statements are prepared per call.
#include <SQLiteCpp/Exception.h>
#include <fmt/format.h>
#include <sqlite3.h>

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
    SQLite::Statement s(db_, "INSERT INTO game_seats (game, seat, player) VALUES (?, ?, ?)");
    s.bind(1, seat.game_id);
    s.bind(2, seat.seat);
    s.bind(3, seat.player);
    s.exec();
  });
}

std::vector<GameSeat> SqliteStore::player_games(PlayerId player) {
  std::vector<GameSeat> seats;
  try {
    SQLite::Statement s(db_, "SELECT game, seat FROM game_seats WHERE player = ? ORDER BY rowid");
    s.bind(1, player);
    while (s.executeStep())
      seats.push_back({s.getColumn(0).getString(), s.getColumn(1).getInt(), player});
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot read games from '{}': {}", path_.string(), e.what()));
  }
  return seats;
}

}  // namespace allegra::server
