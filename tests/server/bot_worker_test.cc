// BotWorker (src/server/bot_worker.h): a job's answer comes back once, from the pool or at once
// with 0 threads; a bot that fails still answers, with a random legal move in its stead, so that
// its seat never waits for ever; every decision ends at the deadline, one table's bots do not
// hold up another's, and stop() ends a running search at once.
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
    BotWorker worker(threads, 0);
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
    BotWorker worker(threads, 0);
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

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

TEST(BotWorker, EveryDecisionEndsAtTheDeadlineWhateverItsSpecAsks) {
  for (size_t threads : {0u, 1u}) {
    BotWorker worker(threads, 0.2);
    const table::BotJob job = job_of("mcts:600000ms", 13);  // ten minutes a decision
    const auto started = std::chrono::steady_clock::now();
    worker.start("SLOW", 1, job);
    auto done = wait_for(worker, 1);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_LT(seconds_since(started), 5.0) << threads << " threads";
    EXPECT_TRUE(done[0].error.empty()) << done[0].error;
    ASSERT_TRUE(done[0].move.has_value());
    EXPECT_TRUE(legal(job, done[0].move->action));
  }
}

TEST(BotWorker, AnotherTablesJobIsTakenBeforeTheSecondJobOfABusyTable) {
  BotWorker worker(1, 0.2);
  // Table A asks three slow decisions, then table B a quick one: B waits for one of A's at most.
  for (int i = 0; i < 3; ++i) worker.start("AAAA", i, job_of("mcts:600000ms", 20 + i));
  worker.start("BBBB", 0, job_of("random", 30));
  std::vector<BotWorker::Done> done;
  for (int i = 0; i < 4000 && done.size() < 4; ++i) {
    for (auto& d : worker.collect()) done.push_back(std::move(d));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_EQ(done.size(), 4u);
  std::vector<std::string> order;
  for (const auto& d : done) order.push_back(d.code + std::to_string(d.game));
  const auto b = std::find(order.begin(), order.end(), "BBBB0");
  const auto a3 = std::find(order.begin(), order.end(), "AAAA2");
  ASSERT_NE(b, order.end());
  EXPECT_LT(b - order.begin(), a3 - order.begin()) << ::testing::PrintToString(order);
}

TEST(BotWorker, StopEndsARunningSearchAtOnceAndDropsTheWaitingJobs) {
  const auto started = std::chrono::steady_clock::now();
  {
    BotWorker worker(1, 0);  // no deadline: only the stop ends the search
    worker.start("LONG", 1, job_of("mcts:600000ms", 14));
    worker.start("LONG", 2, job_of("mcts:600000ms", 15));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    worker.stop();
    EXPECT_LE(worker.running(), 1u) << "the waiting job is dropped";
    worker.start("MORE", 1, job_of("random", 16));  // after stop(): nothing runs
  }                                                 // joins the thread
  EXPECT_LT(seconds_since(started), 5.0);
}

TEST(BotWorker, ASpecOverTheThreadCapIsRunAsTheDefaultZombieBot) {
  // Only a table restored from a log older than the server's BotPolicy can ask for one.
  for (size_t threads : {0u, 1u}) {
    BotWorker worker(threads, 0.2, 1);
    const table::BotJob job = job_of("mcts:3600000ms:256t", 17);
    worker.start("OLDS", 1, job);
    auto done = wait_for(worker, 1);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_EQ(done[0].ran, "medium");
    ASSERT_TRUE(done[0].move.has_value());
    EXPECT_EQ(done[0].move->spec, job.spec) << "the answer is the job's, for its table";
    EXPECT_TRUE(legal(job, done[0].move->action));
    worker.start("OLDS", 1, job_of("mcts:100it", 18));
    auto within = wait_for(worker, 1);
    ASSERT_EQ(within.size(), 1u);
    EXPECT_EQ(within[0].ran, "") << "a spec within the caps runs as it is";
  }
}

}  // namespace
}  // namespace allegra::server
