// State's display caches built from the grids (state.h, display_rows_, display_down_,
// display_empty_): at the final reveal and for states built from a diagram or JSON. The cell
// by cell updates of play (sync_display_cell()) and the line search on the caches
// (complete_lines()) stay in state.cc, where the hot paths inline them.
#include <bit>
#include <cstring>

#include "engine/state.h"

namespace allegra {

// Row r of p's display as find_lines_packed() reads it, byte dc the card at display column dc:
// p's own four cards of the row lie next to each other in values_ (one load), the left
// neighbour's column-3 card goes in front. The 15 lookups through display_cells() this replaces
// were most of the line search, which runs after every card move.
uint64_t State::row_cards(int p, int left, int r) const {
  static_assert(std::endian::native == std::endian::little, "the row bytes are read as a word");
  uint32_t own;
  std::memcpy(&own, values_.data() + p * kGridCells + r * kGridCols, sizeof own);
  const auto left_card =
      static_cast<uint8_t>(values_[left * kGridCells + r * kGridCols + kSharedCol]);
  return uint64_t{own} << 8 | left_card;
}

void State::rebuild_displays() {
  const int n = players();
  display_rows_ = {};
  display_down_ = {};
  display_empty_ = {};
  for (int p = 0; p < n; ++p) {
    const int left = left_of(p, n);
    display_down_[p] = to_display_mask(face_down_[p], face_down_[left]);
    display_empty_[p] = to_display_mask(empty_[p], empty_[left]);
    const unsigned up = ~(display_down_[p] | display_empty_[p]) & kDisplayMask;
    for (int r = 0; r < kRows; ++r)
      display_rows_[p][r] = pack_row(row_cards(p, left, r), up >> (r * kDisplayCols), r);
  }
}

}  // namespace allegra
