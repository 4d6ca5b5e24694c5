// SendPacer: the token bucket one load-test client keeps for its own connection.
//
// What: reserve() books the next message and answers when it may be written: now while tokens
// are left, else when the bucket has refilled for it (after the messages booked before it). The
// bucket holds up to `burst` tokens and refills at `per_second`.
//
// Why: `allegra serve` allows each connection 20 messages a second in bursts of 40
// (docs/protocol.md, Limits) and answers more with `rate_limited`. At full speed (--pace-ms 0)
// one seat plays faster than that (a server round trip of a few ms; the seat answers every knock
// window of the others besides its own turns: about 50 actions a second measured), so the
// generator, like any well-behaved client, paces itself instead of leaning on the server's limit.
// It keeps a margin: the server counts messages as they arrive, and frames written on time may
// arrive bunched after the server was busy.
#pragma once

#include <chrono>

namespace allegra::loadtest {

// The server's per-connection rate (welcome's limits.messages_per_s) until a welcome says it.
inline constexpr double kServerMessagesPerSecond = 20;

class SendPacer {
 public:
  using Clock = std::chrono::steady_clock;

  // A client of a server that allows `messages_per_s`: that rate, with a burst of one second's
  // messages (the server allows two seconds': the margin for frames that arrive bunched).
  explicit SendPacer(double messages_per_s = kServerMessagesPerSecond);

  // The server's rate as its welcome announced it (ignored unless positive).
  void set_rate(double messages_per_s);
  double per_second() const { return per_second_; }
  double burst() const { return burst_; }

  // Books one message sent no earlier than `now`: the time it may be written.
  Clock::time_point reserve(Clock::time_point now);

 private:
  double per_second_ = kServerMessagesPerSecond;
  double burst_ = kServerMessagesPerSecond;
  // Tokens at `at_`; negative: tokens already promised to booked messages that still wait.
  double tokens_ = kServerMessagesPerSecond;
  Clock::time_point at_{};
  bool started_ = false;
};

}  // namespace allegra::loadtest
