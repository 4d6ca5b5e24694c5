// Rule options: every rule the rulebook leaves open or offers as a variant, as one value.
//
// The defaults are the project's rulings (docs/rules.md, R1-R11). An options value is checked
// once by validate(); the engine trusts a validated value and never re-checks it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/geometry.h"

namespace allegra {

inline constexpr int kMinValue = -1;
inline constexpr int kMaxValue = 11;
inline constexpr int kNumValues = kMaxValue - kMinValue + 1;  // 13
inline constexpr int kMaxDeck = 160;  // fits the uint8_t pile counts with room to spare

// Counts per card value, index value+1 (so index 0 is the -1 card).
using DeckCounts = std::array<uint8_t, kNumValues>;

// R1: the default 120-card deck (the rulebook prints only "8 each / 11 each / 9 each").
inline constexpr DeckCounts kDefaultDeckCounts = {8, 9, 9, 9, 9, 11, 11, 11, 9, 9, 9, 8, 8};

struct RuleOptions {
  int players = 4;                        // 2..6
  int rounds = 3;                         // R10; 0 = no round limit (then point_limit must be set)
  int point_limit = 0;                    // R10; 0 = none; the game ends after a round reaching it
  bool knocking = true;                   // R7; never in effect with 2 players
  bool optional_clearing = false;         // R2; true = a complete line may be left standing
  bool discard_draw_may_discard = false;  // R5; true = a discard-pile card may be discarded
  DeckCounts deck_counts = kDefaultDeckCounts;  // R1: the full deck
  int small_game_removal = 2;  // R1: cards of each value removed with 2 or 3 players

  // Knocking is in effect: the option is on and there are 3 or more players.
  bool knocking_in_effect() const { return knocking && players >= 3; }

  // The counts actually played with this player count.
  DeckCounts effective_deck() const;
  int deck_size() const;

  // An error message naming the first problem, or nullopt if the options are playable.
  std::optional<std::string> validate() const;

  bool operator==(const RuleOptions&) const = default;
};

// The options in a few words for headers of transcripts and reports, e.g. "4 players,
// 3 rounds, knocking, 120 cards" or "3 players, 2 rounds or 66 points, no knocking, optional
// clearing, 94 cards".
std::string options_text(const RuleOptions& options);

}  // namespace allegra
