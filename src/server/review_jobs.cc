#include "server/review_jobs.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/record.h"
#include "review/review_json.h"

namespace allegra::server {

using nlohmann::json;

namespace {

constexpr std::string_view kPrefix = "/api/games/";
constexpr std::string_view kSuffix = "/review";
constexpr auto kWindow = std::chrono::hours(1);

// "/api/games/ABC-1/review" -> "ABC-1" (letters, digits, '-', '_'), else nullopt.
std::optional<std::string> game_of(std::string_view path) {
  if (!path.starts_with(kPrefix) || !path.ends_with(kSuffix)) return std::nullopt;
  const std::string_view id =
      path.substr(kPrefix.size(), path.size() - kPrefix.size() - kSuffix.size());
  if (id.empty() || id.size() > 128) return std::nullopt;
  for (char c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return std::nullopt;
  return std::string(id);
}

// This thread's CPU time in seconds (the budget counts work, not waiting for a core).
double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

// What the io thread and the units share: how to post back, and whether anyone listens.
struct ReviewJobs::Shared {
  std::mutex mutex;
  Post post;  // null once stopped
};

// One review under way. The units read `options`, `plan` and `record` (written by the planning
// unit before it starts the others) and fill `decisions`; the rest is under `mutex`.
struct ReviewJobs::Job {
  std::string game;
  std::string record_text;
  review::ReviewOptions options;
  GameRecord record;
  review::ReviewPlan plan;
  std::vector<review::ReviewDecision> decisions;
  std::mutex mutex;
  int done = 0;
  int total = -1;  // decisions to value; -1 until planned
  bool started = false;
  double seconds = 0;  // worker time spent
  double budget = 0;
  std::atomic<bool> cancel{false};
  std::string error;
  // On the io thread, with the review's JSON text or why it failed.
  std::function<void(std::string, std::string)> on_done;
};

review::ReviewLevel server_review_level(std::string_view name) {
  if (name == "test") return {"test", 8};
  return review::review_level(name);
}

ReviewJobs::ReviewJobs(Store& store, BotWorker& worker, ReviewConfig config, Post post)
    : store_(store),
      worker_(worker),
      config_(std::move(config)),
      shared_(std::make_shared<Shared>()) {
  shared_->post = std::move(post);
}

ReviewJobs::~ReviewJobs() { stop(); }

bool ReviewJobs::handles(std::string_view path) { return game_of(path).has_value(); }

void ReviewJobs::stop() {
  {
    std::lock_guard lock(shared_->mutex);
    shared_->post = nullptr;
  }
  for (auto& [game, job] : jobs_) job->cancel = true;
  jobs_.clear();
}

std::optional<std::chrono::seconds> ReviewJobs::limited(std::deque<Clock::time_point>& times,
                                                        int limit, Clock::time_point now) {
  while (!times.empty() && now - times.front() >= kWindow) times.pop_front();
  if (static_cast<int>(times.size()) < limit) return std::nullopt;
  return std::chrono::ceil<std::chrono::seconds>(times.front() + kWindow - now);
}

ApiReply ReviewJobs::handle(const ApiRequest& request, std::optional<PlayerId> player,
                            Clock::time_point now) {
  const std::optional<std::string> game = game_of(request.path);
  if (!game) return api_error_reply(404, "not_found", "no such route");
  if (request.method != "GET" && request.method != "HEAD" && request.method != "POST") {
    ApiReply r = api_error_reply(405, "method_not_allowed", "GET or POST a game's review");
    return r;
  }
  // 1. Stored or under way: the same answer to GET and POST.
  if (jobs_.count(*game) || request.method != "POST") return status(*game);
  if (std::optional<std::string> stored = store_.review(*game))
    return {200, "application/json", std::move(*stored), {}, {}};
  // 2. A new review: a finished game, within the limits, with room in the queue.
  std::optional<std::string> record = store_.game(*game);
  if (!record) return api_error_reply(404, "no_game", fmt::format("no finished game {}", *game));
  std::optional<std::chrono::seconds> wait;
  if (player) wait = limited(per_player_[*player], config_.per_player_per_hour, now);
  if (!wait) wait = limited(per_address_[request.ip], config_.per_address_per_hour, now);
  if (wait) {
    const long long minutes = std::max<long long>(1, (wait->count() + 59) / 60);
    return api_json_reply(
        429, {{"error", "rate_limited"},
              {"message",
               fmt::format("too many review requests (at most {} an hour "
                           "per player and {} per address): try again in "
                           "{} min",
                           config_.per_player_per_hour, config_.per_address_per_hour, minutes)},
              {"retry_after_s", wait->count()}});
  }
  if (jobs_.size() >= config_.max_reviews)
    return api_error_reply(
        503, "busy",
        fmt::format("{} reviews are being computed: try again in a minute", jobs_.size()));
  if (player) per_player_[*player].push_back(now);
  per_address_[request.ip].push_back(now);
  failed_.erase(*game);
  start(*game, std::move(*record));
  return status(*game);
}

ApiReply ReviewJobs::status(std::string_view game) {
  const auto it = jobs_.find(std::string(game));
  if (it != jobs_.end()) {
    Job& job = *it->second;
    std::lock_guard lock(job.mutex);
    const double progress = job.total > 0 ? static_cast<double>(job.done) / job.total : 0.0;
    return api_json_reply(202, {{"status", job.started ? "running" : "queued"},
                                {"progress", std::round(progress * 1000) / 1000}});
  }
  const auto failed = failed_.find(std::string(game));
  if (failed != failed_.end()) return api_error_reply(422, "review_failed", failed->second);
  if (std::optional<std::string> stored = store_.review(game))
    return {200, "application/json", std::move(*stored), {}, {}};
  if (!store_.game(game))
    return api_error_reply(404, "no_game", fmt::format("no finished game {}", game));
  return api_error_reply(404, "no_review",
                         fmt::format("game {} has no review yet: POST to ask", game));
}

// 1. The planning unit: read the record, replay it, collect the decisions (review::plan_review).
// 2. One unit per decision; each adds its worker time to the budget. 3. The last one sums the
// review up and posts its JSON (or the failure) to the io thread.
void ReviewJobs::start(const std::string& game, std::string record) {
  auto job = std::make_shared<Job>();
  job->game = game;
  job->record_text = std::move(record);
  job->options.level = config_.level;
  job->options.seed = config_.seed;
  job->options.threads = 1;
  job->options.cancel = &job->cancel;
  job->budget = config_.budget_seconds;
  jobs_[game] = job;
  spdlog::info("event=review_queued game={} level={}", game, config_.level.name);

  job->on_done = [this, game](std::string json_text, std::string error) {
    finished(game, std::move(json_text), std::move(error));
  };
  // The result goes to the io thread, unless stop() came first (then nobody listens).
  auto finish = [shared = shared_](const std::shared_ptr<Job>& j, std::string json_text,
                                   std::string error) {
    std::lock_guard lock(shared->mutex);
    if (!shared->post) return;
    shared->post([shared, j, json_text = std::move(json_text), error = std::move(error)]() mutable {
      {
        std::lock_guard again(shared->mutex);
        if (!shared->post) return;
      }
      j->on_done(std::move(json_text), std::move(error));
    });
  };
  BotWorker& worker = worker_;
  auto over = [](Job& j, double spent) {
    std::lock_guard lock(j.mutex);
    j.seconds += spent;
    if (j.seconds > j.budget && j.error.empty())
      j.error = fmt::format("the review took more than its budget of {:.0f} s of work", j.budget);
    return !j.error.empty();
  };
  auto value = [job, over, finish](size_t k) {
    return [job, k, over, finish](const std::atomic<bool>& cancel) {
      Job& j = *job;
      if (cancel || j.cancel) return;
      bool failed = false;
      {
        std::lock_guard lock(j.mutex);
        failed = !j.error.empty();
      }
      if (!failed) {
        const double start = thread_seconds();
        try {
          j.decisions[k] = review::review_unit(j.plan.tasks[k], j.options);
        } catch (const std::exception& e) {
          std::lock_guard lock(j.mutex);
          if (j.error.empty()) j.error = e.what();
        }
        over(j, thread_seconds() - start);
      }
      bool last = false;
      std::string error;
      {
        std::lock_guard lock(j.mutex);
        last = ++j.done == j.total;
        error = j.error;
      }
      if (!last) return;
      std::string text;
      if (error.empty()) {
        try {
          text = review::review_to_json(
                     review::finish_review(std::move(j.plan), std::move(j.decisions), j.record))
                     .dump();
        } catch (const std::exception& e) {
          error = e.what();
        }
      }
      finish(job, std::move(text), std::move(error));
    };
  };
  worker.start_background([job, over, finish, value, &worker](const std::atomic<bool>& cancel) {
    Job& j = *job;
    if (cancel || j.cancel) return;
    {
      std::lock_guard lock(j.mutex);
      j.started = true;
    }
    const double start = thread_seconds();
    std::string error;
    try {
      std::string_view text = j.record_text;
      while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
      j.record = record_from_line(text);
      j.plan = review::plan_review(j.record, j.options);
      j.decisions.resize(j.plan.tasks.size());
    } catch (const std::exception& e) {
      error = fmt::format("the game cannot be reviewed: {}", e.what());
    }
    over(j, thread_seconds() - start);
    if (!error.empty() || j.plan.tasks.empty()) {
      std::string text;
      if (error.empty())
        text =
            review::review_to_json(review::finish_review(std::move(j.plan), {}, j.record)).dump();
      finish(job, std::move(text), std::move(error));
      return;
    }
    // The last unit moves the plan away: count the units before queueing them.
    const size_t units = j.plan.tasks.size();
    {
      std::lock_guard lock(j.mutex);
      j.total = static_cast<int>(units);
    }
    for (size_t k = 0; k < units; ++k) worker.start_background(value(k));
  });
}

void ReviewJobs::finished(const std::string& game, std::string json_text, std::string error) {
  const auto it = jobs_.find(game);
  if (it == jobs_.end()) return;
  double seconds = 0;
  {
    std::lock_guard lock(it->second->mutex);
    seconds = it->second->seconds;
  }
  jobs_.erase(it);
  if (!error.empty()) {
    spdlog::warn("event=review_failed game={} error=\"{}\"", game, error);
    failed_[game] = std::move(error);
    return;
  }
  store_.save_review(game, config_.level.name, json_text);
  store_.commit_async([game](std::exception_ptr e) {
    if (!e) return;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      spdlog::error("event=review_not_stored game={} error=\"{}\"", game, x.what());
    }
  });
  spdlog::info("event=review_stored game={} level={} work_s={:.1f}", game, config_.level.name,
               seconds);
}

}  // namespace allegra::server
