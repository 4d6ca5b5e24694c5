// The server's game reviews against a real `allegra serve` process (docs/server.md "Reviews"):
// while a review runs (on the review thread, at a lower priority than the one bot thread), a
// live table's bots answer about as fast as without it; the review is then served with 200 and
// kept across a restart.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
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
using ReviewClock = std::chrono::steady_clock;

class ServeReviewTest : public CliFixture {};

double review_ms_since(ReviewClock::time_point t) {
  return std::chrono::duration<double, std::milli>(ReviewClock::now() - t).count();
}

// A person and `bots` medium bots, one round, started.
std::unique_ptr<Player> review_table(uint16_t port, const std::string& name, int bots = 3) {
  auto p = std::make_unique<Player>(port, name);
  json seats = json::array({"person"});
  for (int b = 0; b < bots; ++b) seats.push_back("bot:medium");
  p->create(seats, json{{"players", bots + 1}, {"rounds", 1}}, 1);
  p->start();
  return p;
}

// The times from the person's action to his next decision (the bots decide in between), at most
// `n`, while `keep_going` says so; the person plays at random.
std::vector<double> bot_answer_times(Player& p, std::mt19937_64& rng, size_t n,
                                     const std::function<bool()>& keep_going) {
  std::vector<double> out;
  const auto started = ReviewClock::now();
  while (out.size() < n && !p.over() && keep_going() && review_ms_since(started) < 30'000) {
    p.pump(std::chrono::milliseconds(2));
    const auto sent = ReviewClock::now();
    if (!p.act_random(rng)) continue;
    p.pump(std::chrono::milliseconds(1));
    while (!p.over() && !p.act_ready() && review_ms_since(sent) < 5'000)
      p.pump(std::chrono::milliseconds(1));
    if (p.act_ready()) out.push_back(review_ms_since(sent));
  }
  return out;
}

double review_median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

TEST_F(ServeReviewTest, AReviewDoesNotDelayALiveTablesBotsAndIsKeptAcrossARestart) {
  auto server = std::make_unique<ServerProcess>(
      dir_, std::vector<std::string>{"--bot-delay", "0", "--bot-threads", "1"});
  const uint16_t port = server->port();
  std::mt19937_64 rng(7);
  // 1. A finished game to review (2 players, one round: a few s at `hard`).
  auto first = review_table(port, "Ann", 1);
  play_until({first.get()}, rng, [&] { return first->over(); });
  const std::string game = first->game_id();
  ASSERT_FALSE(game.empty());
  const std::string url = "/api/games/" + game + "/review";
  EXPECT_EQ(http_get(port, url).status, 404);
  // 2. The live table's bots without a review...
  auto calm = review_table(port, "Ben");
  const std::vector<double> before = bot_answer_times(*calm, rng, 20, [] { return true; });
  // 3. ... and while the review runs beside the (only) bot thread.
  ASSERT_EQ(http_request(port, url, "POST").status, 202);
  auto busy = review_table(port, "Cleo");
  const std::vector<double> during =
      bot_answer_times(*busy, rng, 20, [&] { return http_get(port, url).status == 202; });
  std::cout << "bots' answer to a person's action: median " << review_median(before)
            << " ms without a review (" << before.size() << "), " << review_median(during)
            << " ms during one (" << during.size() << ")\n";
  ASSERT_GE(before.size(), 10u);
  ASSERT_GE(during.size(), 5u) << "the review ended too soon to measure";
  // No live decision waits for a unit; only the cores are shared (the review at nice +10).
  EXPECT_LT(review_median(during), 2 * review_median(before) + 50.0);
  // 4. The review is stored, served with 200 and kept across a restart.
  HttpResult done;
  const auto waiting = ReviewClock::now();
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    done = http_get(port, url);
  } while (done.status == 202 && review_ms_since(waiting) < 120'000);
  ASSERT_EQ(done.status, 200) << done.body;
  EXPECT_EQ(json::parse(done.body).at("level"), "hard");
  EXPECT_EQ(server->terminate(), 0) << server->log();
  server = std::make_unique<ServerProcess>(dir_);
  const HttpResult again = http_get(server->port(), url);
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(again.body, done.body);
  EXPECT_EQ(server->terminate(), 0) << server->log();
}

}  // namespace
}  // namespace allegra::server_testing
