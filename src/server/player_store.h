#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rating/skill_rating.h"

namespace allegra::server {

using PlayerId = int64_t;

// One player (issue 29 §1): a guest (no name, no password) until claimed as an account. A
// deleted player keeps his row (his id stays in the games he played, shown as "deleted player")
// but loses his name, his password and his sessions.
struct PlayerRecord {
  PlayerId id = 0;
  bool guest = true;
  std::string name;           // the user name as typed ("" for a guest or a deleted player)
  std::string name_key;       // text::player_name_key(name): unique among accounts
  std::string name_skeleton;  // the name's confusable skeleton: unique among accounts
  std::string password_hash;  // Argon2id, libsodium's string form ("" for a guest)
  int64_t created_ms = 0;     // Unix time
  bool deleted = false;
  rating::Skill skill;
  int rated_games = 0;

  friend bool operator==(const PlayerRecord&, const PlayerRecord&) = default;
};

// One rating change: a player's skill before and after a rated game.
struct RatingChange {
  PlayerId player = 0;
  std::string game_id;
  rating::Skill before, after;
  int64_t at_ms = 0;

  friend bool operator==(const RatingChange&, const RatingChange&) = default;
};

// Who sat in a seat of a finished game and how it went for him (a player's history, his
// profile's figures, his export). The fields from `players` on are schema 5's: rows of games
// stored before it have zeros and false there.
struct GameSeat {
  std::string game_id;
  int seat = 0;
  PlayerId player = 0;
  // schema 5:
  int players = 0;          // seats in the game (2-6)
  int place = 0;            // 1 = best; ties share the better place; a rated leaver is last
  int total_half = 0;       // the final total, half points
  int rounds = 0;           // rounds played
  int best_round_half = 0;  // the seat's lowest round score (score_half), half points
  int round_sum_half = 0;   // sum of the seat's round scores (average = round_sum_half / rounds)
  bool rated = false;
  int64_t finished_ms = 0;  // Unix ms of the game's end

  friend bool operator==(const GameSeat&, const GameSeat&) = default;
};

// One row of a leaderboard (overall, or of one player count).
struct LeaderboardRow {
  int rank = 0;  // 1-based, by display rating (then more rated games, then lower id)
  PlayerId player = 0;
  std::string name;  // accounts only have names; guests are listed as "" (client words it)
  bool guest = false;
  rating::Skill skill;
  int rated_games = 0;
  friend bool operator==(const LeaderboardRow&, const LeaderboardRow&) = default;
};

// PlayerStore: the players, their sessions and their ratings (docs/server-store.md, "Players").
// An interface of its own beside Store so that every store (SqliteStore; a PostgreSQL store
// later) adds it without the server knowing which it talks to.
//
// Contract, as Store's: writes join the store's open transaction and are durable after
// Store::commit() (so a rating change and the game's end it comes from commit together); reads
// see the pending writes; every call comes from the server's io thread; a write the store cannot
// make throws std::runtime_error naming the problem, except the name clash of claim(), which
// returns false. Session tokens are never stored: only their hashes (`token_hash`, hex).
class PlayerStore {
 public:
  virtual ~PlayerStore() = default;

  // --- Players -------------------------------------------------------------------------------
  virtual PlayerId create_guest(int64_t now_ms) = 0;
  virtual std::optional<PlayerRecord> player(PlayerId id) = 0;
  // The account (not deleted) whose name has this key or this skeleton.
  virtual std::optional<PlayerRecord> account_by_key(std::string_view name_key) = 0;
  virtual std::optional<PlayerRecord> account_by_skeleton(std::string_view skeleton) = 0;
  // Makes guest `id` an account; false if the key or the skeleton is taken (nothing changed).
  virtual bool claim(PlayerId id, std::string_view name, std::string_view name_key,
                     std::string_view skeleton, std::string_view password_hash) = 0;
  virtual void set_password(PlayerId id, std::string_view password_hash) = 0;
  // Forgets the name and the password, deletes the sessions, keeps the row (the games keep it).
  virtual void delete_player(PlayerId id) = 0;
  // Every player, in id order (the export).
  virtual std::vector<PlayerRecord> players() = 0;

  // --- Sessions ------------------------------------------------------------------------------
  virtual void add_session(std::string_view token_hash, PlayerId player, int64_t now_ms) = 0;
  // The player of a session (updating its last use), nullopt if there is none.
  virtual std::optional<PlayerId> session_player(std::string_view token_hash, int64_t now_ms) = 0;
  virtual void delete_session(std::string_view token_hash) = 0;
  virtual void delete_sessions(PlayerId player) = 0;  // sign out everywhere
  virtual int session_count(PlayerId player) = 0;

  // --- Ratings and games ---------------------------------------------------------------------
  virtual void set_skill(PlayerId player, const rating::Skill& skill, int rated_games) = 0;
  virtual void add_rating_change(const RatingChange& change) = 0;
  virtual std::vector<RatingChange> rating_history(PlayerId player) = 0;  // oldest first
  virtual void add_game_seat(const GameSeat& seat) = 0;
  virtual std::vector<GameSeat> player_games(PlayerId player) = 0;  // oldest first

  // --- Profiles, histories and leaderboards (schema 5) ---------------------------------------
  // players_count 0 = overall; 2-6 = that count's skill. Only established players: not deleted,
  // rated_games >= 10 and sigma <= 6 (rating::is_provisional is false). offset/limit page it.
  virtual std::vector<LeaderboardRow> leaderboard(int players_count, int offset, int limit) = 0;
  // The player's row on that board, nullopt if he is not on it (provisional, deleted, unknown).
  virtual std::optional<LeaderboardRow> leaderboard_row(PlayerId player, int players_count) = 0;
  // The skill of one player count (a default Skill and 0 games if he has none).
  virtual std::pair<rating::Skill, int> count_skill(PlayerId player, int players_count) = 0;
  virtual void set_count_skill(PlayerId player, int players_count, const rating::Skill& skill,
                               int rated_games) = 0;
  // Every seat of one game (seat order): the opponents of a history entry.
  virtual std::vector<GameSeat> game_seats(std::string_view game_id) = 0;
  // A player's games, newest first, finished strictly before `before_ms` (INT64_MAX: from the
  // newest), at most `limit`.
  virtual std::vector<GameSeat> recent_games(PlayerId player, int64_t before_ms, int limit) = 0;
};

}  // namespace allegra::server
