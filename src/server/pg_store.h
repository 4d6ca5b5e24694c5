#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server/player_store.h"
#include "server/sqlite_store.h"  // StoreError
#include "server/store.h"

namespace pqxx {
class transaction_base;
}

namespace allegra::server {

// PgStore: the Store in a PostgreSQL database (libpqxx), for a server whose store must outlive its
// machine or be shared (docs/scaling.md, docs/server-store.md).
//
// Why a thread of its own: the server has one io thread, and a PostgreSQL commit is a round trip
// over the network that may take a long time or never end (a restarted database). So the writes
// of a batch are only gathered on the io thread; commit_async() hands the batch to a bounded queue
// and the store thread writes each batch as one transaction, in order, in one round trip
// ("BEGIN; ...; COMMIT" as a single simple query). Only when it is committed is the batch's
// callback posted back to the io thread, which then sends the frames the batch caused: a client
// is never acknowledged before its change is in the database, exactly as with SQLite.
//
// When the database is away (a broken connection), the batch stays at the head of the queue and
// the thread reconnects every `retry`, then writes it: nothing the hub has handed over is lost
// while the process lives. A commit whose connection broke may or may not have happened; each
// batch also stores its number in `writers`, so after reconnecting the thread knows which. While
// the database is away, or more than `max_queued_batches` wait, unavailable() says why and the
// hub refuses the clients' changes with `store_unavailable`. A batch that PostgreSQL refuses (a
// double line, a table that is not open) is dropped and its callback gets the StoreError.
//
// Reads (open_tables, game, game_ids) are rare (start, a new table's code, a record asked for over
// HTTP) and run on the caller's thread over a second connection; a game still in the queue is
// found there first.
//
// The schema is versioned in `allegra_schema` and migrated step by step like SQLite's; a database
// of a newer version is refused. One server per code prefix: the writer holds a session advisory
// lock on its prefix (a server without a prefix: on the whole database), and a second `allegra
// serve` with it stops with "another allegra serve is using it" (a standby waits for the lock
// instead, and ends the session of a holder whose lease ran out: Options::standby). Servers with
// different prefixes share the database: each resumes only its own tables, and the players are
// everybody's. After a broken connection the store thread takes the lock again and checks that
// nobody wrote the prefix's tables meanwhile (`writers`); if somebody holds or wrote them, the
// store never writes again (lost_prefix(): the fencing of docs/scaling.md). With nothing to
// write it probes the database every second, so unavailable() knows of an outage without a
// write, and a write or probe without an answer for `stall` counts as one.
//
// The PlayerStore half (pg_player_store.cc, docs/server-store.md "Players on PostgreSQL"): what
// belongs to a game's end (its seats, the skills, the rating history) joins the batch, so that it
// commits with the game; what needs an answer at once (a new guest's id, a claim's name clash) or
// belongs to no game (sessions, passwords, deletions) runs on the caller's thread over the reading
// connection and commits at once. Reads run there too (they block the io thread for a round trip:
// rare calls, a visit or a sign-in) and see the batches not yet committed, as SQLite's do.
class PgStore final : public Store, public PlayerStore {
 public:
  static constexpr int kSchemaVersion = 4;

  struct Options {
    std::string url;  // postgresql://USER@HOST:PORT/DB (libpq's connection URI)
    // Several servers on one database (docs/scaling.md): each with its own code prefix resumes
    // only the tables of its prefix; without a prefix the server holds the database alone.
    std::string code_prefix{};
    size_t max_queued_batches = 256;
    std::chrono::milliseconds retry{200};
    // How long commit() (the last flush at shutdown, tests, `store migrate`) and the destructor
    // wait for a database that is away before giving up with a StoreError.
    std::chrono::milliseconds give_up{10'000};
    // With nothing to write, the store thread asks the database every `probe` whether it is
    // there (so unavailable() and /healthz know of an outage without a write); a write or a
    // probe without an answer for `stall` counts as the database being away.
    std::chrono::milliseconds probe{1000};
    std::chrono::milliseconds stall{2000};
    // A standby (`allegra serve --standby-for PREFIX`, docs/scaling.md "Taking over a dead
    // process's tables"): the constructor waits until the prefix's lock is free instead of
    // refusing, and takes it over from a holder whose heartbeat (`lobby_servers.seen`, renewed
    // every second while its io thread runs: pg_lobby.h) is older than `lease`, by ending the
    // holder's database session (which fences it: see lost_prefix()).
    bool standby = false;
    std::chrono::milliseconds lease{5000};
  };

