// Scoring: what the rules make of a finished round and game (R8 who ends, R9, R10).
//
// Every number a finished round gets lives here, so that the engine, the bots and the front ends
// never recompute it: the score of a display (the sum of its cards; -10 for an empty display),
// the ender's penalty (doubled or halved unless he is lowest alone), the end of the game and
// its winners. Scores are kept in half points, because halving a negative odd score must stay
// exact (docs/rules.md R9).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/geometry.h"
#include "engine/options.h"

namespace allegra {

inline constexpr int kNoPlayer = -1;

// Half points per point: every score below is in half points.
inline constexpr int32_t kHalfPoints = 2;
// R9: a completely empty display scores -10 ("Bonus in Höhe von 10 Minuspunkten").
inline constexpr int32_t kEmptyDisplayPoints = -10;
inline constexpr int32_t kEmptyDisplayHalf = kEmptyDisplayPoints * kHalfPoints;
// R9: an ender who is not lowest alone has his positive score multiplied and his negative score
// divided by this.
inline constexpr int kEnderPenaltyFactor = 2;

// Scores of a finished round, in half points.
struct RoundResult {
  std::array<int32_t, kMaxPlayers> raw_half{};    // the display scores (R9)
  std::array<int32_t, kMaxPlayers> score_half{};  // after the ender's penalty
  int ender = kNoPlayer;
  bool penalised = false;
  // Bit p: p's display was empty when the round was scored, so it scored the empty-display
  // value instead of its cards (R9). Set by the engine where it scores the round (a display of
  // enough -1 cards can score the same points, so the score alone does not tell).
  uint8_t empty_display = 0;
  bool operator==(const RoundResult&) const = default;
};

// R9: the score of a display holding `cards` cards whose values add up to `card_sum`.
constexpr int32_t display_score_half(int card_sum, int cards) {
  return cards == 0 ? kEmptyDisplayHalf : kHalfPoints * card_sum;
}

// R9: the penalised score of an ender: positive doubled, negative halved (0 stays 0). A template
// so that the bots' expected scores (double) follow the same rule.
template <class T>
constexpr T penalised_score(T raw) {
  return raw > 0 ? raw * kEnderPenaltyFactor : raw / kEnderPenaltyFactor;
}

// R8: who ends the round when the displays in `complete` (bit p: p's display is complete) run
// out at once: the active player if he is among them, else the first clockwise from him.
// kNoPlayer if `complete` is 0.
// Inline and without a loop: the knock window asks at every answer. The players from `active`
// on are rotated down to bits 0.., the ones before him above them; the lowest set bit wins.
inline int first_clockwise(uint8_t complete, int active, int players) {
  if (complete == 0) return kNoPlayer;
  const unsigned rotated =
      (unsigned{complete} >> active) | (unsigned{complete} << (players - active));
  const int p = active + __builtin_ctz(rotated);
  return p >= players ? p - players : p;
}

// R9: the ender is penalised unless his display score is lower than everyone else's (ties are
// not alone); a score of 0 is never changed.
bool ender_penalised(std::span<const int32_t> raw_half, int ender);

// R9: the round's scores from the display scores of the players and the ender; `empty_display`
// (bit p: p's display is empty) is copied into the result.
RoundResult score_round(std::span<const int32_t> raw_half, int ender, uint8_t empty_display = 0);

// R10: the game is over after its last round, or after the round in which a total reached the
// point limit.
bool game_over(const RuleOptions& options, int rounds_played, std::span<const int32_t> totals_half);

// R10: the winners, bit p set if p has the lowest total (equal lowest totals share the win).
uint8_t winners_of(std::span<const int32_t> totals_half);

}  // namespace allegra
