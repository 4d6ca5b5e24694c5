// make_bot(): bots from their specs, and the levels for people (docs/bots.md).
#include <charconv>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "bots/expert_bot.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "bots/random_bot.h"

namespace allegra {
namespace {

// The "easy" level: the greedy bot with a random error of this many points on every option.
constexpr double kEasyNoise = 2.0;

[[noreturn]] void unknown(std::string_view spec) {
  throw std::invalid_argument("unknown bot '" + std::string(spec) + "': expected one of " +
                              bot_spec_help());
}

// A positive integer followed by exactly `suffix`, e.g. "2000it".
bool parse_count(std::string_view text, std::string_view suffix, long long max, long long& out) {
  if (text.size() <= suffix.size() || text.substr(text.size() - suffix.size()) != suffix)
    return false;
  const std::string_view digits = text.substr(0, text.size() - suffix.size());
  long long v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || end != digits.data() + digits.size() || v <= 0 || v > max) return false;
  out = v;
  return true;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (;;) {
    const size_t pos = s.find(sep, start);
    parts.push_back(
        s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
    if (pos == std::string_view::npos) return parts;
    start = pos + 1;
  }
}

std::unique_ptr<Bot> make_mcts(std::string_view spec, uint64_t seed) {
  const std::vector<std::string_view> parts = split(spec, ':');
  MctsConfig config;
  if (parts.size() < 2 || parts.size() > 3) unknown(spec);
  long long v = 0;
  if (parse_count(parts[1], "it", 100'000'000, v)) {
    config.iterations = static_cast<int>(v);
  } else if (parse_count(parts[1], "ms", 3'600'000, v)) {
    config.seconds = static_cast<double>(v) / 1000.0;
  } else {
    unknown(spec);
  }
  if (parts.size() == 3) {
    if (!parse_count(parts[2], "t", 256, v)) unknown(spec);
    config.threads = static_cast<int>(v);
  }
  return std::make_unique<MctsBot>(config, seed);
}

std::unique_ptr<Bot> make_level(std::string_view level, uint64_t seed) {
  if (level == "easy") return std::make_unique<GreedyBot>(seed, kEasyNoise, "easy");
  if (level == "medium") return std::make_unique<ExpertBot>(seed, ExpertConfig{}, "medium");
  if (level == "hard") {
    MctsConfig config;
    config.iterations = kHardLevelIterations;
    return std::make_unique<MctsBot>(config, seed);
  }
  if (level == "expert") {
    MctsConfig config;
    config.iterations = kExpertLevelIterations;
    return std::make_unique<MctsBot>(config, seed);
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<Bot> make_bot(std::string_view spec, uint64_t seed) {
  if (spec == "random") return std::make_unique<RandomBot>(seed);
  if (spec == "greedy") return std::make_unique<GreedyBot>(seed);
  if (spec == "expert") return std::make_unique<ExpertBot>(seed);
  if (spec == "mcts") return std::make_unique<MctsBot>(MctsConfig{}, seed);
  if (spec.starts_with("mcts:")) return make_mcts(spec, seed);
  if (spec == "easy" || spec == "medium" || spec == "hard") return make_level(spec, seed);
  if (spec.starts_with("level:")) {
    if (auto bot = make_level(spec.substr(6), seed)) return bot;
  }
  if (spec == "expert-level") return make_level("expert", seed);
  unknown(spec);
}

std::string bot_spec_help() {
  return "random, greedy, expert, mcts, mcts:<N>it, mcts:<N>ms, mcts:<N>it:<T>t, "
         "mcts:<N>ms:<T>t, easy, medium, hard, level:expert (levels also as level:easy, "
         "level:medium, level:hard)";
}

}  // namespace allegra
