// Decision times: how long each bot takes per decision, for `allegra sim --times`.
//
// Wall-clock time on a shared machine measures the machine as much as the bot, so a decision is
// timed by the CPU time of the thread that takes it (CLOCK_THREAD_CPUTIME_ID): what one core
// spends on it, the unit of the decision-time targets (docs/strength.md). Times are not
// deterministic, so they are measured only on request; the games are the same with or without
// (TimedBot forwards every call and draws no random number).
//
// Every decision counts, also one with a single legal action (a bot answers it at once), since
// a person waits for each. The times are kept as a count, a sum and a maximum, and a histogram
// of 20 logarithmic bins per decade from 1 µs to 1,000 s, so that memory stays fixed however
// long the run; the median and the 99th percentile are read off the histogram (the upper edge
// of the bin, i.e. at most 12.2% high).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "sim/match.h"

namespace allegra::sim {

// CPU time used so far by the calling thread, in seconds.
double thread_cpu_seconds();

// The times of one bot spec's decisions.
struct DecisionTimeSummary {
  std::string spec;
  int64_t decisions = 0;
  double mean_ms = 0;
  double median_ms = 0;  // histogram bin edge, at most 12.2% above the true value
  double p99_ms = 0;     // the same
  double max_ms = 0;     // exact
};

// Every decision's time, per bot spec; add() may be called from several threads at once.
class DecisionTimes {
 public:
  void add(const std::string& spec, double seconds);
  // One summary per spec, in the order of `specs` (each spec once; unknown specs give zeros).
  std::vector<DecisionTimeSummary> summaries(const std::vector<std::string>& specs) const;

  static constexpr int kBinsPerDecade = 20;
  static constexpr int kDecades = 9;                           // 1e-6 s .. 1e3 s
  static constexpr int kBins = kBinsPerDecade * kDecades + 2;  // + under and over

 private:
  struct Tally {
    int64_t count = 0;
    double sum = 0;
    double max = 0;
    std::array<int64_t, kBins> bins{};
  };
  static double bin_upper_edge(int bin);
  static double percentile(const Tally& tally, double fraction);

  mutable std::mutex mutex_;
  std::map<std::string, Tally> by_spec_;
};

// A bot that times another bot's decisions into a DecisionTimes, under the other's spec.
class TimedBot : public Bot {
 public:
  TimedBot(std::unique_ptr<Bot> inner, std::string spec, DecisionTimes& times);
  std::string name() const override { return inner_->name(); }
  Action choose(const PublicView& view) override;
  void reseed(uint64_t seed) override { inner_->reseed(seed); }

 private:
  std::unique_ptr<Bot> inner_;
  std::string spec_;
  DecisionTimes& times_;
};

// `inner` with every bot it makes wrapped in a TimedBot that reports to `times`.
BotFactory timed_factory(BotFactory inner, DecisionTimes& times);

// A table for people ("decision times (CPU ms per decision of the deciding thread)") and the
// JSON array of `sim --json --times`.
std::string decision_times_table(const std::vector<DecisionTimeSummary>& summaries);
nlohmann::json decision_times_json(const std::vector<DecisionTimeSummary>& summaries);

}  // namespace allegra::sim