  // Connects, takes the lock and migrates; a StoreError names the problem (unreachable, newer
  // schema, in use).
  explicit PgStore(Options options);
  // Waits until every queued batch is committed (or the database has been away for 10 s; then
  // they are lost, as an uncommitted SQLite transaction is), then closes.
  ~PgStore() override;
  PgStore(const PgStore&) = delete;
  PgStore& operator=(const PgStore&) = delete;

  void create_table(std::string_view code, std::string_view meta_json) override;
  void append(std::string_view code, const LogEntry& entry) override;
  void close_table(std::string_view code) override;
  void save_game(std::string_view game_id, std::string_view code,
                 std::string_view record_jsonl) override;
  void commit() override;  // commit_async() and wait for it; throws its StoreError
  void commit_async(std::function<void(std::exception_ptr)> done) override;
  std::optional<std::string> unavailable() const override;
  // /healthz says 503 while unavailable(): a proxy then sends no new players to this server.
  std::optional<std::string> health_problem() const override { return unavailable(); }
  void set_post(Post post) override;
  std::vector<StoredTable> open_tables() override;
  std::optional<std::string> game(std::string_view game_id) override;
  std::vector<std::string> game_ids() override;
  StoreStats stats() const override;
  void save_review(std::string_view game_id, std::string_view level,
                   std::string_view review_json) override;
  std::optional<std::string> review(std::string_view game_id) override;

  // PlayerStore (pg_player_store.cc).
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
  // Schema 5's queries (pg_player_queries.cc).
  std::vector<LeaderboardRow> leaderboard(int players_count, int offset, int limit) override;
  std::optional<LeaderboardRow> leaderboard_row(PlayerId player, int players_count) override;
  std::pair<rating::Skill, int> count_skill(PlayerId player, int players_count) override;
  void set_count_skill(PlayerId player, int players_count, const rating::Skill& skill,
                       int rated_games) override;
  std::vector<GameSeat> game_seats(std::string_view game_id) override;
  std::vector<GameSeat> recent_games(PlayerId player, int64_t before_ms, int limit) override;

  // True once another server holds this server's code prefix (it took it over while this one's
  // connection was gone) or has written its tables since: this store never writes again, and
  // the server must stop (serve_command.cc exits) so that its clients reconnect to the new owner.
  bool lost_prefix() const { return lost_prefix_.load(); }
  // The schema version found at opening (0: an empty database), before migrating.
  int found_version() const { return found_version_; }
  // The URL without its password, for messages and logs.
  const std::string& name() const { return name_; }

 private:
  // One rated game of a batch: who sat where and his place (pg_ratings.cc).
  struct RatingJob {
    std::string game_id;
    int64_t at_ms = 0;
    int players_count = 0;
    std::vector<PlayerId> players;  // seat order
    std::vector<int> places;        // 0 = first, as rating::update takes them
  };

  struct Batch {
    uint64_t number = 0;
    std::string sql;  // the statements, already quoted
    uint64_t entries = 0;
    std::vector<std::pair<std::string, std::string>> games;    // id, record: found by game()
    std::vector<std::pair<std::string, std::string>> reviews;  // game, review: by review()
    // The PlayerStore's game-end writes in `sql`, seen by its reads until they are committed.
    struct Skill {
      PlayerId player;
      rating::Skill skill;
      int rated_games;
    };
    std::vector<Skill> skills;
    struct CountSkill {
      PlayerId player;
      int players;
      rating::Skill skill;
      int rated_games;
    };
    std::vector<CountSkill> count_skills;
    std::vector<RatingChange> changes;
    std::vector<GameSeat> seats;
    // The rated games, rated again on the store thread from the locked rows (pg_ratings.cc).
    std::vector<RatingJob> ratings;
    std::function<void(std::exception_ptr)> done;
    bool direct = false;  // done runs on the store thread (a waiting commit), not posted
  };

