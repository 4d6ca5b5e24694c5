// The bots think off the io thread (docs/server.md, "Threads"), tested against a real
// `allegra serve` process over real sockets: while level:expert bots of other tables search
// (about 0.23 s a decision), the people of another table get the answer to their actions at
// once; a shutdown while bots think is clean; and a restart replays the bots' logged moves
// instead of searching again, so it is quick.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;
using Clock = std::chrono::steady_clock;

class ServeBotThreadTest : public CliFixture {};

// The value of a metric without labels on /metrics (-1 if absent).
double metric(uint16_t port, const std::string& name) {
  std::istringstream body(http_get(port, "/metrics").body);
  for (std::string line; std::getline(body, line);) {
    if (line.rfind(name + " ", 0) == 0) return std::stod(line.substr(name.size() + 1));
  }
  return -1;
}

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Tables of a person and two level:expert bots, started; the person answers when asked.
std::vector<std::unique_ptr<Player>> expert_tables(uint16_t port, int n) {
  std::vector<std::unique_ptr<Player>> out;
  for (int i = 0; i < n; ++i) {
    auto p = std::make_unique<Player>(port, "Fan " + std::to_string(i + 1));
    p->create(json{"person", "bot:level:expert", "bot:level:expert"},
              json{{"players", 3}, {"rounds", 5}}, 5);
    p->start();
    out.push_back(std::move(p));
  }
  return out;
}

void keep_playing(std::vector<std::unique_ptr<Player>>& players, std::mt19937_64& rng) {
  for (auto& p : players) {
    p->pump(std::chrono::milliseconds(2));  // (a zero timeout reads nothing)
    p->act_random(rng);
  }
}

TEST_F(ServeBotThreadTest, ExpertBotsThinkingDoNotDelayAnotherTablesPeople) {
  ServerProcess server(dir_);
  const uint16_t port = server.port();
  std::mt19937_64 rng(3);
  auto experts = expert_tables(port, 2);
  Player bea(port, "Bea");
  Player carl(port, "Carl");
  bea.create(json{"person", "person"}, json{{"players", 2}, {"rounds", 5}}, 5);
  carl.join(bea.code(), 1);
  bea.start();
  // The bots search from now on without a pause (their people answer at once).
  const auto warming = Clock::now();
  while (metric(port, "allegra_bot_decisions_total") < 2 && ms_since(warming) < 60'000)
    keep_playing(experts, rng);
  const double thought_before = metric(port, "allegra_bot_decision_seconds_total");
  const double decided_before = metric(port, "allegra_bot_decisions_total");
  const auto started = Clock::now();
  std::vector<double> latency;
  // At least 30 actions, and while the bots make two more decisions (a loaded machine slows
  // their searches down, never the people's answers).
  auto measuring = [&] {
    if (ms_since(started) > 90'000) return false;
    return latency.size() < 30 || metric(port, "allegra_bot_decisions_total") < decided_before + 2;
  };
  while (measuring()) {
    keep_playing(experts, rng);
    bool acted = false;
    for (Player* p : {&bea, &carl}) {
      p->pump(std::chrono::milliseconds(1));
      const uint64_t seq = p->last_seq();
      const auto sent = Clock::now();
      if (!p->act_random(rng)) continue;
      acted = true;
      // The update that answers the action (the only one while the other person waits).
      while (p->last_seq() == seq && ms_since(sent) < 5'000) p->pump(std::chrono::milliseconds(1));
      latency.push_back(ms_since(sent));
      // The next action at another moment of the bots' searches.
      std::this_thread::sleep_for(std::chrono::milliseconds(15 + rng() % 40));
    }
    if (!acted) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const double wall_s = ms_since(started) / 1000;
  const double thought_s = metric(port, "allegra_bot_decision_seconds_total") - thought_before;
  ASSERT_GE(latency.size(), 30u);
  std::sort(latency.begin(), latency.end());
  const double median = latency[latency.size() / 2];
  std::cout << "act -> update, while expert bots think: median " << median << " ms, max "
            << latency.back() << " ms over " << latency.size() << " actions; the bots thought "
            << thought_s << " s of " << wall_s << " s\n";
  EXPECT_GT(thought_s, 0.3 * wall_s) << "the expert bots were thinking most of the time";
  // On the io thread a search would hold an action back for half a search (~115 ms) at the
  // median; off it, the answer takes a few ms even on a loaded machine.
  EXPECT_LT(median, 50.0);
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeBotThreadTest, AShutdownWhileBotsThinkIsCleanAndARestartRunsNoBot) {
  auto server = std::make_unique<ServerProcess>(dir_);
  std::mt19937_64 rng(4);
  auto experts = expert_tables(server->port(), 2);
  // Play until the bots have made a few searching decisions.
  const auto started = Clock::now();
  while (metric(server->port(), "allegra_bot_decisions_total") < 4 && ms_since(started) < 60'000)
    keep_playing(experts, rng);
  const double thought_s = metric(server->port(), "allegra_bot_decision_seconds_total");
  ASSERT_GT(thought_s, 0.5) << "level:expert searches";
  // Bots are thinking now (the people just answered): SIGTERM, and a clean exit.
  keep_playing(experts, rng);
  EXPECT_EQ(server->terminate(), 0) << server->log();
  EXPECT_EQ(server->log().find("bot_failed"), std::string::npos) << server->log();
  // A restart replays the logged moves: no bot runs, so it takes a fraction of their thinking.
  const auto restarting = Clock::now();
  server = std::make_unique<ServerProcess>(dir_);
  const double restart_s = ms_since(restarting) / 1000;
  std::cout << "restart of 2 expert tables: " << restart_s << " s (their bots thought " << thought_s
            << " s)\n";
  EXPECT_EQ(metric(server->port(), "allegra_restore_bot_decisions_total"), 0);
  EXPECT_LT(restart_s, thought_s / 2);
  // The tables go on.
  for (auto& p : experts) {
    Player back(server->port(), "Back");
    back.join(p->code(), std::nullopt);
    EXPECT_EQ(back.table().at("status"), "playing");
  }
  const double decided = metric(server->port(), "allegra_bot_decisions_total");
  EXPECT_GE(decided, 0);
  EXPECT_EQ(server->terminate(), 0) << server->log();
}

}  // namespace
}  // namespace allegra::server_testing
