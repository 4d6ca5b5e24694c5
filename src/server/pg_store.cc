#include "server/pg_store.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <future>
#include <map>
#include <pqxx/pqxx>

#include "server/pg_connection.h"

namespace allegra::server {

using pg::first_line;
using pg::quote;

namespace {

// The schema's history, as SqliteStore's: step N takes a database from version N-1 to N; a
// released step is never edited. The numbers are PostgreSQL's own (they need not follow SQLite's).
struct MigrationStep {
  int version;
  const char* sql;
};
constexpr MigrationStep kMigrationSteps[] = {
    // 1: the tables and their logs, the finished games (as SQLite's version 3), the writers'
    // batch numbers (after a broken connection: did the last batch commit?), and a function that
    // closes an open table or fails naming it. `n` orders tables and games by creation.
    {1, R"sql(
CREATE TABLE allegra_schema (version INTEGER NOT NULL);
INSERT INTO allegra_schema VALUES (0);
CREATE TABLE tables (
  n BIGSERIAL NOT NULL,
  code TEXT PRIMARY KEY NOT NULL,
  meta TEXT NOT NULL,
  created BIGINT NOT NULL,
  closed BIGINT
);
CREATE TABLE log (
  code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
  seq BIGINT NOT NULL,
  kind TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (code, seq)
);
CREATE TABLE games (
  n BIGSERIAL NOT NULL,
  id TEXT PRIMARY KEY NOT NULL,
  code TEXT NOT NULL,
  record TEXT NOT NULL,
  finished BIGINT NOT NULL
);
CREATE TABLE writers (name TEXT PRIMARY KEY NOT NULL, batch BIGINT NOT NULL);
CREATE FUNCTION allegra_close_table(p_code TEXT, p_at BIGINT) RETURNS void AS $$
BEGIN
  UPDATE tables SET closed = p_at WHERE code = p_code AND closed IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no open table has the code %', p_code USING ERRCODE = 'no_data_found';
  END IF;
END $$ LANGUAGE plpgsql;
)sql"},
    // 2: the players, their sessions, ratings and seats (SQLite's version 4); `n` keeps the order
    // in which history lines and seats were written (SQLite's rowid). The lobby of several
    // servers: their public tables, and when each was last seen (pg_lobby.h).
    {2, R"sql(
CREATE TABLE players (
  id BIGSERIAL PRIMARY KEY,
  guest BOOLEAN NOT NULL,
  name TEXT,
  name_key TEXT UNIQUE,
  name_skeleton TEXT UNIQUE,
  password_hash TEXT,
  created BIGINT NOT NULL,
  deleted BOOLEAN NOT NULL DEFAULT false,
  mu DOUBLE PRECISION NOT NULL,
  sigma DOUBLE PRECISION NOT NULL,
  rated_games INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY NOT NULL,
  player BIGINT NOT NULL REFERENCES players(id),
  created BIGINT NOT NULL,
  last_seen BIGINT NOT NULL
);
CREATE INDEX sessions_by_player ON sessions(player);
CREATE TABLE rating_history (
  n BIGSERIAL NOT NULL,
  player BIGINT NOT NULL REFERENCES players(id),
  game TEXT NOT NULL,
  mu_before DOUBLE PRECISION NOT NULL,
  sigma_before DOUBLE PRECISION NOT NULL,
  mu_after DOUBLE PRECISION NOT NULL,
  sigma_after DOUBLE PRECISION NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (player, game)
);
CREATE TABLE game_seats (
  n BIGSERIAL NOT NULL,
  game TEXT NOT NULL,
  seat INTEGER NOT NULL,
  player BIGINT NOT NULL REFERENCES players(id),
  PRIMARY KEY (game, seat)
);
CREATE INDEX game_seats_by_player ON game_seats(player);
CREATE TABLE lobby_servers (server TEXT PRIMARY KEY NOT NULL, seen TIMESTAMPTZ NOT NULL);
CREATE TABLE lobby (
  code TEXT PRIMARY KEY NOT NULL,
  server TEXT NOT NULL REFERENCES lobby_servers(server) ON DELETE CASCADE,
  status INTEGER NOT NULL,
  summary TEXT NOT NULL
);
)sql"},
    // 3: SQLite's version 5 (issue 29 §3): game_seats gains how the game went for the seat (old
    // rows keep zeros and false, no backfill), and `skills` holds each player's skill per player
    // count (2-6) beside the overall one in `players`.
    {3, R"sql(
ALTER TABLE game_seats
  ADD COLUMN players INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN place INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN total_half INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN rounds INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN best_round_half INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN round_sum_half INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN finished BIGINT NOT NULL DEFAULT 0;
CREATE INDEX game_seats_by_player_finished ON game_seats(player, finished);
CREATE TABLE skills (
  player BIGINT NOT NULL REFERENCES players(id),
  players INTEGER NOT NULL,
  mu DOUBLE PRECISION NOT NULL,
  sigma DOUBLE PRECISION NOT NULL,
  rated_games INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (player, players)
);
)sql"},
    // 4: the games' reviews (issue 31; SQLite's step 6): at most one per game, written once.
    {4, R"sql(
CREATE TABLE IF NOT EXISTS reviews (
  game TEXT PRIMARY KEY NOT NULL,
  level TEXT NOT NULL,
  review TEXT NOT NULL,
  created BIGINT NOT NULL
);
)sql"},
};
static_assert(std::size(kMigrationSteps) == PgStore::kSchemaVersion);

// The key of the advisory lock that makes one server per database ("Algr").
constexpr int64_t kLockKey = 0x416c6772;
// The first key of the locks of one code prefix each, (kPrefixLockKey, hashtext(prefix)), and of
// the migration (kPrefixLockKey, 0). Two-key locks never meet the one-key kLockKey.
constexpr int32_t kPrefixLockKey = 0x416c67;

int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Another server holds this server's code prefix, or has written its tables since this one's last
// commit: this store must never write again (PgStore::lost_prefix()).
class PrefixTaken : public StoreError {
 public:
  using StoreError::StoreError;
};

// What a refused batch means, in the words SqliteStore uses for the same refusals.
std::string refusal(const pqxx::sql_error& e) {
  const std::string what = e.what();
  const std::string& state = e.sqlstate();
  std::string reason;
  if (state == "23505" && what.find("log_pkey") != std::string::npos) {
    reason = "a line of the log is already there";
  } else if (state == "23505" && what.find("tables_pkey") != std::string::npos) {
    reason = "a table with this code is open";
  } else if (state == "23505" && what.find("games_pkey") != std::string::npos) {
    reason = "a game with this id is saved already";
  } else if (state == "23503") {
    reason = "no such table";
  } else if (state == "P0002") {
    return first_line(what);  // the function's own words
  } else {
    return first_line(what);
  }
  return fmt::format("{} ({})", reason, first_line(what));
}

}  // namespace

namespace pg {

std::string quote(std::string_view text) {
  if (text.find('\0') != std::string_view::npos) {
    throw StoreError("cannot store a text holding a NUL byte");
  }
  std::string out;
  out.reserve(text.size() + 2);
  out += '\'';
  for (const char c : text) {
    out += c;
    if (c == '\'') out += '\'';
  }
  out += '\'';
  return out;
}

std::string first_line(std::string_view message) {
  std::string_view line = message.substr(0, message.find('\n'));
  if (line.starts_with("ERROR:")) line.remove_prefix(6);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  return std::string(line);
}

}  // namespace pg

bool is_postgres_url(std::string_view spec) {
  return spec.starts_with("postgresql://") || spec.starts_with("postgres://");
}

std::string url_without_password(std::string_view url) {
  const size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return std::string(url);
  const size_t start = scheme + 3;
  const size_t at = url.find('@', start);
  const size_t slash = url.find('/', start);
  if (at == std::string_view::npos || (slash != std::string_view::npos && slash < at)) {
    return std::string(url);
  }
  const size_t colon = url.find(':', start);
  if (colon == std::string_view::npos || colon > at) return std::string(url);
  return std::string(url.substr(0, colon)) + std::string(url.substr(at));
}

std::string url_with_connect_timeout(std::string_view url, int seconds) {
  const size_t query = url.find('?');
  if (query != std::string_view::npos) {
    // A parameter of the query: at its start or after an '&'.
    for (size_t at = url.find("connect_timeout=", query); at != std::string_view::npos;
         at = url.find("connect_timeout=", at + 1)) {
      if (url[at - 1] == '?' || url[at - 1] == '&') return std::string(url);
    }
  }
  return fmt::format("{}{}connect_timeout={}", url, query == std::string_view::npos ? '?' : '&',
                     seconds);
}

std::unique_ptr<PgStore::Connection> PgStore::connect() const {
  auto connection = std::make_unique<Connection>(url_with_connect_timeout(options_.url));
  pqxx::nontransaction setup(connection->c);
  setup.exec("SET standard_conforming_strings = on; SET client_encoding = 'UTF8'");
  return connection;
}

PgStore::PgStore(Options options) : options_(std::move(options)) {
  name_ = url_without_password(options_.url);
  if (!options_.code_prefix.empty()) writer_name_ = options_.code_prefix;
  if (options_.standby && options_.code_prefix.empty())
    throw StoreError("a standby needs the code prefix it stands by for");
  // 1. The writer's connection, its lock (a standby waits for it), the schema. A standby whose
  //    database goes away while it waits stops with the error (systemd starts it again).
  try {
    writer_ = connect();
  } catch (const std::exception& e) {
    throw StoreError(fmt::format("cannot connect to '{}': {}", name_, first_line(e.what())));
  }
  found_version_ = lock_and_migrate(*writer_, options_.standby);
  writer_pid_ = writer_->c.backendpid();
  // 2. Batches are numbered on from the last one this writer (this prefix) committed.
  try {
    pqxx::nontransaction t(writer_->c);
    const pqxx::result r = t.exec("SELECT batch FROM writers WHERE name = " + quote(writer_name_));
    if (!r.empty()) last_committed_ = r[0][0].as<uint64_t>();
    next_batch_ = last_committed_ + 1;
  } catch (const std::exception& e) {
    throw StoreError(fmt::format("cannot read '{}': {}", name_, first_line(e.what())));
  }
  thread_ = std::thread([this] { run(); });
}

int PgStore::lock_and_migrate(Connection& connection, bool wait) const {
  int found_version = 0;
  try {
    pqxx::nontransaction t(connection.c);
    // 1. One server per code prefix: two would interleave their writes to the same tables. A
    //    server without a prefix makes every code: it holds the database alone (the lock in
    //    exclusive mode); servers with prefixes share it (shared mode) and each holds its prefix.
    const std::string prefix = options_.code_prefix;
    const std::string lock = prefix.empty() ? fmt::format("pg_try_advisory_lock({})", kLockKey)
                                            : fmt::format(
                                                  "pg_try_advisory_lock_shared({0}) AND "
                                                  "pg_try_advisory_lock({1}, hashtext({2}))",
                                                  kLockKey, kPrefixLockKey, quote(prefix));
    //    A standby waits for the prefix's lock (the holder stops, dies, or its lease expires).
    for (bool logged = false; !t.exec("SELECT " + lock)[0][0].as<bool>();) {
      t.exec("SELECT pg_advisory_unlock_all()");
      if (!wait) {
        throw PrefixTaken(fmt::format(
            "cannot use the database '{}': another allegra serve is using it{}", name_,
            prefix.empty() ? "" : fmt::format(" (with the code prefix {}, or with none)", prefix)));
      }
      if (!logged)
        spdlog::info("event=standby prefix={} waiting=\"for the server that holds the prefix\"",
                     prefix);
      logged = true;
      end_expired_holder(t);
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    if (wait) spdlog::info("event=takeover prefix={}", prefix);
    // Servers starting at once migrate one after the other (released at the end of this scope).
    t.exec(fmt::format("SELECT pg_advisory_lock({}, 0)", kPrefixLockKey));
    struct Unlock {
      pqxx::nontransaction& t;
      ~Unlock() {
        try {
          t.exec(fmt::format("SELECT pg_advisory_unlock({}, 0)", kPrefixLockKey));
        } catch (const std::exception&) {  // the connection is gone: so is the lock
        }
      }
    } unlock{t};
    // 2. Is it Allegra's, and of which version?
    const bool has_schema = !t.exec("SELECT to_regclass('allegra_schema')")[0][0].is_null();
    if (has_schema) {
      found_version = t.exec("SELECT version FROM allegra_schema")[0][0].as<int>();
    } else if (!t.exec("SELECT to_regclass('tables')")[0][0].is_null()) {
      throw StoreError(fmt::format(
          "'{}' is not an Allegra database (it has a table 'tables' but no 'allegra_schema'): use "
          "an empty database",
          name_));
    }
    if (found_version > kSchemaVersion) {
      throw StoreError(fmt::format(
          "'{}' was written by a newer allegra (schema version {}; this one knows up to {}): use "
          "a newer allegra, or another database",
          name_, found_version, kSchemaVersion));
    }
    // 3. Migrate, one transaction per step (one simple query is one transaction).
    for (const MigrationStep& step : kMigrationSteps) {
      if (step.version <= found_version) continue;
      t.exec(fmt::format("{}\nUPDATE allegra_schema SET version = {};", step.sql, step.version));
    }
  } catch (const StoreError&) {
    throw;
  } catch (const std::exception& e) {
    throw StoreError(
        fmt::format("cannot prepare the database '{}': {}", name_, first_line(e.what())));
  }
  return found_version;
}

PgStore::~PgStore() {
  {
    std::unique_lock lock(mutex_);
    stop_ = true;
    post_ = nullptr;  // nobody is there to run a callback any more
    wake_.notify_all();
  }
  thread_.join();
  // The lock goes now, not when the server side notices the closed connection: a store opened
  // right after this one (a restart, the tests) must not find it still taken.
  if (writer_) {
    try {
      pqxx::nontransaction t(writer_->c);
      t.exec("SELECT pg_advisory_unlock_all()");
    } catch (const std::exception&) {  // the connection is gone: so is the lock
    }
  }
}

// --- Writes: gathered on the io thread -----------------------------------------------------------

void PgStore::add(std::string sql, bool log_line) {
  if (open_insert_ && !log_line) {
    current_.sql += ";\n";
    open_insert_ = false;
  }
  current_.sql += sql;
  if (!log_line) current_.sql += ";\n";
}

void PgStore::create_table(std::string_view code, std::string_view meta_json) {
  // A closed table's code may come back: the closed table (its log) makes room.
  const std::string c = quote(code);
  add(fmt::format("DELETE FROM tables WHERE code = {0} AND closed IS NOT NULL;\n"
                  "INSERT INTO tables (code, meta, created) VALUES ({0}, {1}, {2})",
                  c, quote(meta_json), unix_ms()),
      false);
}

void PgStore::append(std::string_view code, const LogEntry& entry) {
  // Consecutive lines (the usual batch) share one INSERT.
  std::string row =
      fmt::format("({}, {}, {}, {})", quote(code), entry.seq, quote(entry.kind), quote(entry.json));
  if (open_insert_) {
    add("," + row, true);
  } else {
    add("INSERT INTO log (code, seq, kind, json) VALUES " + row, true);
    open_insert_ = true;
  }
  current_.entries += 1;
}

void PgStore::close_table(std::string_view code) {
  add(fmt::format("SELECT allegra_close_table({}, {})", quote(code), unix_ms()), false);
}

void PgStore::save_game(std::string_view game_id, std::string_view code,
                        std::string_view record_jsonl) {
  add(fmt::format("INSERT INTO games (id, code, record, finished) VALUES ({}, {}, {}, {})",
                  quote(game_id), quote(code), quote(record_jsonl), unix_ms()),
      false);
  current_.games.emplace_back(std::string(game_id), std::string(record_jsonl));
}

void PgStore::save_review(std::string_view game_id, std::string_view level,
                          std::string_view review_json) {
  add(fmt::format("INSERT INTO reviews (game, level, review, created) VALUES ({}, {}, {}, {}) "
                  "ON CONFLICT (game) DO NOTHING",
                  quote(game_id), quote(level), quote(review_json), unix_ms()),
      false);
  current_.reviews.emplace_back(std::string(game_id), std::string(review_json));
}

void PgStore::commit_async(std::function<void(std::exception_ptr)> done) {
  bool wait = false;
  {
    std::lock_guard lock(mutex_);
    wait = !post_;
  }
  enqueue(std::move(done), wait);
}

void PgStore::commit() {
  std::exception_ptr error;
  enqueue([&error](std::exception_ptr e) { error = e; }, true);
  if (error) std::rethrow_exception(error);
}

void PgStore::enqueue(std::function<void(std::exception_ptr)> done, bool wait) {
  seal_ratings();  // the game-end ratings become jobs or statements (pg_ratings.cc)
  std::unique_lock lock(mutex_);
  if (current_.sql.empty() && queue_.empty()) {
    // Nothing to write and nothing on its way (whose frames would have to go first): done.
    lock.unlock();
    if (done) done(nullptr);
    return;
  }
  if (!current_.sql.empty()) {
    // The batch's number goes in with it (did it commit, after a broken connection?).
    add(fmt::format("INSERT INTO writers (name, batch) VALUES ({}, {}) ON CONFLICT (name) DO "
                    "UPDATE SET batch = EXCLUDED.batch",
                    quote(writer_name_), next_batch_),
        false);
    current_.number = next_batch_++;
  }
  if (current_.sql.empty() && !wait && queue_.size() > 1 && queue_.back().sql.empty() &&
      !queue_.back().direct) {
    // Only a callback behind another one that waits too (a flush with nothing written while the
    // database is away): one entry for both, so that idle flushes do not fill the queue.
    queue_.back().done = [first = std::move(queue_.back().done),
                          second = std::move(done)](std::exception_ptr error) {
      if (first) first(error);
      if (second) second(error);
    };
    return;
  }
  Batch batch = std::move(current_);
  current_ = Batch{};
  open_insert_ = false;
  if (!wait) {
    batch.done = std::move(done);
    queue_.push_back(std::move(batch));
    wake_.notify_all();
    return;
  }
  // No io loop to post to, or commit(): wait here, and call `done` on this thread.
  auto result = std::make_shared<std::promise<void>>();
  std::future<void> committed = result->get_future();
  batch.direct = true;
  batch.done = [result](std::exception_ptr error) {
    if (error) {
      result->set_exception(error);
    } else {
      result->set_value();
    }
  };
  queue_.push_back(std::move(batch));
  wake_.notify_all();
  lock.unlock();
  std::exception_ptr error;
  if (committed.wait_for(options_.give_up) != std::future_status::ready) {
    error = std::make_exception_ptr(StoreError(fmt::format(
        "cannot commit to '{}': the database has been away for {} s ({}); the last changes may "
        "not be stored",
        name_, options_.give_up.count() / 1000, unavailable().value_or("no answer"))));
  } else {
    try {
      committed.get();
    } catch (...) {
      error = std::current_exception();
    }
  }
  if (done) done(error);
}

std::optional<std::string> PgStore::unavailable() const {
  std::lock_guard lock(mutex_);
  if (!away_.empty()) return fmt::format("the game store is away ({})", away_);
  if (waiting_since_ && std::chrono::steady_clock::now() - *waiting_since_ > options_.stall) {
    return fmt::format("the game store is away (no answer for {} s)",
                       std::chrono::duration_cast<std::chrono::seconds>(
                           std::chrono::steady_clock::now() - *waiting_since_)
                           .count());
  }
  if (queue_.size() >= options_.max_queued_batches) {
    return fmt::format("the game store is behind ({} batches waiting)", queue_.size());
  }
  return std::nullopt;
}

void PgStore::set_post(Post post) {
  std::lock_guard lock(mutex_);
  post_ = std::move(post);
}

// --- The store thread ----------------------------------------------------------------------------

// 1. Wait for a batch (no batch for `probe`: ask the database whether it is there, and note why
// not). 2. Connect if there is no connection (after a break: did the head batch commit before
// it?). 3. Write it as one transaction. 4. Committed or refused: pop it and hand its callback to
// the io thread; broken: keep it, note why the database is away, wait `retry`. While a write or a
// probe is under way `waiting_since_` says since when (unavailable(): no answer for `stall`).
void PgStore::run() {
  using Clock = std::chrono::steady_clock;
  bool away = false;
  Clock::time_point away_since;
  std::unique_lock lock(mutex_);
  for (;;) {
    if (!wake_.wait_for(lock, away ? options_.retry : options_.probe,
                        [&] { return stop_ || !queue_.empty(); })) {
      waiting_since_ = Clock::now();
      lock.unlock();
      const std::string broken = probe();
      lock.lock();
      waiting_since_.reset();
      away_ = broken;
      if (!broken.empty() && !away) away_since = Clock::now();
      away = !broken.empty();
      continue;
    }
    if (queue_.empty()) return;  // stopping, and everything is written
    if (stop_ && away && Clock::now() - away_since > options_.give_up) {
      queue_.clear();  // given up: lost, as an uncommitted SQLite transaction
      drained_.notify_all();
      return;
    }
    const Batch& head = queue_.front();  // only this thread pops
    waiting_since_ = Clock::now();
    lock.unlock();
    std::exception_ptr refused;
    bool done = false;
    std::string broken;
    const auto start = Clock::now();
    try {
      if (head.sql.empty()) {
        done = true;  // only callbacks, whose frames waited for the batches before
      } else if (!writer_) {
        if (reconnect(attempted_ ? std::optional<uint64_t>(head.number) : std::nullopt))
          done = true;
      }
      if (!done) {
        attempted_ = true;
        done = write(*writer_, head);
      }
    } catch (const StoreError& e) {  // the lock is taken, or the schema changed under us
      broken = e.what();
    } catch (const pqxx::sql_error& e) {
      refused = std::make_exception_ptr(
          StoreError(fmt::format("cannot commit to '{}': {}", name_, refusal(e))));
      done = true;
    } catch (const std::exception& e) {  // broken_connection, in_doubt_error
      broken = first_line(e.what());
    }
    if (!done && broken.empty()) broken = "the connection broke";
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    lock.lock();
    waiting_since_.reset();
    if (done) {
      Batch batch = std::move(queue_.front());
      queue_.pop_front();
      attempted_ = false;
      away_.clear();
      away = false;
      if (!refused && !batch.sql.empty()) {
        last_committed_ = batch.number;
        stats_.commits += 1;
        stats_.entries += batch.entries;
        stats_.commit_seconds += seconds;
      }
      lock.unlock();
      finish(std::move(batch), refused);
      lock.lock();
      continue;
    }
    writer_.reset();
    away_ = broken;
    if (!away) away_since = Clock::now();
    away = true;
    wake_.wait_for(lock, options_.retry, [&] { return false; });
  }
}

bool PgStore::write(Connection& connection, const Batch& batch) {
  if (batch.ratings.empty()) {
    // One simple query of several statements runs as one transaction: one round trip per batch.
    pqxx::nontransaction t(connection.c);
    t.exec(batch.sql);
    return true;
  }
  // Rated games: the ratings first (their row locks before anything else of the batch), then the
  // rest, one transaction; run again after a deadlock with another server's batch.
  for (int attempt = 1;; ++attempt) {
    try {
      pqxx::work t(connection.c);
      for (const RatingJob& job : batch.ratings) rate(t, job);
      t.exec(batch.sql);
      t.commit();
      return true;
    } catch (const pqxx::deadlock_detected&) {
      if (attempt == 5) throw;
    } catch (const pqxx::serialization_failure&) {
      if (attempt == 5) throw;
    }
  }
}

std::string PgStore::probe() {
  try {
    if (!writer_) reconnect(std::nullopt);  // the prefix's lock again, and the fencing
    pqxx::nontransaction t(writer_->c);
    t.exec("SELECT 1");
    return "";
  } catch (const StoreError& e) {
    writer_.reset();
    return e.what();
  } catch (const std::exception& e) {
    writer_.reset();
    return first_line(e.what());
  }
}

void PgStore::end_expired_holder(pqxx::transaction_base& t) const {
  // The holder's heartbeat is the lobby's (pg_lobby.h): renewed every second while its io
  // thread runs. No row yet (a holder just started) is not an expired lease.
  const pqxx::result expired = t.exec(
      fmt::format("SELECT 1 FROM lobby_servers WHERE server = {} AND seen < now() - interval '{} "
                  "milliseconds'",
                  quote(options_.code_prefix), options_.lease.count()));
  if (expired.empty()) return;
  // Its session holds the lock: ending the session frees the lock and fences the holder (its
  // store can only write again after taking the lock again, and then finds our writes).
  const pqxx::result ended = t.exec(
      fmt::format("SELECT pid, pg_terminate_backend(pid) FROM ({}) holders", lock_holders_query()));
  for (const auto& row : ended) {
    spdlog::warn("event=takeover_forced prefix={} holder_session={} lease_ms={}",
                 options_.code_prefix, row[0].as<int64_t>(), options_.lease.count());
  }
}

std::string PgStore::lock_holders_query() const {
  // A two-key advisory lock is (classid, objid) = (key 1, key 2) with objsubid 2; a one-key lock
  // is (high, low 32 bits) with objsubid 1.
  if (options_.code_prefix.empty())
    return fmt::format(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = {} AND "
        "objsubid = 1 AND granted",
        kLockKey);
  return fmt::format(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = {} AND objid = "
      "hashtext({})::oid AND objsubid = 2 AND granted",
      kPrefixLockKey, quote(options_.code_prefix));
}

bool PgStore::reconnect(std::optional<uint64_t> in_flight) {
  if (lost_prefix_) throw PrefixTaken("another allegra serve has taken over this code prefix");
  writer_ = connect();
  try {
    lock_and_migrate(*writer_);
  } catch (const PrefixTaken& e) {
    // Held by this server's own previous session, which the database has not yet seen broken
    // (a network cut): end it and take the lock again at the next try. Held by another: lost.
    std::vector<int> holders;
    {
      pqxx::nontransaction t(writer_->c);
      for (const auto& row : t.exec(lock_holders_query())) holders.push_back(row[0].as<int>());
      if (holders == std::vector<int>{writer_pid_})
        t.exec(fmt::format("SELECT pg_terminate_backend({})", writer_pid_));
    }
    if (holders.empty()) throw StoreError(fmt::format("{} (released since)", e.what()));
    if (holders == std::vector<int>{writer_pid_})
      throw StoreError(fmt::format("{} (this server's previous connection: ended)", e.what()));
    lost_prefix_ = true;
    throw;
  }
  writer_pid_ = writer_->c.backendpid();
  // The fencing: the prefix's batch number is this server's last commit (or the batch it sent
  // before the break), or another server has written the prefix's tables meanwhile.
  pqxx::nontransaction t(writer_->c);
  const pqxx::result r = t.exec("SELECT batch FROM writers WHERE name = " + quote(writer_name_));
  const uint64_t stored = r.empty() ? 0 : r[0][0].as<uint64_t>();
  if (in_flight && stored == *in_flight) return true;
  if (stored == last_committed_) return false;
  lost_prefix_ = true;
  t.exec("SELECT pg_advisory_unlock_all()");
  throw PrefixTaken(fmt::format(
      "another allegra serve has written the tables of this code prefix (its batch {}, this "
      "server's last {})",
      stored, last_committed_));
}

void PgStore::finish(Batch batch, std::exception_ptr error) {
  if (!batch.done) return;
  if (batch.direct) {
    batch.done(error);
    return;
  }
  // Posted under the lock: once set_post(nullptr) has returned, no post to the old loop is under
  // way (the loop may be gone).
  std::lock_guard lock(mutex_);
  if (post_) post_([done = std::move(batch.done), error] { done(error); });
}

// --- Reads: on the caller's thread ---------------------------------------------------------------

std::vector<StoredTable> PgStore::open_tables() {
  // Only this server's: the others' tables are theirs to resume (their codes have their prefixes).
  const std::string prefix = quote(options_.code_prefix);
  return read("the open tables", [&prefix](pqxx::nontransaction& t) {
    std::vector<StoredTable> tables;
    std::map<std::string, size_t> index;
    for (const auto& row : t.exec("SELECT code, meta FROM tables WHERE closed IS NULL AND "
                                  "starts_with(code, " +
                                  prefix + ") ORDER BY n")) {
      index[row[0].as<std::string>()] = tables.size();
      tables.push_back({row[0].as<std::string>(), row[1].as<std::string>(), {}});
    }
    for (const auto& row :
         t.exec("SELECT l.code, l.seq, l.kind, l.json FROM log l JOIN tables t ON t.code = l.code "
                "WHERE t.closed IS NULL AND starts_with(t.code, " +
                prefix + ") ORDER BY l.code, l.seq")) {
      tables[index.at(row[0].as<std::string>())].log.push_back(
          {row[1].as<uint64_t>(), row[2].as<std::string>(), row[3].as<std::string>()});
    }
    return tables;
  });
}

std::optional<std::string> PgStore::game(std::string_view game_id) {
  {
    // A game still on its way to the database.
    std::lock_guard lock(mutex_);
    for (const auto& [id, record] : current_.games) {
      if (id == game_id) return record;
    }
    for (const Batch& batch : queue_) {
      for (const auto& [id, record] : batch.games) {
        if (id == game_id) return record;
      }
    }
  }
  const std::string id = quote(game_id);
  return read("a game", [&id](pqxx::nontransaction& t) -> std::optional<std::string> {
    const pqxx::result r = t.exec("SELECT record FROM games WHERE id = " + id);
    if (r.empty()) return std::nullopt;
    return r[0][0].as<std::string>();
  });
}

std::vector<std::string> PgStore::game_ids() {
  return read("the games", [](pqxx::nontransaction& t) {
    std::vector<std::string> ids;
    for (const auto& row : t.exec("SELECT id FROM games ORDER BY n")) {
      ids.push_back(row[0].as<std::string>());
    }
    return ids;
  });
}

std::optional<std::string> PgStore::review(std::string_view game_id) {
  {
    // A review still on its way to the database.
    std::lock_guard lock(mutex_);
    for (const auto& [id, review] : current_.reviews)
      if (id == game_id) return review;
    for (const Batch& batch : queue_)
      for (const auto& [id, review] : batch.reviews)
        if (id == game_id) return review;
  }
  const std::string id = quote(game_id);
  return read("a review", [&id](pqxx::nontransaction& t) -> std::optional<std::string> {
    const pqxx::result r = t.exec("SELECT review FROM reviews WHERE game = " + id);
    if (r.empty()) return std::nullopt;
    return r[0][0].as<std::string>();
  });
}

StoreStats PgStore::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace allegra::server
