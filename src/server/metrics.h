// Metrics: what GET /metrics reports, in the Prometheus text format (names prefixed allegra_).
//
// What: NetMetrics holds the network layer's own counters and the latency histogram of message
// handling (from the moment a WebSocket message is read to the end of the flush that commits
// and sends what it caused); ActionRate turns the hub's running count of actions into the rate
// over the last 10 seconds; metrics_text() writes them together with the hub's and the store's
// statistics as one exposition page.
// Why here and without a library: the page is a few dozen lines of text in a simple, stable
// format, and every number already lives in the server; the io thread keeps them without locks.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "server/hub.h"
#include "server/store.h"

namespace allegra::server {

// A Prometheus histogram with fixed bucket bounds (seconds).
class Histogram {
 public:
  static constexpr std::array<double, 12> kBounds{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                  0.05,   0.1,   0.25,   0.5,   1.0,  2.5};
  void observe(double seconds);
  // Appends the _bucket, _sum and _count lines of `name` (with its HELP and TYPE lines).
  void write(std::string& out, std::string_view name, std::string_view help) const;
  uint64_t count() const { return count_; }

 private:
  std::array<uint64_t, kBounds.size()> buckets_{};  // not cumulative; write() sums them
  uint64_t count_ = 0;
  double sum_ = 0;
};

// The network layer's counters.
struct NetMetrics {
  uint64_t connections_open = 0;     // WebSocket connections now
  uint64_t connections_total = 0;    // WebSocket connections accepted since start
  uint64_t connections_refused = 0;  // over the per-IP limit
  uint64_t slow_clients_closed = 0;  // closed because their send queue was full
  uint64_t messages_received = 0;    // WebSocket messages read
  uint64_t frames_sent = 0;          // WebSocket frames written
  uint64_t http_requests = 0;        // HTTP requests answered
  uint64_t flushes = 0;              // hub.flush() calls
  Histogram message_latency;         // receive -> end of the flush that followed
};

// The rate of a running total over the last 10 seconds, from one sample a second.
class ActionRate {
 public:
  void sample(uint64_t total);  // call once a second
  double per_second() const;

 private:
  std::array<uint64_t, 11> samples_{};
  size_t next_ = 0;
  size_t count_ = 0;
};

// The whole /metrics page.
std::string metrics_text(const NetMetrics& net, const HubStats& hub, const StoreStats& store,
                         double actions_per_second);

}  // namespace allegra::server
