// The shared lobby's connection gives up too (issue 30): PgLobby opens its connection with
// libpq's connect_timeout (url_with_connect_timeout), so a database host that takes the TCP
// connection and never answers (here a loopback socket that listens and never reads) neither
// shows tables that are not there nor holds the lobby's thread, and so the server's stop, for
// the system's TCP timeout. No PostgreSQL is needed.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "server/pg_lobby.h"
#include "server/pg_store.h"
#include "server/silent_port.h"

namespace allegra::server {
namespace {

TEST(PgLobbyConnectTimeout, AHostThatNeverAnswersDoesNotHoldTheLobbysStop) {
  server_testing::SilentPort silent;
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
