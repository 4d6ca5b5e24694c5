#include "server/sqlite_store.h"

#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Transaction.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <span>

namespace allegra::server {

namespace fs = std::filesystem;

namespace {

// The schema's history: step N takes a file from version N-1 to N. A released step is never
// edited; a change of the schema is a new step (and kSchemaVersion + 1).
struct MigrationStep {
  int version;
  const char* sql;
  // Run after `sql`, in the same transaction: what SQL alone cannot say (ADD COLUMN has no IF
  // NOT EXISTS). nullptr for most steps.
  void (*more)(SQLite::Database&) = nullptr;
};

// Step 5's columns of game_seats, added unless the table has them already (a file whose
// user_version was set back by hand: the tests write older versions so).
void add_game_seat_columns(SQLite::Database& db) {
  constexpr const char* kColumns[][2] = {{"players", "INTEGER NOT NULL DEFAULT 0"},
                                         {"place", "INTEGER NOT NULL DEFAULT 0"},
                                         {"total_half", "INTEGER NOT NULL DEFAULT 0"},
                                         {"rounds", "INTEGER NOT NULL DEFAULT 0"},
                                         {"best_round_half", "INTEGER NOT NULL DEFAULT 0"},
                                         {"round_sum_half", "INTEGER NOT NULL DEFAULT 0"},
                                         {"rated", "INTEGER NOT NULL DEFAULT 0"},
                                         {"finished", "INTEGER NOT NULL DEFAULT 0"}};
  for (const auto& [name, type] : kColumns) {
    SQLite::Statement has(db,
                          "SELECT count(*) FROM pragma_table_info('game_seats') WHERE name = ?");
    has.bind(1, name);
    has.executeStep();
    if (has.getColumn(0).getInt() == 0)
      db.exec(fmt::format("ALTER TABLE game_seats ADD COLUMN {} {}", name, type));
  }
  db.exec(
      "CREATE INDEX IF NOT EXISTS game_seats_by_player_finished ON game_seats(player, finished)");
}

constexpr MigrationStep kMigrationSteps[] = {
    // 1: the tables and their logs. `created` and `closed` are Unix times in ms (for people and
    // backups; the server never reads them); a table is open while `closed` is NULL. The primary
    // key (code, seq) makes appending the same line twice an error.
    {1, R"sql(
CREATE TABLE tables (
  code TEXT PRIMARY KEY NOT NULL,
  meta TEXT NOT NULL,
  created INTEGER NOT NULL,
  closed INTEGER
);
CREATE TABLE log (
  code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (code, seq)
) WITHOUT ROWID;
)sql"},
    // 2: finished games (their records, JSON lines text), kept after their table is gone.
    {2, R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY NOT NULL,
  code TEXT NOT NULL,
  record TEXT NOT NULL,
  finished INTEGER NOT NULL
);
)sql"},
    // 3: no table changes. Since bots decide off the io thread, a `tick` line of the log lists
    // the bots' answers it played ("bots"), and a restore replays them instead of running the
    // bots again. An older allegra would ignore that list and run the bots at other moments
    // than the live game did; the version makes it refuse the file instead. Lines written
    // before (no "bots") still replay: their ticks run the bots, as they did.
    {3, R"sql(
-- The log's format only (docs/server-store.md).
)sql"},
    // 4: the players (issue 29): guests and accounts, their sessions (hashes of the tokens only),
    // their skill ratings and its history, and who sat in which seat of each finished game.
    // An account's name is unique by its key (NFKC, case folded) and by its confusable skeleton;
    // a guest or a deleted player has neither (NULLs do not clash). IF NOT EXISTS: a file whose
    // user_version was set back by hand (the tests write older versions so) migrates too.
    {4, R"sql(
CREATE TABLE IF NOT EXISTS players (
  id INTEGER PRIMARY KEY,
  guest INTEGER NOT NULL,
  name TEXT,
  name_key TEXT UNIQUE,
  name_skeleton TEXT UNIQUE,
  password_hash TEXT,
  created INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  rated_games INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY NOT NULL,
  player INTEGER NOT NULL REFERENCES players(id),
  created INTEGER NOT NULL,
  last_seen INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_player ON sessions(player);
CREATE TABLE IF NOT EXISTS rating_history (
  player INTEGER NOT NULL REFERENCES players(id),
  game TEXT NOT NULL,
  mu_before REAL NOT NULL,
  sigma_before REAL NOT NULL,
  mu_after REAL NOT NULL,
  sigma_after REAL NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (player, game)
);
CREATE TABLE IF NOT EXISTS game_seats (
  game TEXT NOT NULL,
  seat INTEGER NOT NULL,
  player INTEGER NOT NULL REFERENCES players(id),
  PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS game_seats_by_player ON game_seats(player);
)sql"},
    // 5: profiles, histories and leaderboards (issue 29 §3): game_seats gains how the game went
    // for the seat (players, place, total, rounds, best round, round sum, rated, finished: the
    // columns are added by add_game_seat_columns; old rows keep zeros, no backfill), and `skills`
    // holds each player's skill per player count (2-6) beside the overall one in `players`.
    {5, R"sql(
CREATE TABLE IF NOT EXISTS skills (
  player INTEGER NOT NULL REFERENCES players(id),
  players INTEGER NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  rated_games INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (player, players)
) WITHOUT ROWID;
)sql",
     add_game_seat_columns},
    // 6: the games' reviews (issue 31, docs/review-format.md): at most one per game, written once
    // by the server's review jobs (server/review_jobs.h) and served to everyone who opens it.
    {6, R"sql(
CREATE TABLE IF NOT EXISTS reviews (
  game TEXT PRIMARY KEY NOT NULL,
  level TEXT NOT NULL,
  review TEXT NOT NULL,
  created INTEGER NOT NULL
);
)sql"},
};
static_assert(std::size(kMigrationSteps) == SqliteStore::kSchemaVersion);

int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string text(std::string_view s) { return std::string(s); }

SQLite::Database open_database(const fs::path& path) {
  try {
    return SQLite::Database(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE,
                            /*busy timeout ms*/ 5000);
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot open the database '{}': {}", path.string(), e.what()));
  }
}

// A statement prepared once, ready to be bound again. tryReset(): reset() would throw the error
// of the statement's last run again (a failed insert stays failed until reset).
SQLite::Statement& fresh(std::optional<SQLite::Statement>& statement) {
  statement->tryReset();
  return *statement;
}

}  // namespace

SqliteStore::FileLock::FileLock(const fs::path& path) {
  // 1. The folder must exist: SQLite creates the file and, beside it, its -wal and -shm files.
  const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) {
    throw StoreError(fmt::format("cannot open the database '{}': the folder '{}' does not exist",
                                 path.string(), folder.string()));
  }
  if (fs::is_directory(path, ec)) {
    throw StoreError(fmt::format("cannot open the database '{}': it is a folder", path.string()));
  }
  // 2. Open (or create) the file itself; 0600: the logs hold the seat tokens.
  fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) {
    throw StoreError(fmt::format("cannot open the database '{}': {}{}", path.string(),
                                 std::strerror(errno),
                                 errno == EACCES || errno == EROFS || errno == ENOENT
                                     ? " (the file and its folder must be writable)"
                                     : ""));
  }
  // 3. One process at a time: two servers writing the same tables would corrupt their logs.
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd);
    fd = -1;
    throw StoreError(fmt::format(
        "cannot open the database '{}': {}", path.string(),
        error == EWOULDBLOCK ? "another allegra serve is using it" : std::strerror(error)));
  }
}

