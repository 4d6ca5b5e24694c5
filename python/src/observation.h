// Observation: a fixed-size float32 vector of what one seat sees, for the RL environments.
//
// Built from the public view only (the masked state of PublicView: a face-down card reads as
// hidden), so two states with the same public view give the same vector (the tests resample the
// hidden cards to prove it). Everything is egocentric: seats are counted from the observer
// (relative seat 0 is the observer, 1 his left neighbour, ...), and tables of fewer than 6 players
// leave the seats they lack at zero, so one layout serves 2 to 6 players. The fields, in order,
// with their sizes, are kObservationFields (docs/python.md explains each one); the Python module
// exposes the same table as allegra.observation_fields().
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "engine/state.h"

namespace allegra::python {

struct ObservationField {
  std::string_view name;
  int size;
  std::string_view meaning;
};

inline constexpr int kCellFeatures = 5;  // face up, face down, empty, value/10, hole

inline constexpr std::array<ObservationField, 24> kObservationFields = {{
    {"cells", kMaxPlayers* kGridCells* kCellFeatures,
     "per relative seat s (0-5) and grid cell i = row*4+col (0-11), at (s*12+i)*5: face up, face "
     "down, empty (1/0), the card's value/10 if face up (else 0), 1 if it is the knock hole"},
    {"phase", 12, "one-hot of the phase (engine order: setup-reveal ... game-over)"},
    {"players", 5, "one-hot of the number of players, 2-6"},
    {"active", kMaxPlayers, "one-hot relative seat of the active player (whose turn it is)"},
    {"current", kMaxPlayers, "one-hot relative seat of the player to decide (none at the end)"},
    {"knocker", kMaxPlayers, "one-hot relative seat of the knocker given the card (if any)"},
    {"knocked", kMaxPlayers,
     "1 for each relative seat that knocked (all 0 while the knock window is open: everyone "
     "answers blind, R7)"},
    {"knock_pending", kMaxPlayers, "1 for each relative seat yet to answer the knock window"},
    {"ender", kMaxPlayers, "one-hot relative seat of the player who ended the round (if any)"},
    {"final_turn_done", kMaxPlayers, "1 for each relative seat that had its final turn"},
    {"totals", kMaxPlayers, "each relative seat's game total so far, points/100"},
    {"face_down", kMaxPlayers, "face-down cards in each relative seat's display, /15"},
    {"cards", kMaxPlayers, "cards (non-empty cells) in each relative seat's display, /15"},
    {"held", 14, "a drawn card is held (1/0), then one-hot of its value -1..11"},
    {"held_from_discard", 1, "1 if the held card came from the discard pile"},
    {"discard_top", 14, "the discard pile is not empty (1/0), then one-hot of its top card"},
    {"hand", 15, "the knocker has a hand card, it is hidden (face down), one-hot of its value"},
    {"taken", 15, "a taken card (knock step 2) is held, it is hidden, one-hot of its value"},
    {"pending_discard", 14, "a replaced card waits to be discarded (1/0), one-hot of its value"},
    {"piles", 2, "draw pile size and discard pile size, each /deck size"},
    {"round", 3, "round index/10, 1 if in the final round (someone ended it), rounds played/10"},
    {"clock", 2, "turns begun in this round/100, setup reveals left/2"},
    {"rules", 4, "knocking in effect, optional clearing, discard-draw may discard, rounds/10"},
    {"unseen", kNumValues,
     "unseen cards of each value -1..11 (the deck minus every card in sight), /12"},
}};

constexpr int observation_size() {
  int n = 0;
  for (const auto& f : kObservationFields) n += f.size;
  return n;
}
inline constexpr int kObservationSize = observation_size();

// Writes the observation of `seat` into out (kObservationSize floats). It reads only the public
// queries of the State (a cell's value only when it is face up, the hand and taken cards only when
// known, never the draw pile), so a full State and its PublicView's masked state give the same
// vector; the environments pass the full State to skip the view's copy on their hot path, and the
// tests check both ways and under resampling of the hidden cards.
// `out` must hold zeros in the places of the seats the table lacks (seats >= players): they are
// never written. A zeroed vector, or one last written for the same number of players, does.
void encode_observation(const State& s, int seat, std::span<float, kObservationSize> out);

// Writes the legal-action mask of the current player (relative action indexes,
// action_index.h) into out (kNumActionIndexes bytes of 0/1); all 0 when nobody decides.
void encode_action_mask(const State& state, std::span<uint8_t> out);

}  // namespace allegra::python
