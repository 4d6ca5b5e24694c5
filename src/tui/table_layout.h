// TableLayout: where every seat, cell, pile and text line goes on a screen of a given size.
//
// The grids lie around the table as in the real game: the viewer at the bottom, the others
// clockwise (left side, top, right side), each grid turned to face its owner. So every grid's
// column 3, which is also the first column of the previous player's 15-card display, lies at
// the corner next to that player's grid, where the rulebook puts its red chip. Pure
// arithmetic, no terminal: the tests check it and the input map moves the cursor with it.
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

// Which way a grid faces: its owner sits at that side of the table.
enum class Side { kSouth, kWest, kNorth, kEast };

inline constexpr int kCellWidth = 4;  // " 11 ", "[11]"
inline constexpr int kTableWidth = 64;
inline constexpr int kTableHeight = 14;
inline constexpr int kMinWidth = kTableWidth;
inline constexpr int kMinHeight = kTableHeight + 6;  // status, buttons, 3 log lines, help
inline constexpr int kPanelWidth = 30;  // the score panel, right of the table when there is room

class TableLayout {
 public:
  TableLayout(int players, int viewer, int width, int height);

  int players() const { return players_; }
  int width() const { return width_; }
  int height() const { return height_; }
  // False if the screen is too small for the table: show a message instead.
  bool fits() const { return width_ >= kMinWidth && height_ >= kMinHeight; }

  Side side(int p) const { return seats_[static_cast<std::size_t>(p)].side; }
  Rect grid_rect(int p) const;
  Rect cell_rect(CellId c) const;
  Rect label_rect(int p) const;

  // The middle of the table: the round, the piles and the card in play.
  Rect center_rect() const;
  Rect draw_pile_rect() const;
  Rect discard_rect() const;
  int status_y() const { return oy_ + kTableHeight; }
  int buttons_y() const { return status_y() + 1; }
  Rect log_rect() const;  // notes and the log
  // The score panel right of the table (every round's scores and the totals); w == 0 when the
  // screen is too narrow for it.
  Rect panel_rect() const;
  int help_y() const { return height_ - 1; }

 private:
  struct Seat {
    Side side = Side::kSouth;
    int x = 0;  // top-left of the grid
    int y = 0;
  };
  int players_;
  int width_;
  int height_;
  int ox_ = 0;  // the table's top-left corner (centred on wide screens)
  int oy_ = 0;
  std::array<Seat, kMaxPlayers> seats_{};
};

}  // namespace allegra::tui
