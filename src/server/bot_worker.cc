#include "server/bot_worker.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <string_view>
#include <utility>

#include "bots/bot.h"
#include "server/bot_policy.h"

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

// The spec that decides for `spec`: itself, or the default zombie bot if it asks for more threads
// than `max_threads` (0: no cap) or more time than the deadline, which only a table restored
// from a log older than the server's BotPolicy can (docs/server.md, "Threads").
std::string_view spec_to_run(const std::string& spec, double max_seconds, int max_threads) {
  if (max_threads <= 0 || is_level_spec(spec)) return spec;
  BotPolicy caps;
  caps.any_spec = true;
  caps.max_threads = max_threads;
  caps.max_decision =
      max_seconds > 0
          ? std::chrono::milliseconds(static_cast<int64_t>(std::ceil(max_seconds * 1000)))
          : std::chrono::milliseconds::max();
  return bot_spec_refusal(caps, spec) ? kDefaultZombieBot : std::string_view(spec);
}

BotWorker::Done run(std::string code, int game, const table::BotJob& job, double max_seconds,
                    int max_threads, const std::atomic<bool>& cancel) {
  BotWorker::Done d;
  d.code = std::move(code);
  d.game = game;
  const auto started = std::chrono::steady_clock::now();
  try {
    const std::string_view spec = spec_to_run(job.spec, max_seconds, max_threads);
    if (spec != job.spec) d.ran = spec;
    Bot& bot = bot_of(std::string(spec));
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

BotWorker::BotWorker(size_t threads, double max_seconds, int max_threads,
                     size_t background_threads) {
  shared_->max_seconds = max_seconds;
  shared_->max_threads = max_threads;
  shared_->background_cap = std::max<size_t>(1, threads > 0 ? threads - 1 : 1);
  shared_->background_own = threads > 0 && background_threads > 0;
  threads_.reserve(threads + background_threads);
  for (size_t i = 0; i < threads; ++i) threads_.emplace_back([s = shared_] { loop(*s); });
  if (shared_->background_own)
    for (size_t i = 0; i < background_threads; ++i)
      threads_.emplace_back([s = shared_] { background_loop(*s); });
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
    shared_->background.clear();
  }
  shared_->wake.notify_all();
}

void BotWorker::start(std::string code, int game, table::BotJob job) {
  if (threads_.empty()) {
    ++running_;
    Done d = run(std::move(code), game, job, shared_->max_seconds, shared_->max_threads,
                 shared_->cancel);
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
  shared_->wake.notify_all();
}

void BotWorker::start_background(Unit unit) {
  if (threads_.empty()) {
    unit(shared_->cancel);
    return;
  }
  {
    std::lock_guard lock(shared_->mutex);
    if (shared_->stopping) return;
    shared_->background.push_back(std::move(unit));
  }
  shared_->wake.notify_all();
}

bool BotWorker::next(Shared& s, std::unique_lock<std::mutex>& lock, std::optional<Job>& job,
                     Unit& unit) {
  auto background_ready = [&s] {
    return !s.background_own && !s.background.empty() && s.background_running < s.background_cap;
  };
  s.wake.wait(lock, [&] { return s.stopping || !s.turns.empty() || background_ready(); });
  if (s.stopping) return false;
  // 0. No decision waits: a background unit.
  if (s.turns.empty()) {
    unit = std::move(s.background.front());
    s.background.pop_front();
    ++s.background_running;
    return true;
  }
  // 1. The first table in turn none of whose jobs runs, else the first in turn.
  auto pick = std::find_if(s.turns.begin(), s.turns.end(),
                           [&s](const std::string& code) { return !s.busy.count(code); });
  if (pick == s.turns.end()) pick = s.turns.begin();
  const std::string code = *pick;
  s.turns.erase(pick);
  // 2. Its oldest job; the table goes to the end of the turns if it has more.
  std::deque<Job>& queue = s.waiting[code];
  job.emplace(std::move(queue.front()));
  queue.pop_front();
  if (queue.empty()) {
    s.waiting.erase(code);
  } else {
    s.turns.push_back(code);
  }
  s.busy[code] += 1;
  return true;
}

void BotWorker::loop(Shared& s) {
  std::unique_lock lock(s.mutex);
  Unit unit;
  std::optional<Job> job;
  while (next(s, lock, job, unit)) {
    lock.unlock();
    if (unit) {
      try {
        unit(s.cancel);
      } catch (const std::exception&) {  // a unit reports its own failures; never the thread's end
      }
      unit = nullptr;
      lock.lock();
      --s.background_running;
      s.wake.notify_all();  // another thread may wait for the cap
      continue;
    }
    Done d = run(job->code, job->game, job->job, s.max_seconds, s.max_threads, s.cancel);
    lock.lock();
    if (--s.busy[job->code] <= 0) s.busy.erase(job->code);
    s.done.push_back(std::move(d));
    job.reset();
  }
}

void BotWorker::background_loop(Shared& s) {
  // Below the bot threads for the kernel: nice +10 on this thread only (Linux: a thread's id).
  // Raising one's own nice value needs no privilege; if it fails the units still run.
  (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
  std::unique_lock lock(s.mutex);
  for (;;) {
    s.wake.wait(lock, [&s] { return s.stopping || !s.background.empty(); });
    if (s.stopping) return;
    Unit unit = std::move(s.background.front());
    s.background.pop_front();
    lock.unlock();
    try {
      unit(s.cancel);
    } catch (const std::exception&) {  // a unit reports its own failures
    }
    unit = nullptr;
    lock.lock();
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
