#include "sim/skill_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <span>
#include <stdexcept>

#include "engine/options_json.h"
#include "engine/rng.h"

namespace allegra::sim {
namespace {

constexpr uint64_t kSkillSeatingSalt = 0x5c111ULL;
constexpr int kMaxSkillBots = 16;

void check_config(const SkillRunConfig& config) {
  const int m = static_cast<int>(config.bots.size());
  if (m < config.options.players || m > kMaxSkillBots)
    throw std::invalid_argument(
        fmt::format("a skill run needs {} to {} different bots for {}-player games, got {}",
                    config.options.players, kMaxSkillBots, config.options.players, m));
  check_run_settings(config.options, config.bots, config.games, config.threads);
}

}  // namespace

rating::ModelOptions bot_skill_model() {
  rating::ModelOptions model;
  model.tau = 0;
  return model;
}

std::vector<int> skill_seating(int bots, int players, int game, uint64_t seed) {
  std::vector<int> order(static_cast<size_t>(bots));
  std::iota(order.begin(), order.end(), 0);
  Rng rng(game_bot_seed(seed, static_cast<uint64_t>(game), kSkillSeatingSalt));
  rng.shuffle(std::span<int>(order));
  order.resize(static_cast<size_t>(players));
  return order;
}

SkillRunResult run_skill_rating(const SkillRunConfig& config, const BotFactory& factory,
                                const SimCallbacks& callbacks) {
  check_config(config);
  const int m = static_cast<int>(config.bots.size());
  const int n = config.options.players;
  SkillRunResult result;
  result.options = config.options;
  result.seed = config.seed;
  for (const std::string& spec : config.bots) {
    SkilledBot b;
    b.spec = spec;
    b.name = factory(spec, 0)->name();
    result.bots.push_back(b);
  }
  const rating::ModelOptions model = bot_skill_model();
  std::vector<double> total_half(static_cast<size_t>(m), 0.0);
  // 1. play(g): one game, anywhere (the runner's threads or processes).
  auto play_game = [&](int g) {
    return play_run_game(config.options, config.seed, g, config.bots,
                         skill_seating(m, n, g, config.seed), BotSeedBy::kSeat, factory, false);
  };
  // 2. emit(g): in game order, the update of rated tables over the bots' beliefs.
  auto emit = [&](int g, GameOutcome& out) {
    const std::vector<int> bot_of_seat = skill_seating(m, n, g, config.seed);
    std::vector<int> totals;
    std::vector<rating::Skill> before;
    for (int s = 0; s < n; ++s) {
      const PlayerGameStats& p = out.match.players[static_cast<size_t>(s)];
      SkilledBot& b = result.bots[static_cast<size_t>(bot_of_seat[static_cast<size_t>(s)])];
      totals.push_back(p.total_half);
      before.push_back(b.skill);
      ++b.games;
      b.win_share += p.win_share;
      total_half[static_cast<size_t>(bot_of_seat[static_cast<size_t>(s)])] += p.total_half;
    }
    const bool none[6] = {false, false, false, false, false, false};
    const std::vector<int> place =
        rating::places_from_totals(totals, std::span<const bool>(none, static_cast<size_t>(n)));
    const std::vector<rating::Skill> after = rating::update(before, place, model);
    for (int s = 0; s < n; ++s)
      result.bots[static_cast<size_t>(bot_of_seat[static_cast<size_t>(s)])].skill =
          after[static_cast<size_t>(s)];
    ++result.games;
    if (callbacks.progress) callbacks.progress(g + 1, config.games);
  };
  dispatch_games(config.games, config.threads, callbacks, play_game, emit);
  for (int i = 0; i < m; ++i) {
    SkilledBot& b = result.bots[static_cast<size_t>(i)];
    b.mean_total = b.games > 0 ? total_half[static_cast<size_t>(i)] / 2 / b.games : 0.0;
    b.display = rating::display_rating(b.skill);
  }
  return result;
}

nlohmann::json skill_result_to_json(const SkillRunResult& r) {
  const rating::ModelOptions model = bot_skill_model();
  nlohmann::json bots = nlohmann::json::array();
  for (const SkilledBot& b : r.bots) {
    bots.push_back({{"spec", b.spec},
                    {"name", b.name},
                    {"mu", b.skill.mu},
                    {"sigma", b.skill.sigma},
                    {"rating", b.display},
                    {"games", b.games},
                    {"wins", b.win_share},
                    {"mean_total", b.mean_total}});
  }
  return {{"model",
           {{"name", "weng-lin plackett-luce"},
            {"mu", model.mu},
            {"sigma", model.sigma},
            {"beta", model.beta},
            {"kappa", model.kappa},
            {"tau", model.tau}}},
          {"options", options_to_json(r.options)},
          {"seed", r.seed},
          {"games", r.games},
          {"bots", bots}};
}

std::string skill_result_table(const SkillRunResult& r) {
  std::string out = fmt::format(
      "allegra rate --skill: {} game{}, {}; seed {}\nWeng-Lin Plackett-Luce skills from new "
      "players' (mu 25, sigma 8.33), no drift; rating: round({} + {} (mu - 3 sigma))\n\n",
      r.games, r.games == 1 ? "" : "s", options_text(r.options), r.seed, rating::kDisplayBase,
      rating::kDisplayScale);
  std::vector<size_t> order(r.bots.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return r.bots[a].display > r.bots[b].display; });
  out += fmt::format("{:>4}  {:<16} {:>6} {:>7} {:>6} {:>6} {:>7} {:>10}\n", "rank", "bot",
                     "rating", "mu", "sigma", "games", "wins", "game total");
  int rank = 0;
  for (size_t i : order) {
    const SkilledBot& b = r.bots[i];
    out += fmt::format("{:>4}  {:<16} {:>6.0f} {:>7.2f} {:>6.2f} {:>6} {:>7.1f} {:>10.1f}\n",
                       ++rank, b.spec, b.display, b.skill.mu, b.skill.sigma, b.games, b.win_share,
                       b.mean_total);
  }
  return out;
}

}  // namespace allegra::sim
