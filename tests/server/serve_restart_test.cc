// The kill -9 test (issue 10, "Nothing is lost"): a real `allegra serve` plays part of several
// games through WebSockets, one of them stopped inside a knock window, and is killed with
// SIGKILL; a new process on the same database resumes every table exactly (same state, same
// seats and tokens); the people reconnect with their seat tokens and finish the games, and
// every record replays with `allegra replay --check`.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;

class ServeRestartTest : public CliFixture {};

TEST_F(ServeRestartTest, KillNineThenResumeEveryTableExactly) {
  auto server = std::make_unique<ServerProcess>(dir_);
  std::mt19937_64 rng(10);
  // Table A: one person and two bots, stopped while the person is asked in a knock window
  // (60 s long, so it is still open after the restart).
  Player anna(server->port(), "Anna");
  anna.create(json{"person", "bot:easy", "bot:medium"}, json{{"players", 3}, {"rounds", 1}}, 60);
  anna.start();
  play_until({&anna}, rng, [&] {
    const std::optional<json> p = anna.my_pending();
    return p && p->value("knock_window", false);
  });
  // Table B: two people and a bot, a few decisions in.
  Player bea(server->port(), "Bea");
  Player carl(server->port(), "Carl");
  bea.create(json{"person", "person", "bot:easy"}, json{{"players", 3}, {"rounds", 1}});
  carl.join(bea.code(), 1);
  bea.start();
  const uint64_t b0 = bea.last_seq();
  play_until({&bea, &carl}, rng, [&] { return bea.last_seq() >= b0 + 6; });
  // Table C: two people, in the lobby with one seated.
  Player dora(server->port(), "Dora");
  dora.create(json{"person", "person"}, json{{"players", 2}, {"rounds", 1}});

  const json view_a = anna.table()["view"];
  const json pending_a = anna.my_pending().value();
  server->kill9();
  server = std::make_unique<ServerProcess>(dir_);
  const uint16_t port = server->port();

  // Everybody is back in the seat with the token; table A is exactly where it was.
  for (Player* p : {&anna, &bea, &carl, &dora}) {
    p->reconnect_socket(port);
    json join = {{"type", "join"}, {"code", p->code()}, {"token", p->token()}};
    if (!p->creator_token().empty()) join["creator_token"] = p->creator_token();
    const json state = p->request(join, "state");
    ASSERT_EQ(state["type"], "state") << state.dump();
    EXPECT_EQ(state["you"], p->seat());
  }
  // A bot may have answered the knock window meanwhile: who has answered is public (R7), so
  // the restored view may have fewer seats to answer (and another first one) than the last one
  // Anna read; the rest is exactly as it was (the answer itself is sealed).
  json view_now = anna.table()["view"];
  json view_then = view_a;
  const json pending_now = view_now["knock_pending"];
  const json pending_then = view_then["knock_pending"];
  for (const json& seat : pending_now)
    EXPECT_NE(std::find(pending_then.begin(), pending_then.end(), seat), pending_then.end());
  EXPECT_NE(std::find(pending_now.begin(), pending_now.end(), anna.seat()), pending_now.end());
  for (const char* key : {"knock_pending", "current_player"}) {  // the first still to answer
    view_now.erase(key);
    view_then.erase(key);
  }
  EXPECT_EQ(view_now, view_then);
  ASSERT_TRUE(anna.my_pending().has_value()) << anna.table().dump();
  EXPECT_EQ((*anna.my_pending())["legal"], pending_a["legal"]);
  EXPECT_TRUE(anna.my_pending()->value("knock_window", false));

  // Table C fills up and starts after the restart; then every game is played to the end.
  Player eli(port, "Eli");
  eli.join(dora.code(), 1);
  dora.start();
  play_to_end({&anna, &bea, &carl, &dora, &eli}, rng);
  for (Player* p : {&anna, &bea, &dora}) {
    const HttpResult record = http_get(port, "/games/" + p->game_id() + ".jsonl");
    ASSERT_EQ(record.status, 200) << p->game_id();
    write(p->game_id() + ".jsonl", record.body);
    const cli_testing::Result check =
        run("replay --check " + path(p->game_id() + ".jsonl").string());
    EXPECT_EQ(check.exit_code, 0) << p->game_id() << "\n" << check.out << check.err;
  }
  EXPECT_EQ(server->terminate(), 0) << server->log();
}

}  // namespace
}  // namespace allegra::server_testing
