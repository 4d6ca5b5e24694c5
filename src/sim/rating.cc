#include "sim/rating.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <stdexcept>
#include <utility>

#include "engine/rng.h"

namespace allegra::sim {
namespace {

constexpr uint64_t kScheduleSalt = 0x5c4ed01eULL;
constexpr uint64_t kSeatingSalt = 0x5ea7ULL;
constexpr uint64_t kBootstrapSalt = 0xb007ULL;
constexpr int kMaxBots = 16;

// One game of the round robin: the bot per seat and the totals.
struct RateGame {
  std::vector<int> bot_of_seat;
  MatchResult match;
};

// The pairwise comparisons of one game, added to `table` `weight` times.
void add_comparisons(PairwiseTable& table, const RateGame& game, double weight = 1) {
  const size_t n = game.bot_of_seat.size();
  for (size_t s = 0; s < n; ++s)
    for (size_t t = s + 1; t < n; ++t) {
      const int a = game.bot_of_seat[s];
      const int b = game.bot_of_seat[t];
      if (a == b) continue;
      const int32_t ta = game.match.players[s].total_half;
      const int32_t tb = game.match.players[t].total_half;
      const double score = ta < tb ? 1.0 : ta > tb ? 0.0 : 0.5;
      table.at(a, b) += weight * score;
      table.at(b, a) += weight * (1 - score);
    }
}

double quantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const double pos = q * static_cast<double>(values.size() - 1);
  const auto lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, values.size() - 1);
  return values[lo] + (pos - static_cast<double>(lo)) * (values[hi] - values[lo]);
}

}  // namespace

BradleyTerryFit fit_bradley_terry(const PairwiseTable& table, double prior, int max_iterations,
                                  double tolerance) {
  const int m = table.bots;
  BradleyTerryFit fit;
  fit.strength.assign(static_cast<size_t>(m), 1.0);
  if (m == 0) {
    fit.converged = true;
    return fit;
  }
  std::vector<double> wins(static_cast<size_t>(m), 0.0);
  std::vector<double> n(static_cast<size_t>(m) * static_cast<size_t>(m), 0.0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      if (i == j) continue;
      wins[static_cast<size_t>(i)] += table.at(i, j) + prior / 2;
      n[static_cast<size_t>(i * m + j)] = table.at(i, j) + table.at(j, i) + prior;
    }
  std::vector<double>& pi = fit.strength;
  std::vector<double> next(static_cast<size_t>(m));
  for (fit.iterations = 1; fit.iterations <= max_iterations; ++fit.iterations) {
    for (int i = 0; i < m; ++i) {
      double denom = 0;
      for (int j = 0; j < m; ++j)
        if (j != i && n[static_cast<size_t>(i * m + j)] > 0)
          denom += n[static_cast<size_t>(i * m + j)] /
                   (pi[static_cast<size_t>(i)] + pi[static_cast<size_t>(j)]);
      next[static_cast<size_t>(i)] =
          denom > 0 ? wins[static_cast<size_t>(i)] / denom : pi[static_cast<size_t>(i)];
    }
    // Normalise to geometric mean 1 (ratios are all the model identifies). A bot that never
    // won (possible only without a prior) keeps a tiny positive strength.
    double log_sum = 0;
    for (double& v : next) {
      v = std::max(v, 1e-300);
      log_sum += std::log(v);
    }
    const double scale = std::exp(-log_sum / m);
    double change = 0;
    for (int i = 0; i < m; ++i) {
      next[static_cast<size_t>(i)] *= scale;
      change = std::max(
          change, std::abs(std::log(next[static_cast<size_t>(i)] / pi[static_cast<size_t>(i)])));
    }
    pi.swap(next);
    if (change < tolerance) {
      fit.converged = true;
      break;
    }
  }
  fit.iterations = std::min(fit.iterations, max_iterations);
  return fit;
}

std::vector<double> elo_ratings(const std::vector<double>& strength, int anchor) {
  std::vector<double> elo(strength.size(), 0.0);
  if (strength.empty()) return elo;
  const double base = strength[static_cast<size_t>(anchor)];
  for (size_t i = 0; i < strength.size(); ++i) elo[i] = 400 * std::log10(strength[i] / base);
  return elo;
}

std::vector<std::vector<int>> rate_lineups(int bots, int players, uint64_t seed) {
  std::vector<std::vector<int>> out;
  std::vector<int> c(static_cast<size_t>(players), 0);  // non-decreasing bot indexes
  for (;;) {
    if (c.front() != c.back()) out.push_back(c);
    // Next non-decreasing tuple in lexicographic order.
    int k = players - 1;
    while (k >= 0 && c[static_cast<size_t>(k)] == bots - 1) --k;
    if (k < 0) break;
    const int v = c[static_cast<size_t>(k)] + 1;
    for (int i = k; i < players; ++i) c[static_cast<size_t>(i)] = v;
  }
  Rng rng(game_bot_seed(seed, kScheduleSalt, 0));
  rng.shuffle(std::span<std::vector<int>>(out));
  return out;
}

