// Lines (R3): which lines of a display are complete, for the engine and the bots alike.
//
// A line is three identical face-up cards next to each other in one row of a display, or the
// three cards of one display column. Display column 0 is the left neighbour's column 3, so rows
// and columns run "around the corner" into the neighbour's grid: the caller passes the
// display's 15 cells in display order (display_cells()). In a row, cleared cells (gaps) are
// skipped: the cards on both sides of a gap are next to each other, so clearing a column can
// create a row. A face-down card, a face-up card whose value is not known, or the knock hole
// (R7: it waits for the knocker's hand card) is not a gap: it blocks. A column line needs all
// three cells face up. With 4 or 5 identical cards in a row, every three consecutive ones form
// a line.
//
// The input is two bit masks and a value table, so State and the bots' Board share this code
// without building anything; nothing allocates (it runs for every placement of every search).
//
// How (the hot path of random play and rollouts): each display row is packed into one 64-bit
// word, a byte per display column holding the face-up card or, for any other cell, a sentinel
// that matches nothing (different per row and column). Equal neighbours are then the zero bytes
// of word ^ (word >> 8), a line from column c two of them in a row, and a column line the zero
// bytes of row0 ^ row1 and row1 ^ row2: a few word operations and no branch on a card value
// (the old per-window comparisons mispredicted about once per placement). Only a display that
// holds a line, or a row with a gap (cleared cells are skipped, so such a row is joined across
// them the slow way), goes on to build the list.
#pragma once

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/action.h"
#include "engine/geometry.h"

namespace allegra {

// A complete line of a display that may be cleared.
struct Line {
  int id;  // see action.h: row r from column c -> r*5+c; column c -> 15+c
  std::array<CellId, 3> cells;
};
using LineList = boost::container::static_vector<Line, 16>;

// The cards of one row that are next to each other: the display columns of a row that are not
// gaps, in order.
struct RowRun {
  std::array<uint8_t, kDisplayCols> col{};
  int len = 0;
};

namespace detail {
constexpr auto make_row_runs() {
  std::array<RowRun, 1u << kDisplayCols> t{};
  for (unsigned gaps = 0; gaps < t.size(); ++gaps)
    for (int dc = 0; dc < kDisplayCols; ++dc)
      if (!(gaps >> dc & 1)) t[gaps].col[t[gaps].len++] = static_cast<uint8_t>(dc);
  return t;
}
inline constexpr auto kRowRuns = make_row_runs();
}  // namespace detail

// The run of row `row` of a display whose cleared cells are `gaps` (15-bit display mask). A
// table: the rollouts of the search bots ask for every turn.
inline const RowRun& row_without_gaps(uint16_t gaps, int row) {
  return detail::kRowRuns[(gaps >> (row * kDisplayCols)) & ((1u << kDisplayCols) - 1)];
}

namespace detail {
inline constexpr unsigned kRowBits = (1u << kDisplayCols) - 1;
// Byte dc all ones where bit dc of a 5-bit row mask is set.
inline constexpr auto kByteMasks = [] {
  std::array<uint64_t, 1u << kDisplayCols> t{};
  for (unsigned m = 0; m < t.size(); ++m)
    for (int dc = 0; dc < kDisplayCols; ++dc)
      if (m >> dc & 1) t[m] |= uint64_t{0xFF} << (8 * dc);
  return t;
}();
// The sentinels of row r: they differ from every card value (-1..11, so 0xFF and 0x00..0x0B)
// and from each other, across rows too, so they never match.
inline constexpr auto kSentinels = [] {
  std::array<uint64_t, kRows> t{};
  for (int r = 0; r < kRows; ++r)
    for (int dc = 0; dc < kDisplayCols; ++dc) t[r] |= uint64_t(0x40 + r * 8 + dc) << (8 * dc);
  return t;
}();
}  // namespace detail

// The sentinel byte of row r, display column dc (what pack_row() puts in a cell that is not up).
inline uint8_t row_sentinel(int r, int dc) {
  return static_cast<uint8_t>(detail::kSentinels[r] >> (8 * dc));
}

// Row r of a display packed for the line search: `cards` holds the row's five card bytes
// (byte dc = display column dc, whatever the cell holds); the cells not in `row_up` (5 bits:
// the face-up cells with a known value) become sentinels.
inline uint64_t pack_row(uint64_t cards, unsigned row_up, int r) {
  const uint64_t up = detail::kByteMasks[row_up & detail::kRowBits];
  return (cards & up) | (detail::kSentinels[r] & ~up);
}

namespace detail {
constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
constexpr uint64_t kRowHigh = 0x8080808080ull;  // the high bit of each of a row's 5 bytes
// 0x80 in each byte of x that is zero, 0 elsewhere (exact: no carries between bytes).
constexpr uint64_t zero_bytes(uint64_t x) { return ~(((x & kLow7) + kLow7) | x | kLow7); }
}  // namespace detail

// Bit 0 or 8 (row of a pair) + dc: three equal bytes from column dc of some row, and bits 0-4:
// a column of three equal bytes. SSE2 (plain x86-64) compares two rows per instruction: rows 0
// and 1 in one register and rows 1 and 2 in another, a row per 64-bit lane (the bytes 5-7 of a
// row word are zero: the masks drop the windows and columns that reach them).
#if defined(__SSE2__)
inline unsigned line_windows(const std::array<uint64_t, kRows>& rows) {
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows.data()));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows.data() + 1));
  auto windows = [](__m128i x) {
    const __m128i next = _mm_cmpeq_epi8(x, _mm_srli_epi64(x, 8));
    const __m128i after_next = _mm_cmpeq_epi8(x, _mm_srli_epi64(x, 16));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(next, after_next)));
  };
  const __m128i pairs = _mm_cmpeq_epi8(a, b);  // lane 0: row 0 == row 1, lane 1: row 1 == row 2
  const auto columns = static_cast<unsigned>(
      _mm_movemask_epi8(_mm_and_si128(pairs, _mm_unpackhi_epi64(pairs, pairs))));
  return ((windows(a) | windows(b)) & 0x0707u) | (columns & 0x1Fu);
}
#else
inline unsigned line_windows(const std::array<uint64_t, kRows>& rows) {  // the same in words
  using detail::zero_bytes;
  uint64_t windows = 0;
  for (int r = 0; r < kRows; ++r) {
    const uint64_t pairs = zero_bytes(rows[r] ^ (rows[r] >> 8)) & 0x80808080ull;
    windows |= pairs & (pairs >> 8);
  }
  const uint64_t columns =
      zero_bytes(rows[0] ^ rows[1]) & zero_bytes(rows[1] ^ rows[2]) & detail::kRowHigh;
  return static_cast<unsigned>(windows != 0) | static_cast<unsigned>(columns != 0);
}
#endif

