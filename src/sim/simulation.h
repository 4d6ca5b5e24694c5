// Simulation: G games between a lineup of bots, seats rotated, aggregated per bot.
//
// Schedule (docs/sim.md): game g (from 0) is dealt from seed S+g (the deal of
// `allegra selfplay --seed S+g`) and uses rotation r = g mod N: lineup entry i sits at seat
// (i + r) mod N, so over every N consecutive games each entry plays each seat once. The bot of
// entry i in game g is made with game_bot_seed(S, g, i), but play_match() seeds each decision
// from the deal seed and the decision index (Bot::decide). Games are independent and run on
// `threads` worker threads; results are aggregated in game order, so the result is the same
// for a given seed whatever the thread count (time-budgeted bots aside).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/options.h"
#include "engine/record.h"
#include "sim/game_runner.h"
#include "sim/match.h"
#include "sim/stats.h"

namespace allegra::sim {

struct SimConfig {
  RuleOptions options;
  std::vector<std::string> lineup;  // one bot spec per seat; size() == options.players
  int games = 1;
  uint64_t seed = 1;
  int threads = 1;
  // A BotError (an illegal action, an endless round) ends the run with the games played before
  // the failed one counted (SimResult::stopped_by), instead of throwing: hours of games are not
  // lost to one bad game.
  bool keep_partial = false;
};

// A 64-bit seed from the base seed, the game and the lineup entry (SplitMix64 mixing).
uint64_t game_bot_seed(uint64_t base, uint64_t game, uint64_t entry);
// The lineup entry sitting at `seat` in game g (rotation g mod n).
int entry_at_seat(int seat, int game, int players);

// The totals of one bot (a lineup entry, or every entry with the same spec). "Player-games"
// count a game once per instance of the bot in it; per-round rates are per player-round.
struct BotStats {
  std::string spec;
  std::string name;   // Bot::name() of its first instance
  int instances = 0;  // lineup entries aggregated here
  int64_t games = 0;  // games played (each counted once)
  int64_t player_games = 0;
  int64_t player_rounds = 0;
  double win_share = 0;          // sum of win shares (a k-way shared win counts 1/k)
  double game_share_sq = 0;      // sum over games of (its share in the game / instances)^2
  int64_t outright_wins = 0;     // player-games won alone
  int64_t shared_wins = 0;       // player-games won together with others
  int64_t total_half = 0;        // sum of final game totals
  int64_t round_score_half = 0;  // sum of round scores (after the penalty)
  int64_t clears = 0;
  int64_t knocks_offered = 0;
  int64_t knocks_given = 0;
  int64_t rounds_ended = 0;
  int64_t rounds_ended_penalised = 0;

  // Win share per player-game; parity is 1/players.
  double win_rate() const;
  Interval win_rate_ci() const;  // 95%, share_interval over games
  double mean_round_score() const;
  double mean_game_total() const;
  double clears_per_round() const;
  double knocks_offered_per_round() const;
  double knocks_given_per_round() const;
  double rounds_ended_per_round() const;
  double penalised_fraction() const;  // of the rounds it ended; 0 if none
  bool operator==(const BotStats&) const = default;
};

struct SimResult {
  RuleOptions options;
  std::vector<std::string> lineup;
  uint64_t seed = 0;
  int64_t games = 0;
  int64_t rounds = 0;                  // rounds played over all games
  int64_t actions = 0;                 // decisions over all games
  int64_t shared_games = 0;            // games whose win was shared
  std::vector<BotStats> entries;       // per lineup entry, in lineup order
  std::vector<BotStats> bots;          // per distinct spec, in order of first appearance
  std::vector<double> seat_win_share;  // per seat (position at the table), sum of win shares
  // With SimConfig::keep_partial: the BotError that stopped the run (empty: every game was
  // played); `games` then counts the games before the failed one, in game order.
  std::string stopped_by;
  bool operator==(const SimResult&) const = default;
};

struct SimCallbacks {
  // After each game (in game order): games done so far and the total.
  std::function<void(int done, int total)> progress;
  // If set, every game is recorded and passed here in game order.
  std::function<void(int game, const GameRecord& record)> record;
  // Where the games are played (sim/game_runner.h); empty: on config.threads threads here.
  GameRunner runner;
};

// Runs the simulation. Throws std::invalid_argument for a bad config (lineup size, games,
// threads, options) and whatever the factory throws for an unknown spec (it is called once
// per distinct spec up front to check it); BotError if a bot plays an illegal action or a round
// does not end, unless config.keep_partial.
SimResult run_simulation(const SimConfig& config, const BotFactory& factory,
                         const SimCallbacks& callbacks = {});

// callbacks.runner if set, else run_ordered() on this process.
void dispatch_games(int games, int threads, const SimCallbacks& callbacks, const PlayGame& play,
                    const EmitGame& emit);

// Adds one game to a BotStats: `seats` are the seats this bot occupied in it.
void add_game(BotStats& stats, const MatchResult& match, const std::vector<int>& seats);

}  // namespace allegra::sim
