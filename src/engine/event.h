// Event: one thing that happened inside State::apply(), in order, for front ends and logs.
//
// Events let a terminal, a browser or a log show what happened (a card moved, a value
// revealed, a line cleared, a knock given, the round ended, the scores) without re-deriving any
// rule. They never carry a value nobody may know: a face-down card moved to a hand is reported
// with value kHiddenValue until it is turned up.
#pragma once

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <string>

#include "engine/geometry.h"

namespace allegra {

inline constexpr int8_t kHiddenValue = -128;

enum class EventType : uint8_t {
  kRoundStarted,       // count = 0-based round, player = first player, value = discard starter
  kTurnStarted,        // player
  kRevealed,           // player (-1 at the end-of-round reveal), cell, value
  kReshuffled,         // count = cards shuffled into the new draw pile
  kDrew,               // player, value, aux = 0 draw pile / 1 discard pile
  kKnocked,            // player
  kPassed,             // player
  kKnockGiven,         // player = the knocker chosen
  kKnockRefused,       // player = the active player
  kPlaced,             // player, cell, value: a card put face up into the cell
  kToHand,             // player, cell, value (maybe hidden): a card taken out of a cell to hand
  kDiscarded,          // player, value; cell = where it came from, kNoCell if from hand
  kCleared,            // player, value, aux = line id, cells
  kLinesLeft,          // player left complete lines standing (optional clearing)
  kRoundEndTriggered,  // player = who ended the round
  kTurnSkipped,        // player: no face-down card in the final round
  kRoundScored,        // player, score = half points after penalty, aux = 1 if penalised,
                       // count = the display score in half points (R9), empty_display = the
                       // display was empty (count is the -10 bonus, not a sum of cards)
  kGameOver,           // score = the winners as a bit mask
};

struct Event {
  EventType type;
  int8_t player = -1;
  int8_t value = kHiddenValue;
  CellId cell = kNoCell;
  uint8_t aux = 0;
  std::array<CellId, 3> cells = {kNoCell, kNoCell, kNoCell};
  int32_t count = 0;
  int32_t score = 0;
  bool empty_display = false;  // kRoundScored only

  bool operator==(const Event&) const = default;
};

// Enough for the busiest apply(): a cascade of clears, then the end-of-round reveal of every
// face-down card, the scores and the next deal.
inline constexpr int kMaxEvents = 192;
using EventList = boost::container::static_vector<Event, kMaxEvents>;

std::string_view event_type_name(EventType t);
// A one-line description for logs, e.g. "player 2 clears row-b1 (three 7s)".
std::string describe(const Event& e);

}  // namespace allegra