SqliteStore::FileLock::~FileLock() {
  if (fd >= 0) ::close(fd);
}

SqliteStore::SqliteStore(const fs::path& path)
    : path_(path), lock_(path), db_(open_database(path)) {
  const std::string name = path.string();
  // 1. Is it an Allegra database? (A file that is not SQLite fails at its first read.)
  int32_t application_id = 0;
  int objects = 0;
  try {
    application_id = db_.execAndGet("PRAGMA application_id").getInt();
    found_version_ = db_.execAndGet("PRAGMA user_version").getInt();
    objects = db_.execAndGet("SELECT count(*) FROM sqlite_master").getInt();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("'{}' is not an Allegra database: {}", name, e.what()));
  }
  const bool empty = application_id == 0 && found_version_ == 0 && objects == 0;
  if (!empty && application_id != kApplicationId) {
    throw StoreError(fmt::format(
        "'{}' is not an Allegra database (a SQLite file of another program: application_id {:#x})",
        name, static_cast<uint32_t>(application_id)));
  }
  if (found_version_ > kSchemaVersion) {
    throw StoreError(fmt::format(
        "'{}' was written by a newer allegra (schema version {}; this one knows up to {}): use a "
        "newer allegra, or another database file",
        name, found_version_, kSchemaVersion));
  }
  try {
    // 2. The settings (docs/server-store.md says what they mean for a crash). A new file gets
    //    pages of 1 KiB (SQLite's default is 4 KiB): a commit writes every page it changed to the
    //    WAL, and an action changes one leaf of the log (a row of ~200 bytes), so the WAL, its
    //    checksums and the checkpoints' copies shrink fourfold. A file keeps the size it has.
    if (empty) db_.exec("PRAGMA page_size=1024");
    const std::string mode = db_.execAndGet("PRAGMA journal_mode=WAL").getString();
    if (mode != "wal") {
      throw StoreError(
          fmt::format("cannot use '{}' in WAL mode (it stays in '{}' mode)", name, mode));
    }
    db_.exec("PRAGMA synchronous=NORMAL");
    // Checkpoints run on their own thread (wal_checkpointer.h), never inside a COMMIT here.
    db_.exec("PRAGMA wal_autocheckpoint=0");
    db_.exec("PRAGMA foreign_keys=ON");
    // 3. Migrate, one transaction per step, so an interrupted migration leaves a whole version.
    for (const MigrationStep& step : kMigrationSteps) {
      if (step.version <= found_version_) continue;
      SQLite::Transaction transaction(db_, SQLite::TransactionBehavior::IMMEDIATE);
      db_.exec(step.sql);
      if (step.more) step.more(db_);
      db_.exec(fmt::format("PRAGMA application_id={}", kApplicationId));
      db_.exec(fmt::format("PRAGMA user_version={}", step.version));
      transaction.commit();
    }
    prepare_statements();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot prepare the database '{}': {}", name, e.what()));
  }
  checkpointer_.emplace(path_, std::chrono::milliseconds(5000), 16384, 1024);
}

