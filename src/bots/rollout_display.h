// RolloutDisplay: one player's display as the MCTS rollout policy (mcts_rollout.h) sees it,
// held as bit masks so that the policy's questions cost a few word operations.
//
// Why: for every card the policy might place (the drawn card, the discard top, a taken card)
// it asks, for each of the 15 cells, "how many face-up cards equal to it would be next to it"
// and "would it complete a line". Asked cell by cell (six neighbour lookups and compares per
// cell and card) that was half of a search's instructions. Here the display keeps, for every
// card value, the 15-bit mask of the face-up cells holding it; the cells next to such a card
// in their column are that mask with its rows rotated, and in their row (cleared cells are
// skipped, as in R3) a table lookup per row. So one call of neighbours() answers both
// questions for all 15 cells at once.
//
// Masks are display masks (bit row*5 + display column, as State::display_down()). The policy
// sees a cell as face up (a known card), face down (worth the unseen mean) or a gap (a cleared
// cell, or the rare knock hole: the policy treats it as cleared, unlike R3, which lets it
// block a row).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "engine/geometry.h"
#include "engine/options.h"
#include "engine/state.h"

namespace allegra::mcts {

// For a mask m of face-up cards (all of one value): the cells that have such a card next to
// them, as one mask per neighbour, and the cells where a card of that value completes a line.
struct Neighbours {
  uint16_t col0 = 0;    // the cell one row further down its display column (wrapping) is in m
  uint16_t col1 = 0;    // the cell two rows further down (wrapping), i.e. the other one
  uint16_t before = 0;  // the nearest non-gap cell to the left in its row is in m
  uint16_t after = 0;   // the nearest non-gap cell to the right is in m
  uint16_t line = 0;    // both others of the column, or two next to it in the row, are in m

  // Equal face-up cards next to display index i (column and the two row sides): the pairs a
  // card of this value at i would make.
  int count(int i) const {
    return (col0 >> i & 1) + (col1 >> i & 1) + (before >> i & 1) + (after >> i & 1);
  }
};

// Four lanes of floats or ints, for four display cells at a time (GCC/Clang vector
// extensions: SSE2 on plain x86-64, so the build stays portable).
using F4 = float __attribute__((vector_size(16)));
using I4 = int32_t __attribute__((vector_size(16)));

// All ones in the lanes of display cells 4q..4q+3 whose bit is set in m, zero elsewhere: a
// table of the 16 nibbles (one load; building the mask in registers took ~7 instructions).
namespace detail {
constexpr std::array<std::array<int32_t, 4>, 16> kLaneMasks = [] {
  std::array<std::array<int32_t, 4>, 16> t{};
  for (int m = 0; m < 16; ++m)
    for (int k = 0; k < 4; ++k) t[m][k] = (m >> k & 1) ? -1 : 0;
  return t;
}();
}  // namespace detail
inline I4 lanes(unsigned m, int q) {
  I4 v;
  std::memcpy(&v, detail::kLaneMasks[(m >> (4 * q)) & 15].data(), sizeof v);
  return v;
}

struct RolloutDisplay {
  const CellId* cells = nullptr;                // the 15 cells in display order
  uint16_t up = 0;                              // face-up cells
  uint16_t down = 0;                            // face-down cells
  uint16_t gaps = 0;                            // cleared cells and the knock hole
  std::array<uint8_t, kRows> row_gaps{};        // the gaps of each row, 5 bits
  std::array<uint16_t, kNumValues> by_value{};  // face-up cells holding value v - kMinValue
  // Per cell (lane 15 unused, 0), as floats for the policy's vectorised gains:
  std::array<float, kDisplayCells + 1> cur{};       // the face-up card, or the unseen mean
  std::array<float, kDisplayCells + 1> pairs_of{};  // pairs the face-up card is part of

  // Reads player p's display from s; a face-down cell is worth `hidden_mean` (the policy never
  // uses a face-down value, so it plays like a player who cannot peek).
  void read(const State& s, int p, float hidden_mean);

  // The neighbour masks of face-up cards holding `value` (kMinValue..kMaxValue).
  Neighbours neighbours_of(int value) const { return neighbours(by_value[value - kMinValue]); }
  Neighbours neighbours(uint16_t m) const;
};

namespace detail {
// Row neighbours of one 5-cell row, indexed [row gaps][row cells of m]: bits 0-4 the cells
// whose left neighbour (gaps skipped) is in m, 5-9 the right neighbour, 10-14 the line cells.
extern const std::array<std::array<uint16_t, 32>, 32> kRowNeighbours;
}  // namespace detail

inline Neighbours RolloutDisplay::neighbours(uint16_t m) const {
  Neighbours n;
  for (int r = 0; r < kRows; ++r) {
    const int shift = r * kDisplayCols;
    const unsigned e = detail::kRowNeighbours[row_gaps[r]][(m >> shift) & 31];
    n.before = static_cast<uint16_t>(n.before | (e & 31) << shift);
    n.after = static_cast<uint16_t>(n.after | (e >> 5 & 31) << shift);
    n.line = static_cast<uint16_t>(n.line | (e >> 10 & 31) << shift);
  }
  // Row r + 1 (mod 3) moved onto row r, and row r + 2 (mod 3).
  n.col0 = static_cast<uint16_t>(((m >> kDisplayCols) | (m << 2 * kDisplayCols)) & kDisplayMask);
  n.col1 = static_cast<uint16_t>(((m >> 2 * kDisplayCols) | (m << kDisplayCols)) & kDisplayMask);
  n.line = static_cast<uint16_t>(n.line | (n.col0 & n.col1));
  return n;
}

}  // namespace allegra::mcts
