#pragma once

// The players' ratings (issue 29 §2): a Bayesian skill rating for free-for-all games of 2-6
// players, Weng and Lin's Plackett-Luce model ("A Bayesian Approximation Method for Online
// Ranking", JMLR 12, 2011) as the OpenSkill family implements it. A player's skill is a normal
// belief (mean `mu`, uncertainty `sigma`); each finished rated game moves every player's belief
// from the game's final ranking (equal places are ties, sharing the outcome).
//
// Choices: every player is a team of one; the model's constants are OpenSkill's defaults
// (ModelOptions), so the values can be checked against npm's `openskill` package; what people see
// is the conservative `display_rating`, and a player is provisional until his uncertainty has
// fallen far enough (docs/ratings.md).
//
// This layer is pure arithmetic: no store, no server, no engine; the server calls `update` when a
// rated game ends and keeps the result in the same transaction as the game's end.

#include <span>
#include <vector>

namespace allegra::rating {

// The model's constants (OpenSkill's defaults).
struct ModelOptions {
  double mu = 25.0;           // a new player's mean
  double sigma = 25.0 / 3.0;  // a new player's uncertainty
  double beta = 25.0 / 6.0;   // the spread of one game's performance around the skill
  double kappa = 0.0001;      // the smallest factor an uncertainty may shrink by
  double tau = 25.0 / 300.0;  // added to sigma before each game: skills drift over time
};

// One player's skill belief.
struct Skill {
  double mu = ModelOptions{}.mu;
  double sigma = ModelOptions{}.sigma;
  friend bool operator==(const Skill&, const Skill&) = default;
};

// One game: `before[i]` is player i's skill before it, `place[i]` his place in the final ranking
// (0 = first; players with equal places tied). Returns every player's skill after the game, in the
// same order. Throws std::invalid_argument for fewer than 2 players, sizes that differ, a
// negative place, or a non-finite or non-positive sigma.
std::vector<Skill> update(std::span<const Skill> before, std::span<const int> place,
                          const ModelOptions& options = {});

// The places of a finished rated game from the players' final totals (lower is better; equal
// totals tie). Players marked in `left` (a person who left: a bot finished the game for him) take
// the last places, below everyone who stayed, tied among themselves.
std::vector<int> places_from_totals(std::span<const int> totals, std::span<const bool> left);

// The figure people see: a conservative estimate (mu - 3 sigma), scaled and rounded as
// docs/ratings.md says: round(kDisplayBase + kDisplayScale * (mu - 3 sigma)). A new player
// (mu 25, sigma 25/3) shows kDisplayBase; one point of mu is kDisplayScale rating points.
inline constexpr double kDisplayBase = 1000;
inline constexpr double kDisplayScale = 40;
double display_rating(const Skill& skill);

// Whether a player is still provisional (not on leaderboards, marked "?"): too few rated games
// (fewer than kEstablishedGames) or an uncertainty still too large (sigma above
// kEstablishedSigma). docs/ratings.md says why these numbers.
inline constexpr int kEstablishedGames = 10;
inline constexpr double kEstablishedSigma = 6.0;
bool is_provisional(const Skill& skill, int rated_games);

}  // namespace allegra::rating
