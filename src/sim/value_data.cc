#include "sim/value_data.h"

#include <fmt/format.h>

#include <span>
#include <stdexcept>

#include "bots/value_features.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"
#include "sim/parallel.h"
#include "table/decision_seed.h"

namespace allegra::sim {
namespace {

constexpr int kRowFloats = kValueFeatures + 1;

struct GameRows {
  std::vector<float> data;  // finished rows
  long long positions = 0;
};

GameRows play_game(const ValueDataConfig& config, const BotFactory& factory, int g) {
  const int n = static_cast<int>(config.seats.size());
  const uint64_t game_seed = config.seed + static_cast<uint64_t>(g);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < n; ++p)
    bots.push_back(factory(config.seats[static_cast<size_t>((p + g) % n)],
                           table::mix64(game_seed * 131 + static_cast<uint64_t>(p))));
  RuleOptions rules = config.rules;
  rules.players = n;
  State state(rules, game_seed);
  Rng keep(table::mix64(game_seed ^ 0x76616c7565ULL));
  GameRows out;
  std::vector<float> round_rows;  // features of this round's kept positions, target pending
  std::array<float, kValueFeatures> features{};
  uint64_t index = 0;
  while (!state.is_terminal()) {
    if (state.is_chance_node()) {
      state.deal();
      continue;
    }
    if (keep.below(static_cast<uint32_t>(config.every)) == 0) {
      ++out.positions;
      for (int p = 0; p < n; ++p) {
        encode_value_features(state, p, features);
        round_rows.insert(round_rows.end(), features.begin(), features.end());
        round_rows.push_back(static_cast<float>(p));  // the subject, until the score is known
      }
    }
    const int mover = state.current_player();
    const Action a = bots[static_cast<size_t>(mover)]->decide(
        state.public_view(), table::decision_seed(game_seed, index++));
    const int round = state.rounds_played();
    state.apply(a);
    if (state.rounds_played() != round) {  // scored: fill in the targets
      const RoundResult& r = state.last_round();
      for (size_t k = 0; k < round_rows.size(); k += kRowFloats) {
        const int p = static_cast<int>(round_rows[k + kValueFeatures]);
        round_rows[k + kValueFeatures] = 0.5f * static_cast<float>(r.score_half[p]);
      }
      out.data.insert(out.data.end(), round_rows.begin(), round_rows.end());
      round_rows.clear();
    }
    if (index > 100000) throw std::runtime_error("value data: a game did not end");
  }
  return out;
}

}  // namespace

std::string value_data_header(long long rows) {
  std::string h =
      fmt::format("allegra-value-data {} {} {}", kValueDataVersion, kValueFeatures, rows);
  h.resize(63, ' ');
  return h + "\n";
}

ValueDataStats write_value_rows(const ValueDataConfig& config, const BotFactory& factory,
                                std::ostream& out) {
  if (config.seats.size() < 2 || config.seats.size() > 6)
    throw std::invalid_argument("value data: 2 to 6 seats");
  if (config.every < 1) throw std::invalid_argument("value data: every must be at least 1");
  ValueDataStats stats;
  double score_sum = 0;
  run_ordered<GameRows>(
      config.games, config.threads, [&](int g) { return play_game(config, factory, g); },
      [&](int, GameRows& r) {
        ++stats.games;
        stats.positions += r.positions;
        const long long rows = static_cast<long long>(r.data.size()) / kRowFloats;
        stats.rows += rows;
        for (long long k = 0; k < rows; ++k) score_sum += r.data[k * kRowFloats + kValueFeatures];
        out.write(reinterpret_cast<const char*>(r.data.data()),
                  static_cast<std::streamsize>(r.data.size() * sizeof(float)));
      });
  if (!out) throw std::runtime_error("value data: the output could not be written");
  stats.mean_score = stats.rows > 0 ? score_sum / static_cast<double>(stats.rows) : 0;
  return stats;
}

}  // namespace allegra::sim
