// Event: one thing a player (or chance, or the end of a round) did inside State::apply(), in
// order, for front ends, narrators and logs.
//
// Events let a terminal, a browser or a log show what happened without re-deriving any rule:
// each kind is one step of the rulebook (docs/rules.md, the R numbers below), and each field
// means one thing whatever the kind. They never carry a value nobody may know: a face-down card
// that goes to a hand is reported with kHiddenValue until it is turned up.
//
// Why a flat struct with named members rather than a std::variant of per-kind structs: the
// emitter writes designated initialisers (`{.type = kSwapped, .player = p, .cell = c, ...}`),
// every consumer reads plain members without std::visit, the struct stays trivially copyable
// and 22 bytes, so an EventList (a static_vector, no heap) costs State::apply() nothing more
// than before. The price is that a field is meaningless for most kinds; the table below says
// which fields each kind sets, and the rest keep their defaults (so `==` compares them too).
#pragma once

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <string>
#include <type_traits>

#include "engine/geometry.h"

namespace allegra {

inline constexpr int8_t kHiddenValue = -128;
inline constexpr uint8_t kNoLine = 0xff;

// The kinds, with the fields each one sets (all others keep their defaults).
enum class EventType : uint8_t {
  kRoundStarted,    // R11 the deal: round, player = the first player, card = the discard starter
  kTurnStarted,     // player
  kRevealed,        // R11 setup / R5 after a discard: player turned up the card at cell
  kReshuffled,      // R6: cards = how many cards the new draw pile holds
  kDrew,            // R5: player drew card from pile
  kKnocked,         // R7: player knocked for the drawn card
  kPassed,          // R7: player did not knock
  kGave,            // R7: player (the active player) gave the drawn card to knocker
  kRefused,         // R7: player (the active player) kept the card although someone knocked
  kSwapped,         // R5: player put card face up at cell in place of old_card (which is
                    // discarded after the clearing: the kDiscarded with this cell follows)
  kDiscarded,       // R5/R7: player put card onto the discard pile, from cell (the card a swap or
                    // put replaced) or from the hand (cell = kNoCell: the drawn card, or the
                    // knocker's hand card when a knock ends after step 1)
  kKnockerSwapped,  // R7 step 1: player (the knocker) put the given card face up at cell and took
                    // old_card to his hand (kHiddenValue if it was face down)
  kTook,            // R7 step 2: player (the active player) took card from the knocker's cell
                    // (kHiddenValue if it was face down), leaving a hole
  kPut,             // R7 step 2: player put the taken card face up at cell in place of old_card
                    // (discarded after the clearing: the kDiscarded with this cell follows)
  kPutBack,         // R7 step 3: player (the knocker) filled the hole at cell with his hand card,
                    // face up
  kCleared,         // R2-R4: player cleared line (its cells) of three cards of value card
  kLinesLeft,       // R2: player left complete lines standing (optional clearing)
  kRoundEnded,      // R8/R8a: player has no face-down card left and ends the round
  kTurnSkipped,     // R8: player has no face-down card left; his final turn is skipped
  kFinalRevealed,   // R8: the face-down card at cell is turned up at the end of the round: card
  kRoundScored,     // R9: player's display scores display_half (half points; -20 for an empty
                    // display, then empty_display is set), score_half after the ender's penalty
                    // (penalised: his score was doubled or halved)
  kGameOver,        // R10: winners (bit p: player p has the lowest total)
};
inline constexpr int kNumEventTypes = static_cast<int>(EventType::kGameOver) + 1;

enum class Pile : uint8_t { kDraw, kDiscard };

struct Event {
  EventType type;
  int8_t player = -1;              // who did it; -1 for kReshuffled, kFinalRevealed, kGameOver
  int8_t card = kHiddenValue;      // the card the event is about (see the kinds)
  int8_t old_card = kHiddenValue;  // kSwapped, kKnockerSwapped, kPut: the card that was at cell
  CellId cell = kNoCell;           // the cell acted on; kNoCell where there is none
  int8_t knocker = -1;             // kGave: the knocker who gets the card
  Pile pile = Pile::kDraw;         // kDrew
  uint8_t line = kNoLine;          // kCleared: the line id (action.h)
  std::array<CellId, 3> cells = {kNoCell, kNoCell, kNoCell};  // kCleared: the line's cells
  bool penalised = false;                                     // kRoundScored
  bool empty_display = false;                                 // kRoundScored
  uint8_t winners = 0;       // kGameOver: bit p set for each winner
  int16_t round = 0;         // kRoundStarted: 0-based
  int16_t cards = 0;         // kReshuffled
  int16_t display_half = 0;  // kRoundScored (a display scores at most a few hundred)
  int16_t score_half = 0;    // kRoundScored

  bool operator==(const Event&) const = default;
};
static_assert(sizeof(Event) <= 24 && std::is_trivially_copyable_v<Event>);

// Enough for the busiest apply(): a cascade of clears, then the end-of-round reveal of every
// face-down card, the scores and the next deal.
inline constexpr int kMaxEvents = 192;
using EventList = boost::container::static_vector<Event, kMaxEvents>;

// "swapped", "put-back", ...: the JSON type names (docs/state-format.md).
std::string_view event_type_name(EventType t);
// A one-line English description for logs, e.g. "player 2 clears row-b1 (three 7s)". Sentences
// for people come from text::Narrator.
std::string describe(const Event& e);

}  // namespace allegra
