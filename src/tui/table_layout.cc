#include "tui/table_layout.h"

#include <algorithm>

namespace allegra::tui {
namespace {

// Grid sizes on screen: an upright grid is 4 cells wide and 3 high, a turned one 3 by 4.
constexpr int kUprightW = 4 * kCellWidth;  // 16
constexpr int kTurnedW = 3 * kCellWidth;   // 12
constexpr int kMiddleX = kTurnedW + 2;     // the band between the side grids
constexpr int kMiddleW = kTableWidth - 2 * kMiddleX;
constexpr int kNorthY = 1;
constexpr int kSideY = 5;
constexpr int kSouthY = 10;

struct Slot {
  Side side;
  int x;  // relative to the table
  int y;
};

constexpr Slot kSouthMid{Side::kSouth, kMiddleX + (kMiddleW - kUprightW) / 2, kSouthY};
constexpr Slot kSouthLeft{Side::kSouth, kMiddleX, kSouthY};
constexpr Slot kSouthRight{Side::kSouth, kMiddleX + kMiddleW - kUprightW, kSouthY};
constexpr Slot kNorthMid{Side::kNorth, kMiddleX + (kMiddleW - kUprightW) / 2, kNorthY};
constexpr Slot kNorthLeft{Side::kNorth, kMiddleX, kNorthY};
constexpr Slot kNorthRight{Side::kNorth, kMiddleX + kMiddleW - kUprightW, kNorthY};
constexpr Slot kWest{Side::kWest, 0, kSideY};
constexpr Slot kEast{Side::kEast, kTableWidth - kTurnedW, kSideY};

// Seats clockwise from the viewer (bottom, left side, top, right side), per player count.
std::vector<Slot> slots_for(int players) {
  switch (players) {
    case 2:
      return {kSouthMid, kNorthMid};
    case 3:
      return {kSouthMid, kWest, kEast};
    case 4:
      return {kSouthMid, kWest, kNorthMid, kEast};
    case 5:
      return {kSouthMid, kWest, kNorthLeft, kNorthRight, kEast};
    default:
      return {kSouthLeft, kWest, kNorthLeft, kNorthRight, kEast, kSouthRight};
  }
}

}  // namespace

TableLayout::TableLayout(int players, int viewer, int width, int height)
    : players_(players), width_(width), height_(height) {
  const int used = kTableWidth + (width >= kTableWidth + 2 + kPanelWidth ? 2 + kPanelWidth : 0);
  ox_ = std::max(0, (width - used) / 2);
  oy_ = 0;
  const std::vector<Slot> slots = slots_for(players);
  for (int k = 0; k < players && k < static_cast<int>(slots.size()); ++k) {
    const int p = (viewer + k) % players;
    seats_[static_cast<size_t>(p)] = {slots[static_cast<size_t>(k)].side,
                                      ox_ + slots[static_cast<size_t>(k)].x,
                                      oy_ + slots[static_cast<size_t>(k)].y};
  }
}

Rect TableLayout::grid_rect(int p) const {
  const Seat& s = seats_[static_cast<size_t>(p)];
  const bool upright = s.side == Side::kSouth || s.side == Side::kNorth;
  return {s.x, s.y, upright ? kUprightW : kTurnedW, upright ? 3 : 4};
}

Rect TableLayout::cell_rect(CellId c) const {
  const Seat& s = seats_[static_cast<size_t>(cell_owner(c))];
  const int r = cell_row(c);
  const int col = cell_col(c);
  int cx = 0;  // in cells
  int cy = 0;
  switch (s.side) {  // row 0 is the row nearest the middle of the table
    case Side::kSouth:
      cx = col, cy = r;
      break;
    case Side::kWest:
      cx = 2 - r, cy = col;
      break;
    case Side::kNorth:
      cx = 3 - col, cy = 2 - r;
      break;
    case Side::kEast:
      cx = r, cy = 3 - col;
      break;
  }
  return {s.x + cx * kCellWidth, s.y + cy, kCellWidth, 1};
}

Rect TableLayout::label_rect(int p) const {
  const Rect g = grid_rect(p);
  if (side(p) == Side::kSouth) return {g.x, g.y + g.h, g.w, 1};
  return {g.x, g.y - 1, g.w, 1};
}

// Between the side grids and above the bottom grid: title, the two piles, the card in play
// and the knockers, a line each.
Rect TableLayout::center_rect() const {
  return {ox_ + kMiddleX, oy_ + kSideY, kMiddleW, kSouthY - kSideY};
}
Rect TableLayout::draw_pile_rect() const {
  const Rect c = center_rect();
  return {c.x + 6, c.y + 1, c.w - 12, 1};
}
Rect TableLayout::discard_rect() const {
  const Rect c = center_rect();
  return {c.x + 6, c.y + 2, c.w - 12, 1};
}
Rect TableLayout::panel_rect() const {
  if (width_ < kTableWidth + 2 + kPanelWidth) return {};
  return {ox_ + kTableWidth + 2, oy_, kPanelWidth, kTableHeight};
}

Rect TableLayout::log_rect() const {
  const int y = buttons_y() + 1;
  return {0, y, width_, std::max(0, help_y() - y)};
}

}  // namespace allegra::tui
