#pragma once

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "server/player_store.h"
#include "server/store.h"
#include "server/wal_checkpointer.h"

namespace allegra::server {

// A store that cannot be opened or written: the message names the file and the problem.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// SqliteStore: the Store in one SQLite file (docs/server-store.md).
//
// Why SQLite: one server process, one io thread, a few thousand small writes a second; a single
// file the operator can copy with `sqlite3 FILE .backup`, and no database server to run. The file
// is opened in WAL mode with synchronous=NORMAL: a commit is in the WAL (in the kernel's page
// cache) when commit() returns, so it survives the server being killed (kill -9, a crash), but the
// last commits before a power cut or a kernel crash may be lost (the file stays consistent).
// Writes go into one open transaction that commit() ends: the hub commits once per batch of input
// (group commit), so the cost of a commit is shared by every action of the batch.
//
// The schema is versioned (PRAGMA user_version) and marked as Allegra's (PRAGMA application_id).
// Opening migrates an older file step by step, each step in its own transaction; a file of a newer
// version, a file that is not an Allegra database, or a folder that cannot be written is a
// StoreError. Only one process may use a file at a time (an advisory lock on it): a second
// `allegra serve` on the same file is refused instead of interleaving two servers' writes.
class SqliteStore final : public Store, public PlayerStore {
 public:
  static constexpr int kSchemaVersion = 6;
  static constexpr int32_t kApplicationId = 0x416c6772;  // "Algr"

  // Opens `path`, creating it (not its folder) if it does not exist, and migrates it.
  explicit SqliteStore(const std::filesystem::path& path);
  // Anything not committed is rolled back (as if the process had died).
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  void create_table(std::string_view code, std::string_view meta_json) override;
  void append(std::string_view code, const LogEntry& entry) override;
  void close_table(std::string_view code) override;
  void save_game(std::string_view game_id, std::string_view code,
                 std::string_view record_jsonl) override;
  void commit() override;
  std::vector<StoredTable> open_tables() override;
  std::optional<std::string> game(std::string_view game_id) override;
  std::vector<std::string> game_ids() override;
  StoreStats stats() const override;
  void save_review(std::string_view game_id, std::string_view level,
                   std::string_view review_json) override;
  std::optional<std::string> review(std::string_view game_id) override;

  // PlayerStore (sqlite_player_store.cc).
  PlayerId create_guest(int64_t now_ms) override;
  std::optional<PlayerRecord> player(PlayerId id) override;
  std::optional<PlayerRecord> account_by_key(std::string_view name_key) override;
  std::optional<PlayerRecord> account_by_skeleton(std::string_view skeleton) override;
  bool claim(PlayerId id, std::string_view name, std::string_view name_key,
             std::string_view skeleton, std::string_view password_hash) override;
  void set_password(PlayerId id, std::string_view password_hash) override;
  void delete_player(PlayerId id) override;
  std::vector<PlayerRecord> players() override;
  void add_session(std::string_view token_hash, PlayerId player, int64_t now_ms) override;
  std::optional<PlayerId> session_player(std::string_view token_hash, int64_t now_ms) override;
  void delete_session(std::string_view token_hash) override;
  void delete_sessions(PlayerId player) override;
  int session_count(PlayerId player) override;
  void set_skill(PlayerId player, const rating::Skill& skill, int rated_games) override;
  void add_rating_change(const RatingChange& change) override;
  std::vector<RatingChange> rating_history(PlayerId player) override;
  void add_game_seat(const GameSeat& seat) override;
  std::vector<GameSeat> player_games(PlayerId player) override;
  std::vector<LeaderboardRow> leaderboard(int players_count, int offset, int limit) override;
  std::optional<LeaderboardRow> leaderboard_row(PlayerId player, int players_count) override;
  std::pair<rating::Skill, int> count_skill(PlayerId player, int players_count) override;
  void set_count_skill(PlayerId player, int players_count, const rating::Skill& skill,
                       int rated_games) override;
  std::vector<GameSeat> game_seats(std::string_view game_id) override;
  std::vector<GameSeat> recent_games(PlayerId player, int64_t before_ms, int limit) override;

  const std::filesystem::path& path() const { return path_; }
  // The schema version of the file as it was found (0: a new file), before migrating.
  int found_version() const { return found_version_; }

 private:
  void begin_if_needed();
  // Runs `write` inside the open transaction; an SQLite error becomes a StoreError naming `what`.
  template <typename Write>
  auto player_write(std::string_view what, Write&& write);
  std::optional<PlayerRecord> select_player(const char* where, std::string_view value);
  std::vector<GameSeat> select_seats(const char* where_order,
                                     const std::function<void(SQLite::Statement&)>& bind);
  std::vector<LeaderboardRow> full_leaderboard(int players_count);
  void prepare_statements();

  // An open descriptor of the file holding an exclusive flock(). Declared before db_ so that it is
  // closed after it: closing any descriptor of a SQLite file drops the process's POSIX locks on it.
  struct FileLock {
    explicit FileLock(const std::filesystem::path& path);
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    int fd = -1;
  };

  std::filesystem::path path_;
  FileLock lock_;
  SQLite::Database db_;
  int found_version_ = 0;
  bool in_transaction_ = false;
  uint64_t pending_entries_ = 0;
  std::string code_text_;  // append()'s table code, bound without a copy (capacity kept)
  StoreStats stats_;
  // Prepared once (after migrating): a statement is reset and rebound, never prepared again.
  std::optional<SQLite::Statement> begin_, commit_, insert_table_, delete_closed_table_,
      insert_log_, close_table_, insert_game_, select_open_, select_log_, select_game_,
      select_game_ids_, insert_review_, select_review_;
  // Copies the WAL into the file off the io thread (wal_autocheckpoint is off on db_).
  std::optional<WalCheckpointer> checkpointer_;
};

// The default file of `allegra serve`: $XDG_STATE_HOME/allegra/server.sqlite, or
// ~/.local/state/allegra/server.sqlite when XDG_STATE_HOME is unset or not absolute. Creates the
// folders; throws StoreError if it cannot (or if neither variable gives a home).
std::filesystem::path default_store_path();

}  // namespace allegra::server
