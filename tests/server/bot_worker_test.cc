// BotWorker (src/server/bot_worker.h): a job's answer comes back once, from the pool or at once
// with 0 threads; a bot that fails still answers, with a random legal move in its stead, so that
// its seat never waits for ever.
#include "server/bot_worker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "engine/public_view.h"

namespace allegra::server {
namespace {

table::BotJob job_of(const std::string& spec, uint64_t seed) {
  RuleOptions options;
  options.players = 3;
  const State state(options, 7);  // dealt: the first player decides
  return table::BotJob{state.current_player(), 5, spec, seed, PublicView(state)};
}

std::vector<BotWorker::Done> wait_for(BotWorker& worker, size_t n) {
  std::vector<BotWorker::Done> done;
  for (int i = 0; i < 2000 && done.size() < n; ++i) {
    for (auto& d : worker.collect()) done.push_back(std::move(d));
    if (done.size() < n) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return done;
}

bool legal(const table::BotJob& job, Action a) {
  const ActionList legal = job.view.legal_actions();
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

TEST(BotWorker, AnswersEachJobOnceWithTheJobsSeatDecisionAndSpec) {
  for (size_t threads : {0u, 2u}) {
    BotWorker worker(threads);
    const table::BotJob job = job_of("greedy", 11);
    worker.start("ABCD", 3, job);
    auto done = wait_for(worker, 1);
    ASSERT_EQ(done.size(), 1u) << threads << " threads";
    EXPECT_EQ(done[0].code, "ABCD");
    EXPECT_EQ(done[0].game, 3);
    EXPECT_TRUE(done[0].error.empty()) << done[0].error;
    ASSERT_TRUE(done[0].move.has_value());
    EXPECT_EQ(done[0].move->seat, job.seat);
    EXPECT_EQ(done[0].move->decision, job.decision);
    EXPECT_EQ(done[0].move->spec, "greedy");
    EXPECT_TRUE(legal(job, done[0].move->action));
    EXPECT_EQ(worker.running(), 0u);
    EXPECT_TRUE(worker.collect().empty()) << "each answer once";
  }
}

TEST(BotWorker, ABotThatFailsIsAnsweredForByARandomLegalMoveAndSaysWhy) {
  for (size_t threads : {0u, 1u}) {
    BotWorker worker(threads);
    // An unknown spec makes make_bot() throw inside the worker, as a failing bot would.
    const table::BotJob job = job_of("no-such-bot", 12);
    worker.start("WXYZ", 1, job);
    auto done = wait_for(worker, 1);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_NE(done[0].error.find("no-such-bot"), std::string::npos) << done[0].error;
    ASSERT_TRUE(done[0].move.has_value()) << "the seat must not wait for ever";
    // The answer is the job's (same seat, decision and spec), so the table takes it.
    EXPECT_EQ(done[0].move->spec, "no-such-bot");
    EXPECT_EQ(done[0].move->decision, job.decision);
    EXPECT_TRUE(legal(job, done[0].move->action));
    // The stand-in is seeded by the decision: the same failure plays the same move.
    worker.start("WXYZ", 1, job);
    auto again = wait_for(worker, 1);
    ASSERT_EQ(again.size(), 1u);
    ASSERT_TRUE(again[0].move.has_value());
    EXPECT_EQ(again[0].move->action, done[0].move->action);
  }
}

}  // namespace
}  // namespace allegra::server
