// `allegra serve --store postgresql://...` as a real process on the throwaway cluster
// (scripts/pg-cluster.sh; run by `ctest -R StoreSuitePostgres`, which sets ALLEGRA_PG_URL and
// ALLEGRA_PG_DIR; without them these tests skip, and with ALLEGRA_PG_REQUIRED=1 they fail):
// killed with -9 mid-game it resumes exactly; PostgreSQL restarted mid-game, the server refuses
// changes with `store_unavailable` while it is away and goes on without a restart; every record
// replays with `allegra replay --check`.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <pqxx/pqxx>
#include <random>
#include <string>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/store_backends.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;

class ServePgTest : public CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    const char* dir = std::getenv("ALLEGRA_PG_DIR");  // the cluster, to stop and start it
    if (dir == nullptr)
      return server::store_testing::skip_or_fail(
          "ALLEGRA_PG_DIR is not set: run `ctest -R StoreSuitePostgres`");
    cluster_ = dir;
    server::store_testing::PgStoreBackend pg;  // the emptied test database
    if (const std::string skip = pg.skip_reason(); !skip.empty())
      return server::store_testing::skip_or_fail(skip);
    url_ = pg.url();
  }
  std::unique_ptr<ServerProcess> start() {
    return std::make_unique<ServerProcess>(dir_, std::vector<std::string>{"--store", url_});
  }
  void cluster(const std::string& what) {
    const std::string script = std::string(ALLEGRA_SOURCE_DIR) + "/scripts/pg-cluster.sh";
    ASSERT_EQ(std::system(("bash " + script + " " + what + " " + cluster_).c_str()), 0) << what;
  }
  void check_records(uint16_t port, std::vector<Player*> players) {
    for (Player* p : players) {
      const HttpResult record = http_get(port, "/games/" + p->game_id() + ".jsonl");
      ASSERT_EQ(record.status, 200) << p->game_id();
      write(p->game_id() + ".jsonl", record.body);
      const cli_testing::Result check =
          run("replay --check " + path(p->game_id() + ".jsonl").string());
      EXPECT_EQ(check.exit_code, 0) << p->game_id() << "\n" << check.out << check.err;
    }
  }
  std::string url_, cluster_;
};

TEST_F(ServePgTest, KillNineThenResumeExactlyFromPostgres) {
  auto server = start();
  std::mt19937_64 rng(11);
  Player bea(server->port(), "Bea");
  Player carl(server->port(), "Carl");
  bea.create(json{"person", "person", "bot:easy"}, json{{"players", 3}, {"rounds", 1}});
  carl.join(bea.code(), 1);
  bea.start();
  const uint64_t b0 = bea.last_seq();
  play_until({&bea, &carl}, rng, [&] { return bea.last_seq() >= b0 + 6; });
  bea.pump(std::chrono::milliseconds(100));
  const json view = bea.table()["view"];

  server->kill9();
  server = start();
  for (Player* p : {&bea, &carl}) {
    p->reconnect_socket(server->port());
    json join = {{"type", "join"}, {"code", p->code()}, {"token", p->token()}};
    if (!p->creator_token().empty()) join["creator_token"] = p->creator_token();
    const json state = p->request(join, "state");
    ASSERT_EQ(state["type"], "state") << state.dump();
    EXPECT_EQ(state["you"], p->seat());
  }
  EXPECT_EQ(bea.table()["view"], view);
  play_to_end({&bea, &carl}, rng);
  check_records(server->port(), {&bea});
  EXPECT_EQ(server->terminate(), 0) << server->log();
}

TEST_F(ServePgTest, PostgresRestartedMidGameRefusesChangesThenGoesOnWithoutARestart) {
  auto server = start();
  std::mt19937_64 rng(12);
  Player bea(server->port(), "Bea");
  Player carl(server->port(), "Carl");
  bea.create(json{"person", "person"}, json{{"players", 2}, {"rounds", 1}});
  carl.join(bea.code(), 1);
  bea.start();
  const uint64_t b0 = bea.last_seq();
  play_until({&bea, &carl}, rng, [&] { return bea.last_seq() >= b0 + 4; });

  cluster("pause");
  // The first change after the outage is played and waits in the store's queue (its frames held
  // back); the store finds the database away, and from then on every change is refused at once
  // (`sit` while seated: its refusal comes before the seat is even looked at).
  bool acted = false;
  for (Player* p : {&bea, &carl}) acted = p->act_random(rng) || acted;
  ASSERT_TRUE(acted);
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  for (Player* p : {&bea, &carl}) {
    const json refusal = p->request({{"type", "sit"}, {"seat", p->seat()}}, "error");
    EXPECT_EQ(refusal.value("code", ""), "store_unavailable") << refusal.dump();
    EXPECT_NE(refusal.value("message", "").find("the game store is away"), std::string::npos)
        << refusal.dump();
  }
  EXPECT_TRUE(server->running());
  // The health check says so, for a proxy (deploy/haproxy.cfg) to send no new players here.
  const HttpResult health = http_get(server->port(), "/healthz");
  EXPECT_EQ(health.status, 503) << health.body;
  EXPECT_NE(health.body.find("the game store is away"), std::string::npos) << health.body;

  cluster("resume");
  play_to_end({&bea, &carl}, rng);
  EXPECT_EQ(http_get(server->port(), "/healthz").status, 200);
  check_records(server->port(), {&bea});
  EXPECT_EQ(server->terminate(), 0) << server->log();
}

}  // namespace
}  // namespace allegra::server_testing
