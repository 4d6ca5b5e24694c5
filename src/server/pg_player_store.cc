// PgStore's PlayerStore half (player_store.h): the players, sessions, ratings and seats of schema
// version 2 (docs/server-store.md, "Players on PostgreSQL"), with the semantics of SqliteStore's.
//
// Two kinds of writes (see pg_store.h):
// - A game's end (add_game_seat, set_skill, add_rating_change) joins the batch that the hub
//   commits with the game, so a crash keeps all or none. Until that batch is committed the
//   reads here add its writes (kept in the Batch) to what the database holds.
// - Everything else needs an answer now or belongs to no game: it runs over the reading
//   connection on the caller's (io) thread and commits at once (one statement, or one simple
//   query of several statements: one transaction).
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "server/pg_connection.h"

namespace allegra::server {

namespace {

using pg::quote;
using pg::sql_double;

constexpr const char* kPgPlayerColumns =
    "id, guest, name, name_key, name_skeleton, password_hash, created, deleted, mu, sigma, "
    "rated_games";

std::string pg_text_or_empty(const pqxx::field& f) {
  return f.is_null() ? "" : f.as<std::string>();
}

PlayerRecord read_pg_player(const pqxx::row& r) {
  PlayerRecord p;
  p.id = r[0].as<PlayerId>();
  p.guest = r[1].as<bool>();
  p.name = pg_text_or_empty(r[2]);
  p.name_key = pg_text_or_empty(r[3]);
  p.name_skeleton = pg_text_or_empty(r[4]);
  p.password_hash = pg_text_or_empty(r[5]);
  p.created_ms = r[6].as<int64_t>();
  p.deleted = r[7].as<bool>();
  p.skill = {r[8].as<double>(), r[9].as<double>()};
  p.rated_games = r[10].as<int>();
  return p;
}

}  // namespace

GameSeat pg::read_seat(const pqxx::row& r) {
  GameSeat g;
  g.game_id = r[0].as<std::string>();
  g.seat = r[1].as<int>();
  g.player = r[2].as<PlayerId>();
  g.players = r[3].as<int>();
  g.place = r[4].as<int>();
  g.total_half = r[5].as<int>();
  g.rounds = r[6].as<int>();
  g.best_round_half = r[7].as<int>();
  g.round_sum_half = r[8].as<int>();
  g.rated = r[9].as<bool>();
  g.finished_ms = r[10].as<int64_t>();
  return g;
}

// --- What is not committed yet -------------------------------------------------------------------

PgStore::Batch PgStore::pending_players() const {
  // Taken before the database is read: a batch committed in between is then in both, and the
  // reads below drop the doubles (a batch popped before this is in the database already).
  std::lock_guard lock(mutex_);
  Batch all;
  auto add = [&all](const Batch& b) {
    all.skills.insert(all.skills.end(), b.skills.begin(), b.skills.end());
    all.count_skills.insert(all.count_skills.end(), b.count_skills.begin(), b.count_skills.end());
    all.changes.insert(all.changes.end(), b.changes.begin(), b.changes.end());
    all.seats.insert(all.seats.end(), b.seats.begin(), b.seats.end());
  };
  for (const Batch& b : queue_) add(b);
  add(current_);
  return all;
}

void PgStore::apply_pending(const Batch& pending, PlayerRecord& p) {
  for (const Batch::Skill& s : pending.skills) {  // in write order: the last one wins
    if (s.player != p.id) continue;
    p.skill = s.skill;
    p.rated_games = s.rated_games;
  }
}

std::optional<PlayerRecord> PgStore::select_player(const std::string& where) {
  const Batch pending = pending_players();
  std::optional<PlayerRecord> p =
      read("a player", [&where](pqxx::nontransaction& t) -> std::optional<PlayerRecord> {
        const pqxx::result r =
            t.exec(fmt::format("SELECT {} FROM players WHERE {}", kPgPlayerColumns, where));
        if (r.empty()) return std::nullopt;
        return read_pg_player(r[0]);
      });
  if (p) apply_pending(pending, *p);
  return p;
}

// --- Players -------------------------------------------------------------------------------------

PlayerId PgStore::create_guest(int64_t now_ms) {
  const std::string sql = fmt::format(
      "INSERT INTO players (guest, created, mu, sigma) VALUES (true, {}, {}, {}) "
      "RETURNING id",
      now_ms, sql_double(rating::Skill{}.mu), sql_double(rating::Skill{}.sigma));
  return read("a new guest player",
              [&sql](pqxx::nontransaction& t) { return t.exec(sql)[0][0].as<PlayerId>(); });
}

std::optional<PlayerRecord> PgStore::player(PlayerId id) {
  return select_player(fmt::format("id = {}", id));
}

std::optional<PlayerRecord> PgStore::account_by_key(std::string_view name_key) {
  return select_player(fmt::format("name_key = {} AND NOT deleted", quote(name_key)));
}

std::optional<PlayerRecord> PgStore::account_by_skeleton(std::string_view skeleton) {
  return select_player(fmt::format("name_skeleton = {} AND NOT deleted", quote(skeleton)));
}

bool PgStore::claim(PlayerId id, std::string_view name, std::string_view name_key,
                    std::string_view skeleton, std::string_view password_hash) {
  const std::string sql = fmt::format(
      "UPDATE players SET guest = false, name = {}, name_key = {}, name_skeleton = {}, "
      "password_hash = {} WHERE id = {} AND guest AND NOT deleted",
      quote(name), quote(name_key), quote(skeleton), quote(password_hash), id);
  const int changed = read("a claim", [&sql](pqxx::nontransaction& t) {
    try {
      return static_cast<int>(t.exec(sql).affected_rows());
    } catch (const pqxx::unique_violation&) {
      return -1;  // the key or the skeleton is another account's
    }
  });
  if (changed == 0)
    throw StoreError(fmt::format("cannot claim player {} in '{}': not a guest", id, name_));
  return changed > 0;
}

void PgStore::set_password(PlayerId id, std::string_view password_hash) {
  const std::string sql =
      fmt::format("UPDATE players SET password_hash = {} WHERE id = {}", quote(password_hash), id);
  read("a password change", [&sql](pqxx::nontransaction& t) { t.exec(sql); });
}

void PgStore::delete_player(PlayerId id) {
  // One simple query: one transaction.
  const std::string sql = fmt::format(
      "UPDATE players SET deleted = true, name = NULL, name_key = NULL, name_skeleton = NULL, "
      "password_hash = NULL WHERE id = {0}; DELETE FROM sessions WHERE player = {0}",
      id);
  read("a deletion", [&sql](pqxx::nontransaction& t) { t.exec(sql); });
}

std::vector<PlayerRecord> PgStore::players() {
  const Batch pending = pending_players();
  std::vector<PlayerRecord> all = read("the players", [](pqxx::nontransaction& t) {
    std::vector<PlayerRecord> out;
    for (const auto& row :
         t.exec(fmt::format("SELECT {} FROM players ORDER BY id", kPgPlayerColumns)))
      out.push_back(read_pg_player(row));
    return out;
  });
  for (PlayerRecord& p : all) apply_pending(pending, p);
  return all;
}

// --- Sessions ------------------------------------------------------------------------------------

void PgStore::add_session(std::string_view token_hash, PlayerId player, int64_t now_ms) {
  const std::string insert = fmt::format(
      "INSERT INTO sessions (token_hash, player, created, last_seen) VALUES ({}, {}, {}, {})",
      quote(token_hash), player, now_ms, now_ms);
  read("a new session", [&insert](pqxx::nontransaction& t) { t.exec(insert); });
}

std::optional<PlayerId> PgStore::session_player(std::string_view token_hash, int64_t now_ms) {
  // The last use is kept to the minute (as SQLite's): a write per request would cost a round trip.
  const std::string hash = quote(token_hash);
  return read("a session", [&](pqxx::nontransaction& t) -> std::optional<PlayerId> {
    const pqxx::result r =
        t.exec("SELECT player, last_seen FROM sessions WHERE token_hash = " + hash);
    if (r.empty()) return std::nullopt;
    const PlayerId player = r[0][0].as<PlayerId>();
    if (now_ms - r[0][1].as<int64_t>() >= 60'000) {
      t.exec(fmt::format("UPDATE sessions SET last_seen = {} WHERE token_hash = {}", now_ms, hash));
    }
    return player;
  });
}

void PgStore::delete_session(std::string_view token_hash) {
  const std::string sql = "DELETE FROM sessions WHERE token_hash = " + quote(token_hash);
  read("a session", [&sql](pqxx::nontransaction& t) { t.exec(sql); });
}

void PgStore::delete_sessions(PlayerId player) {
  const std::string sql = fmt::format("DELETE FROM sessions WHERE player = {}", player);
  read("the sessions of a player", [&sql](pqxx::nontransaction& t) { t.exec(sql); });
}

int PgStore::session_count(PlayerId player) {
  const std::string sql = fmt::format("SELECT count(*) FROM sessions WHERE player = {}", player);
  return read("the sessions of a player",
              [&sql](pqxx::nontransaction& t) { return t.exec(sql)[0][0].as<int>(); });
}

// --- Ratings and games: in the batch of the game's end -------------------------------------------

void PgStore::set_skill(PlayerId player, const rating::Skill& skill, int rated_games) {
  // An unknown player is an error now, as SQLite's (its UPDATE changes no row).
  if (!this->player(player))
    throw StoreError(fmt::format("cannot store a rating in '{}': no player {}", name_, player));
  // The statement is written when the batch is sealed (pg_ratings.cc): a rated game's is the
  // store thread's to compute again.
  std::lock_guard lock(mutex_);
  current_.skills.push_back({player, skill, rated_games});
}

void PgStore::add_rating_change(const RatingChange& change) {
  std::lock_guard lock(mutex_);
  current_.changes.push_back(change);
}

std::vector<RatingChange> PgStore::rating_history(PlayerId player) {
  const Batch pending = pending_players();
  std::vector<RatingChange> changes = read("the ratings", [player](pqxx::nontransaction& t) {
    std::vector<RatingChange> out;
    for (const auto& row : t.exec(fmt::format(
             "SELECT game, mu_before, sigma_before, mu_after, sigma_after, at FROM rating_history "
             "WHERE player = {} ORDER BY at, n",
             player))) {
      out.push_back({player,
                     row[0].as<std::string>(),
                     {row[1].as<double>(), row[2].as<double>()},
                     {row[3].as<double>(), row[4].as<double>()},
                     row[5].as<int64_t>()});
    }
    return out;
  });
  std::set<std::string> stored;
  for (const RatingChange& c : changes) stored.insert(c.game_id);
  for (const RatingChange& c : pending.changes) {
    if (c.player == player && !stored.contains(c.game_id)) changes.push_back(c);
  }
  std::stable_sort(changes.begin(), changes.end(),
                   [](const RatingChange& a, const RatingChange& b) { return a.at_ms < b.at_ms; });
  return changes;
}

void PgStore::add_game_seat(const GameSeat& seat) {
  add(fmt::format("INSERT INTO game_seats (game, seat, player, players, place, total_half, "
                  "rounds, best_round_half, round_sum_half, rated, finished) VALUES ({}, {}, {}, "
                  "{}, {}, {}, {}, {}, {}, {}, {})",
                  quote(seat.game_id), seat.seat, seat.player, seat.players, seat.place,
                  seat.total_half, seat.rounds, seat.best_round_half, seat.round_sum_half,
                  seat.rated, seat.finished_ms),
      false);
  std::lock_guard lock(mutex_);
  current_.seats.push_back(seat);
}

std::vector<GameSeat> PgStore::player_games(PlayerId player) {
  const Batch pending = pending_players();
  std::vector<GameSeat> seats = read("the games of a player", [player](pqxx::nontransaction& t) {
    std::vector<GameSeat> out;
    for (const auto& row : t.exec(fmt::format(
             "SELECT {} FROM game_seats WHERE player = {} ORDER BY n", pg::kSeatColumns, player))) {
      out.push_back(pg::read_seat(row));
    }
    return out;
  });
  std::set<std::pair<std::string, int>> stored;
  for (const GameSeat& s : seats) stored.insert({s.game_id, s.seat});
  for (const GameSeat& s : pending.seats) {
    if (s.player == player && !stored.contains({s.game_id, s.seat})) seats.push_back(s);
  }
  return seats;
}

}  // namespace allegra::server
