// Geometry of the ALLEGRA table: 3x4 grids, 15-card displays and the shared columns.
//
// Rules source: ../shared/rules (ALLEGRA, Bella Lucca, Drei Hasen 2020), "Was ist eine
// 15er-Auslage?". Players sit clockwise 0..n-1; player p+1 is p's LEFT neighbour and plays
// after p. Every player owns a 3x4 grid (rows 0-2, columns 0-3). Player p's display is a 3x5
// grid: display column 0 is column 3 of p's left neighbour, display columns 1-4 are p's own
// columns 0-3. So column 3 of every grid belongs to two displays.
//
// Implementation notes: a cell has exactly one address, its CellId = owner*12 + row*4 + col,
// whatever display it is seen from. Per-player 12-bit masks (bit row*4+col) make the "which
// cells of this display are face down" questions a couple of popcounts.
#pragma once

#include <array>
#include <cstdint>

namespace allegra {

inline constexpr int kMaxPlayers = 6;
inline constexpr int kMinPlayers = 2;
inline constexpr int kRows = 3;
inline constexpr int kGridCols = 4;
inline constexpr int kDisplayCols = 5;
inline constexpr int kGridCells = kRows * kGridCols;           // 12
inline constexpr int kDisplayCells = kRows * kDisplayCols;     // 15
inline constexpr int kMaxCells = kMaxPlayers * kGridCells;     // 72
inline constexpr int kSharedCol = kGridCols - 1;               // column 3 of each grid
inline constexpr uint16_t kGridMask = (1u << kGridCells) - 1;  // all 12 cells of a grid
inline constexpr uint16_t kSharedColMask = (1u << (0 * kGridCols + kSharedCol)) |
                                           (1u << (1 * kGridCols + kSharedCol)) |
                                           (1u << (2 * kGridCols + kSharedCol));

// A cell's one address on the table.
using CellId = uint8_t;
inline constexpr CellId kNoCell = 0xFF;

constexpr CellId make_cell(int owner, int row, int col) {
  return static_cast<CellId>(owner * kGridCells + row * kGridCols + col);
}
constexpr int cell_owner(CellId c) { return c / kGridCells; }
constexpr int cell_index(CellId c) { return c % kGridCells; }  // row*4+col in the owner's grid
constexpr int cell_row(CellId c) { return (c % kGridCells) / kGridCols; }
constexpr int cell_col(CellId c) { return c % kGridCols; }

// Branches, not %: a division costs more than the rest of a legality check.
constexpr int left_of(int p, int n) { return p + 1 == n ? 0 : p + 1; }   // plays after p
constexpr int right_of(int p, int n) { return p == 0 ? n - 1 : p - 1; }  // plays before p

// The cell at (row, display column dcol) of player p's display.
constexpr CellId display_cell(int p, int n, int row, int dcol) {
  return dcol == 0 ? make_cell(left_of(p, n), row, kSharedCol) : make_cell(p, row, dcol - 1);
}
// The cell at display index d = row*5 + dcol of player p's display.
constexpr CellId display_cell(int p, int n, int d) {
  return display_cell(p, n, d / kDisplayCols, d % kDisplayCols);
}

// True if cell c is part of player p's display.
constexpr bool in_display(int p, int n, CellId c) {
  int owner = cell_owner(c);
  return owner == p || (owner == left_of(p, n) && cell_col(c) == kSharedCol);
}

// Display index (row*5 + dcol) of cell c in p's display; -1 if c is not in it.
constexpr int display_index(int p, int n, CellId c) {
  if (cell_owner(c) == p) return cell_row(c) * kDisplayCols + cell_col(c) + 1;
  if (cell_owner(c) == left_of(p, n) && cell_col(c) == kSharedCol)
    return cell_row(c) * kDisplayCols;
  return -1;
}

namespace detail {
constexpr auto make_display_table() {
  std::array<std::array<std::array<CellId, kDisplayCells>, kMaxPlayers>, kMaxPlayers + 1> t{};
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (int p = 0; p < n; ++p)
      for (int d = 0; d < kDisplayCells; ++d) t[n][p][d] = display_cell(p, n, d);
  return t;
}
constexpr auto make_popcount12() {
  std::array<uint8_t, 1u << kGridCells> t{};
  for (unsigned m = 0; m < t.size(); ++m)
    for (unsigned b = m; b; b &= b - 1) ++t[m];
  return t;
}
inline constexpr auto kDisplayTable = make_display_table();
// kDisplayPlaces[n][c]: where cell c shows in the displays, see display_places().
struct DisplayPlace {
  uint8_t player;
  uint8_t row;
  uint8_t dcol;
  // The place's byte in State's display rows read as bytes: row `row` of `player` is the
  // 8-byte word player*3 + row, and display column dcol its byte dcol (little-endian).
  uint8_t row_byte;
  uint16_t bit;  // 1 << (row*5 + dcol), the cell's bit in the player's display masks
};
constexpr auto make_display_places() {
  std::array<std::array<std::array<DisplayPlace, 2>, kMaxCells>, kMaxPlayers + 1> t{};
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (int c = 0; c < n * kGridCells; ++c) {
      const auto owner = static_cast<uint8_t>(cell_owner(static_cast<CellId>(c)));
      const int row = cell_row(static_cast<CellId>(c));
      const int col = cell_col(static_cast<CellId>(c));
      auto place = [&](int player, int dcol) {
        return DisplayPlace{static_cast<uint8_t>(player), static_cast<uint8_t>(row),
                            static_cast<uint8_t>(dcol),
                            static_cast<uint8_t>((player * kRows + row) * 8 + dcol),
                            static_cast<uint16_t>(1u << (row * kDisplayCols + dcol))};
      };
      const DisplayPlace own = place(owner, col + 1);
      const DisplayPlace shared = place(right_of(owner, n), 0);
      t[n][c] = {own, col == kSharedCol ? shared : own};
    }
  return t;
}
inline constexpr auto kDisplayPlaces = make_display_places();
inline constexpr auto kPopcount12 = make_popcount12();
}  // namespace detail

// The 15 cells of p's display in display order (row-major, display column 0 first), from a
// table: this is on the hot path of every search.
inline const CellId* display_cells(int p, int n) { return detail::kDisplayTable[n][p].data(); }

// The two places of cell c (c < n*12) in the displays, as (player, row, display column): display
// column col+1 of its owner's display and, in column 3, display column 0 of the owner's right
// neighbour's; for a cell of columns 0-2 the second place is the first again. A table, so that
// the hot paths ask without a branch on the column (a coin toss in random play).
inline const std::array<detail::DisplayPlace, 2>& display_places(int n, CellId c) {
  return detail::kDisplayPlaces[n][c];
}

// The bit of cell c (c < n*12) in p's 15-bit display mask, 0 if c is not in p's display.
inline unsigned display_bit(int p, int n, CellId c) {
  const auto& places = display_places(n, c);
  return (places[0].bit & -unsigned{places[0].player == p}) |
         (places[1].bit & -unsigned{places[1].player == p});
}

// A 15-bit display mask (bit row*5 + dcol) from per-owner 12-bit grid masks: p's own grid
// fills display columns 1-4, the left neighbour's column 3 fills display column 0.
inline uint16_t to_display_mask(uint16_t own, uint16_t left) {
  return static_cast<uint16_t>(((own & 0x00F) << 1) | ((own & 0x0F0) << 2) | ((own & 0xF00) << 3) |
                               ((left & 0x008) >> 3) | ((left & 0x080) >> 2) |
                               ((left & 0x800) >> 1));
}
inline constexpr uint16_t kDisplayMask = (1u << kDisplayCells) - 1;

// Number of set bits of a 12-bit grid mask. A table, because without -mpopcnt (we build for
// plain x86-64) std::popcount is a library call.
inline int count_cells(uint16_t grid_mask) { return detail::kPopcount12[grid_mask & kGridMask]; }
// Number of set bits of a 15-bit display mask (two lookups of the same table).
inline int count_display_cells(uint16_t display_mask) {
  return detail::kPopcount12[display_mask & kGridMask] + detail::kPopcount12[display_mask >> 12];
}

}  // namespace allegra
