#include "server/wal_checkpointer.h"

#include <sqlite3.h>

#include <algorithm>

namespace allegra::server {

WalCheckpointer::WalCheckpointer(const std::filesystem::path& path,
                                 std::chrono::milliseconds period, int restart_pages,
                                 int restart_slack)
    : path_(path),
      period_(period),
      restart_pages_(restart_pages),
      restart_slack_(restart_slack),
      thread_([this] { loop(); }) {}

WalCheckpointer::~WalCheckpointer() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

CheckpointStats WalCheckpointer::stats() const {
  CheckpointStats s;
  s.checkpoints = checkpoints_.load();
  s.restarts = restarts_.load();
  s.wal_frames = frames_.load();
  s.seconds = static_cast<double>(micros_.load()) / 1e6;
  s.failures = failures_.load();
  return s;
}

void WalCheckpointer::loop() {
  // The plain C API: a connection of its own, used only on this thread.
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    failures_ += 1;
    return;  // the store works without it (the WAL then only grows): counted in the stats
  }
  // A RESTART waits for the io thread's transaction to end; PASSIVE never waits.
  sqlite3_busy_timeout(db, 1000);
  // A connection opens the WAL at its first read: until then a checkpoint does nothing.
  sqlite3_exec(db, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, period_, [this] { return stop_; })) {
    lock.unlock();
    const auto start = std::chrono::steady_clock::now();
    int log = 0, copied = 0;
    int rc = sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
    checkpoints_ += 1;
    if (rc == SQLITE_OK && log >= restart_pages_ && log - copied <= restart_slack_) {
      rc = sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_RESTART, &log, &copied);
      checkpoints_ += 1;
      restarts_ += 1;
    }
    if (rc != SQLITE_OK && rc != SQLITE_BUSY) failures_ += 1;
    frames_ = static_cast<uint64_t>(std::max(0, log));
    micros_ += static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                         std::chrono::steady_clock::now() - start)
                                         .count());
    lock.lock();
  }
  lock.unlock();
  sqlite3_close(db);
}

}  // namespace allegra::server
