#include "server/metrics.h"

#include <fmt/format.h>

namespace allegra::server {
namespace {

void header(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
  out += fmt::format("# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
}

void gauge(std::string& out, std::string_view name, double value, std::string_view help) {
  header(out, name, "gauge", help);
  out += fmt::format("{} {}\n", name, value);
}

void counter(std::string& out, std::string_view name, double value, std::string_view help) {
  header(out, name, "counter", help);
  out += fmt::format("{} {}\n", name, value);
}

}  // namespace

void Histogram::observe(double seconds) {
  ++count_;
  sum_ += seconds;
  for (size_t i = 0; i < kBounds.size(); ++i) {
    if (seconds <= kBounds[i]) {
      ++buckets_[i];
      return;
    }
  }
}

void Histogram::write(std::string& out, std::string_view name, std::string_view help) const {
  header(out, name, "histogram", help);
  uint64_t cumulative = 0;
  for (size_t i = 0; i < kBounds.size(); ++i) {
    cumulative += buckets_[i];
    out += fmt::format("{}_bucket{{le=\"{}\"}} {}\n", name, kBounds[i], cumulative);
  }
  out += fmt::format("{}_bucket{{le=\"+Inf\"}} {}\n", name, count_);
  out += fmt::format("{}_sum {}\n{}_count {}\n", name, sum_, name, count_);
}

void ActionRate::sample(uint64_t total) {
  samples_[next_] = total;
  next_ = (next_ + 1) % samples_.size();
  if (count_ < samples_.size()) ++count_;
}

double ActionRate::per_second() const {
  if (count_ < 2) return 0;
  const size_t newest = (next_ + samples_.size() - 1) % samples_.size();
  const size_t oldest = count_ < samples_.size() ? 0 : next_;
  const double seconds = static_cast<double>(count_ - 1);
  return static_cast<double>(samples_[newest] - samples_[oldest]) / seconds;
}

std::string metrics_text(const NetMetrics& net, const HubStats& hub, const StoreStats& store,
                         double actions_per_second) {
  std::string out;
  out.reserve(4096);
  gauge(out, "allegra_tables", static_cast<double>(hub.tables), "Open tables");
  gauge(out, "allegra_games_playing", static_cast<double>(hub.games_playing),
        "Tables with a game in progress");
  gauge(out, "allegra_connections", static_cast<double>(net.connections_open),
        "Open WebSocket connections");
  counter(out, "allegra_connections_total", static_cast<double>(net.connections_total),
          "WebSocket connections accepted since start");
  counter(out, "allegra_connections_refused_total", static_cast<double>(net.connections_refused),
          "Connections refused at accept (over the per-IP limit)");
  counter(out, "allegra_slow_clients_closed_total", static_cast<double>(net.slow_clients_closed),
          "Connections closed because they did not read their frames");
  counter(out, "allegra_messages_received_total", static_cast<double>(net.messages_received),
          "WebSocket messages received");
  counter(out, "allegra_frames_sent_total", static_cast<double>(net.frames_sent),
          "WebSocket frames sent");
  counter(out, "allegra_http_requests_total", static_cast<double>(net.http_requests),
          "HTTP requests answered");
  counter(out, "allegra_flushes_total", static_cast<double>(net.flushes),
          "Group commits: hub flushes (one per turn of the event loop with input)");
  counter(out, "allegra_actions_total", static_cast<double>(hub.actions_total),
          "Game actions applied (people and bots)");
  gauge(out, "allegra_actions_per_second", actions_per_second,
        "Game actions per second over the last 10 seconds");
  counter(out, "allegra_bot_decision_seconds_total", hub.bot_seconds_total,
          "The bots' thinking time, on the bot threads (serve --bot-threads)");
  counter(out, "allegra_bot_decisions_total", static_cast<double>(hub.bot_decisions_total),
          "Bot answers handed back to their tables");
  counter(out, "allegra_bot_stale_answers_total", static_cast<double>(hub.bot_stale_total),
          "Bot answers dropped because their table had moved on");
  counter(out, "allegra_restore_bot_decisions_total", static_cast<double>(hub.restore_bot_runs),
          "Bot decisions run again at start to restore tables (logs of older servers only)");
  counter(out, "allegra_games_finished_total", static_cast<double>(hub.games_finished_total),
          "Games played to the end");
  counter(out, "allegra_chat_lines_total", static_cast<double>(hub.chat_total),
          "Chat lines accepted");
  gauge(out, "allegra_spectators", static_cast<double>(hub.spectators),
        "Connections watching a table without a seat");
  counter(out, "allegra_store_commits_total", static_cast<double>(store.commits),
          "Store transactions committed");
  counter(out, "allegra_store_entries_total", static_cast<double>(store.entries),
          "Table log entries committed");
  counter(out, "allegra_store_commit_seconds_total", store.commit_seconds,
          "Time spent committing the store");
  counter(out, "allegra_store_checkpoints_total", static_cast<double>(store.checkpoints),
          "WAL checkpoints run by the store's checkpoint thread");
  counter(out, "allegra_store_checkpoint_restarts_total",
          static_cast<double>(store.checkpoint_restarts),
          "WAL checkpoints that restarted the WAL (they briefly hold the writer back)");
  counter(out, "allegra_store_checkpoint_seconds_total", store.checkpoint_seconds,
          "Time spent in WAL checkpoints, on the checkpoint thread");
  gauge(out, "allegra_store_wal_frames", static_cast<double>(store.wal_frames),
        "Frames (pages) in the WAL at the last checkpoint");
  header(out, "allegra_errors_total", "counter", "Error replies sent to clients, by code");
  for (const auto& [code, count] : hub.errors)
    out += fmt::format("allegra_errors_total{{code=\"{}\"}} {}\n", code, count);
  net.message_latency.write(out, "allegra_message_latency_seconds",
                            "Message handling time: from receive to the end of the flush that "
                            "committed and sent its effects");
  return out;
}

}  // namespace allegra::server
