// Two real `allegra serve --store postgresql://... --code-prefix A|B` processes on one database
// of the throwaway cluster (issue 30 §2; run by `ctest -R StoreSuitePostgres`, skipped without
// ALLEGRA_PG_URL): a player signed in through one is signed in on the other (accounts and
// sessions are the database's), signing out on one signs out on both; each lobby lists the
// other's public tables, and the tables of a process killed with -9 leave the other's lobby.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <thread>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/store_backends.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;

class ServePgSharedTest : public CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    server::store_testing::PgStoreBackend pg;  // the emptied test database
    if (const std::string skip = pg.skip_reason(); !skip.empty())
      return server::store_testing::skip_or_fail(skip);
    url_ = pg.url();
  }
  std::unique_ptr<ServerProcess> start(const std::string& prefix) {
    return std::make_unique<ServerProcess>(
        dir_, std::vector<std::string>{"--store", url_, "--code-prefix", prefix});
  }
  std::string url_;
};

// One browser's cookie jar (the session cookie), on any of the servers.
class SharedBrowser {
 public:
  HttpCall call(uint16_t port, const std::string& method, const std::string& path,
                const json& body = json::object()) {
    std::vector<std::pair<std::string, std::string>> headers = {
        {"Origin", fmt::format("http://127.0.0.1:{}", port)}};
    if (!cookie_.empty()) headers.emplace_back("Cookie", cookie_);
    if (method == "POST") headers.emplace_back("Content-Type", "application/json");
    HttpCall r = http_call(port, method, path, headers, method == "POST" ? body.dump() : "");
    for (const std::string& set : r.set_cookies) {
      const std::string pair = set.substr(0, set.find(';'));
      cookie_ = set.find("Max-Age=0") != std::string::npos ? "" : pair;
    }
    return r;
  }
  json me(uint16_t port) { return json::parse(call(port, "GET", "/api/me").body)["player"]; }

 private:
  std::string cookie_;
};

TEST_F(ServePgSharedTest, ASessionOfOneServerIsASessionOfTheOther) {
  auto a = start("A");
  auto b = start("B");
  SharedBrowser bea;
  const json guest = bea.me(a->port());  // a first visit: a guest and his session cookie
  ASSERT_TRUE(guest.is_object());
  ASSERT_EQ(
      bea.call(a->port(), "POST", "/api/account", {{"name", "Bea"}, {"password", "correct horse"}})
          .status,
      200);
  const json on_b = bea.me(b->port());
  EXPECT_EQ(on_b.value("id", 0), guest.value("id", -1)) << on_b.dump();
  EXPECT_EQ(on_b.value("name", ""), "Bea") << on_b.dump();
  // The name is taken on both.
  SharedBrowser other;
  other.me(b->port());
  EXPECT_EQ(
      other.call(b->port(), "POST", "/api/account", {{"name", "Bea"}, {"password", "long enough"}})
          .status,
      409);
  // Signed out everywhere through B: A no longer knows the session (the old cookie makes a new
  // guest there).
  SharedBrowser stale = bea;
  ASSERT_EQ(bea.call(b->port(), "POST", "/api/logout-all").status, 200);
  EXPECT_NE(stale.me(a->port()).value("id", 0), guest.value("id", 0));
  EXPECT_EQ(a->terminate(), 0) << a->log();
  EXPECT_EQ(b->terminate(), 0) << b->log();
}

TEST_F(ServePgSharedTest, EachLobbyListsTheOthersTablesUntilTheirServerDies) {
  auto a = start("A");
  auto b = start("B");
  Player ann(a->port(), "Ann");
  ann.create(json{"person", "person"}, json{{"players", 2}, {"rounds", 1}});
  ASSERT_EQ(ann.code().substr(0, 1), "A");
  Player bob(b->port(), "Bob");
  bob.create(json{"person", "person"}, json{{"players", 2}, {"rounds", 1}});
  ASSERT_EQ(bob.code().substr(0, 1), "B");
  Player lister_a(a->port(), "Lister A");
  Player lister_b(b->port(), "Lister B");
  // Within the lobby's period (1 s), each server lists both tables.
  EXPECT_TRUE(list_until(lister_b, ann.code(), true));
  EXPECT_TRUE(list_until(lister_a, bob.code(), true));
  EXPECT_TRUE(lists(lister_a, ann.code()));
  // A dies: after the expiry (5 s) B lists only its own.
  a->kill9();
  EXPECT_TRUE(list_until(lister_b, ann.code(), false));
  EXPECT_TRUE(lists(lister_b, bob.code()));
  EXPECT_EQ(b->terminate(), 0) << b->log();
}

}  // namespace
}  // namespace allegra::server_testing
