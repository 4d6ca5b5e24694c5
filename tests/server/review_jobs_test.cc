// ReviewJobs (src/server/review_jobs.h) on a real SqliteStore and a real BotWorker pool: a POST
// starts a review of a stored game and a second one joins it, GET answers 202 with the progress
// and then 200 with the review JSON (valid against data/review/review.schema.json, and the same
// as `review_game` with the same level and seed: the units change nothing), which the store keeps
// across a reopening; 404 for an unknown game or a review nobody asked for, 429 over the request
// limits, 422 past the budget. And BotWorker's background units: a bot decision never waits for
// them while another thread is free.
#include "server/review_jobs.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "engine/record.h"
#include "review/review_json.h"
#include "server/sqlite_store.h"
#include "table/table.h"
#include "wire/protocol_schema.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A finished 2-player, 1-round game of greedy bots, as a stored record line.
GameRecord review_jobs_game(uint64_t seed) {
  RuleOptions options;
  options.players = 2;
  options.rounds = 1;
  std::vector<table::Seat> seats;
  for (int p = 0; p < options.players; ++p)
    seats.push_back({table::SeatKind::kBot, "Bot " + std::to_string(p + 1), "greedy", {}});
  table::Table t(options, seed, seats, table::Millis(0), "greedy", table::Millis(0));
  for (int i = 0; i < 200 && !t.game_over(); ++i) (void)t.tick(table::Millis(i));
  return t.record();
}

// The io thread of the test: what the units post, run when the test pumps.
struct ReviewJobsLoop {
  std::mutex mutex;
  std::deque<std::function<void()>> queue;
  ReviewJobs::Post post() {
    return [this](std::function<void()> f) {
      std::lock_guard lock(mutex);
      queue.push_back(std::move(f));
    };
  }
  void pump() {
    std::deque<std::function<void()>> now;
    {
      std::lock_guard lock(mutex);
      now.swap(queue);
    }
    for (auto& f : now) f();
  }
};

class ReviewJobsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("allegra_review_jobs_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    store_ = std::make_unique<SqliteStore>(dir_ / "server.sqlite");
    for (uint64_t seed : {5u, 6u}) {
      records_.push_back(review_jobs_game(seed));
      store_->save_game(game(seed), "ABCDEF", record_to_line(records_.back()) + "\n");
    }
    store_->commit();
    config_.level = server_review_level("test");
  }
  void TearDown() override {
    store_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  static std::string game(uint64_t seed) { return "ABCDEF-" + std::to_string(seed); }
  static ApiRequest request(std::string method, const std::string& game,
                            std::string ip = "10.0.0.1") {
    ApiRequest r;
    r.method = std::move(method);
    r.path = "/api/games/" + game + "/review";
    r.ip = std::move(ip);
    return r;
  }
  // GET until the review is no longer under way (200, 422, ...), pumping the loop.
  ApiReply wait_done(ReviewJobs& jobs, ReviewJobsLoop& loop, const std::string& id) {
    ApiReply r;
    for (int i = 0; i < 3000; ++i) {
      loop.pump();
      r = jobs.handle(request("GET", id), std::nullopt);
      if (r.status != 202) return r;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return r;
  }

  fs::path dir_;
  std::unique_ptr<SqliteStore> store_;
  std::vector<GameRecord> records_;
  ReviewConfig config_;
};

TEST_F(ReviewJobsTest, APostedReviewIsComputedInUnitsStoredAndServedToEveryone) {
  BotWorker worker(2, 0);
  ReviewJobsLoop loop;
  ReviewJobs jobs(*store_, worker, config_, loop.post());
  EXPECT_EQ(jobs.handle(request("GET", "NOSUCH-1"), std::nullopt).status, 404);
  const ApiReply none = jobs.handle(request("GET", game(5)), std::nullopt);
  EXPECT_EQ(none.status, 404);
  EXPECT_EQ(json::parse(none.body).at("error"), "no_review");
  EXPECT_EQ(jobs.handle(request("POST", "NOSUCH-1"), 7).status, 404);
  EXPECT_EQ(jobs.handle(request("DELETE", game(5)), 7).status, 405);

  const ApiReply asked = jobs.handle(request("POST", game(5)), 7);
  ASSERT_EQ(asked.status, 202) << asked.body;
  EXPECT_TRUE(json::parse(asked.body).at("status") == "queued" ||
              json::parse(asked.body).at("status") == "running");
  // A second request joins the first: one review at a time.
  EXPECT_EQ(jobs.handle(request("POST", game(5), "10.0.0.2"), 8).status, 202);
  EXPECT_EQ(jobs.running(), 1u);

  const ApiReply done = wait_done(jobs, loop, game(5));
  ASSERT_EQ(done.status, 200) << done.body;
  const json review = json::parse(done.body);
  std::ifstream in(std::string(ALLEGRA_SOURCE_DIR) + "/data/review/review.schema.json");
  wire::testing::ProtocolSchema schema(json::parse(in));
  EXPECT_EQ(wire::testing::problems_text(schema.problems(review, "Review")), "");
  EXPECT_EQ(review.at("level"), "test");
  EXPECT_GT(review.at("decisions").size(), 0u);
  // The same as the review in one piece, with the same level and seed.
  review::ReviewOptions whole;
  whole.level = config_.level;
  whole.seed = config_.seed;
  EXPECT_EQ(review, review::review_to_json(review::review_game(records_[0], whole)));
  // Stored: served to everyone (a POST too) and kept when the store is opened again.
  EXPECT_EQ(jobs.handle(request("POST", game(5), "10.0.0.3"), std::nullopt).body, done.body);
  jobs.stop();
  store_.reset();  // one store per file at a time
  store_ = std::make_unique<SqliteStore>(dir_ / "server.sqlite");
  EXPECT_EQ(store_->review(game(5)), done.body);
  EXPECT_EQ(store_->review(game(6)), std::nullopt);
}

TEST_F(ReviewJobsTest, RequestLimitsPerPlayerAndAddressAnswer429AndABudgetEndsAReview) {
  BotWorker worker(1, 0);
  ReviewJobsLoop loop;
  config_.per_player_per_hour = 1;
  config_.per_address_per_hour = 1;
  config_.budget_seconds = 1e-9;  // the planning alone is over it
  ReviewJobs jobs(*store_, worker, config_, loop.post());
  ASSERT_EQ(jobs.handle(request("POST", game(5)), 7).status, 202);
  // The same player from elsewhere, and someone else from the same address: both limited.
  for (const ApiReply& r : {jobs.handle(request("POST", game(6), "10.0.0.9"), 7),
                            jobs.handle(request("POST", game(6)), 8)}) {
    ASSERT_EQ(r.status, 429) << r.body;
    const json body = json::parse(r.body);
    EXPECT_EQ(body.at("error"), "rate_limited");
    EXPECT_GT(body.at("retry_after_s").get<int>(), 0);
    EXPECT_NE(body.at("message").get<std::string>().find("an hour"), std::string::npos);
  }
  const ApiReply failed = wait_done(jobs, loop, game(5));
  EXPECT_EQ(failed.status, 422) << failed.body;
  EXPECT_EQ(json::parse(failed.body).at("error"), "review_failed");
  EXPECT_EQ(store_->review(game(5)), std::nullopt);
  // An hour later the limits are free again.
  const auto later = ReviewJobs::Clock::now() + std::chrono::minutes(61);
  EXPECT_EQ(jobs.handle(request("POST", game(6)), 8, later).status, 202);
}

// Two bot threads (one stays free of units), or one bot thread and one for the units alone.
TEST(BotWorkerBackground, ABotDecisionDoesNotWaitForBackgroundUnits) {
  for (const auto& [threads, own] : {std::pair<size_t, size_t>{2, 0}, {1, 1}}) {
    BotWorker worker(threads, 0, 0, own);
    std::atomic<int> ran{0};
    for (int i = 0; i < 2; ++i)  // long units: 400 ms each
      worker.start_background([&ran](const std::atomic<bool>& cancel) {
        for (int k = 0; k < 80 && !cancel; ++k)
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        ++ran;
      });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    RuleOptions options;
    options.players = 3;
    const State state(options, 7);
    const auto sent = std::chrono::steady_clock::now();
    worker.start("LIVE", 1,
                 table::BotJob{state.current_player(), 5, "greedy", 3, PublicView(state)});
    std::vector<BotWorker::Done> done;
    while (done.empty() && std::chrono::steady_clock::now() - sent < std::chrono::seconds(5)) {
      done = worker.collect();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    const double waited =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
    ASSERT_EQ(done.size(), 1u);
    EXPECT_LT(waited, 300.0) << threads << " bot threads, " << own << " for the units";
    EXPECT_LT(ran.load(), 2);
    for (int i = 0; i < 300 && ran < 2; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(ran.load(), 2) << "every unit runs in the end";
  }
}

}  // namespace
}  // namespace allegra::server
