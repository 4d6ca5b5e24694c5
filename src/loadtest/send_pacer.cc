#include "loadtest/send_pacer.h"

#include <algorithm>

namespace allegra::loadtest {

SendPacer::SendPacer(double messages_per_s) { set_rate(messages_per_s); }

void SendPacer::set_rate(double messages_per_s) {
  if (!(messages_per_s > 0)) return;
  per_second_ = messages_per_s;
  burst_ = std::max(1.0, messages_per_s);
  tokens_ = std::min(tokens_, burst_);
  if (!started_) tokens_ = burst_;
}

SendPacer::Clock::time_point SendPacer::reserve(Clock::time_point now) {
  if (!started_) {
    started_ = true;
    at_ = now;
  }
  if (now > at_) {
    tokens_ =
        std::min(burst_, tokens_ + per_second_ * std::chrono::duration<double>(now - at_).count());
    at_ = now;
  }
  tokens_ -= 1;
  if (tokens_ >= 0) return at_;
  // The token this message needs is -tokens_ refills away (messages booked earlier go first).
  return at_ + std::chrono::duration_cast<Clock::duration>(
                   std::chrono::duration<double>(-tokens_ / per_second_));
}

}  // namespace allegra::loadtest
