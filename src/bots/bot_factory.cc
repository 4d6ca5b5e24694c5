// make_bot(): bots from their specs, and the levels for people (docs/bots.md).
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "bots/expert_bot.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "bots/random_bot.h"
#include "bots/value_shipped.h"

namespace allegra {
namespace {

// The "easy" level: the greedy bot with a random error of this many points on every option.
constexpr double kEasyNoise = 2.0;

// The limits of an mcts:<N>it / mcts:<N>ms / :<T>t spec.
constexpr long long kMaxMctsIterations = 100'000'000;
constexpr long long kMaxMctsMillis = 3'600'000;
constexpr long long kMaxMctsThreads = 256;
constexpr long long kMaxMctsTrees = 256;
// mcts:...:net=<K>: the plies a rollout plays before the learned value (docs/bots.md); :net alone
// uses the default.
constexpr long long kMaxNetDepth = 1000;
// mcts:...:c=<X>:bias=<Y>: the exploration constant and the progressive bias (MctsConfig).
constexpr double kMaxExploration = 10;
constexpr double kMaxPolicyBias = 100;
// mcts:...:sigma=<S>:margin=<W>: the value at a rollout's end (mcts::EvalWeights).
constexpr double kMinRoundSigma = 0.5;
constexpr double kMaxRoundSigma = 1000;
constexpr int kDefaultNetDepth = 8;

// A spec in single quotes as typed; one with a control character or any byte outside
// printable ASCII (never a valid spec) escaped in fmt's debug form ("\x1b[31m"), since it may
// come from a save file and an error message must not send escape codes to the terminal.
std::string quoted(std::string_view text) {
  if (std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7F; }))
    return "'" + std::string(text) + "'";
  return fmt::format("{:?}", text);
}

[[noreturn]] void unknown(std::string_view spec) {
  throw std::invalid_argument("unknown bot " + quoted(spec) + ": expected one of " +
                              bot_spec_help());
}

// The number of a spec part such as "2000it": digits followed by exactly `suffix`. nullopt if
// the part does not end in `suffix`; std::invalid_argument saying the allowed range if it does
// but the number is missing, malformed or out of range (e.g. "mcts:0it").
std::optional<long long> parse_count(std::string_view spec, std::string_view text,
                                     std::string_view suffix, std::string_view what,
                                     long long max) {
  if (text.size() < suffix.size() || text.substr(text.size() - suffix.size()) != suffix)
    return std::nullopt;
  const std::string_view digits = text.substr(0, text.size() - suffix.size());
  long long v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || v < 1 ||
      v > max)
    throw std::invalid_argument("bot " + quoted(spec) + ": " + std::string(what) +
                                " must be a whole number from 1 to " + std::to_string(max) +
                                ", got " + quoted(digits));
  return v;
}

// The number of a spec part such as "c=0.3" after its "name=": a plain decimal in [min, max];
// std::invalid_argument naming the part and the range otherwise.
double parse_decimal(std::string_view spec, std::string_view part, size_t prefix, double max,
                     std::string_view what, double min = 0) {
  const std::string_view digits = part.substr(prefix);
  double v = -1;
  const auto [end, ec] =
      std::from_chars(digits.data(), digits.data() + digits.size(), v, std::chars_format::fixed);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() ||
      !(v >= min && v <= max))
    throw std::invalid_argument(
        fmt::format("bot {}: {} ({}) must be a number from {} to {}, got {}", quoted(spec), what,
                    part.substr(0, prefix - 1), min, max, quoted(digits)));
  return v;
}

