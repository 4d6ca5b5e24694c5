// DecisionTimes and TimedBot (src/sim/decision_times.h): what `allegra sim --times` reports.
#include "sim/decision_times.h"

#include <gtest/gtest.h>

#include <thread>

#include "sim/match.h"
#include "sim/test_bots.h"

namespace allegra::sim {
namespace {

using testing::make_local_bot;

TEST(DecisionTimes, MeanAndMaxAreExactPercentilesFromTheHistogram) {
  DecisionTimes times;
  for (int i = 0; i < 99; ++i) times.add("a", 0.001);  // 1 ms
  times.add("a", 0.100);                               // 100 ms
  times.add("b", 0.5e-6);                              // under the first bin
  const auto s = times.summaries({"a", "b", "a", "c"});
  ASSERT_EQ(s.size(), 3u);  // each spec once, in the order given
  EXPECT_EQ(s[0].spec, "a");
  EXPECT_EQ(s[0].decisions, 100);
  EXPECT_NEAR(s[0].mean_ms, (99 * 1.0 + 100.0) / 100, 1e-9);
  EXPECT_NEAR(s[0].max_ms, 100.0, 1e-9);
  // The median and the 99th of 100 are 1 ms: the edge of 1 ms's bin, at most 12.2% above
  // (10^(1/20)).
  EXPECT_GE(s[0].median_ms, 1.0);
  EXPECT_LE(s[0].median_ms, 1.1221);
  EXPECT_GE(s[0].p99_ms, 1.0);
  EXPECT_LE(s[0].p99_ms, 1.1221);
  EXPECT_EQ(s[1].decisions, 1);
  EXPECT_LE(s[1].median_ms, 0.001);
  EXPECT_EQ(s[2].spec, "c");
  EXPECT_EQ(s[2].decisions, 0);
}

TEST(DecisionTimes, PercentilesNeverExceedTheLargestTime) {
  DecisionTimes times;
  times.add("a", 2000.0);  // over the last bin
  const auto s = times.summaries({"a"});
  EXPECT_DOUBLE_EQ(s[0].p99_ms, 2000.0 * 1000);
  EXPECT_DOUBLE_EQ(s[0].max_ms, 2000.0 * 1000);
}

TEST(DecisionTimes, CountsEveryDecisionFromSeveralThreads) {
  DecisionTimes times;
  auto work = [&] {
    for (int i = 0; i < 10000; ++i) times.add("x", 1e-5);
  };
  std::thread other(work);
  work();
  other.join();
  EXPECT_EQ(times.summaries({"x"})[0].decisions, 20000);
}

// Timing changes nothing in the game: the same result decision for decision, and every
// decision is counted.
TEST(TimedBot, PlaysTheSameGameAndCountsEveryDecision) {
  RuleOptions options;
  options.players = 3;
  DecisionTimes times;
  std::vector<std::unique_ptr<Bot>> plain, timed;
  std::vector<Bot*> plain_seats, timed_seats;
  for (int p = 0; p < 3; ++p) {
    plain.push_back(make_local_bot("random", 7 + static_cast<uint64_t>(p)));
    timed.push_back(std::make_unique<TimedBot>(
        make_local_bot("random", 7 + static_cast<uint64_t>(p)), "random", times));
    plain_seats.push_back(plain.back().get());
    timed_seats.push_back(timed.back().get());
  }
  const MatchResult a = play_match(options, 11, plain_seats);
  const MatchResult b = play_match(options, 11, timed_seats);
  EXPECT_EQ(a, b);
  EXPECT_EQ(times.summaries({"random"})[0].decisions, b.actions);
  EXPECT_EQ(timed[0]->name(), plain[0]->name());
}

}  // namespace
}  // namespace allegra::sim
