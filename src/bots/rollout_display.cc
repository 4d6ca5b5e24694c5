#include "bots/rollout_display.h"

#include <cstring>

namespace allegra::mcts {
namespace detail {

// For every gap pattern of a row and every set m of its cells: walk the row's non-gap cells in
// order (R3: a gap joins its two sides) and note which have an m cell one or two steps away.
constexpr std::array<std::array<uint16_t, 32>, 32> make_row_neighbours() {
  std::array<std::array<uint16_t, 32>, 32> t{};
  for (unsigned gaps = 0; gaps < 32; ++gaps) {
    int run[kDisplayCols];
    int len = 0;
    for (int c = 0; c < kDisplayCols; ++c)
      if (!(gaps >> c & 1)) run[len++] = c;
    for (unsigned m = 0; m < 32; ++m) {
      auto in_m = [&](int k) { return k >= 0 && k < len && (m >> run[k] & 1) != 0; };
      unsigned before = 0, after = 0, line = 0;
      for (int k = 0; k < len; ++k) {
        const bool b0 = in_m(k - 1), b1 = in_m(k - 2), a0 = in_m(k + 1), a1 = in_m(k + 2);
        before |= unsigned{b0} << run[k];
        after |= unsigned{a0} << run[k];
        line |= unsigned{(b0 && b1) || (b0 && a0) || (a0 && a1)} << run[k];
      }
      t[gaps][m] = static_cast<uint16_t>(before | after << 5 | line << 10);
    }
  }
  return t;
}

constinit const std::array<std::array<uint16_t, 32>, 32> kRowNeighbours = make_row_neighbours();

}  // namespace detail

void RolloutDisplay::read(const State& s, int p, float hidden_mean) {
  cells = display_cells(p, s.players());
  down = s.display_down(p);
  gaps = s.display_empty(p);
  up = static_cast<uint16_t>(~(down | gaps) & kDisplayMask);
  for (int r = 0; r < kRows; ++r) row_gaps[r] = gaps >> (r * kDisplayCols) & 31;
  // The cards, as floats four at a time: a face-down one (its value is hidden information,
  // here a sample's guess) is replaced by the mean at once.
  std::array<int32_t, kDisplayCells + 1> value{};
  for (int i = 0; i < kDisplayCells; ++i) value[i] = s.cell_value(cells[i]);
  for (int q = 0; q < 4; ++q) {
    I4 v;
    std::memcpy(&v, &value[4 * q], sizeof v);
    const I4 is_up = lanes(up, q);
    const F4 card = __builtin_convertvector(v, F4);
    const F4 c = F4((is_up & I4(card)) | (~is_up & I4(F4{} + hidden_mean)));
    std::memcpy(&cur[4 * q], &c, sizeof c);
  }
  by_value.fill(0);
  unsigned present = 0;  // bit v - kMinValue: some face-up card has value v
  for (unsigned m = up; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    const auto index = static_cast<unsigned>(value[i] - kMinValue);
    by_value[index] |= static_cast<uint16_t>(1u << i);
    present |= 1u << index;
  }
  // The pairs each face-up card is part of (what replacing it breaks): value by value, the
  // cells next to an equal card (the value masks are disjoint, so the unions are exact). The
  // policy counts no pairs of -1, 0 and 1 (they are worth too little), so those stay 0.
  Neighbours equal;
  for (unsigned vs = present >> (2 - kMinValue); vs; vs &= vs - 1) {
    const uint16_t m = by_value[std::countr_zero(vs) + 2 - kMinValue];
    const Neighbours nb = neighbours(m);
    equal.col0 |= nb.col0 & m;
    equal.col1 |= nb.col1 & m;
    equal.before |= nb.before & m;
    equal.after |= nb.after & m;
  }
  for (int q = 0; q < 4; ++q) {
    const I4 minus = lanes(equal.col0, q) + lanes(equal.col1, q) + lanes(equal.before, q) +
                     lanes(equal.after, q);
    const F4 pairs = __builtin_convertvector(-minus, F4);
    std::memcpy(&pairs_of[4 * q], &pairs, sizeof pairs);
  }
}

}  // namespace allegra::mcts
