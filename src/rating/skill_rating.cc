#include "rating/skill_rating.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace allegra::rating {

// Weng and Lin's Plackett-Luce update (their Algorithm 4) exactly as npm's `openskill` 5 computes
// it in `rate(teams, {rank})` with its default options, every team one player:
//
//   1. Drift: sigma_i <- sqrt(sigma_i^2 + tau^2) for every player (openskill's `rate` adds tau
//      before the model whenever tau is set, and its default tau is 25/300; limitSigma is off).
//   2. c = sqrt(sum_i (sigma_i^2 + beta^2)), the spread of the whole game.
//   3. For each player q: A_q = how many players share q's place, and
//      S_q = sum of exp(mu_i / c) over the players i placed at q's place or below (rank_i >=
//      rank_q).
//   4. For each player i, over the players q placed at i's place or above (rank_q <= rank_i):
//        p_iq = exp(mu_i / c) / S_q
//        omega_i = sigma_i^2 / c * sum_q ([q == i] - p_iq) / A_q
//        delta_i = gamma_i * sigma_i^2 / c^2 * sum_q p_iq (1 - p_iq) / A_q,  gamma_i = sigma_i / c
//      ([q == i] is 1 for the player himself only: a tied player q != i counts -p_iq, as in
//      openskill.)
//   5. mu_i <- mu_i + omega_i;  sigma_i <- sigma_i * sqrt(max(1 - delta_i, kappa)).
//
// exp(mu / c) is taken after subtracting the largest mu / c (every p_iq is a ratio of such
// terms, so nothing changes but that no exp overflows).
std::vector<Skill> update(std::span<const Skill> before, std::span<const int> place,
                          const ModelOptions& options) {
  const size_t n = before.size();
  if (n < 2 || n != place.size())
    throw std::invalid_argument("rating update: at least 2 players, one place each (got " +
                                std::to_string(n) + " skills and " + std::to_string(place.size()) +
                                " places)");
  for (size_t i = 0; i < n; ++i) {
    if (place[i] < 0)
      throw std::invalid_argument("rating update: player " + std::to_string(i) +
                                  " has a negative place");
    if (!std::isfinite(before[i].mu) || !std::isfinite(before[i].sigma) || before[i].sigma <= 0)
      throw std::invalid_argument("rating update: player " + std::to_string(i) +
                                  " has a non-finite mu or a sigma that is not a positive number");
  }
  // 1. Drift.
  std::vector<double> sigma_sq(n);
  for (size_t i = 0; i < n; ++i)
    sigma_sq[i] = before[i].sigma * before[i].sigma + options.tau * options.tau;
  // 2. The game's spread.
  double c_sq = 0;
  for (size_t i = 0; i < n; ++i) c_sq += sigma_sq[i] + options.beta * options.beta;
  const double c = std::sqrt(c_sq);
  // 3. Strengths, the sums S_q and the tie counts A_q.
  double top = before[0].mu / c;
  for (size_t i = 1; i < n; ++i) top = std::max(top, before[i].mu / c);
  std::vector<double> strength(n), sum_below(n, 0.0), tied(n, 0.0);
  for (size_t i = 0; i < n; ++i) strength[i] = std::exp(before[i].mu / c - top);
  for (size_t q = 0; q < n; ++q)
    for (size_t i = 0; i < n; ++i) {
      if (place[i] >= place[q]) sum_below[q] += strength[i];
      if (place[i] == place[q]) tied[q] += 1;
    }
  // 4-5. Each player's move.
  std::vector<Skill> after(n);
  for (size_t i = 0; i < n; ++i) {
    double omega_sum = 0, delta_sum = 0;
    for (size_t q = 0; q < n; ++q) {
      if (place[q] > place[i]) continue;
      const double p = strength[i] / sum_below[q];
      omega_sum += ((q == i ? 1.0 : 0.0) - p) / tied[q];
      delta_sum += p * (1 - p) / tied[q];
    }
    const double gamma = std::sqrt(sigma_sq[i]) / c;
    const double omega = omega_sum * sigma_sq[i] / c;
    const double delta = delta_sum * sigma_sq[i] / c_sq * gamma;
    after[i].mu = before[i].mu + omega;
    after[i].sigma = std::sqrt(sigma_sq[i]) * std::sqrt(std::max(1 - delta, options.kappa));
  }
  return after;
}

std::vector<int> places_from_totals(std::span<const int> totals, std::span<const bool> left) {
  if (totals.size() != left.size())
    throw std::invalid_argument("rating places: one total and one mark each");
  // A player who stayed: one place below each stayer with a lower total. A leaver: below every
  // stayer, tied with the other leavers whatever their totals (the bot's play is not his).
  size_t stayed = 0;
  for (bool l : left) stayed += l ? 0 : 1;
  std::vector<int> place(totals.size(), 0);
  for (size_t i = 0; i < totals.size(); ++i) {
    if (left[i]) {
      place[i] = static_cast<int>(stayed);
      continue;
    }
    for (size_t j = 0; j < totals.size(); ++j)
      if (!left[j] && totals[j] < totals[i]) ++place[i];
  }
  return place;
}

double display_rating(const Skill& skill) {
  return std::round(kDisplayBase + kDisplayScale * (skill.mu - 3 * skill.sigma));
}

bool is_provisional(const Skill& skill, int rated_games) {
  return rated_games < kEstablishedGames || skill.sigma > kEstablishedSigma;
}

}  // namespace allegra::rating
