// Skill run: the bots' published skill ratings (docs/ratings.md, `allegra rate --skill`), on the
// scale of the players' own ratings (src/rating/skill_rating.h).
//
// What: free-for-all games among a set of bots, each game `players` different bots of the set
// (all of them when the set is that large), each bot a player whose skill belief starts as a new
// player's (mu 25, sigma 25/3) and moves after every game, in game order, by the very update of
// rated tables (Weng-Lin Plackett-Luce, places from the final totals, ties shared).
//
// One difference, on purpose: no drift (tau = 0). The drift models a person whose skill changes
// between games; a bot's does not, so its belief after G games is the posterior of all G games
// and its sigma keeps shrinking (about 1/sqrt(G)). The order of the games then hardly matters.
//
// Schedule (deterministic for a seed, whatever the thread count): in game g the bots are shuffled
// with a per-game Rng (game_bot_seed(S, g, salt)) and the first `players` of them sit in that
// order; the deal is seed S+g; the bot at seat s is made with game_bot_seed(S, g, s).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/options.h"
#include "rating/skill_rating.h"
#include "sim/simulation.h"

namespace allegra::sim {

struct SkillRunConfig {
  RuleOptions options;            // options.players bots per game
  std::vector<std::string> bots;  // distinct specs, at least options.players of them
  int games = 1;
  uint64_t seed = 1;
  int threads = 1;
};

struct SkilledBot {
  std::string spec;
  std::string name;
  int64_t games = 0;
  double win_share = 0;   // sum of game win shares
  double mean_total = 0;  // mean final game total, points
  rating::Skill skill;    // after every game
  double display = 0;     // rating::display_rating(skill)
  bool operator==(const SkilledBot&) const = default;
};

struct SkillRunResult {
  RuleOptions options;
  uint64_t seed = 0;
  int64_t games = 0;
  std::vector<SkilledBot> bots;  // in the order given
  bool operator==(const SkillRunResult&) const = default;
};

// The model of the run: OpenSkill's defaults without drift (see above).
rating::ModelOptions bot_skill_model();

// The bots of game g, by seat (indexes into config.bots).
std::vector<int> skill_seating(int bots, int players, int game, uint64_t seed);

// Throws std::invalid_argument for a bad config; whatever the factory throws for a bad spec.
SkillRunResult run_skill_rating(const SkillRunConfig& config, const BotFactory& factory,
                                const SimCallbacks& callbacks = {});

// The result as JSON (docs/ratings.md: data/ratings/bots.json is this) and as a table for people.
nlohmann::json skill_result_to_json(const SkillRunResult& result);
std::string skill_result_table(const SkillRunResult& result);

}  // namespace allegra::sim
