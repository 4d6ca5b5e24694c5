// What pg_store.cc and pg_player_store.cc share (not for other files): PgStore's connection,
// its string quoting, the first line of an error, and the read helper of the caller's thread.
#pragma once

#include <fmt/format.h>

#include <mutex>
#include <pqxx/pqxx>
#include <string>
#include <string_view>

#include "server/pg_store.h"

namespace allegra::server {

struct PgStore::Connection {
  explicit Connection(const std::string& url) : c(url) {}
  pqxx::connection c;
};

namespace pg {

// A string literal. Every connection runs with standard_conforming_strings on (set at connecting),
// where a quote doubled is the only escape; a NUL byte cannot be in a PostgreSQL text at all.
// Quoting here, not with the connection's escape function, keeps the io thread off the
// connection that the store thread uses. Throws StoreError for a text holding a NUL byte.
std::string quote(std::string_view text);
// The first line of a PostgreSQL error ("ERROR:  duplicate key ...") without its prefix.
std::string first_line(std::string_view message);
// A double as SQL: the shortest text that reads back as the same double.
inline std::string sql_double(double x) { return fmt::format("{}", x); }
// The columns of game_seats in GameSeat's order, and a row of them as a GameSeat.
inline constexpr const char* kSeatColumns =
    "game, seat, player, players, place, total_half, rounds, best_round_half, round_sum_half, "
    "rated, finished";
GameSeat read_seat(const pqxx::row& r);

}  // namespace pg

// Runs f(nontransaction&) over the reading connection, (re)connecting it; a connection broken
// since the last call is tried once more; any failure becomes a StoreError naming `what`.
template <typename F>
auto PgStore::read(const char* what, F&& f) {
  std::lock_guard lock(read_mutex_);
  for (int attempt = 0;; ++attempt) {
    try {
      if (!reader_) reader_ = connect();
      pqxx::nontransaction t(reader_->c);
      return f(t);
    } catch (const pqxx::broken_connection& e) {
      reader_.reset();
      if (attempt == 0) continue;  // a connection broken since the last read: once more
      throw StoreError(
          fmt::format("cannot read {} from '{}': {}", what, name_, pg::first_line(e.what())));
    } catch (const StoreError&) {
      throw;
    } catch (const std::exception& e) {
      reader_.reset();
      throw StoreError(
          fmt::format("cannot read {} from '{}': {}", what, name_, pg::first_line(e.what())));
    }
  }
}

}  // namespace allegra::server