StoreStats SqliteStore::stats() const {
  StoreStats s = stats_;
  const CheckpointStats c = checkpointer_->stats();
  s.checkpoints = c.checkpoints;
  s.checkpoint_restarts = c.restarts;
  s.checkpoint_seconds = c.seconds;
  s.wal_frames = c.wal_frames;
  return s;
}

SqliteStore::~SqliteStore() {
  checkpointer_.reset();  // its connection closes first: db_'s close then checkpoints the rest
  if (in_transaction_) db_.tryExec("ROLLBACK");
}

void SqliteStore::prepare_statements() {
  auto prepare = [&](std::optional<SQLite::Statement>& s, const char* sql) { s.emplace(db_, sql); };
  prepare(begin_, "BEGIN IMMEDIATE");
  prepare(commit_, "COMMIT");
  prepare(delete_closed_table_, "DELETE FROM tables WHERE code = ? AND closed IS NOT NULL");
  prepare(insert_table_, "INSERT INTO tables (code, meta, created) VALUES (?, ?, ?)");
  prepare(insert_log_, "INSERT INTO log (code, seq, kind, json) VALUES (?, ?, ?, ?)");
  prepare(close_table_, "UPDATE tables SET closed = ? WHERE code = ? AND closed IS NULL");
  prepare(insert_game_, "INSERT INTO games (id, code, record, finished) VALUES (?, ?, ?, ?)");
  prepare(select_open_, "SELECT code, meta FROM tables WHERE closed IS NULL ORDER BY rowid");
  prepare(select_log_, "SELECT seq, kind, json FROM log WHERE code = ? ORDER BY seq");
  prepare(select_game_, "SELECT record FROM games WHERE id = ?");
  prepare(select_game_ids_, "SELECT id FROM games ORDER BY rowid");
  prepare(insert_review_,
          "INSERT OR IGNORE INTO reviews (game, level, review, created) VALUES (?, ?, ?, ?)");
  prepare(select_review_, "SELECT review FROM reviews WHERE game = ?");
}

