// What no client can do to a real `allegra serve` process over real sockets (issue 27): order a
// bot that thinks for an hour, hold up another table's bots with a slow one, keep the server
// from stopping with a search, open tables without end, flood a table's chat from many
// connections of one address, and slip bytes past a NUL; and the words for a seat the table
// does not have and for a decision that has not come yet.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;
using Clock = std::chrono::steady_clock;

class ServeLimitsTest : public CliFixture {};

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// `create` with these seats (the creator watches: no seat), the reply (created or error).
json create(Player& p, const json& seats, const json& extra = json::object()) {
  json m = {{"type", "create"},
            {"options", {{"players", seats.size()}, {"rounds", 1}}},
            {"seats", seats}};
  m.update(extra);
  return p.request(m, "created");
}

TEST_F(ServeLimitsTest, OnlyTheLevelsUnlessTheServerAllowsMoreWithinItsCaps) {
  {
    ServerProcess server(dir_);
    Player anna(server.port(), "Anna");
    EXPECT_EQ(create(anna, json{"person", "bot:mcts:3600000ms:256t"}).value("code", ""),
              "bot_not_allowed");
    EXPECT_EQ(
        create(anna, json{"person", "bot:easy"}, {{"zombie_bot", "greedy"}}).value("code", ""),
        "bot_not_allowed");
    const json created = create(anna, json{"person", "bot:level:expert"});
    ASSERT_EQ(created["type"], "created") << created.dump();
    anna.expect_error({{"type", "bot"}, {"seat", 1}, {"level", "mcts:600000ms"}},
                      "bot_not_allowed");
    EXPECT_EQ(server.terminate(), 0) << server.log();
  }
  ServerProcess server(dir_, {"--bot-specs", "any", "--bot-max-ms", "500"});
  Player anna(server.port(), "Anna");
  const json refused = create(anna, json{"person", "bot:mcts:600000ms"});
  EXPECT_EQ(refused.value("code", ""), "bot_not_allowed") << refused.dump();
  EXPECT_NE(refused.value("message", "").find("500 ms"), std::string::npos) << refused.dump();
  EXPECT_EQ(create(anna, json{"person", "bot:mcts:400ms:2t"}).value("code", ""), "bot_not_allowed");
  EXPECT_EQ(create(anna, json{"person", "bot:mcts:400ms"})["type"], "created");
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeLimitsTest, ATableOfSlowBotsDoesNotHoldUpAnotherTablesBots) {
  // One bot thread (the default); every decision ends at 300 ms. Table A's bots ask for 10^8
  // iterations a decision (minutes each without the deadline) and play on their own.
  ServerProcess server(dir_, {"--bot-specs", "any", "--bot-max-ms", "300"});
  Player fan(server.port(), "Fan");
  const json a = create(fan, json{"bot:mcts:100000000it", "bot:mcts:100000000it"});
  ASSERT_EQ(a["type"], "created") << a.dump();
  fan.start();
  // Table B: a person and an easy bot play a round meanwhile.
  Player bea(server.port(), "Bea");
  bea.create(json{"person", "bot:easy"}, json{{"players", 2}, {"rounds", 1}});
  const auto started = Clock::now();
  bea.start();
  std::mt19937_64 rng(27);
  play_to_end({&bea}, rng, std::chrono::seconds(90));
  const double took = seconds_since(started);
  std::cout << "a round against an easy bot while a table's bots search: " << took << " s\n";
  EXPECT_TRUE(bea.over());
  fan.pump(std::chrono::milliseconds(10));
  EXPECT_EQ(fan.table().value("status", ""), "playing") << "table A still plays";
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeLimitsTest, ATableOfSlowBotsRestoredUnderStricterLimitsIsBoundedToo) {
  std::string code;
  {
    ServerProcess server(
        dir_, {"--bot-specs", "any", "--bot-max-ms", "600000", "--bot-max-threads", "4"});
    Player fan(server.port(), "Fan");
    const json a = create(fan, json{"bot:mcts:600000ms:4t", "bot:mcts:600000ms:4t"});
    ASSERT_EQ(a["type"], "created") << a.dump();
    code = a["code"];
    fan.start();
    EXPECT_EQ(server.terminate(), 0) << server.log();
  }
  // The defaults: levels, 2 s, one thread. The restored table's bots run as the default zombie
  // bot (the spec asks for more than the caps), and another table plays on at once.
  ServerProcess server(dir_);
  Player bea(server.port(), "Bea");
  bea.create(json{"person", "bot:easy"}, json{{"players", 2}, {"rounds", 1}});
  const auto started = Clock::now();
  bea.start();
  std::mt19937_64 rng(28);
  play_to_end({&bea}, rng, std::chrono::seconds(90));
  std::cout << "a round next to a restored table of slow bots: " << seconds_since(started)
            << " s\n";
  Player fan(server.port(), "Fan");
  fan.join(code, std::nullopt);
  const std::string status = fan.table().value("status", "");
  EXPECT_TRUE(status == "playing" || status == "over") << status << " (its bots play on)";
  EXPECT_NE(server.log().find("event=bot_replaced table=" + code), std::string::npos)
      << server.log();
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeLimitsTest, SigtermStopsTheServerWhileABotSearchesAndExitIsLoggedLast) {
  ServerProcess server(dir_, {"--bot-specs", "any", "--bot-max-ms", "600000"});
  Player fan(server.port(), "Fan");
  const json a = create(fan, json{"bot:mcts:600000ms", "bot:mcts:600000ms"});
  ASSERT_EQ(a["type"], "created") << a.dump();
  fan.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // a ten-minute search runs
  const auto stopping = Clock::now();
  EXPECT_EQ(server.terminate(std::chrono::seconds(20)), 0) << server.log();
  const double took = seconds_since(stopping);
  std::cout << "SIGTERM during a search: exit after " << took << " s\n";
  EXPECT_LT(took, 10.0);
  const std::string log = server.log();
  const size_t exit_line = log.find("event=exit code=0");
  ASSERT_NE(exit_line, std::string::npos) << log;
  EXPECT_EQ(log.find("event=", exit_line + 1), std::string::npos) << "exit is the last line";
}

