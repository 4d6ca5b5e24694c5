// The players of a SQLite store copied into PostgreSQL, and checked (`allegra store migrate`,
// docs/server-store.md "Moving to PostgreSQL").
//
// What: every row of the player tables (`players`, `sessions`, `skills`, `rating_history`,
// `game_seats`) of a SQLite file, written into a PostgreSQL database of Allegra's schema (PgStore
// has created it) in one transaction, ids and order kept: a player keeps his id (the games' seats
// and the history name him by it; the id sequence goes on after the highest), history lines and
// seats keep the order in which they were written (SQLite's rowid becomes PostgreSQL's `n`), and
// sessions keep their token hashes (the tokens were never stored), so every browser stays signed
// in. Then two checks: the copy's rows equal the source's, and every player's profile (his
// record, his skills per player count, his rating history, his games, his leaderboard rows, the
// leaderboards themselves, every game's seats) reads back equal through each store's PlayerStore.
//
// Why rows and not PlayerStore calls for the copy: PlayerStore makes new players with new ids and
// has no call that lists sessions; a copy must keep both.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/player_store.h"

namespace allegra::server {

// How many rows of each player table were copied (or compared), in copy order.
struct PlayerTableRows {
  std::string table;
  size_t rows = 0;
};

// Copies the player tables of the SQLite file (already of the current schema: open it with
// SqliteStore first) into the PostgreSQL database of `url`, one transaction. The database must
// hold no players (a StoreError otherwise, nothing written); any failure is a StoreError.
std::vector<PlayerTableRows> copy_player_tables(const std::filesystem::path& sqlite_file,
                                                const std::string& url);

// The first row that differs between the two databases' player tables, or nullopt.
std::optional<std::string> player_tables_difference(const std::filesystem::path& sqlite_file,
                                                    const std::string& url);

// The first profile that reads back differently from `copy` than from `source`, or nullopt:
// the players, and for each his record, session count, skills (overall and per player count),
// rating history, games (all, and the recent ones as a profile pages them), leaderboard rows;
// every leaderboard; the seats of every game of `game_ids`. `progress(n)` after each player.
std::optional<std::string> player_profiles_difference(
    PlayerStore& source, PlayerStore& copy, const std::vector<std::string>& game_ids,
    const std::function<void(size_t)>& progress = {});

}  // namespace allegra::server
