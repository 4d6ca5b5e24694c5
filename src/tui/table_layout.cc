#include "tui/table_layout.h"

#include <algorithm>

namespace allegra::tui {
namespace {

constexpr int kLeftX = 0;
constexpr int kMiddleX = (kTableWidth - kBlockWidth) / 2;
constexpr int kRightX = kTableWidth - kBlockWidth;
constexpr int kTopY = 0;
constexpr int kBottomY = kTableHeight - kBlockHeight;

struct Slot {
  bool top;
  int x;  // relative to the table
};

constexpr Slot kBottomMiddle{false, kMiddleX};
constexpr Slot kBottomLeft{false, kLeftX};
constexpr Slot kBottomRight{false, kRightX};
constexpr Slot kTopLeft{true, kLeftX};
constexpr Slot kTopMiddle{true, kMiddleX};
constexpr Slot kTopRight{true, kRightX};

// Seats clockwise from the viewer, per player count. The ring runs bottom middle, bottom
// left, top left to right, bottom right, so a shared column (column 4, at the left end of a
// top grid and the right end of a bottom one) lies beside the grid it completes.
std::vector<Slot> slots_for(int players) {
  switch (players) {
    case 2:
      return {kBottomMiddle, kTopMiddle};
    case 3:
      return {kBottomMiddle, kBottomLeft, kTopMiddle};
    case 4:
      return {kBottomMiddle, kBottomLeft, kTopLeft, kTopMiddle};
    case 5:
      return {kBottomMiddle, kBottomLeft, kTopLeft, kTopMiddle, kTopRight};
    default:
      return {kBottomMiddle, kBottomLeft, kTopLeft, kTopMiddle, kTopRight, kBottomRight};
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
    const Slot& s = slots[static_cast<size_t>(k)];
    seats_[static_cast<size_t>(p)] = {s.top, ox_ + s.x, oy_ + (s.top ? kTopY : kBottomY)};
  }
}

Rect TableLayout::block_rect(int p) const {
  const Seat& s = seats_[static_cast<size_t>(p)];
  return {s.x, s.y, kBlockWidth, kBlockHeight};
}

Rect TableLayout::grid_rect(int p) const {
  const Seat& s = seats_[static_cast<size_t>(p)];
  return {s.x + kGridX, s.y + 2, kBlockWidth - kGridX, kRows};
}

// Upright: "1 " then columns 1, 2, 3, "│", 4. Mirrored: "1 " then 4, "│", 3, 2, 1.
int TableLayout::col_x(int p, int col) const {
  const int x = seats_[static_cast<size_t>(p)].x + kGridX;
  if (!mirrored(p)) return x + col * kCellWidth + (col == kSharedCol ? 1 : 0);
  if (col == kSharedCol) return x;
  return x + kCellWidth + 1 + (kSharedCol - 1 - col) * kCellWidth;
}

int TableLayout::separator_x(int p) const {
  const int x = seats_[static_cast<size_t>(p)].x + kGridX;
  return mirrored(p) ? x + kCellWidth : x + kSharedCol * kCellWidth;
}

Rect TableLayout::cell_rect(CellId c) const {
  const int p = cell_owner(c);
  return {col_x(p, cell_col(c)), grid_rect(p).y + cell_row(c), kCellWidth, 1};
}

Rect TableLayout::label_rect(int p) const {
  const Rect b = block_rect(p);
  return {b.x, b.y, b.w, 1};
}

Rect TableLayout::col_label_rect(int p, int col) const {
  return {col_x(p, col) + 2, block_rect(p).y + 1, 1, 1};  // over the cell's last digit
}

Rect TableLayout::row_label_rect(int p, int row) const {
  return {block_rect(p).x, grid_rect(p).y + row, 1, 1};
}

// Between the two rows of grids, the whole width: title, the two piles side by side, the
// card in play and the knockers, a line each.
Rect TableLayout::center_rect() const {
  return {ox_, oy_ + kBlockHeight, kTableWidth, kTableHeight - 2 * kBlockHeight};
}
Rect TableLayout::draw_pile_rect() const {
  const Rect c = center_rect();
  return {c.x + 6, c.y + 1, c.w / 2 - 8, 1};
}
Rect TableLayout::discard_rect() const {
  const Rect c = center_rect();
  return {c.x + c.w / 2 + 2, c.y + 1, c.w / 2 - 8, 1};
}
Rect TableLayout::panel_rect() const {
  if (width_ < kTableWidth + 2 + kPanelWidth) return {};
  return {ox_ + kTableWidth + 2, oy_, kPanelWidth, kTableHeight};
}

}  // namespace allegra::tui
