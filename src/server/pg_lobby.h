#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/lobby_entry.h"

namespace allegra::server {

// PgLobby: the lobby of several `allegra serve` processes on one PostgreSQL store (issue 30 §2,
// docs/scaling.md "The lobby across processes").
//
// Each process writes the public tables it holds into the table `lobby` (under its server name,
// its code prefix) and notes that it is alive in `lobby_servers` (the database's clock, so the
// machines' clocks do not matter); `list` shows its own tables and the other live processes'
// from here. A process seen for the last time more than `expiry` ago (killed, its machine gone,
// cut off from the database) is left out, and its rows are deleted by the next process that
// writes; at a clean stop a process deletes its own rows at once.
//
// Why a thread of its own: the io thread never waits on the network. The io thread hands over its
// tables (set_local, cheap) and takes the others' (remote, a copy of the last read); this thread
// writes and reads every `period` over a connection of its own. While the database is away the
// others' tables are not shown (they may be gone), and this thread tries again every period.
class PgLobby {
 public:
  struct Options {
    std::string url;
    std::string server;  // this process's name in `lobby` (its code prefix, or "default")
    std::chrono::milliseconds period{1000};
    std::chrono::milliseconds expiry{5000};
    // The heartbeat is this process's lease too (a standby takes the prefix over from a process
    // whose heartbeat is older than its lease: pg_store.h), so it says that the io thread runs:
    // it is written only while set_local() (the io thread's housekeeping, every second) was
    // called within `silent`.
    std::chrono::milliseconds silent{3000};
  };
  explicit PgLobby(Options options);
  ~PgLobby();  // deletes this process's rows (if the database is there)
  PgLobby(const PgLobby&) = delete;
  PgLobby& operator=(const PgLobby&) = delete;

  // This process's public tables now; called by the io thread every second (its heartbeat).
  void set_local(std::vector<LobbyEntry> tables);
  std::vector<LobbyEntry> remote() const;  // the other live processes', last read

 private:
  struct Connection;
  void run();
  void exchange(Connection& c, const std::vector<LobbyEntry>& local, bool changed);

  Options options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::vector<LobbyEntry> local_, remote_;
  bool local_changed_ = true;
  std::chrono::steady_clock::time_point local_at_ = std::chrono::steady_clock::now();
  std::thread thread_;
};

}  // namespace allegra::server
