// TableLayout: where every seat, cell, label, pile and text line goes on a screen of a size.
//
// Every grid is drawn with its rows numbered 1-3 at its left and its columns numbered 1-4
// above it, the numbers that every message uses ("Bea's row 2, column 4"), so any cell named
// can be found. The grids lie in two rows around the piles, clockwise from the viewer (bottom
// middle): his left neighbour bottom left, then the top row from left to right, then bottom
// right. Column 4 of a grid is shared: it also belongs to the 15-card display of the player
// before its owner. A separator sets it apart, and the top row's grids show their columns
// from 4 to 1, so that with the seats above each shared column lies next to the grid whose
// display it completes. Pure arithmetic, no terminal: the tests check it and the input map
// moves the cursor with it.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "engine/geometry.h"

namespace allegra::tui {

struct Rect {
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;
  int center_x() const { return x + w / 2; }
  int center_y() const { return y + h / 2; }
  bool operator==(const Rect&) const = default;
};

inline constexpr int kCellWidth = 4;                                     // " 11 ", "[11]"
inline constexpr int kGridX = 2;                                         // cells after "1 "
inline constexpr int kBlockWidth = kGridX + kGridCols * kCellWidth + 1;  // 19, with "│"
inline constexpr int kBlockHeight = 5;  // the name, the column numbers, three rows
inline constexpr int kTableWidth = 64;
inline constexpr int kTableHeight = 2 * kBlockHeight + 4;  // 4 lines for the piles between
inline constexpr int kMinWidth = kTableWidth;
inline constexpr int kMinHeight = kTableHeight + 8;  // status, buttons, 4 log, 2 help lines
inline constexpr int kPanelWidth = 30;  // the score panel, right of the table when there is room

class TableLayout {
 public:
  TableLayout(int players, int viewer, int width, int height);

  int players() const { return players_; }
  int width() const { return width_; }
  int height() const { return height_; }
  // False if the screen is too small for the table: show a message instead.
  bool fits() const { return width_ >= kMinWidth && height_ >= kMinHeight; }

  // A grid in the top row shows its columns from 4 (left) to 1 (right).
  bool mirrored(int p) const { return seats_[static_cast<std::size_t>(p)].mirrored; }
  // The seat's block: the name line, the column numbers and the three rows with their numbers.
  Rect block_rect(int p) const;
  Rect grid_rect(int p) const;  // the three rows of cells (and the separator)
  Rect cell_rect(CellId c) const;
  Rect label_rect(int p) const;  // the name and total
  // Where the number of column `col` (0-3) of p's grid is drawn, and that of row `row`.
  Rect col_label_rect(int p, int col) const;
  Rect row_label_rect(int p, int row) const;
  int separator_x(int p) const;  // the "│" between the shared column and the others

  // The middle of the table: the round, the piles and the card in play.
  Rect center_rect() const;
  Rect draw_pile_rect() const;
  Rect discard_rect() const;
  int status_y() const { return oy_ + kTableHeight; }
  // The status wraps onto up to three rows (set_status_rows); the buttons come after it.
  int status_rows() const { return status_rows_; }
  void set_status_rows(int rows) { status_rows_ = rows < 1 ? 1 : rows > 3 ? 3 : rows; }
  int buttons_y() const { return status_y() + status_rows_; }
  // The score panel right of the table (every round's scores and the totals); w == 0 when the
  // screen is too narrow for it.
  Rect panel_rect() const;

 private:
  struct Seat {
    bool mirrored = false;
    int x = 0;  // top-left of the block
    int y = 0;
  };
  int col_x(int p, int col) const;  // the x of column col's cells
  int players_;
  int width_;
  int height_;
  int ox_ = 0;  // the table's top-left corner (centred on wide screens)
  int oy_ = 0;
  int status_rows_ = 1;
  std::array<Seat, kMaxPlayers> seats_{};
};

}  // namespace allegra::tui
