// Rating: a round robin over a set of bots and Elo ratings from a Bradley-Terry fit.
//
// Schedule (docs/sim.md): the lineups are all multisets of `players` bots drawn from the set
// with repetition, except those made of a single bot; their order is shuffled once with the
// seed and the games cycle through them (so a multiple of their number plays every lineup
// equally often). In game g the lineup's bots are shuffled onto the seats with a per-game Rng;
// the deal is seed S+g; the bot at seat s is made with game_bot_seed(S, g, s) and each of its
// decisions seeded from the deal seed and the decision index (Bot::decide).
//
// Every pair of seats with different bots in a game is one comparison: the lower final total
// wins it, equal totals count half to each. A Bradley-Terry model P(i beats j) =
// pi_i / (pi_i + pi_j) is fitted by Hunter's MM iteration; the ratings are
// Elo = 400 log10(pi_i / pi_0) (the first bot is 0), with 95% intervals from a bootstrap over
// games (percentiles of the refitted ratings).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/options.h"
#include "sim/match.h"
#include "sim/simulation.h"
#include "sim/stats.h"

namespace allegra::sim {

// Pairwise results between m bots: wins[i*m+j] = comparisons i won against j (ties count half
// to each), so wins[i*m+j] + wins[j*m+i] is the number of comparisons of i and j.
struct PairwiseTable {
  int bots = 0;
  std::vector<double> wins;
  explicit PairwiseTable(int m = 0)
      : bots(m), wins(static_cast<size_t>(m) * static_cast<size_t>(m), 0.0) {}
  double& at(int i, int j) { return wins[static_cast<size_t>(i * bots + j)]; }
  double at(int i, int j) const { return wins[static_cast<size_t>(i * bots + j)]; }
  // One comparison of i and j with score_i in {0, 0.5, 1} for i.
  void add(int i, int j, double score_i) {
    at(i, j) += score_i;
    at(j, i) += 1 - score_i;
  }
};

struct BradleyTerryFit {
  std::vector<double> strength;  // pi_i, geometric mean 1
  int iterations = 0;
  bool converged = false;
};

// Hunter's MM iteration pi_i <- W_i / sum_j n_ij / (pi_i + pi_j), renormalised each step, with
// `prior` virtual comparisons per pair split evenly (keeps a bot without a win finite and the
// comparison graph connected; 0 = none).
BradleyTerryFit fit_bradley_terry(const PairwiseTable& table, double prior = 1.0,
                                  int max_iterations = 10000, double tolerance = 1e-10);

// Elo = 400 log10(pi_i / pi_anchor).
std::vector<double> elo_ratings(const std::vector<double>& strength, int anchor = 0);

// The rate schedule: the lineups as sorted bot indexes (multisets with at least two different
// bots), shuffled by the seed.
std::vector<std::vector<int>> rate_lineups(int bots, int players, uint64_t seed);
// Bot index per seat in game g.
std::vector<int> rate_seating(const std::vector<std::vector<int>>& lineups, int game,
                              uint64_t seed);

struct RateConfig {
  RuleOptions options;            // options.players bots per game
  std::vector<std::string> bots;  // the set (distinct specs, at least 2)
  int games = 1;
  uint64_t seed = 1;
  int threads = 1;
  int bootstrap = 200;  // resamples for the intervals; 0 = none
  double prior = 1.0;   // virtual drawn comparisons per pair
};

struct RatedBot {
  std::string spec;
  std::string name;
  int64_t games = 0;        // player-games (a bot twice in a game counts twice)
  int64_t comparisons = 0;  // pairwise comparisons with other bots
  double pair_score = 0;    // comparisons won (ties half)
  double win_share = 0;     // sum of game win shares
  double mean_total = 0;    // mean final game total, points
  double elo = 0;
  Interval elo_ci;  // 95% bootstrap percentile interval ({elo, elo} if no bootstrap)
  bool operator==(const RatedBot&) const = default;
};

struct RateResult {
  RuleOptions options;
  uint64_t seed = 0;
  int64_t games = 0;
  int64_t lineups = 0;  // size of the schedule's cycle
  int bootstrap = 0;
  int iterations = 0;  // MM iterations of the fit on all games
  bool converged = false;
  std::vector<RatedBot> bots;  // in the order given
  bool operator==(const RateResult&) const = default;
};

// Throws std::invalid_argument for a bad config; whatever the factory throws for a bad spec.
RateResult run_rating(const RateConfig& config, const BotFactory& factory,
                      const SimCallbacks& callbacks = {});

}  // namespace allegra::sim
