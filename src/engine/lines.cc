#include "engine/lines.h"

#include <bit>

namespace allegra {
namespace {

constexpr int kLineLength = 3;
using detail::kRowBits;
constexpr int8_t kBlocker = -100;  // a face-down card, an unknown card or the hole in a row

// The packed form: see lines.h and pack_row().
using detail::kRowHigh;
using detail::zero_bytes;

// Row r of the display as a word: its face-up cards, sentinels elsewhere.
inline uint64_t row_word(const CellId* cells, unsigned row_up, const int8_t* values, int r) {
  const CellId* rc = cells + r * kDisplayCols;
  uint64_t w = 0;
  for (int dc = 0; dc < kDisplayCols; ++dc)
    w |= uint64_t{static_cast<uint8_t>(values[rc[dc]])} << (8 * dc);
  return pack_row(w, row_up, r);
}

// Rows of the display that hold gaps: the cards on both sides of a gap are next to each other.
void row_lines_across_gaps(const CellId* cells, uint16_t up, uint16_t gaps, const int8_t* values,
                           int r, LineList& out) {
  const int base = r * kDisplayCols;
  const RowRun& run = row_without_gaps(gaps, r);
  std::array<int8_t, kDisplayCols> code;
  for (int i = 0; i < run.len; ++i) {
    const int d = base + run.col[i];
    code[i] = (up >> d & 1) ? values[cells[d]] : kBlocker;
  }
  for (int i = 0; i + 2 < run.len; ++i) {
    if (code[i] != kBlocker && code[i] == code[i + 1] && code[i] == code[i + 2])
      out.push_back(
          {row_line_id(r, run.col[i]),
           {cells[base + run.col[i]], cells[base + run.col[i + 1]], cells[base + run.col[i + 2]]}});
  }
}

}  // namespace

void find_lines(const CellId* cells, uint16_t up, uint16_t gaps, const int8_t* values,
                LineList& out) {
  std::array<uint64_t, kRows> word;
  for (int r = 0; r < kRows; ++r)
    word[r] = row_word(cells, (up >> (r * kDisplayCols)) & kRowBits, values, r);
  find_lines_packed(word, cells, up, gaps, values, out);
}

void find_lines_packed(const std::array<uint64_t, kRows>& word, const CellId* cells, uint16_t up,
                       uint16_t gaps, const int8_t* values, LineList& out) {
  // 1. Every row and column at once, without a branch on a card: windows of three equal
  //    bytes in a row word, columns of three equal bytes across the row words.
  std::array<uint64_t, kRows> windows;  // bit 7 + 8*dc: a line from display column dc
  unsigned gap_rows = 0;                // bit r: row r holds a gap (the slow path below)
  for (int r = 0; r < kRows; ++r) {
    const uint64_t pairs = zero_bytes(word[r] ^ (word[r] >> 8)) & 0x80808080ull;
    windows[r] = pairs & (pairs >> 8);
    if ((gaps >> (r * kDisplayCols)) & kRowBits) gap_rows |= 1u << r;
  }
  const uint64_t columns = zero_bytes(word[0] ^ word[1]) & zero_bytes(word[1] ^ word[2]) & kRowHigh;
  if ((windows[0] | windows[1] | windows[2] | columns | gap_rows) == 0) return;
  // 2. Rows top to bottom, left to right; a row with gaps joins the cards across them.
  for (int r = 0; r < kRows; ++r) {
    const int base = r * kDisplayCols;
    if (gap_rows >> r & 1) {
      if (count_cells(static_cast<uint16_t>((up >> base) & kRowBits)) >= kLineLength)
        row_lines_across_gaps(cells, up, gaps, values, r, out);
      continue;
    }
    const CellId* rc = cells + base;
    for (uint64_t w = windows[r]; w; w &= w - 1) {
      const int i = std::countr_zero(w) / 8;
      out.push_back({row_line_id(r, i), {rc[i], rc[i + 1], rc[i + 2]}});
    }
  }
  // 3. Columns left to right.
  for (uint64_t c = columns; c; c &= c - 1) {
    const int dc = std::countr_zero(c) / 8;
    out.push_back(
        {col_line_id(dc), {cells[dc], cells[kDisplayCols + dc], cells[2 * kDisplayCols + dc]}});
  }
}

}  // namespace allegra