void SqliteStore::begin_if_needed() {
  if (in_transaction_) return;
  try {
    fresh(begin_).exec();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot write to '{}': {}", path_.string(), e.what()));
  }
  in_transaction_ = true;
}

void SqliteStore::create_table(std::string_view code, std::string_view meta_json) {
  begin_if_needed();
  try {
    // A code is unique among the open tables; a closed table's code may come back, and then the
    // closed table (its log) makes room: its finished games stay in `games`.
    auto& drop = fresh(delete_closed_table_);
    drop.bind(1, text(code));
    drop.exec();
    auto& insert = fresh(insert_table_);
    insert.bind(1, text(code));
    insert.bind(2, text(meta_json));
    insert.bind(3, unix_ms());
    insert.exec();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot create the table '{}' in '{}': {}", code, path_.string(),
                                 e.getExtendedErrorCode() == SQLITE_CONSTRAINT_PRIMARYKEY
                                     ? "a table with this code is open"
                                     : e.what()));
  }
}

void SqliteStore::append(std::string_view code, const LogEntry& entry) {
  begin_if_needed();
  try {
    auto& insert = fresh(insert_log_);
    // The texts bound without a copy (SQLITE_STATIC): they outlive exec(), each use binds every
    // parameter again before it runs, and this runs once per action.
    code_text_.assign(code);
    insert.bindNoCopy(1, code_text_);
    insert.bind(2, static_cast<int64_t>(entry.seq));
    insert.bindNoCopy(3, entry.kind);
    insert.bindNoCopy(4, entry.json);
    insert.exec();
  } catch (const SQLite::Exception& e) {
    const int error = e.getExtendedErrorCode();
    throw StoreError(fmt::format(
        "cannot append line {} to the table '{}' in '{}': {}", entry.seq, code, path_.string(),
        error == SQLITE_CONSTRAINT_PRIMARYKEY   ? "that line is already there"
        : error == SQLITE_CONSTRAINT_FOREIGNKEY ? "no such table"
                                                : e.what()));
  }
  ++pending_entries_;
}

void SqliteStore::close_table(std::string_view code) {
  begin_if_needed();
  int changed = 0;
  try {
    auto& update = fresh(close_table_);
    update.bind(1, unix_ms());
    update.bind(2, text(code));
    changed = update.exec();
  } catch (const SQLite::Exception& e) {
    throw StoreError(
        fmt::format("cannot close the table '{}' in '{}': {}", code, path_.string(), e.what()));
  }
  if (changed == 0) {
    throw StoreError(fmt::format("cannot close the table '{}' in '{}': no open table has this code",
                                 code, path_.string()));
  }
}

void SqliteStore::save_game(std::string_view game_id, std::string_view code,
                            std::string_view record_jsonl) {
  begin_if_needed();
  try {
    auto& insert = fresh(insert_game_);
    insert.bind(1, text(game_id));
    insert.bind(2, text(code));
    insert.bind(3, text(record_jsonl));
    insert.bind(4, unix_ms());
    insert.exec();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot save the game '{}' in '{}': {}", game_id, path_.string(),
                                 e.getExtendedErrorCode() == SQLITE_CONSTRAINT_PRIMARYKEY
                                     ? "a game with this id is saved already"
                                     : e.what()));
  }
}

