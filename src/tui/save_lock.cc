#include "tui/save_lock.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

namespace allegra::tui {
namespace {

std::string lock_host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

std::string lock_time_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char out[32];
  std::strftime(out, sizeof out, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return out;
}

// What the holder wrote in the lock file, on one line.
std::string lock_holder(int fd) {
  std::string text(512, '\0');
  const ssize_t got = ::pread(fd, text.data(), text.size(), 0);
  text.resize(got > 0 ? static_cast<size_t>(got) : 0);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return text.empty() ? "another process" : text;
}

}  // namespace

SaveLock::SaveLock(const std::string& save_path) : path_(save_path + ".lock") {
  // 1. Open (or make) the lock file and try the lock without waiting.
  // 2. Held: say by whom. Taken: make sure the file is still the one at the path (a holder that
  //    was quitting may have removed it between our open and our lock), else start again.
  // 3. Write who holds it now.
  for (int attempt = 0; attempt < 10; ++attempt) {
    const int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
      throw std::runtime_error(
          fmt::format("cannot make the lock file '{}': {}", path_, std::strerror(errno)));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string holder = lock_holder(fd);
      ::close(fd);
      if (error == EWOULDBLOCK)
        throw SaveLocked(
            fmt::format("the saved game '{}' is being played by {}", save_path, holder));
      throw std::runtime_error(fmt::format("cannot lock '{}': {}", path_, std::strerror(error)));
    }
    struct stat opened {
    }, named{};
    if (::fstat(fd, &opened) != 0 || ::stat(path_.c_str(), &named) != 0 ||
        opened.st_ino != named.st_ino || opened.st_dev != named.st_dev) {
      ::close(fd);
      continue;
    }
    fd_ = fd;
    const std::string who =
        fmt::format("pid {} on host {} since {}\n", ::getpid(), lock_host_name(), lock_time_now());
    if (::ftruncate(fd_, 0) != 0 ||
        ::pwrite(fd_, who.data(), who.size(), 0) != static_cast<ssize_t>(who.size())) {
      // The lock holds without the note; a second game is then told "another process".
    }
    return;
  }
  throw std::runtime_error(fmt::format("cannot lock '{}': it keeps being replaced", path_));
}

SaveLock::~SaveLock() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());
  ::close(fd_);
}

}  // namespace allegra::tui