std::vector<int> rate_seating(const std::vector<std::vector<int>>& lineups, int game,
                              uint64_t seed) {
  std::vector<int> seats = lineups[static_cast<size_t>(game) % lineups.size()];
  Rng rng(game_bot_seed(seed, static_cast<uint64_t>(game), kSeatingSalt));
  rng.shuffle(std::span<int>(seats));
  return seats;
}

RateResult run_rating(const RateConfig& config, const BotFactory& factory,
                      const SimCallbacks& callbacks) {
  const int m = static_cast<int>(config.bots.size());
  const int n = config.options.players;
  if (m < 2 || m > kMaxBots)
    throw std::invalid_argument(fmt::format("rate needs 2 to {} bots, got {}", kMaxBots, m));
  check_run_settings(config.options, config.bots, config.games, config.threads);
  if (config.bootstrap < 0)
    throw std::invalid_argument(
        fmt::format("bootstrap must be at least 0, got {}", config.bootstrap));

  RateResult result;
  result.options = config.options;
  result.seed = config.seed;
  result.bootstrap = config.bootstrap;
  for (const std::string& spec : config.bots) {
    RatedBot b;
    b.spec = spec;
    b.name = factory(spec, 0)->name();
    result.bots.push_back(b);
  }
  const std::vector<std::vector<int>> lineups = rate_lineups(m, n, config.seed);
  result.lineups = static_cast<int64_t>(lineups.size());

  const bool want_record = static_cast<bool>(callbacks.record);
  std::vector<RateGame> games;
  games.reserve(static_cast<size_t>(config.games));
  std::vector<double> total_half(static_cast<size_t>(m), 0.0);
  auto play_game = [&](int g) {
    return play_run_game(config.options, config.seed, g, config.bots,
                         rate_seating(lineups, g, config.seed), BotSeedBy::kSeat, factory,
                         want_record);
  };
  // The seating is a function of the game number, so the game's outcome need not carry it (a
  // runner may bring it from another process).
  auto emit = [&](int g, GameOutcome& out) {
    RateGame game{rate_seating(lineups, g, config.seed), std::move(out.match)};
    for (int s = 0; s < n; ++s) {
      RatedBot& b = result.bots[static_cast<size_t>(game.bot_of_seat[s])];
      const PlayerGameStats& p = game.match.players[static_cast<size_t>(s)];
      ++b.games;
      b.win_share += p.win_share;
      total_half[static_cast<size_t>(game.bot_of_seat[s])] += p.total_half;
    }
    if (want_record) callbacks.record(g, *out.record);
    games.push_back(std::move(game));
    if (callbacks.progress) callbacks.progress(g + 1, config.games);
  };
  dispatch_games(config.games, config.threads, callbacks, play_game, emit);
  result.games = static_cast<int64_t>(games.size());

  PairwiseTable table(m);
  for (const RateGame& game : games) add_comparisons(table, game);
  for (int i = 0; i < m; ++i) {
    RatedBot& b = result.bots[static_cast<size_t>(i)];
    for (int j = 0; j < m; ++j) {
      if (j == i) continue;
      b.pair_score += table.at(i, j);
      b.comparisons += std::llround(table.at(i, j) + table.at(j, i));
    }
    b.mean_total = b.games > 0 ? total_half[static_cast<size_t>(i)] / 2 / b.games : 0.0;
  }
  const BradleyTerryFit fit = fit_bradley_terry(table, config.prior);
  result.iterations = fit.iterations;
  result.converged = fit.converged;
  const std::vector<double> elo = elo_ratings(fit.strength);
  for (int i = 0; i < m; ++i) {
    result.bots[static_cast<size_t>(i)].elo = elo[static_cast<size_t>(i)];
    result.bots[static_cast<size_t>(i)].elo_ci = {elo[static_cast<size_t>(i)],
                                                  elo[static_cast<size_t>(i)]};
  }

  // Bootstrap over games: resample the games with replacement, refit, take percentiles.
  if (config.bootstrap > 0) {
    Rng rng(game_bot_seed(config.seed, kBootstrapSalt, 0));
    std::vector<std::vector<double>> samples(static_cast<size_t>(m));
    std::vector<int> times(games.size());
    for (int r = 0; r < config.bootstrap; ++r) {
      std::fill(times.begin(), times.end(), 0);
      for (size_t k = 0; k < games.size(); ++k)
        ++times[rng.below(static_cast<uint32_t>(games.size()))];
      PairwiseTable t(m);
      for (size_t k = 0; k < games.size(); ++k)
        if (times[k] > 0) add_comparisons(t, games[k], times[k]);
      const std::vector<double> e = elo_ratings(fit_bradley_terry(t, config.prior).strength);
      for (int i = 0; i < m; ++i)
        samples[static_cast<size_t>(i)].push_back(e[static_cast<size_t>(i)]);
    }
    for (int i = 0; i < m; ++i)
      result.bots[static_cast<size_t>(i)].elo_ci = {
          quantile(samples[static_cast<size_t>(i)], 0.025),
          quantile(samples[static_cast<size_t>(i)], 0.975)};
  }
  return result;
}

}  // namespace allegra::sim
