#include "server/bot_policy.h"

#include <fmt/format.h>

#include <array>
#include <charconv>

namespace allegra::server {
namespace {

constexpr std::array<std::string_view, 8> kLevelSpecs = {
    "easy",       "medium",       "hard",       "level:expert",
    "level:easy", "level:medium", "level:hard", "expert-level"};

constexpr std::string_view kLevelList = "easy, medium, hard, level:expert";

// The number of a spec part "<digits><suffix>" (e.g. "250ms", "4t"), or nullopt.
std::optional<long long> count_part(std::string_view part, std::string_view suffix) {
  if (part.size() <= suffix.size() || !part.ends_with(suffix)) return std::nullopt;
  const std::string_view digits = part.substr(0, part.size() - suffix.size());
  long long v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return v;
}

}  // namespace

bool is_level_spec(std::string_view spec) {
  for (std::string_view level : kLevelSpecs)
    if (spec == level) return true;
  return false;
}

std::optional<std::string> bot_spec_refusal(const BotPolicy& policy, std::string_view spec) {
  if (is_level_spec(spec)) return std::nullopt;
  if (!policy.any_spec)
    return fmt::format("bot '{}' is not offered by this server: choose a level ({})",
                       spec.substr(0, 64), kLevelList);
  // An mcts spec's own time (<N>ms) and threads (<T>t) per decision, within the caps.
  if (!spec.starts_with("mcts:")) return std::nullopt;
  size_t from = 5;
  while (from <= spec.size()) {
    const size_t to = std::min(spec.find(':', from), spec.size());
    const std::string_view part = spec.substr(from, to - from);
    from = to + 1;
    if (auto ms = count_part(part, "ms"); ms && *ms > policy.max_decision.count())
      return fmt::format("bot '{}': {} ms a decision is more than this server allows ({} ms)", spec,
                         *ms, policy.max_decision.count());
    if (part.ends_with("ms") || part.ends_with("it")) continue;
    if (auto threads = count_part(part, "t"); threads && *threads > policy.max_threads)
      return fmt::format("bot '{}': {} threads a decision are more than this server allows ({})",
                         spec, *threads, policy.max_threads);
  }
  return std::nullopt;
}

}  // namespace allegra::server
