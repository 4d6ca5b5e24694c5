#include "sim/decision_times.h"

#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace allegra::sim {

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void DecisionTimes::add(const std::string& spec, double seconds) {
  // Bin 0: under 1 µs; bin k (1..kBins-2): [1e-6 * 10^((k-1)/20), 1e-6 * 10^(k/20)); last: over.
  const double decades = std::log10(std::max(seconds, 1e-12) / 1e-6);
  const int bin =
      seconds < 1e-6
          ? 0
          : std::min(kBins - 1, 1 + static_cast<int>(std::floor(decades * kBinsPerDecade)));
  const std::lock_guard<std::mutex> lock(mutex_);
  Tally& t = by_spec_[spec];
  ++t.count;
  t.sum += seconds;
  t.max = std::max(t.max, seconds);
  ++t.bins[static_cast<size_t>(bin)];
}

double DecisionTimes::bin_upper_edge(int bin) {
  return 1e-6 * std::pow(10.0, static_cast<double>(bin) / kBinsPerDecade);
}

double DecisionTimes::percentile(const Tally& tally, double fraction) {
  const auto wanted = static_cast<int64_t>(std::ceil(fraction * static_cast<double>(tally.count)));
  int64_t seen = 0;
  for (int bin = 0; bin < kBins; ++bin) {
    seen += tally.bins[static_cast<size_t>(bin)];
    // Never above the largest time seen; the last bin (over 1,000 s) has no upper edge.
    if (seen >= wanted)
      return bin == kBins - 1 ? tally.max : std::min(bin_upper_edge(bin), tally.max);
  }
  return tally.max;
}

std::vector<DecisionTimeSummary> DecisionTimes::summaries(
    const std::vector<std::string>& specs) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  std::vector<DecisionTimeSummary> out;
  std::set<std::string> done;
  for (const std::string& spec : specs) {
    if (!done.insert(spec).second) continue;
    DecisionTimeSummary s;
    s.spec = spec;
    const auto it = by_spec_.find(spec);
    if (it != by_spec_.end() && it->second.count > 0) {
      const Tally& t = it->second;
      s.decisions = t.count;
      s.mean_ms = 1000.0 * t.sum / static_cast<double>(t.count);
      s.median_ms = 1000.0 * percentile(t, 0.5);
      s.p99_ms = 1000.0 * percentile(t, 0.99);
      s.max_ms = 1000.0 * t.max;
    }
    out.push_back(s);
  }
  return out;
}

TimedBot::TimedBot(std::unique_ptr<Bot> inner, std::string spec, DecisionTimes& times)
    : inner_(std::move(inner)), spec_(std::move(spec)), times_(times) {}

Action TimedBot::choose(const PublicView& view) {
  const double start = thread_cpu_seconds();
  const Action a = inner_->choose(view);
  times_.add(spec_, thread_cpu_seconds() - start);
  return a;
}

BotFactory timed_factory(BotFactory inner, DecisionTimes& times) {
  return [inner = std::move(inner), &times](std::string_view spec,
                                            uint64_t seed) -> std::unique_ptr<Bot> {
    return std::make_unique<TimedBot>(inner(spec, seed), std::string(spec), times);
  };
}

std::string decision_times_table(const std::vector<DecisionTimeSummary>& summaries) {
  size_t width = 3;
  for (const auto& s : summaries) width = std::max(width, s.spec.size());
  std::string out = fmt::format(
      "\nDecision times: CPU time of the deciding thread (one core), every decision\n"
      "{:<{}}  {:>9}  {:>10}  {:>10}  {:>10}  {:>10}\n",
      "bot", width, "decisions", "mean ms", "median ms", "p99 ms", "max ms");
  for (const auto& s : summaries)
    out += fmt::format("{:<{}}  {:>9}  {:>10.3f}  {:>10.3f}  {:>10.3f}  {:>10.3f}\n", s.spec, width,
                       s.decisions, s.mean_ms, s.median_ms, s.p99_ms, s.max_ms);
  out += "median and p99 from a histogram (at most 12.2% high); mean and max exact.\n";
  return out;
}

nlohmann::json decision_times_json(const std::vector<DecisionTimeSummary>& summaries) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : summaries)
    out.push_back({{"spec", s.spec},
                   {"decisions", s.decisions},
                   {"mean_ms", s.mean_ms},
                   {"median_ms", s.median_ms},
                   {"p99_ms", s.p99_ms},
                   {"max_ms", s.max_ms}});
  return out;
}

}  // namespace allegra::sim
