// ReviewJobs: the server's game reviews (issue 31; docs/review.md, docs/server.md "Reviews").
//
// What: `POST /api/games/ID/review` asks for the review of finished game ID, `GET` answers it:
// 200 with the review JSON (docs/review-format.md) once it is stored, 202 with
// {"status": "queued"|"running", "progress": 0..1} while it is computed, 404 when there is no such
// game (or nobody asked yet), 422 when the review failed (over its budget), 429 over the request
// limits, 503 when too many reviews wait. A finished review is stored with the game
// (Store::save_review) and served to everyone who opens it; at most one review of a game is
// computed at a time (a second request joins the first).
//
// How: the review runs on the bot worker as low-priority background units
// (BotWorker::start_background; on its review thread at nice +10, so the live tables' bots
// always go first: bot_worker.h): one unit replays the record and plans the review
// (review::plan_review), then one unit per decision values it (review::review_unit, ~30 ms at
// `hard`), and the unit that values the last one sums the review up and posts it to the io
// thread, which stores and commits it. Each review
// has a budget of worker time (`budget_seconds`): past it the remaining units return at once and
// the review fails. Every unit of a review is seeded by the review's seed and the decision's
// index (review.h), so the stored review is the same as `allegra review --seed S --level L`.
//
// Limits: requests that start a review, per player (the session cookie's) and per address, in a
// sliding hour; joining a review under way or opening a stored one is free. A queued or running
// review lives in memory only: after a restart the page asks again (a stored one is kept).
//
// Threads: handle() and everything but the units run on the io thread; the units share a Job
// under its mutex, and post their result through `post`, which stop() turns off.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "review/review.h"
#include "server/accounts.h"
#include "server/bot_worker.h"
#include "server/store.h"

namespace allegra::server {

struct ReviewConfig {
  review::ReviewLevel level = review::review_level("hard");
  uint64_t seed = 1;
  double budget_seconds = 300;  // worker time per review (a 3-round 4-player game: ~21 s)
  int per_player_per_hour = 10;
  int per_address_per_hour = 30;
  size_t max_reviews = 8;  // queued or running at once
};

// The review levels of `allegra serve --review-level`: hard, expert, and `test` (8 samples, for
// the tests' short games). std::invalid_argument naming them otherwise.
review::ReviewLevel server_review_level(std::string_view name);

class ReviewJobs {
 public:
  using Post = std::function<void(std::function<void()>)>;  // runs a function on the io thread
  using Clock = std::chrono::steady_clock;

  ReviewJobs(Store& store, BotWorker& worker, ReviewConfig config, Post post);
  ~ReviewJobs();
  ReviewJobs(const ReviewJobs&) = delete;
  ReviewJobs& operator=(const ReviewJobs&) = delete;

  // "/api/games/ID/review".
  static bool handles(std::string_view path);
  // One request (GET or POST; others 405). `player`: the session cookie's, if any.
  ApiReply handle(const ApiRequest& request, std::optional<PlayerId> player,
                  Clock::time_point now = Clock::now());
  // Cancels every review under way (their units return at once) and posts nothing any more.
  void stop();
  size_t running() const { return jobs_.size(); }

  struct Job;  // review_jobs.cc

 private:
  struct Shared;
  ApiReply status(std::string_view game);
  void start(const std::string& game, std::string record);
  void finished(const std::string& game, std::string json, std::string error);
  // A request that starts a review: false (and when it may be asked again) over a limit.
  std::optional<std::chrono::seconds> limited(std::deque<Clock::time_point>& times, int limit,
                                              Clock::time_point now);

  Store& store_;
  BotWorker& worker_;
  ReviewConfig config_;
  std::shared_ptr<Shared> shared_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;  // queued or running, by game
  std::map<std::string, std::string> failed_;         // game -> why (until asked again)
  std::map<PlayerId, std::deque<Clock::time_point>> per_player_;
  std::map<std::string, std::deque<Clock::time_point>> per_address_;
};

}  // namespace allegra::server
