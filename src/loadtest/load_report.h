#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace allegra::loadtest {

// A load test that cannot run as asked (a host that is not this machine, too few file
// descriptors, ...): the message says why and what to change.
class LoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What one `allegra loadtest` run measured (printed by report_text / report_json).
struct LoadReport {
  int tables = 0;            // tables asked for
  int tables_playing = 0;    // tables whose game started
  int connections = 0;       // WebSocket connections opened
  uint64_t actions = 0;      // actions sent in the measured window
  uint64_t games = 0;        // games finished in the measured window
  double seconds = 0;        // length of the measured window
  double setup_seconds = 0;  // connecting, creating, sitting and starting every table
  double p50_ms = 0, p99_ms = 0, p999_ms = 0;  // submit -> the update reached all 4 clients
  uint64_t latency_samples = 0;
  // Received by all clients in the measured window: frames and their bytes as the clients read
  // them (inflated), and the bytes on the wire (TCP payload: WebSocket headers, compressed).
  uint64_t frames_received = 0, frame_bytes_received = 0, wire_bytes_received = 0;
  uint64_t errors = 0;                    // error frames, unexpected closes, timeouts
  std::vector<std::string> first_errors;  // the first few, for the reader

  double actions_per_s() const { return seconds > 0 ? static_cast<double>(actions) / seconds : 0; }
  // What one action costs one client in bytes: an action is sent to the 4 clients of its
  // table, so received bytes / actions / (connections / tables).
  double per_action_per_client(uint64_t bytes) const {
    return actions > 0 && connections > 0 && tables > 0
               ? static_cast<double>(bytes) / static_cast<double>(actions) /
                     (static_cast<double>(connections) / tables)
               : 0;
  }
};

// Latency percentiles (q in 0..1) of samples in ms, nearest rank; 0 for no samples. Sorts them.
double percentile(std::vector<double>& samples_ms, double q);

// The report as a small table ending with "errors: N", and as one JSON object.
std::string report_text(const LoadReport& report);
std::string report_json(const LoadReport& report);

}  // namespace allegra::loadtest
