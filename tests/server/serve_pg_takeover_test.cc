// The takeover of a code prefix (issue 30 §3 "Better", docs/scaling.md "Taking over a dead
// process's tables"): real `allegra serve --store` processes on the throwaway cluster of `ctest
// -R StoreSuitePostgres` (ALLEGRA_PG_URL; without it these tests skip, or fail with
// ALLEGRA_PG_REQUIRED=1). A process serves prefix A, a standby (`--standby-for A`) waits; the
// standby resumes A's tables when the first is killed with -9 (at once: its session and lock end
// with it) or stands still (SIGSTOP) past its 5 s lease (the standby ends its database session);
// the people reconnect to the standby with their tokens, find the table as they left it and
// finish the game, whose record replays; the process that stood still, woken, finds its prefix
// taken and exits with 3 without writing anything.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <future>
#include <memory>
#include <pqxx/pqxx>
#include <random>
#include <string>
#include <vector>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/store_backends.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using Clock = std::chrono::steady_clock;

class ServePgTakeoverTest : public cli_testing::CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    server::store_testing::PgStoreBackend pg;  // the emptied test database
    if (const std::string skip = pg.skip_reason(); !skip.empty())
      return server::store_testing::skip_or_fail(skip);
    url_ = pg.url();
  }
  std::unique_ptr<ServerProcess> start_primary() {
    return std::make_unique<ServerProcess>(
        dir_, std::vector<std::string>{"--store", url_, "--code-prefix", "A"});
  }
  // The standby prints its port only once it holds the prefix: started on a thread of its own.
  std::future<std::unique_ptr<ServerProcess>> start_standby() {
    auto standby = std::async(std::launch::async, [this] {
      return std::make_unique<ServerProcess>(
          dir_, std::vector<std::string>{"--store", url_, "--standby-for", "A"},
          std::chrono::seconds(60));
    });
    standby_started_at_ = Clock::now();
    return standby;
  }
  // It waits (the prefix is held): no port within a second and a half of its start (checked
  // after the game's first moves, which take part of that time).
  void expect_standby_waits(std::future<std::unique_ptr<ServerProcess>>& standby) {
    EXPECT_EQ(standby.wait_until(standby_started_at_ + std::chrono::milliseconds(1500)),
              std::future_status::timeout);
  }
  // Two people and a bot at a table of prefix A, a few moves into the game.
  void start_game(uint16_t port, Player& bea, Player& carl, std::mt19937_64& rng) {
    bea.create(json{"person", "person", "bot:easy"}, json{{"players", 3}, {"rounds", 1}});
    ASSERT_EQ(bea.code().substr(0, 1), "A");
    carl.join(bea.code(), 1);
    bea.start();
    const uint64_t b0 = bea.last_seq();
    play_until({&bea, &carl}, rng, [&] { return bea.last_seq() >= b0 + 6; });
    bea.pump(std::chrono::milliseconds(200));
    (void)port;
  }
  // The people come back on the standby with their tokens and find the table as they left it.
  void come_back(uint16_t port, Player& bea, Player& carl, const json& view) {
    for (Player* p : {&bea, &carl}) {
      p->reconnect_socket(port);
      json join = {{"type", "join"}, {"code", p->code()}, {"token", p->token()}};
      if (!p->creator_token().empty()) join["creator_token"] = p->creator_token();
      const json state = p->request(join, "state");
      ASSERT_EQ(state["type"], "state") << state.dump();
      EXPECT_EQ(state["you"], p->seat());
    }
    EXPECT_EQ(bea.table()["view"], view);
  }
  void finish_and_check(ServerProcess& server, Player& bea, Player& carl, std::mt19937_64& rng) {
    play_to_end({&bea, &carl}, rng);
    const HttpResult record = http_get(server.port(), "/games/" + bea.game_id() + ".jsonl");
    ASSERT_EQ(record.status, 200) << bea.game_id();
    write("takeover.jsonl", record.body);
    const cli_testing::Result check = run("replay --check " + path("takeover.jsonl").string());
    EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  }
  std::string url_;
  Clock::time_point standby_started_at_;
};

TEST_F(ServePgTakeoverTest, AStandbyResumesTheTablesOfAKilledProcessAtOnce) {
  auto primary = start_primary();
  auto standby_started = start_standby();
  std::mt19937_64 rng(21);
  Player bea(primary->port(), "Bea"), carl(primary->port(), "Carl");
  start_game(primary->port(), bea, carl, rng);
  expect_standby_waits(standby_started);
  const json view = bea.table()["view"];

  primary->kill9();
  const auto killed = Clock::now();
  ASSERT_EQ(standby_started.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  auto standby = standby_started.get();
  // The lock ends with the killed process's session: the standby polls twice a second.
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - killed).count(), 5.0);
  come_back(standby->port(), bea, carl, view);
  finish_and_check(*standby, bea, carl, rng);
  EXPECT_EQ(standby->terminate(), 0) << standby->log();
}

TEST_F(ServePgTakeoverTest, AProcessThatStandsStillPastItsLeaseIsTakenOverAndNeverWritesAgain) {
  auto primary = start_primary();
  auto standby_started = start_standby();
  std::mt19937_64 rng(22);
  Player bea(primary->port(), "Bea"), carl(primary->port(), "Carl");
  start_game(primary->port(), bea, carl, rng);
  expect_standby_waits(standby_started);
  const json view = bea.table()["view"];

  ::kill(primary->pid(), SIGSTOP);  // alive for the kernel (its connections stay), silent
  const auto stopped = Clock::now();
  ASSERT_EQ(standby_started.wait_for(std::chrono::seconds(30)), std::future_status::ready);
  auto standby = standby_started.get();
  const double waited = std::chrono::duration<double>(Clock::now() - stopped).count();
  EXPECT_GE(waited, 3.0);   // the lease (5 s after the last heartbeat) ran out first
  EXPECT_LT(waited, 15.0);  // ... and not much later
  EXPECT_NE(standby->log().find("event=takeover_forced"), std::string::npos) << standby->log();
  come_back(standby->port(), bea, carl, view);

  // Woken, the old process finds its session ended and its prefix taken: it exits, unwritten,
  // while the game goes on on the standby (whose record then replays: nothing was written twice).
  ::kill(primary->pid(), SIGCONT);
  finish_and_check(*standby, bea, carl, rng);
  EXPECT_EQ(primary->exit_code_within(std::chrono::seconds(15)), 3) << primary->log();
  EXPECT_NE(primary->log().find("event=prefix_lost"), std::string::npos) << primary->log();
  EXPECT_EQ(standby->terminate(), 0) << standby->log();
}

TEST_F(ServePgTakeoverTest, AStandbyNeedsTheStoreAndItsOwnPrefix) {
  const cli_testing::Result no_store = run("serve --port 0 --standby-for A");
  EXPECT_EQ(no_store.exit_code, 2);
  EXPECT_NE(no_store.err.find("--standby-for needs --store"), std::string::npos) << no_store.err;
  const cli_testing::Result two =
      run("serve --port 0 --store " + url_ + " --standby-for A --code-prefix B");
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_NE(two.err.find("a standby serves the prefix it stands by for"), std::string::npos)
      << two.err;
  const cli_testing::Result bad = run("serve --port 0 --store " + url_ + " --standby-for 0");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--standby-for"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace allegra::server_testing
