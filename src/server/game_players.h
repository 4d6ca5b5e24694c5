// The players of a finished game, into the store (issue 29 §1 and §2): who sat in which seat
// (for each player's history) and, for a rated game, every seated player's new skill and its
// history line; and the per-player-count skills beside the overall one.
//
// Why here and not in the room: the room knows seats, the store knows players; this is the one
// place where a game's end becomes rows of the PlayerStore. The room calls it right after
// Store::save_game, before the hub's commit, so the game, its seats and the ratings are one
// transaction: a crash keeps all or none, and a restart that replays the log to the game's end
// saves the game and rates it then, once (the room's "saved" log line marks it done).
#pragma once

#include <optional>
#include <span>
#include <string>

#include "server/player_store.h"

namespace allegra::server {

// One seat at the game's end.
struct EndSeat {
  std::optional<PlayerId> player;  // the person's player (nullopt: a bot, or nobody signed in)
  int total_half = 0;              // his final total, in half points (lower is better)
  bool left = false;               // a person who left: a bot finished the game for him
  // How his rounds went (schema 5; from the game's record): rounds played, his lowest round
  // score and the sum of his round scores, in half points.
  int rounds = 0;
  int best_round_half = 0;
  int round_sum_half = 0;
};

// Stores the seats' players (a GameSeat each: places from rating::places_from_totals, where only
// a rated game's leavers count as left; the rounds' figures; `rated` when the ratings moved);
// if `rated` and every seat has a player, updates every player's overall skill and his skill of
// this player count (table `skills`) with rating::update(before, places) and adds one history
// line each. Returns whether the ratings were updated.
bool store_game_players(PlayerStore& players, const std::string& game_id,
                        std::span<const EndSeat> seats, bool rated, int64_t now_ms);

}  // namespace allegra::server
