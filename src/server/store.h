#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace allegra::server {

// One line of a table's log: the hub writes one per change of the table (a seat taken, an action,
// a chat line, ...). `seq` counts from 1 per table and never repeats; `kind` names the change and
// `json` holds it, in the hub's own format (the store does not read it).
struct LogEntry {
  uint64_t seq = 0;
  std::string kind;
  std::string json;

  friend bool operator==(const LogEntry&, const LogEntry&) = default;
};

// A table still open at the last run, with everything needed to resume it: its meta (options,
// creator, ...) and its log, in seq order.
struct StoredTable {
  std::string code;
  std::string meta_json;
  std::vector<LogEntry> log;
};

// What the store has done since it was opened (for /metrics and the load figures).
struct StoreStats {
  uint64_t commits = 0;       // transactions committed (one per hub flush with pending writes)
  uint64_t entries = 0;       // log lines committed
  double commit_seconds = 0;  // time spent in commit() (SQLite: on the io thread; PgStore: on
                              // its store thread, the round trip included)
  // The store's background WAL checkpoints (SQLite), off the io thread.
  uint64_t checkpoints = 0, checkpoint_restarts = 0, wal_frames = 0;
  double checkpoint_seconds = 0;
};

// Store: where the hub keeps every table, so that a restarted server resumes the open tables and
// serves the finished game records. SqliteStore and PgStore (PostgreSQL) implement it; the hub
// sees only this interface (docs/server-store.md).
//
// Writes are pending until commit(): the hub calls commit() once per batch of input (group commit)
// and only then sends what the batch caused, so a client never sees a change the store could lose.
// A write the store cannot make (a double seq, an unknown table, a full disk) throws
// std::runtime_error naming the problem. All calls come from the server's one io thread.
class Store {
 public:
  virtual ~Store() = default;
  virtual void create_table(std::string_view code, std::string_view meta_json) = 0;
  virtual void append(std::string_view code, const LogEntry& entry) = 0;  // pending until commit()
  virtual void close_table(std::string_view code) = 0;                    // not resumed any more
  virtual void save_game(std::string_view game_id, std::string_view code,
                         std::string_view record_jsonl) = 0;  // a finished game's record
  virtual void commit() = 0;  // everything since the last commit, one transaction
  // Ends the batch as commit() does and calls `done` once it is committed (nullptr) or has failed
  // (the StoreError), on the io thread, batches in order. A store that commits on the io thread
  // (SQLite) calls it before returning; PgStore commits on its own thread and posts it back
  // (set_post), so the io thread never waits on the network.
  virtual void commit_async(std::function<void(std::exception_ptr)> done) {
    std::exception_ptr error;
    try {
      commit();
    } catch (...) {
      error = std::current_exception();
    }
    done(error);
  }
  // Why the store takes no new changes now (its database is away, its queue is full), or
  // nullopt: the hub then refuses the clients' changes with `store_unavailable`.
  virtual std::optional<std::string> unavailable() const { return std::nullopt; }
  // How a store thread runs a callback on the io thread (asio::post). Without one (tests, the
  // last flush after the loop), commit_async() waits for the commit on the caller's thread.
  using Post = std::function<void(std::function<void()>)>;
  virtual void set_post(Post) {}
  virtual std::vector<StoredTable> open_tables() = 0;  // at start: what to resume, oldest first
  virtual std::optional<std::string> game(std::string_view game_id) = 0;  // record (JSONL text)
  virtual std::vector<std::string> game_ids() = 0;  // finished games, oldest first
  virtual StoreStats stats() const = 0;
  // A finished game's review (docs/review-format.md, the JSON text), stored once with the game
  // and pending until commit() like every write; a second one for the same game is ignored (the
  // first is kept). review() is the stored text, or nullopt (server/review_jobs.h).
  virtual void save_review(std::string_view game_id, std::string_view level,
                           std::string_view review_json) = 0;
  virtual std::optional<std::string> review(std::string_view game_id) = 0;
  // Why the store cannot take writes now (for /healthz: a proxy sends no new players here), or
  // nullopt when it is well. A store that fails a write ends the server, so by default: well.
  virtual std::optional<std::string> health_problem() const { return std::nullopt; }
};

}  // namespace allegra::server
