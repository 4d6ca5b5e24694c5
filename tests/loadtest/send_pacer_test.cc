// The load generator's per-connection pacing (src/loadtest/send_pacer.h): a burst, then the rate;
// and whatever the client asks, the times it gets never trip the server's bucket (20 a second,
// bursts of 40: HubConfig) nor exceed the pacer's own.
#include "loadtest/send_pacer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "engine/rng.h"

namespace allegra::loadtest {
namespace {

using Clock = SendPacer::Clock;
using std::chrono::milliseconds;

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

TEST(LoadSendPacer, ABurstOfOneSecondThenTheRate) {
  SendPacer pacer;  // 20 a second until a welcome says otherwise
  EXPECT_EQ(pacer.per_second(), 20);
  EXPECT_EQ(pacer.burst(), 20);
  const Clock::time_point t0 = Clock::now();
  for (int i = 0; i < 20; ++i) EXPECT_EQ(pacer.reserve(t0), t0) << i;
  // Booked at the same instant, the next ones wait 50 ms more each.
  EXPECT_NEAR(ms(pacer.reserve(t0) - t0), 50, 0.01);
  EXPECT_NEAR(ms(pacer.reserve(t0) - t0), 100, 0.01);
  // Asked at 120 ms: after the two booked, the next token is at 150 ms.
  EXPECT_NEAR(ms(pacer.reserve(t0 + milliseconds(120)) - t0), 150, 0.01);
  // Idle for long enough, the bucket is full again, but never more than the burst.
  const Clock::time_point later = t0 + std::chrono::seconds(60);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(pacer.reserve(later), later) << i;
  EXPECT_GT(pacer.reserve(later), later);
}

TEST(LoadSendPacer, TheWelcomesRateReplacesTheDefault) {
  SendPacer pacer;
  pacer.set_rate(5);
  EXPECT_EQ(pacer.per_second(), 5);
  EXPECT_EQ(pacer.burst(), 5);
  pacer.set_rate(0);  // no rate announced: kept
  EXPECT_EQ(pacer.per_second(), 5);
  const Clock::time_point t0 = Clock::now();
  for (int i = 0; i < 5; ++i) EXPECT_EQ(pacer.reserve(t0), t0) << i;
  EXPECT_NEAR(ms(pacer.reserve(t0) - t0), 200, 0.01);
}

// The server's token bucket as src/server/hub.cc keeps it, fed with the times the pacer gave.
struct ServerBucket {
  double rate = 20, burst = 40, tokens = 40;
  Clock::time_point at{};
  bool started = false;
  bool take(Clock::time_point now) {
    if (!started) {
      started = true;
      at = now;
    }
    tokens = std::min(burst, tokens + rate * std::chrono::duration<double>(now - at).count());
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }
};

TEST(LoadSendPacer, AFloodOfRequestsNeverTripsTheServersLimit) {
  // A client that wants to send in bursts much faster than allowed, with pauses: random gaps of
  // 0-30 ms, sometimes a second of quiet.
  Rng rng(7);
  SendPacer pacer;
  ServerBucket server;
  std::vector<Clock::time_point> sent;
  Clock::time_point now = Clock::now();
  for (int i = 0; i < 5000; ++i) {
    now += milliseconds(rng.below(10) == 0 ? 1000 : rng.below(31));
    const Clock::time_point at = pacer.reserve(now);
    ASSERT_GE(at, now);
    if (!sent.empty()) {
      ASSERT_GE(at, sent.back()) << "written out of order at " << i;
    }
    sent.push_back(at);
    ASSERT_TRUE(server.take(at)) << "refused at " << i;
  }
  // In any window the pacer let through at most its burst plus its rate times the window.
  for (size_t i = 0; i < sent.size(); i += 7) {
    for (size_t j = i; j < std::min(sent.size(), i + 200); ++j) {
      const double window_s = std::chrono::duration<double>(sent[j] - sent[i]).count();
      ASSERT_LE(static_cast<double>(j - i + 1), 20 + 20 * window_s + 1e-6) << i << ".." << j;
    }
  }
}

}  // namespace
}  // namespace allegra::loadtest