// The value of a spec part "<name>=<choice>" such as "tree=open", by `from_name`; `given` says
// whether the part came before (and is set). std::invalid_argument naming the part and the
// `allowed` choices if the choice is unknown, the "=" is missing or the part is repeated.
template <typename FromName>
auto parse_choice(std::string_view spec, std::string_view part, std::string_view name,
                  FromName from_name, std::string_view allowed, bool& given) {
  const bool named =
      part.size() > name.size() && part.substr(0, name.size()) == name && part[name.size()] == '=';
  const auto choice = named ? from_name(part.substr(name.size() + 1)) : std::nullopt;
  if (!choice || given)
    throw std::invalid_argument("bot " + quoted(spec) + ": the part " + quoted(part) + " must be " +
                                std::string(allowed) + ", once");
  given = true;
  return *choice;
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
  // The budget, then threads, net and the named parts (rollout, tree, c, bias, prior, end,
  // sigma, margin, trees), each at most once.
  const auto named = std::count_if(parts.begin(), parts.end(), [](std::string_view part) {
    return part.starts_with("rollout") || part.starts_with("tree") || part.starts_with("c=") ||
           part.starts_with("bias=") || part.starts_with("prior") || part.starts_with("end") ||
           part.starts_with("sigma=") || part.starts_with("margin=") || part.starts_with("trees=");
  });
  if (parts.size() < 2 || parts.size() > 4u + static_cast<size_t>(std::min<long>(named, 9)))
    unknown(spec);
  if (auto it = parse_count(spec, parts[1], "it", "iterations", kMaxMctsIterations)) {
    config.iterations = static_cast<int>(*it);
  } else if (auto ms = parse_count(spec, parts[1], "ms", "milliseconds", kMaxMctsMillis)) {
    config.seconds = static_cast<double>(*ms) / 1000.0;
  } else {
    throw std::invalid_argument("bot " + quoted(spec) + ": the budget " + quoted(parts[1]) +
                                " must be iterations (e.g. 2000it) or milliseconds (e.g. 100ms)");
  }
  bool rollout_given = false;
  bool tree_given = false;
  bool c_given = false;
  bool bias_given = false;
  bool prior_given = false;
  bool end_given = false;
  bool sigma_given = false;
  bool margin_given = false;
  bool trees_given = false;
  for (size_t i = 2; i < parts.size(); ++i) {
    if (parts[i].starts_with("trees=")) {
      if (trees_given)
        throw std::invalid_argument("bot " + quoted(spec) + ": 'trees=' is given twice");
      config.trees = static_cast<int>(
          *parse_count(spec, parts[i].substr(6), "", "the number of trees (trees)", kMaxMctsTrees));
      trees_given = true;
      continue;
    }
    if (parts[i].starts_with("sigma=")) {
      if (sigma_given)
        throw std::invalid_argument("bot " + quoted(spec) + ": 'sigma=' is given twice");
      config.eval.round_sigma = parse_decimal(spec, parts[i], 6, kMaxRoundSigma,
                                              "the round's spread in points", kMinRoundSigma);
      sigma_given = true;
      continue;
    }
    if (parts[i].starts_with("margin=")) {
      if (margin_given)
        throw std::invalid_argument("bot " + quoted(spec) + ": 'margin=' is given twice");
      config.eval.margin_weight = parse_decimal(spec, parts[i], 7, 1, "the margin's weight");
      margin_given = true;
      continue;
    }
    if (parts[i].starts_with("c=")) {
      if (c_given) throw std::invalid_argument("bot " + quoted(spec) + ": 'c=' is given twice");
      config.exploration = parse_decimal(spec, parts[i], 2, kMaxExploration, "the exploration");
      c_given = true;
      continue;
    }
    if (parts[i].starts_with("bias=")) {
      if (bias_given)
        throw std::invalid_argument("bot " + quoted(spec) + ": 'bias=' is given twice");
      config.policy_bias = parse_decimal(spec, parts[i], 5, kMaxPolicyBias, "the policy bias");
      bias_given = true;
      continue;
    }
    if (parts[i].starts_with("prior")) {
      config.root_prior = parse_choice(spec, parts[i], "prior", root_prior_from_name,
                                       "prior=policy or prior=expert", prior_given);
      continue;
    }
    if (parts[i].starts_with("end")) {
      config.end_rule = parse_choice(spec, parts[i], "end", end_rule_from_name,
                                     "end=search or end=veto", end_given);
      continue;
    }
    if (parts[i].starts_with("tree")) {
      config.tree = parse_choice(spec, parts[i], "tree", tree_kind_from_name,
                                 "tree=open, tree=outcomes or tree=turn", tree_given);
      continue;
    }
    if (parts[i].starts_with("rollout")) {
      config.rollout = parse_choice(spec, parts[i], "rollout", rollout_policy_from_name,
                                    "rollout=v1, v2, v3, v4 or v5", rollout_given);
      continue;
    }
    if (parts[i] == "net" || parts[i].starts_with("net=")) {
      if (config.value_net)
        throw std::invalid_argument("bot " + quoted(spec) + ": 'net' is given twice");
      config.value_net = &shipped_value_net();
      config.value_depth = kDefaultNetDepth;
      if (parts[i] != "net") {
        const std::string_view depth = parts[i].substr(4);
        long long v = -1;
        const auto [end, ec] = std::from_chars(depth.data(), depth.data() + depth.size(), v);
        if (depth.empty() || ec != std::errc() || end != depth.data() + depth.size() || v < 0 ||
            v > kMaxNetDepth)
          throw std::invalid_argument("bot " + quoted(spec) +
                                      ": the rollout plies before the net (net=K) must be a "
                                      "whole number from 0 to " +
                                      std::to_string(kMaxNetDepth) + ", got " + quoted(depth));
        config.value_depth = static_cast<int>(v);
      }
      continue;
    }
    if (parts[i].starts_with("net"))  // a misspelt net part is no thread count
      throw std::invalid_argument("bot " + quoted(spec) + ": the part " + quoted(parts[i]) +
                                  " must be net or net=K (K rollout plies before the net)");
    auto threads = parse_count(spec, parts[i], "t", "threads", kMaxMctsThreads);
    if (!threads || config.threads != 1 || config.value_net)
      throw std::invalid_argument("bot " + quoted(spec) + ": the part " + quoted(parts[i]) +
                                  " must be threads (e.g. 2t), once, before net");
    config.threads = static_cast<int>(*threads);
  }
  return std::make_unique<MctsBot>(config, seed);
}

