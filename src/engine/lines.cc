#include "engine/lines.h"

#include <bit>

namespace allegra {
namespace {

constexpr int kLineLength = 3;
constexpr unsigned kRowBits = (1u << kDisplayCols) - 1;
constexpr unsigned kWindow = (1u << kLineLength) - 1;  // three cells next to each other
constexpr int8_t kBlocker = -100;  // a face-down card, an unknown card or the hole in a row

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
  // 1. Rows: only a row with three face-up cards can hold a line.
  for (int r = 0; r < kRows; ++r) {
    const int base = r * kDisplayCols;
    const unsigned row_up = (up >> base) & kRowBits;
    if (count_cells(static_cast<uint16_t>(row_up)) < kLineLength) continue;
    if (((gaps >> base) & kRowBits) != 0) {
      row_lines_across_gaps(cells, up, gaps, values, r, out);
      continue;
    }
    // The common case, no gap: three fixed windows.
    const CellId* rc = cells + base;
    for (int i = 0; i + kLineLength <= kDisplayCols; ++i) {
      if ((row_up >> i & kWindow) == kWindow && values[rc[i]] == values[rc[i + 1]] &&
          values[rc[i]] == values[rc[i + 2]])
        out.push_back({row_line_id(r, i), {rc[i], rc[i + 1], rc[i + 2]}});
    }
  }
  // 2. Columns: all three cells face up and equal.
  unsigned full_columns = up & (up >> kDisplayCols) & (up >> 2 * kDisplayCols) & kRowBits;
  for (; full_columns; full_columns &= full_columns - 1) {
    const int dc = std::countr_zero(full_columns);
    const int8_t v = values[cells[dc]];
    if (v == values[cells[kDisplayCols + dc]] && v == values[cells[2 * kDisplayCols + dc]])
      out.push_back(
          {col_line_id(dc), {cells[dc], cells[kDisplayCols + dc], cells[2 * kDisplayCols + dc]}});
  }
}

}  // namespace allegra
