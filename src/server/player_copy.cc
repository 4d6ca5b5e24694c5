#include "server/player_copy.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <pqxx/pqxx>

#include "server/pg_connection.h"

namespace allegra::server {
namespace {

// A column's kind decides how its value is written as SQL: SQLite keeps booleans as integers,
// PostgreSQL refuses an integer for a BOOLEAN.
enum class Kind { integer, boolean, real, text };
struct Column {
  const char* name;
  Kind kind;
};
struct TableSpec {
  const char* name;
  std::vector<Column> columns;
  const char* sqlite_order;  // the order rows were written in: SQLite's rowid ...
  const char* pg_order;      // ... is PostgreSQL's `n`
};

// In the order of the copy: players first (the other tables name them).
const std::vector<TableSpec>& player_tables() {
  static const std::vector<TableSpec> tables = {
      {"players",
       {{"id", Kind::integer},
        {"guest", Kind::boolean},
        {"name", Kind::text},
        {"name_key", Kind::text},
        {"name_skeleton", Kind::text},
        {"password_hash", Kind::text},
        {"created", Kind::integer},
        {"deleted", Kind::boolean},
        {"mu", Kind::real},
        {"sigma", Kind::real},
        {"rated_games", Kind::integer}},
       "id",
       "id"},
      {"sessions",
       {{"token_hash", Kind::text},
        {"player", Kind::integer},
        {"created", Kind::integer},
        {"last_seen", Kind::integer}},
       "token_hash",
       "token_hash"},
      {"skills",
       {{"player", Kind::integer},
        {"players", Kind::integer},
        {"mu", Kind::real},
        {"sigma", Kind::real},
        {"rated_games", Kind::integer}},
       "player, players",
       "player, players"},
      {"rating_history",
       {{"player", Kind::integer},
        {"game", Kind::text},
        {"mu_before", Kind::real},
        {"sigma_before", Kind::real},
        {"mu_after", Kind::real},
        {"sigma_after", Kind::real},
        {"at", Kind::integer}},
       "rowid",
       "n"},
      {"game_seats",
       {{"game", Kind::text},
        {"seat", Kind::integer},
        {"player", Kind::integer},
        {"players", Kind::integer},
        {"place", Kind::integer},
        {"total_half", Kind::integer},
        {"rounds", Kind::integer},
        {"best_round_half", Kind::integer},
        {"round_sum_half", Kind::integer},
        {"rated", Kind::boolean},
        {"finished", Kind::integer}},
       "rowid",
       "n"},
  };
  return tables;
}

std::string column_list(const TableSpec& table) {
  std::string out;
  for (const Column& c : table.columns) out += fmt::format("{}{}", out.empty() ? "" : ", ", c.name);
  return out;
}

// A value as an SQL literal that both databases read back as the same value.
std::string sqlite_literal(const SQLite::Column& value, Kind kind) {
  if (value.isNull()) return "NULL";
  switch (kind) {
    case Kind::integer:
      return std::to_string(value.getInt64());
    case Kind::boolean:
      return value.getInt64() != 0 ? "true" : "false";
    case Kind::real:
      return pg::sql_double(value.getDouble());
    case Kind::text:
      return pg::quote(value.getString());
  }
  return "NULL";
}

std::string pg_literal(const pqxx::field& value, Kind kind) {
  if (value.is_null()) return "NULL";
  switch (kind) {
    case Kind::integer:
      return std::to_string(value.as<int64_t>());
    case Kind::boolean:
      return value.as<bool>() ? "true" : "false";
    case Kind::real:
      return pg::sql_double(value.as<double>());
    case Kind::text:
      return pg::quote(value.as<std::string>());
  }
  return "NULL";
}

// Every row of `table` in the SQLite file, in its order, as "(literal, literal, ...)".
template <typename Row>
void each_sqlite_row(SQLite::Database& db, const TableSpec& table, Row&& row) {
  SQLite::Statement select(db, fmt::format("SELECT {} FROM {} ORDER BY {}", column_list(table),
                                           table.name, table.sqlite_order));
  while (select.executeStep()) {
    std::string values = "(";
    for (size_t i = 0; i < table.columns.size(); ++i) {
      if (i > 0) values += ", ";
      values += sqlite_literal(select.getColumn(static_cast<int>(i)), table.columns[i].kind);
    }
    row(values + ")");
  }
}

std::vector<std::string> pg_rows(pqxx::transaction_base& t, const TableSpec& table) {
  std::vector<std::string> rows;
  for (const auto& r : t.exec(fmt::format("SELECT {} FROM {} ORDER BY {}", column_list(table),
                                          table.name, table.pg_order))) {
    std::string values = "(";
    for (size_t i = 0; i < table.columns.size(); ++i) {
      if (i > 0) values += ", ";
      values += pg_literal(r[static_cast<int>(i)], table.columns[i].kind);
    }
    rows.push_back(values + ")");
  }
  return rows;
}

struct PgConnection {
  explicit PgConnection(const std::string& url) : c(url_with_connect_timeout(url)) {
    pqxx::nontransaction t(c);
    t.exec("SET standard_conforming_strings = on; SET client_encoding = 'UTF8'");
  }
  pqxx::connection c;
};

SQLite::Database open_source(const std::filesystem::path& sqlite_file) {
  return SQLite::Database(sqlite_file, SQLite::OPEN_READONLY);
}

}  // namespace

std::vector<PlayerTableRows> copy_player_tables(const std::filesystem::path& sqlite_file,
                                                const std::string& url) {
  const std::string name = url_without_password(url);
  try {
    SQLite::Database source = open_source(sqlite_file);
    PgConnection target(url);
    pqxx::work t(target.c);
    if (t.exec("SELECT count(*) FROM players")[0][0].as<int64_t>() > 0)
      throw StoreError(fmt::format("'{}' holds players already: give an empty database", name));
    std::vector<PlayerTableRows> copied;
    constexpr size_t kRowsPerInsert = 500;
    for (const TableSpec& table : player_tables()) {
      const std::string insert =
          fmt::format("INSERT INTO {} ({}) VALUES ", table.name, column_list(table));
      std::string sql;
      size_t in_sql = 0, rows = 0;
      auto flush = [&] {
        if (in_sql > 0) t.exec(sql);
        sql.clear();
        in_sql = 0;
      };
      each_sqlite_row(source, table, [&](const std::string& values) {
        sql += in_sql == 0 ? insert + values : ", " + values;
        ++rows;
        if (++in_sql == kRowsPerInsert) flush();
      });
      flush();
      copied.push_back({table.name, rows});
    }
    // New players go on after the highest id copied (the ids were given, not drawn).
    if (copied.front().rows > 0)
      t.exec(
          "SELECT setval(pg_get_serial_sequence('players', 'id'), (SELECT max(id) FROM players))");
    t.commit();
    return copied;
  } catch (const StoreError&) {
    throw;
  } catch (const std::exception& e) {
    throw StoreError(fmt::format("cannot copy the players from '{}' to '{}': {}",
                                 sqlite_file.string(), name, pg::first_line(e.what())));
  }
}

std::optional<std::string> player_tables_difference(const std::filesystem::path& sqlite_file,
                                                    const std::string& url) {
  try {
    SQLite::Database source = open_source(sqlite_file);
    PgConnection target(url);
    pqxx::read_transaction t(target.c);
    for (const TableSpec& table : player_tables()) {
      const std::vector<std::string> copy = pg_rows(t, table);
      size_t i = 0;
      std::optional<std::string> difference;
      each_sqlite_row(source, table, [&](const std::string& values) {
        if (difference) return;
        if (i >= copy.size())
          difference = fmt::format("{}: the copy lacks the row {}", table.name, values);
        else if (copy[i] != values)
          difference = fmt::format("{}: the copy has {} where the source has {}", table.name,
                                   copy[i], values);
        ++i;
      });
      if (difference) return difference;
      if (i != copy.size())
        return fmt::format("{}: the copy has {} rows, the source {}", table.name, copy.size(), i);
    }
    return std::nullopt;
  } catch (const std::exception& e) {
    throw StoreError(fmt::format("cannot compare the players of '{}' and '{}': {}",
                                 sqlite_file.string(), url_without_password(url),
                                 pg::first_line(e.what())));
  }
}

std::optional<std::string> player_profiles_difference(PlayerStore& source, PlayerStore& copy,
                                                      const std::vector<std::string>& game_ids,
                                                      const std::function<void(size_t)>& progress) {
  const std::vector<PlayerRecord> players = source.players();
  if (players != copy.players()) return std::string("the players differ");
  constexpr int kAll = std::numeric_limits<int>::max() / 2;
  constexpr int kCounts[] = {0, 2, 3, 4, 5, 6};  // 0: overall
  for (const int count : kCounts) {
    if (source.leaderboard(count, 0, kAll) != copy.leaderboard(count, 0, kAll))
      return count == 0 ? std::string("the leaderboard differs")
                        : fmt::format("the leaderboard of {} players differs", count);
  }
  size_t done = 0;
  for (const PlayerRecord& p : players) {
    auto differs = [&p](std::string_view what) {
      return fmt::format("player {}: {} differs", p.id, what);
    };
    if (source.player(p.id) != copy.player(p.id)) return differs("the record");
    if (source.session_count(p.id) != copy.session_count(p.id)) return differs("the session count");
    if (source.rating_history(p.id) != copy.rating_history(p.id))
      return differs("the rating history");
    if (source.player_games(p.id) != copy.player_games(p.id)) return differs("the list of games");
    if (source.recent_games(p.id, std::numeric_limits<int64_t>::max(), kAll) !=
        copy.recent_games(p.id, std::numeric_limits<int64_t>::max(), kAll))
      return differs("the recent games");
    for (const int count : kCounts) {
      if (source.leaderboard_row(p.id, count) != copy.leaderboard_row(p.id, count))
        return differs(fmt::format("the leaderboard row ({} players)", count));
      if (count > 0 && source.count_skill(p.id, count) != copy.count_skill(p.id, count))
        return differs(fmt::format("the skill of {} players", count));
    }
    if (progress) progress(++done);
  }
  for (const std::string& id : game_ids) {
    if (source.game_seats(id) != copy.game_seats(id))
      return fmt::format("game {}: the seats differ", id);
  }
  return std::nullopt;
}

}  // namespace allegra::server