// False if the display of these packed rows holds no complete line for sure: no three equal
// bytes next to each other in a row or down a column, and no row with gaps (the cards on both
// sides of a gap are next to each other: find_lines_packed() joins them) holding three face-up
// cards. Inline, because it runs after every placement and is almost always false.
inline bool may_hold_lines(const std::array<uint64_t, kRows>& rows, uint16_t up, uint16_t gaps) {
  bool gapped_row = false;
  for (int r = 0; r < kRows; ++r) {
    const unsigned row_up = (up >> (r * kDisplayCols)) & detail::kRowBits;
    const bool row_gaps = ((gaps >> (r * kDisplayCols)) & detail::kRowBits) != 0;
    gapped_row |= row_gaps & (count_cells(static_cast<uint16_t>(row_up)) >= 3);
  }
  return (line_windows(rows) | unsigned{gapped_row}) != 0;
}

// find_lines() of a display whose rows the caller has packed already (pack_row()): State
// reads its rows straight from its grids, four cards of a row being next to each other there.
// The other arguments are find_lines()'s (the list and the rows with gaps need them).
void find_lines_packed(const std::array<uint64_t, kRows>& rows, const CellId* cells, uint16_t up,
                       uint16_t gaps, const int8_t* values, LineList& out);

// Appends the complete lines of one display to `out`: rows top to bottom (left to right within
// a row), then columns left to right.
//  cells:  the display's 15 cells in display order;
//  up:     15-bit mask (bit row*5 + display column) of the face-up cells with a known value;
//  gaps:   15-bit mask of the cleared cells (not the knock hole);
//  values: card values indexed by CellId (read only for `up` cells).
void find_lines(const CellId* cells, uint16_t up, uint16_t gaps, const int8_t* values,
                LineList& out);

}  // namespace allegra
