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

// The offset of a field in the vector (a compile-time lookup of kObservationFields).
constexpr int observation_offset(std::string_view name) {
  int offset = 0;
  for (const auto& f : kObservationFields) {
    if (f.name == name) return offset;
    offset += f.size;
  }
  return -1;
}

namespace detail {
// Counts of card keys 0..15 in two words of eight 8-bit counters (a deck has at most 160 cards):
// counting in registers, and adding two counts is adding two pairs of words.
struct KeyCounts {
  uint64_t low = 0, high = 0;
  void add(unsigned key) {
    const uint64_t one = uint64_t{1} << ((key & 7) * 8);
    low += key < 8 ? one : 0;
    high += key < 8 ? 0 : one;
  }
  void remove(unsigned key) {
    const uint64_t one = uint64_t{1} << ((key & 7) * 8);
    low -= key < 8 ? one : 0;
    high -= key < 8 ? 0 : one;
  }
  void add(const KeyCounts& o) {
    low += o.low;
    high += o.high;
  }
  bool operator==(const KeyCounts&) const = default;
  int operator[](unsigned key) const {
    return static_cast<int>(((key < 8 ? low : high) >> ((key & 7) * 8)) & 0xFF);
  }
};
}  // namespace detail

inline constexpr int kGridFloats = kGridCells * kCellFeatures;  // one seat's part of `cells`

// What a writer of observations keeps to rewrite one vector incrementally (the vector environment
// keeps one per game, for its row of the observation array), so that a step writes little more
// than what changed:
//  - the grids (masks and cards) as last seen, all at once: most steps change no grid, and one
//    comparison says so;
//  - each grid's 60 cell floats are encoded once and kept with the grid they were built from: a
//    step re-encodes only the grids that changed and copies the others, and when the vector
//    already holds the same seat's observation, an unchanged grid is not copied;
//  - the per-seat fields in seat order (display counts with the grids, knock flags and totals
//    apart): when the vector holds the same seat's observation and they did not change, they are
//    not written; likewise `unseen` when the counts of the cards in sight did not change;
//  - the 1s of the sparse fields (one-hots, cards) are remembered and cleared one by one instead
//    of zeroing the fields;
//  - the discard pile's cards are kept with their counts (for `unseen`): between two steps the
//    pile changes at its top, so only the top cards are counted again.
// The vector must be written by nothing else in between (the binding hands it out read-only).
class ObservationRow {
 private:
  friend class ObservationEncoder;
  struct Grid {
    uint32_t version = 0;                    // + 1 at each re-encoding
    detail::KeyCounts seen;                  // its cells' keys (face-up cards: their values)
    std::array<int8_t, kGridCells> keys{};   // each cell's key (all 0 before the first encoding)
    std::array<float, kGridFloats> cells{};  // its part of `cells`, the hole flag 0
  };
  std::array<Grid, kMaxPlayers> grids_{};
  int seat_ = -1;                                // the observer of the vector, -1: not written
  std::array<uint32_t, kMaxPlayers> written_{};  // version of the grid at each relative seat
  // Every grid as encoded (face-down cards never used): down masks, empty masks, cards.
  std::array<uint16_t, 2 * kMaxPlayers> masks_{};
  std::array<int8_t, kMaxPlayers * kGridCells> values_{};
  detail::KeyCounts grids_seen_;                          // the sum of the grids' `seen`
  std::array<float, kMaxPlayers> face_down_{}, cards_{};  // by absolute seat, as written
  uint32_t flags_ = 0;                                    // knockers, pending, final turns
  std::array<int32_t, kMaxPlayers> totals_{};             // as last seen
  // By absolute seat, from flags_ and totals_: knocked, knock_pending, final_turn_done, totals.
  std::array<std::array<float, 4>, kMaxPlayers> seat_fields_{};
  detail::KeyCounts unseen_seen_;  // the cards in sight of `unseen`
  uint8_t ones_count_ = 0;         // the 1s written in sparse fields
  std::array<uint16_t, 24> ones_{};
  uint8_t pile_size_ = 0;  // the discard pile as last counted, bottom first
  std::array<int8_t, kMaxDeck> pile_{};
  detail::KeyCounts pile_seen_;
};

// Writes observations for one rule set: what depends only on the options (the deck, the rules
// fields) is computed once, here, instead of once per vector (the vector environment writes one
// observation per game per step and is bound by it).
//
// encode() reads only the public queries of the State (a cell's card only when it is face up, the
// hand and taken cards only when known, never the draw pile), so a full State and its PublicView's
// masked state give the same vector; the environments pass the full State to skip the view's copy
// on their hot path, and the tests check both ways and under resampling of the hidden cards.
// `out` must hold zeros in the places of the seats the table lacks (seats >= players): they are
// never written. A zeroed vector, or one last written for the same number of players, does.
class ObservationEncoder {
 public:
  explicit ObservationEncoder(const RuleOptions& options);
  // A one-off vector.
  void encode(const State& s, int seat, std::span<float, kObservationSize> out) const;
  // The vector `row` describes (it must be the vector this row was last used with, or `row` new).
  void encode(const State& s, int seat, std::span<float, kObservationSize> out,
              ObservationRow& row) const;

 private:
  static void count_discard_pile(std::span<const int8_t> pile, ObservationRow& row);
  // Re-encodes the grids that changed since the row last saw them; false if none did.
  bool update_grids(const State& s, ObservationRow& row, bool first) const;

  int players_;
  std::array<int, kNumValues> deck_{};
  float deck_size_ = 1;
  std::array<float, 4> rules_{};
};

// The same for a one-off vector (the encoder built from s.options() each call).
void encode_observation(const State& s, int seat, std::span<float, kObservationSize> out);

// Writes the legal-action mask of the current player (relative action indexes,
// action_index.h) into out (kNumActionIndexes bytes of 0/1); all 0 when nobody decides.
void encode_action_mask(const State& state, std::span<uint8_t> out);

}  // namespace allegra::python
