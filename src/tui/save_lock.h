// SaveLock: one `allegra play` at a time on a saved game.
//
// Two `play --resume` on one save would each play on and the last to quit would silently
// overwrite the other's moves. So the game that plays a save holds an advisory lock (flock) on
// "<save>.lock" beside it, with who holds it written inside (pid, host, since when, UTC): a
// second game on the same save is refused with that, and the lock goes with the process, so a
// crashed game leaves nothing to clean up by hand (a stale .lock file is taken over).
#pragma once

#include <stdexcept>
#include <string>

namespace allegra::tui {

// Thrown when another process holds the lock; what() says who ("pid 4711 on host kitchen since
// 2026-11-28 05:20:03 UTC").
class SaveLocked : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class SaveLock {
 public:
  // Takes the lock of `save_path`. Throws SaveLocked if another process (or another SaveLock)
  // holds it, std::runtime_error if the lock file cannot be made.
  explicit SaveLock(const std::string& save_path);
  ~SaveLock();  // removes the lock file, then lets the lock go
  SaveLock(const SaveLock&) = delete;
  SaveLock& operator=(const SaveLock&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace allegra::tui
