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
// Shutdown: the destructor drops the jobs not started and waits for those running (one decision
// at most per thread); an answer nobody collects is dropped with the worker.
#pragma once

#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "table/table.h"

namespace allegra::server {

class BotWorker {
 public:
  explicit BotWorker(size_t threads);  // 0: run each job in start()
  ~BotWorker();
  BotWorker(const BotWorker&) = delete;
  BotWorker& operator=(const BotWorker&) = delete;

  // Runs `job` for table `code`'s game number `game` (so that a late answer cannot reach the
  // next game of the table).
  void start(std::string code, int game, table::BotJob job);
  // Jobs started and not yet collected.
  size_t running() const { return running_; }
  size_t threads() const { return threads_; }

  struct Done {
    std::string code;
    int game = 0;
    // The answer. When the bot failed (error says why), that of a random bot in its stead, so
    // that the seat never waits for ever; nullopt only if that failed too.
    std::optional<table::BotMove> move;
    std::string error;
    double seconds = 0;  // the bot's thinking time
  };
  // The answers there are, each once.
  std::vector<Done> collect();

 private:
  struct Shared {
    std::mutex mutex;
    std::vector<Done> done;
  };
  size_t threads_;
  size_t running_ = 0;  // the hub's thread only
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
  std::optional<boost::asio::thread_pool> pool_;
};

}  // namespace allegra::server
