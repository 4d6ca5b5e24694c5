// Games over WebSockets against a real `allegra serve` process (docs/protocol.md): a whole game
// of two people and two bots, reconnecting with the last sequence number, seat tokens,
// spectators and turns, bad messages and floods, and the graceful shutdown.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;
using ::testing::HasSubstr;

class ServeGameTest : public CliFixture {
 protected:
  // The sequence numbers must run without a gap from the first one seen.
  static void expect_contiguous(const std::vector<uint64_t>& seqs) {
    for (size_t i = 1; i < seqs.size(); ++i) ASSERT_EQ(seqs[i], seqs[i - 1] + 1) << "frame " << i;
  }

  // Downloads the record of `game` and checks it with `allegra replay --check`.
  void check_record(uint16_t port, const std::string& game) {
    const HttpResult record = http_get(port, "/games/" + game + ".jsonl");
    ASSERT_EQ(record.status, 200) << record.body;
    EXPECT_EQ(record.content_type, "application/x-ndjson");
    write(game + ".jsonl", record.body);
    const cli_testing::Result check = run("replay --check " + path(game + ".jsonl").string());
    EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  }
};

TEST_F(ServeGameTest, WholeGameOfTwoPeopleAndTwoBots) {
  ServerProcess server(dir_);
  Player anna(server.port(), "Anna");
  Player bea(server.port(), "Bea");
  anna.create(json{"person", "person", "bot:easy", "bot:medium"},
              json{{"players", 4}, {"rounds", 1}});
  bea.join(anna.code(), 1);
  EXPECT_EQ(anna.seat(), 0);
  EXPECT_EQ(bea.seat(), 1);
  EXPECT_EQ(anna.token().size(), 32u);
  EXPECT_NE(anna.token(), bea.token());
  bea.seqs().clear();
  anna.start();
  std::mt19937_64 rng(1);
  play_to_end({&anna, &bea}, rng);
  EXPECT_TRUE(anna.errors().empty()) << anna.errors().front().dump();
  EXPECT_TRUE(bea.errors().empty()) << bea.errors().front().dump();
  expect_contiguous(bea.seqs());
  // The seed is told once the game is over, and the record is downloadable and replays.
  EXPECT_TRUE(anna.table()["seed"].is_string()) << anna.table().dump();
  const std::string game = anna.game_id();
  EXPECT_EQ(game, anna.code() + "-1");
  check_record(server.port(), game);
  // The replay viewer's steps: one per decision, ending on the final table.
  const HttpResult replay = http_get(server.port(), "/games/" + game + "/replay.json");
  ASSERT_EQ(replay.status, 200) << replay.body;
  EXPECT_THAT(replay.content_type, HasSubstr("application/json"));
  const json steps = json::parse(replay.body).at("steps");
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps.back().at("view"), anna.table().at("view"));
  const json players = json::parse(replay.body).at("players");
  EXPECT_EQ(players.at(0).at("name"), "Anna");
  const HttpResult metrics = http_get(server.port(), "/metrics");
  EXPECT_THAT(metrics.body, ::testing::Not(HasSubstr("allegra_actions_total 0\n")));
  EXPECT_THAT(metrics.body, HasSubstr("allegra_games_finished_total 1\n"));
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeGameTest, ReconnectWithTheLastSequenceNumber) {
  ServerProcess server(dir_);
  TwoPeopleAndABot table(server.port());
  Player& anna = table.anna;
  Player& bea = table.bea;
  std::mt19937_64 rng(2);
  // Play until Bea has seen a few updates, then her connection drops.
  const uint64_t first = bea.last_seq();
  while (bea.last_seq() < first + 4) {
    anna.act_random(rng);
    bea.act_random(rng);
    anna.pump(std::chrono::milliseconds(5));
    bea.pump(std::chrono::milliseconds(5));
  }
  const uint64_t last_seq = bea.last_seq();
  bea.reconnect_socket(server.port());
  // Anna sees Bea leave; the table goes on while Bea is away (Anna and the bot play).
  anna.wait_event("left", "Bea's seat left");
  for (int i = 0; i < 20 && anna.my_pending(); ++i) {
    anna.act_random(rng);
    anna.pump(std::chrono::milliseconds(20));
  }
  // Back with the token and the last sequence number: the missed frames follow in order (or one
  // full state when the server no longer holds them all).
  bea.seqs().clear();
  bea.ws().send(json{{"type", "join"},
                     {"id", 99},
                     {"code", anna.code()},
                     {"token", bea.token()},
                     {"last_seq", last_seq}});
  const json reply = bea.wait([](const json& m) { return m.value("id", json()) == json(99); },
                              "the answer to join");
  ASSERT_TRUE(reply["type"] == "resumed" || reply["type"] == "state") << reply.dump();
  // The pong comes after every resent frame: Bea acts only on the table as it is now.
  bea.request({{"type", "ping"}}, "pong");
  play_to_end({&anna, &bea}, rng);
  if (reply["type"] == "resumed") {
    // The missed frames follow the "resumed" answer, from last_seq + 1 on.
    EXPECT_EQ(reply["seq"], last_seq);
    ASSERT_FALSE(bea.seqs().empty());
    EXPECT_EQ(bea.seqs().front(), last_seq + 1);
  }
  expect_contiguous(bea.seqs());
  EXPECT_EQ(bea.seat(), 1);
  EXPECT_TRUE(bea.errors().empty()) << bea.errors().front().dump();
  check_record(server.port(), anna.game_id());
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeGameTest, TokensSpectatorsAndTurns) {
  ServerProcess server(dir_);
  TwoPeopleAndABot table(server.port());
  Player& anna = table.anna;
  Player& bea = table.bea;

  Player eve(server.port(), "Eve");
  eve.expect_error({{"type", "join"}, {"code", anna.code()}, {"token", std::string(32, '0')}},
                   "bad_token");
  eve.expect_error({{"type", "join"}, {"code", anna.code()}, {"token", "not a token"}},
                   "bad_token");
  eve.expect_error({{"type", "join"}, {"code", "ZZZZZZ"}}, "no_table");
  // Watching (or joining without a token) gives no seat: acting is refused.
  const json watched = eve.request({{"type", "watch"}, {"code", anna.code()}}, "state");
  ASSERT_EQ(watched["type"], "state") << watched.dump();
  EXPECT_TRUE(watched["you"].is_null());
  eve.expect_error({{"type", "act"}, {"action", "draw"}}, "not_seated");
  Player dan(server.port(), "Dan");
  dan.join(anna.code(), std::nullopt);
  dan.expect_error({{"type", "act"}, {"action", "draw"}}, "not_seated");
  // Only the creator starts, rematches or seats bots.
  bea.expect_error({{"type", "rematch"}}, "not_creator");

  // A person acting when only the other is asked: not_your_turn (first play until exactly one
  // person is pending).
  std::mt19937_64 rng(3);
  bool checked = false;
  for (int step = 0; step < 2000 && !checked && !anna.over(); ++step) {
    anna.pump(std::chrono::milliseconds(5));
    bea.pump(std::chrono::milliseconds(5));
    const bool a = anna.my_pending().has_value();
    const bool b = bea.my_pending().has_value();
    if (a != b) {
      Player& idle = a ? bea : anna;
      const json legal = (a ? anna : bea).my_pending().value()["legal"];
      idle.expect_error({{"type", "act"}, {"action", legal[0]}}, "not_your_turn");
      checked = true;
    } else {
      anna.act_random(rng);
      bea.act_random(rng);
    }
  }
  EXPECT_TRUE(checked);
  // Garbage actions from the one asked: bad_action, and the game goes on.
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeGameTest, BadMessagesGetErrorsAndTheServerStaysUp) {
  ServerProcess server(dir_);
  {
    WsClient raw(server.port());
    raw.send(json{{"type", "ping"}, {"id", 1}});
    EXPECT_EQ(raw.wait_type("error")["code"], "no_hello");
  }
  Player p(server.port(), "Anna");
  p.ws().send(std::string_view("this is not json"));
  EXPECT_EQ(p.wait([](const json& m) { return m["type"] == "error"; }, "bad_json")["code"],
            "bad_json");
  p.ws().send(std::string_view("[1,2,3]"));
  EXPECT_EQ(p.wait([](const json& m) { return m["type"] == "error"; }, "not_object")["code"],
            "not_object");
  p.expect_error({{"type", "dance"}}, "unknown_type");
  p.expect_error({{"type", "ping"}, {"bogus", 1}}, "bad_field");
  // 20 KiB: over the 16 KiB limit but read whole, so the hub answers and the connection stays.
  p.ws().send(json{{"type", "ping"}, {"id", 50}, {"pad", std::string(20 * 1024, 'x')}});
  const json too_long = p.wait([](const json& m) { return m["type"] == "error"; }, "too_long");
  EXPECT_EQ(too_long["code"], "too_long");
  EXPECT_EQ(p.request({{"type", "ping"}}, "pong")["type"], "pong");

  // Over 64 KiB the WebSocket layer itself closes the connection (1009: message too big).
  {
    Player big(server.port(), "Bea");
    const std::string huge(100 * 1024, 'x');
    // The server may close while the 100 KiB are still being written (then the write fails with
    // a broken pipe and the close frame can be lost with the reset); either way the connection
    // ends with 1009 or a reset (-1: a read error; 0: no code), never another close code, and the
    // server stays up (below).
    big.ws().try_send(std::string_view(huge));
    EXPECT_FALSE(big.ws().receive(std::chrono::seconds(10)).has_value());
    EXPECT_TRUE(big.ws().closed());
    EXPECT_THAT(big.ws().close_code(), ::testing::AnyOf(1009, 0, -1));
  }

  // A flood: the first burst is answered, the rest rate-limited; the connection stays open.
  Player flood(server.port(), "Cid");
  for (int i = 0; i < 100; ++i) flood.ws().send(json{{"type", "ping"}, {"id", 1000 + i}});
  int pongs = 0, limited = 0;
  flood.wait(
      [&](const json& m) {
        if (m["type"] == "pong") ++pongs;
        if (m["type"] == "error" && m["code"] == "rate_limited") ++limited;
        return pongs + limited == 100;
      },
      "an answer to every ping");
  EXPECT_GT(pongs, 0);
  EXPECT_GT(limited, 0);
  EXPECT_EQ(pongs + limited, 100);

  // A flood far over the limit: told "bye" and closed.
  Player worse(server.port(), "Dan");
  for (int i = 0; i < 400; ++i) {
    if (worse.ws().closed()) break;
    worse.ws().send(json{{"type", "ping"}});
  }
  worse.wait([](const json& m) { return m["type"] == "bye"; }, "bye after the flood");

  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
  Player after(server.port(), "Eve");
  EXPECT_EQ(after.request({{"type", "ping"}}, "pong")["type"], "pong");
  const HttpResult metrics = http_get(server.port(), "/metrics");
  EXPECT_THAT(metrics.body, HasSubstr("allegra_errors_total{code=\"rate_limited\"}"));
  EXPECT_THAT(metrics.body, HasSubstr("allegra_errors_total{code=\"bad_json\"} 1\n"));
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeGameTest, GracefulShutdownSaysByeAndKeepsTheTable) {
  std::string code, token;
  {
    ServerProcess server(dir_);
    Player anna(server.port(), "Anna");
    Player eve(server.port(), "Eve");
    anna.create(json{"person", "bot:easy"}, json{{"players", 2}, {"rounds", 1}});
    code = anna.code();
    token = anna.token();
    eve.request({{"type", "watch"}, {"code", code}}, "state");
    EXPECT_EQ(server.terminate(), 0) << server.log();
    for (Player* p : {&anna, &eve}) {
      const json bye = p->wait([](const json& m) { return m["type"] == "bye"; }, "bye");
      EXPECT_THAT(bye.value("reason", ""), HasSubstr("shutting down"));
      EXPECT_FALSE(p->ws().receive(std::chrono::seconds(5)).has_value());
      EXPECT_TRUE(p->ws().closed());
    }
    EXPECT_THAT(server.log(), HasSubstr("event=shutdown reason=SIGTERM"));
    EXPECT_THAT(server.log(), HasSubstr("event=exit code=0"));
  }
  // The same database: the table is back, and the seat token still holds the seat.
  ServerProcess again(dir_);
  Player anna(again.port(), "Anna");
  const json state = anna.request({{"type", "join"}, {"code", code}, {"token", token}}, "state");
  ASSERT_EQ(state["type"], "state") << state.dump();
  EXPECT_EQ(state["you"], 0);
  EXPECT_EQ(again.terminate(), 0) << again.log();
}

}  // namespace
}  // namespace allegra::server_testing
