// The shared lobby's connection gives up too (issue 30): PgLobby opens its connection with
// libpq's connect_timeout (url_with_connect_timeout), so a database host that takes the TCP
// connection and never answers (here a loopback socket that listens and never reads) neither
// shows tables that are not there nor holds the lobby's thread, and so the server's stop, for
// the system's TCP timeout. No PostgreSQL is needed.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include "server/pg_lobby.h"
#include "server/pg_store.h"

namespace allegra::server {
namespace {

// A TCP port on loopback whose connections the kernel completes but nobody ever reads.
class LobbySilentPort {
 public:
  LobbySilentPort() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&a), len) != 0 ||
        ::listen(fd_, 8) != 0 || ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0)
      throw std::runtime_error("cannot listen on loopback");
    port_ = ntohs(a.sin_port);
  }
  ~LobbySilentPort() { ::close(fd_); }
  LobbySilentPort(const LobbySilentPort&) = delete;
  LobbySilentPort& operator=(const LobbySilentPort&) = delete;
  int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

TEST(PgLobbyConnectTimeout, AHostThatNeverAnswersDoesNotHoldTheLobbysStop) {
  LobbySilentPort silent;
  const auto start = std::chrono::steady_clock::now();
  {
    PgLobby lobby(PgLobby::Options{
        .url = "postgresql://allegra@127.0.0.1:" + std::to_string(silent.port()) + "/allegra",
        .server = "A"});
    lobby.set_local({{0, "A23456", "x"}});
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // its thread is connecting
    EXPECT_TRUE(lobby.remote().empty());
  }  // the stop joins the thread: it waits for the connection attempt to give up
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(waited, kPgConnectTimeoutS + 3.0);  // one attempt, not a second at the stop
}

}  // namespace
}  // namespace allegra::server
