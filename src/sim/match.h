// Match: one game of ALLEGRA between a lineup of bots, with per-player statistics.
//
// The game runs on a real State through the shared game loop; a bot only ever receives a public
// view, so it cannot see a hidden card. The statistics are read off the engine's events (round
// scores, clears, knocks, round ends and penalties), so they count exactly what the rules did.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "bots/bot.h"
#include "engine/options.h"
#include "engine/record.h"
#include "table/game_loop.h"

namespace allegra::sim {

// Makes a bot from a spec and a seed; the CLI passes allegra::make_bot, tests a local bot.
using BotFactory = std::function<std::unique_ptr<Bot>(std::string_view spec, uint64_t seed)>;

// One player's share of one game. Scores are in half points, as in the engine.
struct PlayerGameStats {
  int32_t total_half = 0;          // final game total
  int64_t round_score_half = 0;    // sum of the round scores (after the penalty) = total_half
  double win_share = 0;            // 1/k if this player is one of k players with the lowest total
  bool winner = false;             // among the lowest totals
  bool outright = false;           // the lowest total alone
  int clears = 0;                  // lines cleared in this player's display
  int knocks_offered = 0;          // kKnocked: this player knocked
  int knocks_given = 0;            // kGave: the card was given to this player (its knocker)
  int rounds_ended = 0;            // kRoundEnded: this player ended the round
  int rounds_ended_penalised = 0;  // ... and the end-trigger penalty applied
  bool operator==(const PlayerGameStats&) const = default;
};

struct MatchResult {
  int rounds = 0;                        // rounds played
  int actions = 0;                       // decisions taken
  uint8_t winners = 0;                   // bit p: seat p has the lowest total
  std::vector<PlayerGameStats> players;  // by seat
  // Per round and seat, the round score in half points (after the penalty).
  std::vector<std::vector<int32_t>> round_scores_half;
  bool operator==(const MatchResult&) const = default;
};

// Thrown when a bot answers with an action that is not legal; names the seat and the bot.
class BotError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Plays one game dealt from `deal_seed` with bots[seat] deciding for each seat
// (bots.size() must equal options.players), through the shared game loop (table/game_loop.h):
// knock windows answered at once, each decision Bot::decide() with a seed from `deal_seed` and
// the decision index. If `record` is given it receives the game record (engine/record.h).
// Throws BotError if a bot returns an illegal action or a round takes more than
// `max_decisions_per_round` decisions (the cap: table::kMaxDecisionsPerRound).
MatchResult play_match(const RuleOptions& options, uint64_t deal_seed, std::span<Bot* const> bots,
                       GameRecord* record = nullptr,
                       int max_decisions_per_round = table::kMaxDecisionsPerRound);

}  // namespace allegra::sim
