// BotWorker: the bots' decisions of the server's tables, off the hub's thread.
//
// What: the hub hands every bot decision a table asks for (table::BotJob: a copy of the view
// the bot sees, its spec and seed; Table rule 9) to start(); a small pool of threads runs it
// (run_bot_job) and keeps the answer until the hub collect()s it at its next tick and gives it
// back to its table, which drops it if the table has moved on. With 0 threads a job runs at
// once on the caller's thread and waits there for collect(), so the hub's tests keep an
// injected clock and no timing.
//
// Why: a search bot (level:expert) thinks about 0.23 s a decision; on the hub's one thread it
// would stall every table of the server meanwhile. The hub stays the only owner of all state: a
// job holds copies only, and the answer goes back through the hub's own thread. The bot's
// delay that looks human and its thinking overlap: the table plays the answer at the later of
// the two.
//
// Fairness: one table's bots must never hold up another table's. The waiting jobs are queued
// per table and a free thread takes the next job round-robin over the tables, preferring a
// table none of whose jobs runs; every decision is bounded (Bot::bound) by the deadline
// `max_seconds`, so a thread is back for the next table within that time whatever a spec asks.
//
// Background units (the game reviews, server/review_jobs.h): low-priority work queued apart from
// the bots' decisions, each short (one decision of a review: ~30-150 ms at `hard`) and given the
// worker's cancel flag. With `background_threads` > 0 they run on threads of their own, at nice
// +10 (setpriority on the thread), and never on the bot threads: a bot decision never waits for
// a unit, and where the cores are busy the kernel gives the bot threads ~10 times the review's
// share (nice 0 against 10), while an idle core runs the review at full speed. With 0, a bot
// thread takes a unit only when no decision waits and at most threads - 1 run at once (one with
// a single thread: a decision then waits at most for the unit in progress). With no thread at
// all a unit runs at once in start_background().
//
// Shutdown: stop() (and the destructor) cancels the running searches, which answer at once with
// what they have, drops the jobs not started and (the destructor) joins the threads; an answer
// nobody collects is dropped with the worker.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "table/table.h"

namespace allegra::server {

class BotWorker {
 public:
  // threads 0: run each job in start(). max_seconds: every decision's deadline (0: none).
  // max_threads: a spec asking for more threads than this (or for more time than the deadline)
  // is run as the default zombie bot (0: no cap); only a table restored from a log older than
  // the BotPolicy can ask for one.
  // background_threads: threads for the background units only (see above).
  BotWorker(size_t threads, double max_seconds, int max_threads = 0, size_t background_threads = 0);
  ~BotWorker();
  BotWorker(const BotWorker&) = delete;
  BotWorker& operator=(const BotWorker&) = delete;

  // Runs `job` for table `code`'s game number `game` (so that a late answer cannot reach the
  // next game of the table).
  void start(std::string code, int game, table::BotJob job);
  // Low-priority work, see the class comment. Units run in the order they were started.
  using Unit = std::function<void(const std::atomic<bool>& cancel)>;
  void start_background(Unit unit);
  // Cancels the running searches and drops the waiting jobs; start() does nothing afterwards.
  void stop();
  // Jobs started and not yet collected.
  size_t running() const { return running_; }
  size_t threads() const { return threads_.size(); }

  struct Done {
    std::string code;
    int game = 0;
    // The answer. When the bot failed (error says why), that of a random bot in its stead, so
    // that the seat never waits for ever; nullopt only if that failed too.
    std::optional<table::BotMove> move;
    std::string error;
    std::string ran;     // the spec that decided instead of the job's (max_threads), if any
    double seconds = 0;  // the bot's thinking time
  };
  // The answers there are, each once.
  std::vector<Done> collect();

 private:
  struct Job {
    std::string code;
    int game = 0;
    table::BotJob job;
  };
  // What the threads share, under `mutex` (cancel is read by the searches without it).
  struct Shared {
    std::mutex mutex;
    std::condition_variable wake;
    std::map<std::string, std::deque<Job>> waiting;  // by table
    std::deque<std::string> turns;                   // the tables with waiting jobs, in turn
    std::deque<Unit> background;                     // waiting units, oldest first
    size_t background_running = 0;
    size_t background_cap = 1;        // units at once on the bot threads: threads - 1, at least 1
    bool background_own = false;      // the units run on threads of their own only
    std::map<std::string, int> busy;  // jobs running, by table
    std::vector<Done> done;
    bool stopping = false;
    std::atomic<bool> cancel{false};
    double max_seconds = 0;
    int max_threads = 0;
  };
  static void loop(Shared& shared);
  static void background_loop(Shared& shared);
  // The next job (into `job`), fairly (see the class comment), else a background unit (into
  // `unit`); false once stopping. Holds the lock.
  static bool next(Shared& shared, std::unique_lock<std::mutex>& lock, std::optional<Job>& job,
                   Unit& unit);

  size_t running_ = 0;  // the hub's thread only
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
  std::vector<std::thread> threads_;
};

}  // namespace allegra::server