TEST_F(ServeLimitsTest, OpenTablesAreLimitedPerConnectionAndPerAddress) {
  ServerProcess server(dir_, {"--max-tables-per-connection", "2", "--max-tables-per-ip", "3"});
  Player anna(server.port(), "Anna");
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(create(anna, json{"person", "bot:easy"})["type"], "created");
  const json third = create(anna, json{"person", "bot:easy"});
  EXPECT_EQ(third.value("code", ""), "too_many_tables") << third.dump();
  Player bea(server.port(), "Bea");
  ASSERT_EQ(create(bea, json{"person", "bot:easy"})["type"], "created");
  const json fourth = create(bea, json{"person", "bot:easy"});
  EXPECT_EQ(fourth.value("code", ""), "too_many_tables") << fourth.dump();
  EXPECT_NE(fourth.value("message", "").find("address"), std::string::npos) << fourth.dump();
  // Many connections from one address do not get round it either.
  for (int i = 0; i < 5; ++i) {
    Player more(server.port(), "More");
    EXPECT_EQ(create(more, json{"person", "bot:easy"}).value("code", ""), "too_many_tables");
  }
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeLimitsTest, TwentySpectatorsOfOneAddressCannotFloodATablesChat) {
  ServerProcess server(dir_);
  Player anna(server.port(), "Anna");
  const json created = create(anna, json{"person", "bot:easy"});
  ASSERT_EQ(created["type"], "created") << created.dump();
  const std::string code = created["code"];
  std::vector<std::unique_ptr<WsClient>> fans;
  for (int i = 0; i < 20; ++i) {
    auto ws = std::make_unique<WsClient>(server.port());
    ws->send(json{{"type", "hello"}, {"version", 1}});
    ws->send(json{{"type", "watch"}, {"code", code}});
    ws->wait_type("state");
    fans.push_back(std::move(ws));
  }
  const auto started = Clock::now();
  for (int line = 0; line < 5; ++line)
    for (auto& ws : fans) ws->send(json{{"type", "chat"}, {"text", std::string(500, 'x')}});
  // Every refused line is answered with chat_rate to its sender.
  int refused = 0;
  for (auto& ws : fans) {
    while (std::optional<json> m = ws->receive_json(std::chrono::milliseconds(300))) {
      if (m->value("type", "") == "error") {
        EXPECT_EQ(m->value("code", ""), "chat_rate") << m->dump();
        ++refused;
      }
    }
  }
  const double took = seconds_since(started);
  EXPECT_LT(took, 20.0);
  // The table got the address's burst (10 lines), not 100.
  int lines = 0;
  while (std::optional<json> m = anna.ws().receive_json(std::chrono::milliseconds(500)))
    if (m->value("type", "") == "chat") ++lines;
  std::cout << "100 chat lines from 20 spectators of one address: " << lines
            << " reached the table, " << refused << " refused\n";
  EXPECT_LE(lines, 12);
  EXPECT_GE(refused, 88);
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeLimitsTest, ANulByteAWrongSeatAndADecisionNotYetComeAreRefusedClearly) {
  ServerProcess server(dir_);
  Player anna(server.port(), "Anna");
  anna.ws().send(
      std::string_view(std::string("{\"type\":\"ping\",\"id\":33}") + '\0' + "GARBAGE{{{"));
  json reply = anna.ws().wait_for([](const json& m) { return m.value("type", "") != "chat"; },
                                  "the answer to a NUL byte");
  EXPECT_EQ(reply.value("code", ""), "bad_json") << reply.dump();
  EXPECT_NE(reply.value("message", "").find("NUL"), std::string::npos) << reply.dump();
  anna.create(json{"person", "bot:easy", "bot:easy"}, json{{"players", 3}, {"rounds", 1}});
  Player bea(server.port(), "Bea");
  bea.join(anna.code(), std::nullopt);  // a spectator: sit is hers to try
  for (int seat : {9, -1, 3}) {
    bea.expect_error({{"type", "sit"}, {"seat", seat}}, "bad_seat");
    anna.expect_error({{"type", "bot"}, {"seat", seat}, {"level", "easy"}}, "bad_seat");
  }
  anna.start();
  const json error = anna.expect_error(
      {{"type", "act"}, {"action", "reveal 0a0"}, {"decision", 40}}, "future_decision");
  EXPECT_NE(
      error.value("message", "").find("decision 40 has not come yet: the table is at decision"),
      std::string::npos)
      << error.dump();
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

}  // namespace
}  // namespace allegra::server_testing