  struct Connection;  // a pqxx::connection (pqxx 6's is an alias: not declarable here)

  std::unique_ptr<Connection> connect() const;
  // Takes the lock of the prefix (waiting for it: a standby) and migrates; the version found.
  int lock_and_migrate(Connection& c, bool wait = false) const;
  // A standby's wait: ends the session of a holder whose heartbeat is older than the lease.
  void end_expired_holder(pqxx::transaction_base& t) const;
  // `SELECT` of the sessions (pid) that hold this server's lock, from pg_locks.
  std::string lock_holders_query() const;
  // A new writer connection after a break, its lock taken again; whether the batch `in_flight`
  // (sent before the break) committed. Throws PrefixTaken if another server holds the prefix or
  // wrote since this one's last commit (the fencing: docs/scaling.md).
  bool reconnect(std::optional<uint64_t> in_flight);
  void enqueue(std::function<void(std::exception_ptr)> done, bool wait);
  void add(std::string sql, bool log_line);  // to current_
  void run();                                // the store thread
  // Writes the head batch; false if the connection broke (it may or may not have committed).
  bool write(Connection& c, const Batch& batch);
  std::string probe();  // with nothing to write: is the database there? ("" if so, else why not)
  void finish(Batch batch, std::exception_ptr error);
  template <typename F>
  auto read(const char* what, F&& f);
  // PlayerStore helpers (pg_player_store.cc).
  std::optional<PlayerRecord> select_player(const std::string& where);
  Batch pending_players() const;  // the game-end writes not committed yet (skills, changes, seats)
  static void apply_pending(const Batch& pending, PlayerRecord& p);
  std::vector<LeaderboardRow> full_leaderboard(int players_count);  // ranked, established only
  // Ratings among several servers (pg_ratings.cc).
  void seal_ratings();  // on the io thread, at the end of current_
  static void rate(pqxx::transaction_base& t, const RatingJob& job);  // on the store thread
  static std::string history_insert(const RatingChange& change);

  Options options_;
  std::string name_;
  std::string writer_name_ = "default";
  int found_version_ = 0;
  std::unique_ptr<Connection> writer_;  // the store thread's (opened by the constructor)
  std::unique_ptr<Connection> reader_;  // the caller's (reads)
  std::mutex read_mutex_;

  Batch current_;             // gathered on the io thread
  bool open_insert_ = false;  // current_.sql ends in an INSERT INTO log that more lines may join
  uint64_t next_batch_ = 1;
  uint64_t last_committed_ = 0;  // this writer's last batch in the database (the store thread's)
  int writer_pid_ = 0;           // the database session of the writer that took the lock last
  std::atomic<bool> lost_prefix_{false};

  mutable std::mutex mutex_;
  std::condition_variable wake_, drained_;
  std::deque<Batch> queue_;
  bool stop_ = false;
  std::string away_;        // why the database is away ("" while it is there)
  bool attempted_ = false;  // the head batch was sent once: after a break, did it commit?
  // Since when the store thread waits for the database (a write or a probe under way), or none.
  std::optional<std::chrono::steady_clock::time_point> waiting_since_;
  Post post_;
  StoreStats stats_;
  std::thread thread_;
};

// True if `spec` names a PostgreSQL database (postgresql:// or postgres://).
bool is_postgres_url(std::string_view spec);
// The URL without a password (postgresql://user:secret@host -> postgresql://user@host).
std::string url_without_password(std::string_view url);
// How long a connection to PostgreSQL may take to open, unless the URL says otherwise: without
// a limit, libpq waits for the system's TCP timeout (minutes) on a host that does not answer.
inline constexpr int kPgConnectTimeoutS = 5;
// The URL with libpq's `connect_timeout` parameter (seconds) added, unless it names one.
std::string url_with_connect_timeout(std::string_view url, int seconds = kPgConnectTimeoutS);

}  // namespace allegra::server