void SqliteStore::commit() {
  if (!in_transaction_) return;
  const auto start = std::chrono::steady_clock::now();
  try {
    fresh(commit_).exec();
  } catch (const SQLite::Exception& e) {
    // A failed COMMIT (a full disk, an I/O error) may leave the transaction open: end it, so the
    // next write starts afresh, and report the batch as lost.
    if (sqlite3_get_autocommit(db_.getHandle()) == 0) db_.tryExec("ROLLBACK");
    in_transaction_ = false;
    pending_entries_ = 0;
    throw StoreError(fmt::format("cannot commit to '{}': {}", path_.string(), e.what()));
  }
  in_transaction_ = false;
  ++stats_.commits;
  stats_.entries += pending_entries_;
  pending_entries_ = 0;
  stats_.commit_seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<StoredTable> SqliteStore::open_tables() {
  std::vector<StoredTable> tables;
  try {
    auto& select = fresh(select_open_);
    while (select.executeStep()) {
      tables.push_back({select.getColumn(0).getString(), select.getColumn(1).getString(), {}});
    }
    select.reset();
    for (StoredTable& table : tables) {
      auto& log = fresh(select_log_);
      log.bind(1, table.code);
      while (log.executeStep()) {
        table.log.push_back({static_cast<uint64_t>(log.getColumn(0).getInt64()),
                             log.getColumn(1).getString(), log.getColumn(2).getString()});
      }
      log.reset();
    }
  } catch (const SQLite::Exception& e) {
    throw StoreError(
        fmt::format("cannot read the open tables of '{}': {}", path_.string(), e.what()));
  }
  return tables;
}

std::optional<std::string> SqliteStore::game(std::string_view game_id) {
  try {
    auto& select = fresh(select_game_);
    select.bind(1, text(game_id));
    std::optional<std::string> record;
    if (select.executeStep()) record = select.getColumn(0).getString();
    select.reset();
    return record;
  } catch (const SQLite::Exception& e) {
    throw StoreError(
        fmt::format("cannot read the game '{}' from '{}': {}", game_id, path_.string(), e.what()));
  }
}

std::vector<std::string> SqliteStore::game_ids() {
  std::vector<std::string> ids;
  try {
    auto& select = fresh(select_game_ids_);
    while (select.executeStep()) ids.push_back(select.getColumn(0).getString());
    select.reset();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot list the games of '{}': {}", path_.string(), e.what()));
  }
  return ids;
}

void SqliteStore::save_review(std::string_view game_id, std::string_view level,
                              std::string_view review_json) {
  begin_if_needed();
  try {
    auto& insert = fresh(insert_review_);
    insert.bind(1, text(game_id));
    insert.bind(2, text(level));
    insert.bind(3, text(review_json));
    insert.bind(4, unix_ms());
    insert.exec();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot save the review of the game '{}' in '{}': {}", game_id,
                                 path_.string(), e.what()));
  }
}

std::optional<std::string> SqliteStore::review(std::string_view game_id) {
  try {
    auto& select = fresh(select_review_);
    select.bind(1, text(game_id));
    std::optional<std::string> review;
    if (select.executeStep()) review = select.getColumn(0).getString();
    select.reset();
    return review;
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("cannot read the review of the game '{}' from '{}': {}", game_id,
                                 path_.string(), e.what()));
  }
}

fs::path default_store_path() {
  fs::path base;
  const char* state_home = std::getenv("XDG_STATE_HOME");
  if (state_home != nullptr && fs::path(state_home).is_absolute()) {
    base = state_home;
  } else {
    const char* home = std::getenv("HOME");
    if (home == nullptr || *home == '\0') {
      throw StoreError(
          "no place for the database: neither XDG_STATE_HOME nor HOME is set (name a file with "
          "--db)");
    }
    base = fs::path(home) / ".local" / "state";
  }
  const fs::path folder = base / "allegra";
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) {
    throw StoreError(fmt::format("cannot create the folder '{}' for the database: {}",
                                 folder.string(), ec.message()));
  }
  return folder / "server.sqlite";
}

}  // namespace allegra::server
