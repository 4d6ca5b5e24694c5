// Opening a PostgreSQL connection never waits without end (issue 30): the store's and the
// lobby's connections carry libpq's connect_timeout (url_with_connect_timeout), so a server that
// accepts the TCP connection and never answers (here a socket that listens and never reads)
// gives a clear StoreError after kPgConnectTimeoutS seconds instead of hanging the server's
// start or the lobby thread. No PostgreSQL is needed.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "server/pg_store.h"
#include "server/silent_port.h"

namespace allegra::server {
namespace {

TEST(PgConnectTimeout, IsAddedToAUrlThatNamesNone) {
  EXPECT_EQ(url_with_connect_timeout("postgresql://u@h/db"),
            "postgresql://u@h/db?connect_timeout=5");
  EXPECT_EQ(url_with_connect_timeout("postgresql://h/db?sslmode=disable", 2),
            "postgresql://h/db?sslmode=disable&connect_timeout=2");
}

TEST(PgConnectTimeout, TheUrlsOwnValueIsKept) {
  EXPECT_EQ(url_with_connect_timeout("postgresql://h/db?connect_timeout=30"),
            "postgresql://h/db?connect_timeout=30");
  EXPECT_EQ(url_with_connect_timeout("postgresql://h/db?sslmode=disable&connect_timeout=1"),
            "postgresql://h/db?sslmode=disable&connect_timeout=1");
  // Only a parameter of that name counts, not one that ends with it.
  EXPECT_EQ(url_with_connect_timeout("postgresql://h/db?x_connect_timeout=9"),
            "postgresql://h/db?x_connect_timeout=9&connect_timeout=5");
}

TEST(PgConnectTimeout, AServerThatNeverAnswersGivesAStoreErrorInsteadOfAHang) {
  server_testing::SilentPort silent;
  const auto start = std::chrono::steady_clock::now();
  try {
    PgStore store(PgStore::Options{
        .url = "postgresql://allegra@127.0.0.1:" + std::to_string(silent.port()) + "/allegra"});
    FAIL() << "a store opened on a port that never answers";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect to"), std::string::npos) << e.what();
  }
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(waited, kPgConnectTimeoutS - 1.0);
  EXPECT_LT(waited, kPgConnectTimeoutS + 10.0);
}

}  // namespace
}  // namespace allegra::server