constexpr double kMediumKnockMargin = 4.0;

// expert:knock=<X>: the expert with a knock margin of X points (0 to 100; 100: it never knocks
// in practice), the experiment of docs/strength.md "Knocking: what it is worth".
std::unique_ptr<Bot> make_expert_knock(std::string_view spec, uint64_t seed) {
  const std::string text(spec.substr(std::string_view("expert:knock=").size()));
  char* end = nullptr;
  const double margin = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(margin >= 0 && margin <= 100)) {
    throw std::invalid_argument("bot " + quoted(spec) +
                                ": the knock margin must be a number of points from 0 to 100, "
                                "e.g. expert:knock=2");
  }
  ExpertConfig config;
  config.knock_margin = margin;
  return std::make_unique<ExpertBot>(seed, config, std::string(spec));
}

std::unique_ptr<Bot> make_level(std::string_view level, uint64_t seed) {
  if (level == "easy") return std::make_unique<GreedyBot>(seed, kEasyNoise, "easy");
  if (level == "medium") {
    // The expert, knocking only when it gains 4 points over passing (kMediumKnockMargin): the
    // default 0.5 knocked for ~2 of 3 cards drawn and lost ~4 points a round by it
    // (docs/strength.md, "Knocking: what it is worth").
    ExpertConfig config;
    config.knock_margin = kMediumKnockMargin;
    return std::make_unique<ExpertBot>(seed, config, "medium");
  }
  if (level == "hard" || level == "expert") {
    MctsConfig config;
    config.iterations = level == "hard" ? kHardLevelIterations : kExpertLevelIterations;
    config.trees = level == "hard" ? kHardLevelTrees : kExpertLevelTrees;
    config.end_rule = EndRule::kVeto;
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
  if (spec.starts_with("expert:knock=")) return make_expert_knock(spec, seed);
  unknown(spec);
}

std::string bot_spec_help() {
  return "random, greedy, expert, expert:knock=<X> (its knock margin in points), mcts, mcts:<N>it, "
         "mcts:<N>ms, mcts:<N>it:<T>t, "
         "mcts:<N>ms:<T>t, any mcts spec with :net or :net=<K> (the learned value) and/or "
         ":rollout=v1|v2|v3|v4|v5 (the rollout policy), :tree=open|outcomes|turn (the search "
         "tree), "
         ":prior=policy|expert (the root's bias), :end=search|veto (the expert's veto on "
         "round ends), "
         ":c=<X> (exploration), :bias=<Y> (policy bias), :sigma=<S> (a round's spread in "
         "points), :margin=<W> (the margin's weight), :trees=<K> (an ensemble of K trees), "
         "easy, medium, "
         "hard, level:expert (levels also as level:easy, "
         "level:medium, level:hard)";
}

}  // namespace allegra
