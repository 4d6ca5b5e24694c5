// CuttableForward: a TCP forwarder on loopback in front of a server's port (the test cluster's
// PostgreSQL), whose cut() plays a network cut as the client sees it while the server does not:
// every client socket is closed, every server socket is kept open and silent. The server's
// sessions live on (holding their locks) until the forwarder ends; connections made after the
// cut are forwarded as before. For the PostgreSQL store's "own stale session" path (pg_store.cc,
// PgStore::reconnect).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace allegra::server_testing {

class CuttableForward {
 public:
  explicit CuttableForward(int upstream_port) : upstream_port_(upstream_port) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a = loopback(0);
    socklen_t len = sizeof a;
    if (listen_fd_ < 0 || ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), len) != 0 ||
        ::listen(listen_fd_, 8) != 0 ||
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0 || ::pipe(wake_) != 0)
      throw std::runtime_error("cannot listen on loopback");
    port_ = ntohs(a.sin_port);
    thread_ = std::thread([this] { run(); });
  }
  ~CuttableForward() {
    stop_ = true;
    poke();
    thread_.join();
    for (const auto& [client, server] : pairs_) {
      ::close(client);
      ::close(server);
    }
    for (const int fd : held_) ::close(fd);
    ::close(listen_fd_);
    ::close(wake_[0]);
    ::close(wake_[1]);
  }
  CuttableForward(const CuttableForward&) = delete;
  CuttableForward& operator=(const CuttableForward&) = delete;
  int port() const { return port_; }

  // The cut: done by the forwarder's thread before it forwards another byte.
  void cut() {
    cut_ = true;
    poke();
  }

 private:
  static sockaddr_in loopback(int port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    return a;
  }
  void poke() { (void)!::write(wake_[1], "x", 1); }

  // Copies what `from` has to `to`; false when either side is done.
  static bool pass(int from, int to) {
    char buffer[16384];
    const ssize_t n = ::read(from, buffer, sizeof buffer);
    if (n <= 0) return false;
    for (ssize_t sent = 0; sent < n;) {
      const ssize_t w = ::write(to, buffer + sent, static_cast<size_t>(n - sent));
      if (w <= 0) return false;
      sent += w;
    }
    return true;
  }

  void run() {
    while (!stop_) {
      if (cut_.exchange(false)) {
        for (const auto& [client, server] : pairs_) {
          ::close(client);
          held_.push_back(server);
        }
        pairs_.clear();
      }
      std::vector<pollfd> fds = {{listen_fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
      for (const auto& [client, server] : pairs_) {
        fds.push_back({client, POLLIN, 0});
        fds.push_back({server, POLLIN, 0});
      }
      if (::poll(fds.data(), fds.size(), 1000) <= 0) continue;
      if (fds[1].revents != 0) {
        char drained[16];
        (void)!::read(wake_[0], drained, sizeof drained);
        continue;  // a cut or the stop first
      }
      for (size_t i = 0; i < pairs_.size();) {
        const auto [client, server] = pairs_[i];
        const short from_client = fds[2 + 2 * i].revents, from_server = fds[3 + 2 * i].revents;
        const bool ok =
            (!from_client || pass(client, server)) && (!from_server || pass(server, client));
        if (ok) {
          ++i;
          continue;
        }
        ::close(client);
        ::close(server);
        pairs_.erase(pairs_.begin() + static_cast<long>(i));
        fds.erase(fds.begin() + static_cast<long>(2 + 2 * i),
                  fds.begin() + static_cast<long>(4 + 2 * i));
      }
      // After the pairs, whose revents `fds` holds: a new pair has none yet.
      if (fds[0].revents & POLLIN) accept_one();
    }
  }

  void accept_one() {
    const int client = ::accept(listen_fd_, nullptr, nullptr);
    if (client < 0) return;
    const int server = ::socket(AF_INET, SOCK_STREAM, 0);
    const sockaddr_in a = loopback(upstream_port_);
    if (server < 0 || ::connect(server, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) {
      ::close(client);
      if (server >= 0) ::close(server);
      return;
    }
    pairs_.emplace_back(client, server);
  }

  int upstream_port_;
  int listen_fd_ = -1;
  int port_ = 0;
  int wake_[2] = {-1, -1};
  std::atomic<bool> stop_{false}, cut_{false};
  std::vector<std::pair<int, int>> pairs_;  // (client, server), forwarded
  std::vector<int> held_;                   // server sockets whose client was cut
  std::thread thread_;
};

}  // namespace allegra::server_testing
