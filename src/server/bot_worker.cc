#include "server/bot_worker.h"

#include <boost/asio/post.hpp>
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

BotWorker::Done run(std::string code, int game, const table::BotJob& job) {
  BotWorker::Done d;
  d.code = std::move(code);
  d.game = game;
  const auto started = std::chrono::steady_clock::now();
  try {
    d.move = table::run_bot_job(job, bot_of(job.spec));
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

BotWorker::BotWorker(size_t threads) : threads_(threads) {
  if (threads_ > 0) pool_.emplace(threads_);
}

BotWorker::~BotWorker() {
  if (!pool_) return;
  pool_->stop();  // the jobs not started are dropped
  pool_->join();  // the running ones end: they hold copies only
}

void BotWorker::start(std::string code, int game, table::BotJob job) {
  ++running_;
  if (!pool_) {
    Done d = run(std::move(code), game, job);
    std::lock_guard lock(shared_->mutex);
    shared_->done.push_back(std::move(d));
    return;
  }
  boost::asio::post(
      *pool_, [shared = shared_, code = std::move(code), game, job = std::move(job)]() mutable {
        Done d = run(std::move(code), game, job);
        std::lock_guard lock(shared->mutex);
        shared->done.push_back(std::move(d));
      });
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
