#include "loadtest/load_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace allegra::loadtest {

double percentile(std::vector<double>& samples_ms, double q) {
  if (samples_ms.empty()) return 0;
  // Nearest rank: the smallest sample with at least q of all samples at or below it.
  const auto rank = static_cast<size_t>(std::ceil(q * static_cast<double>(samples_ms.size())));
  const size_t index = std::clamp<size_t>(rank, 1, samples_ms.size()) - 1;
  std::nth_element(samples_ms.begin(), samples_ms.begin() + static_cast<std::ptrdiff_t>(index),
                   samples_ms.end());
  return samples_ms[index];
}

std::string report_text(const LoadReport& r) {
  std::string out;
  out += fmt::format("tables          {} ({} playing)\n", r.tables, r.tables_playing);
  out += fmt::format("connections     {}\n", r.connections);
  out += fmt::format("seconds         {:.1f} (setup {:.1f})\n", r.seconds, r.setup_seconds);
  out += fmt::format("actions         {}\n", r.actions);
  out += fmt::format("actions/s       {:.1f}\n", r.actions_per_s());
  out += fmt::format("games finished  {}\n", r.games);
  out += fmt::format("latency p50     {:.2f} ms\n", r.p50_ms);
  out += fmt::format("latency p99     {:.2f} ms\n", r.p99_ms);
  out += fmt::format("latency p99.9   {:.2f} ms ({} samples)\n", r.p999_ms, r.latency_samples);
  out += fmt::format("bytes/action/client {:.0f} on the wire, {:.0f} in frames ({} frames)\n",
                     r.per_action_per_client(r.wire_bytes_received),
                     r.per_action_per_client(r.frame_bytes_received), r.frames_received);
  for (const std::string& e : r.first_errors) out += fmt::format("error: {}\n", e);
  out += fmt::format("errors: {}\n", r.errors);
  return out;
}

std::string report_json(const LoadReport& r) {
  const nlohmann::json j = {
      {"tables", r.tables},
      {"tables_playing", r.tables_playing},
      {"connections", r.connections},
      {"seconds", r.seconds},
      {"setup_seconds", r.setup_seconds},
      {"actions", r.actions},
      {"actions_per_s", r.actions_per_s()},
      {"games", r.games},
      {"latency_ms", {{"p50", r.p50_ms}, {"p99", r.p99_ms}, {"p99.9", r.p999_ms}}},
      {"latency_samples", r.latency_samples},
      {"frames_received", r.frames_received},
      {"frame_bytes_received", r.frame_bytes_received},
      {"wire_bytes_received", r.wire_bytes_received},
      {"wire_bytes_per_action_per_client", r.per_action_per_client(r.wire_bytes_received)},
      {"frame_bytes_per_action_per_client", r.per_action_per_client(r.frame_bytes_received)},
      {"errors", r.errors},
      {"first_errors", r.first_errors},
  };
  return j.dump() + "\n";
}

}  // namespace allegra::loadtest
