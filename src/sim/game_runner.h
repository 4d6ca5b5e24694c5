// GameRunner: who plays which games of a sim or rate run, and where their results are reported.
//
// run_simulation() and run_rating() describe a run as play(g), one independent game from its
// number, and emit(g, outcome), the aggregation, which must see the games in order. A runner
// decides where play() runs: by default on worker threads of this process (run_ordered), and
// the CLI can pass one that splits the games over processes (src/cli/mpi_split.h). A runner
// calls emit() for every game in order on the process that reports, and not at all on the
// others (their result is then empty and thrown away). The game loop never knows which.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "engine/record.h"
#include "sim/match.h"

namespace allegra::sim {

// What one game yields: its result and, if records were asked for, its record.
struct GameOutcome {
  MatchResult match;
  std::optional<GameRecord> record;
};

// One game of a run (sim, rate, the skill run): seat s is played by factory(*spec_of_seat[s],
// bot_seeds[s]), the deal by `deal_seed`; with the record when `record` is true.
GameOutcome play_bot_game(const RuleOptions& options, uint64_t deal_seed,
                          std::span<const std::string* const> spec_of_seat,
                          std::span<const uint64_t> bot_seeds, const BotFactory& factory,
                          bool record);

// Whose number seeds a seat's bot in game `game` of a run: the seat's (rate, the skill run) or
// the lineup entry's that sits there (sim, whose entries move round the table).
enum class BotSeedBy { kSeat, kEntry };

// Game `game` of a run with seed `run_seed`: the deal is run_seed + game; seat s is played by
// bots[entry_of_seat[s]], made with game_bot_seed(run_seed, game, s or that entry).
GameOutcome play_run_game(const RuleOptions& options, uint64_t run_seed, int game,
                          std::span<const std::string> bots, std::span<const int> entry_of_seat,
                          BotSeedBy seed_by, const BotFactory& factory, bool record);

// The settings every run of named bots checks alike (rate, the skill run): valid rule options,
// no bot listed twice, at least one game and one thread. Throws std::invalid_argument naming
// the problem.
void check_run_settings(const RuleOptions& options, std::span<const std::string> bots, int games,
                        int threads);

using PlayGame = std::function<GameOutcome(int game)>;
using EmitGame = std::function<void(int game, GameOutcome& outcome)>;
// Runs games [0, games) with play and hands them to emit in game order (see above); `threads`
// is the worker threads per process. Rethrows what play or emit throws.
using GameRunner =
    std::function<void(int games, int threads, const PlayGame& play, const EmitGame& emit)>;

}  // namespace allegra::sim
