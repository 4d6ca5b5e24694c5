// WalCheckpointer: copies the SQLite WAL back into the database file on its own thread.
//
// What: a thread with its own connection to the store's file that, every `period`, runs
// `PRAGMA wal_checkpoint(PASSIVE)` (copies the committed frames into the database file and
// fsyncs it, without blocking the writer), and once the WAL has grown past `restart_pages`
// and a passive pass has caught up to within `restart_slack` frames, a `RESTART` checkpoint,
// so that the next write starts the WAL over from its beginning.
//
// Why: with SQLite's automatic checkpoint (every 1000 pages) the checkpoint, and its fsync, runs
// inside a COMMIT on the server's one io thread: under load that stalled every table for tens of
// milliseconds a few times a second (the p99 of docs/bench.md). The store's own connection turns
// the automatic checkpoint off (wal_autocheckpoint=0) and leaves it to this thread. A passive
// checkpoint alone cannot reset a WAL that is written to all the time (the writer restarts the
// WAL only when every frame has been copied), hence the short RESTART once it has caught up: it
// holds the writer back only for the last few frames (the writer waits in its busy handler).
//
// Thread-safety: the thread shares nothing with the io thread but the file (SQLite locks it);
// stats() reads atomics. The destructor stops and joins the thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>

namespace allegra::server {

struct CheckpointStats {
  uint64_t checkpoints = 0;  // passive and restart passes run
  uint64_t restarts = 0;     // of which RESTART
  uint64_t wal_frames = 0;   // frames in the WAL at the last pass
  double seconds = 0;        // time in checkpoints (on the checkpoint thread)
  uint64_t failures = 0;     // passes that returned an error (retried next period)
};

class WalCheckpointer {
 public:
  WalCheckpointer(const std::filesystem::path& path, std::chrono::milliseconds period,
                  int restart_pages = 4096, int restart_slack = 256);
  ~WalCheckpointer();
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

  CheckpointStats stats() const;

 private:
  void loop();

  std::filesystem::path path_;
  std::chrono::milliseconds period_;
  int restart_pages_, restart_slack_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::atomic<uint64_t> checkpoints_{0}, restarts_{0}, frames_{0}, micros_{0}, failures_{0};
  std::thread thread_;  // last: started once everything above is ready
};

}  // namespace allegra::server
