#include "server/bot_worker.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <utility>

#include "bots/bot.h"

namespace allegra::server {
namespace {

// The bots of one thread by spec, made on first use (decide() reseeds them every decision).
Bot& bot_of(const std::string& spec) {
  thread_local std::vector<std::pair<std::string, std::unique_ptr<Bot>>> bots;
  for (auto& [name, bot] : bots)
    if (name == spec) return *bot;
  bots.emplace_back(spec, make_bot(spec, 0));
  return *bots.back().second;
}

BotWorker::Done run(std::string code, int game, const table::BotJob& job, double max_seconds,
                    const std::atomic<bool>& cancel) {
  BotWorker::Done d;
  d.code = std::move(code);
  d.game = game;
  const auto started = std::chrono::steady_clock::now();
  try {
    Bot& bot = bot_of(job.spec);
    bot.bound(max_seconds, &cancel);
    d.move = table::run_bot_job(job, bot);
  } catch (const std::exception& e) {
    d.error = e.what();
    // A bot that fails must not leave its seat waiting for ever: a random legal action (seeded
    // by the decision, so the same failure plays the same move) answers in its stead.
    try {
      d.move = table::run_bot_job(job, bot_of("random"));
    } catch (const std::exception& fallback) {
      d.error += std::string("; the random stand-in failed too: ") + fallback.what();
    }
  }
  d.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return d;
}

}  // namespace

BotWorker::BotWorker(size_t threads, double max_seconds) {
  shared_->max_seconds = max_seconds;
  threads_.reserve(threads);
  for (size_t i = 0; i < threads; ++i) threads_.emplace_back([s = shared_] { loop(*s); });
}

BotWorker::~BotWorker() {
  stop();
  for (std::thread& t : threads_) t.join();  // each ends its search at once (cancelled)
}

void BotWorker::stop() {
  {
    std::lock_guard lock(shared_->mutex);
    shared_->stopping = true;
    shared_->cancel = true;
    size_t dropped = 0;
    for (const auto& [code, queue] : shared_->waiting) dropped += queue.size();
    running_ -= std::min(running_, dropped);
    shared_->waiting.clear();
    shared_->turns.clear();
  }
  shared_->wake.notify_all();
}

void BotWorker::start(std::string code, int game, table::BotJob job) {
  if (threads_.empty()) {
    ++running_;
    Done d = run(std::move(code), game, job, shared_->max_seconds, shared_->cancel);
    std::lock_guard lock(shared_->mutex);
    shared_->done.push_back(std::move(d));
    return;
  }
  {
    std::lock_guard lock(shared_->mutex);
    if (shared_->stopping) return;
    std::deque<Job>& queue = shared_->waiting[code];
    if (queue.empty()) shared_->turns.push_back(code);
    queue.push_back({std::move(code), game, std::move(job)});
  }
  ++running_;
  shared_->wake.notify_one();
}

std::optional<BotWorker::Job> BotWorker::next(Shared& s, std::unique_lock<std::mutex>& lock) {
  s.wake.wait(lock, [&s] { return s.stopping || !s.turns.empty(); });
  if (s.stopping) return std::nullopt;
  // 1. The first table in turn none of whose jobs runs, else the first in turn.
  auto pick = std::find_if(s.turns.begin(), s.turns.end(),
                           [&s](const std::string& code) { return !s.busy.count(code); });
  if (pick == s.turns.end()) pick = s.turns.begin();
  const std::string code = *pick;
  s.turns.erase(pick);
  // 2. Its oldest job; the table goes to the end of the turns if it has more.
  std::deque<Job>& queue = s.waiting[code];
  std::optional<Job> job(std::move(queue.front()));
  queue.pop_front();
  if (queue.empty()) {
    s.waiting.erase(code);
  } else {
    s.turns.push_back(code);
  }
  s.busy[code] += 1;
  return job;
}

void BotWorker::loop(Shared& s) {
  std::unique_lock lock(s.mutex);
  while (std::optional<Job> job = next(s, lock)) {
    lock.unlock();
    Done d = run(job->code, job->game, job->job, s.max_seconds, s.cancel);
    lock.lock();
    if (--s.busy[job->code] <= 0) s.busy.erase(job->code);
    s.done.push_back(std::move(d));
  }
}

std::vector<BotWorker::Done> BotWorker::collect() {
  std::vector<Done> done;
  {
    std::lock_guard lock(shared_->mutex);
    done.swap(shared_->done);
  }
  running_ -= std::min(running_, done.size());
  return done;
}

}  // namespace allegra::server
