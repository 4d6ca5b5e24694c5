#include "bots/evaluation.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "engine/unseen_cards.h"

namespace allegra::bots {
namespace {

constexpr int8_t kBlock = -100;  // in a row: a face-down card, an unknown card or the hole

inline uint16_t bit_of(CellId c) { return static_cast<uint16_t>(1u << cell_index(c)); }

}  // namespace

// ------------------------------------------------------------------------------------------
// CardStats

void CardStats::finish() {
  total = 0;
  double sum = 0, sum2 = 0;
  for (int i = 0; i < kNumValues; ++i) {
    total += count[i];
    const double v = i + kMinValue;
    sum += count[i] * v;
    sum2 += count[i] * v * v;
  }
  mean = total ? sum / total : 0.0;
  variance = total ? sum2 / total - mean * mean : 0.0;
}

CardStats CardStats::unseen(const State& s) {
  CardStats st;
  const CardCounts unseen = unseen_cards(s);
  for (int i = 0; i < kNumValues; ++i) st.count[i] = std::max(unseen[i], 0);
  st.finish();
  return st;
}

CardStats CardStats::of(std::span<const int8_t> cards) {
  CardStats st;
  for (int8_t v : cards)
    if (v >= kMinValue && v <= kMaxValue) ++st.count[v - kMinValue];
  st.finish();
  return st;
}

// ------------------------------------------------------------------------------------------
// Board

Board Board::from(const State& s) {
  Board b;
  b.n_ = s.players();
  for (int c = 0; c < b.n_ * kGridCells; ++c) {
    const auto cell = static_cast<CellId>(c);
    switch (s.cell_state(cell)) {
      case CellState::kFaceDown:
        b.down_[cell_owner(cell)] |= bit_of(cell);
        b.v_[c] = kDownCard;
        break;
      case CellState::kEmpty:
        b.empty_[cell_owner(cell)] |= bit_of(cell);
        b.v_[c] = 0;
        break;
      case CellState::kFaceUp:
        b.v_[c] = s.cell_value(cell);
        break;
    }
  }
  b.hole_ = s.hole();
  return b;
}

void Board::place(CellId c, int8_t value) {
  const int p = cell_owner(c);
  down_[p] &= static_cast<uint16_t>(~bit_of(c));
  empty_[p] &= static_cast<uint16_t>(~bit_of(c));
  v_[c] = value;
  if (c == hole_) hole_ = kNoCell;
}

void Board::remove(CellId c) {
  const int p = cell_owner(c);
  down_[p] &= static_cast<uint16_t>(~bit_of(c));
  empty_[p] |= bit_of(c);
  v_[c] = 0;
}

void Board::make_hole(CellId c) {
  remove(c);
  hole_ = c;
}

void Board::fill_hole(int8_t value) {
  if (hole_ != kNoCell) place(hole_, value);
}

int Board::face_down(int p) const {
  return count_cells(down_[p]) + count_cells(down_[left_of(p, n_)] & kSharedColMask);
}

int Board::cards(int p) const {
  return kDisplayCells - count_cells(empty_[p]) -
         count_cells(empty_[left_of(p, n_)] & kSharedColMask);
}

double Board::score(int p, double mean) const {
  const CellId* cells = display_cells(p, n_);
  double sum = 0;
  int present = 0;
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = cells[d];
    if (is_empty(c) && c != hole_) continue;
    ++present;
    if (c == hole_) continue;  // the hand card will fill it; the caller values it
    const int8_t v = v_[c];
    sum += v >= kMinValue ? v : mean;
  }
  return present == 0 ? -10.0 : sum;
}

// R3 through find_lines(): a face-up card whose value is not public blocks like a face-down
// one; the hole blocks; cleared cells are gaps.
void Board::complete_lines(int p, LineList& out) const {
  out.clear();
  const CellId* cells = display_cells(p, n_);
  const int left = left_of(p, n_);
  const uint16_t empty = to_display_mask(empty_[p], empty_[left]);
  auto up = static_cast<uint16_t>(~(to_display_mask(down_[p], down_[left]) | empty) & kDisplayMask);
  for (unsigned m = up; m; m &= m - 1) {
    const int d = std::countr_zero(m);
    if (v_[cells[d]] < kMinValue) up &= static_cast<uint16_t>(~(1u << d));  // kUnknownUp
  }
  uint16_t gaps = empty;
  const int h = hole_ == kNoCell ? -1 : display_index(p, n_, hole_);
  if (h >= 0) gaps &= static_cast<uint16_t>(~(1u << h));
  find_lines(cells, up, gaps, v_.data(), out);
}

void Board::clear_line(const Line& l) {
  for (CellId c : l.cells) remove(c);
}

int8_t Board::clear_lines(int p) {
  int8_t last = kNoCard;
  LineList lines;
  for (int guard = 0; guard < 8; ++guard) {
    complete_lines(p, lines);
    if (lines.empty()) break;
    const Line* best = &lines[0];
    for (const Line& l : lines)
      if (line_value(l) > line_value(*best)) best = &l;
    last = line_value(*best);
    clear_line(*best);
  }
  return last;
}

// ------------------------------------------------------------------------------------------
// Line potential

double line_potential(const Board& b, int p, const CardStats& stats) {
  const int n = b.players();
  const CellId* cells = display_cells(p, n);
  // Per display cell: kind 0 = gap, 1 = replaceable (face down, unknown or a card), value.
  std::array<int8_t, kDisplayCells> val;
  std::array<bool, kDisplayCells> gap;
  std::array<bool, kDisplayCells> usable;  // may hold the third card (not the hole)
  uint16_t gaps = 0;
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = cells[d];
    gap[d] = b.is_empty(c) && c != b.hole();
    if (gap[d]) gaps |= static_cast<uint16_t>(1u << d);
    usable[d] = !b.is_empty(c);
    val[d] = b.is_known_up(c) ? b.value(c) : kBlock;
  }
  auto worth = [&](int8_t v, int third) -> double {
    if (v < 1) return 0.0;
    const int copies = stats.copies(v);
    if (copies == 0) return 0.0;
    const double chance = std::min(1.0, copies / 4.0);
    const double third_value = val[third] != kBlock ? val[third] : stats.mean;
    return chance * (2.0 * v + third_value);
  };
  // A window of three cells: exactly two equal known cards, the third usable and different.
  auto window = [&](int a, int m, int z) -> double {
    const std::array<int, 3> w = {a, m, z};
    for (int i = 0; i < 3; ++i) {
      const int x = w[i], y = w[(i + 1) % 3], t = w[(i + 2) % 3];
      if (val[x] != kBlock && val[x] == val[y] && usable[t] && val[t] != val[x])
        return worth(val[x], t);
    }
    return 0.0;
  };
  double total = 0;
  for (int r = 0; r < kRows; ++r) {
    const int base = r * kDisplayCols;
    const RowRun& run = row_without_gaps(gaps, r);
    double best = 0;
    for (int i = 0; i + 2 < run.len; ++i)
      best =
          std::max(best, window(base + run.col[i], base + run.col[i + 1], base + run.col[i + 2]));
    total += best;
  }
  for (int dc = 0; dc < kDisplayCols; ++dc) {
    if (gap[dc] || gap[kDisplayCols + dc] || gap[2 * kDisplayCols + dc]) continue;
    total += window(dc, kDisplayCols + dc, 2 * kDisplayCols + dc);
  }
  return total;
}

}  // namespace allegra::bots
