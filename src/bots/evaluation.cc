#include "bots/evaluation.h"

#include <algorithm>
#include <bit>
#include <cmath>

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
  const DeckCounts deck = s.options().effective_deck();
  for (int i = 0; i < kNumValues; ++i) st.count[i] = deck[i];
  auto see = [&](int8_t v) {
    if (v >= kMinValue && v <= kMaxValue) --st.count[v - kMinValue];
  };
  const int n = s.players();
  for (int c = 0; c < n * kGridCells; ++c)
    if (s.cell_state(static_cast<CellId>(c)) == CellState::kFaceUp)
      see(s.cell_value(static_cast<CellId>(c)));
  for (int i = 0; i < s.discard_pile_size(); ++i) see(s.discard_pile_card(i));
  see(s.held_card());
  see(s.pending_discard());
  if (s.hand_card_known()) see(s.hand_card());
  if (s.taken_card_known()) see(s.taken_card());
  for (int& k : st.count) k = std::max(k, 0);
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

void Board::complete_lines(int p, LineList& out) const {
  out.clear();
  const CellId* cells = display_cells(p, n_);
  std::array<int8_t, kDisplayCells> code;
  uint16_t gaps = 0;
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = cells[d];
    if (c == hole_) {
      code[d] = kBlock;
    } else if (is_empty(c)) {
      gaps |= static_cast<uint16_t>(1u << d);
      code[d] = kBlock;
    } else if (is_down(c) || v_[c] < kMinValue) {
      code[d] = kBlock;
    } else {
      code[d] = v_[c];
    }
  }
  for (int r = 0; r < kRows; ++r) {
    const int base = r * kDisplayCols;
    std::array<int, kDisplayCols> seq;
    int len = 0;
    for (int dc = 0; dc < kDisplayCols; ++dc)
      if (!(gaps >> (base + dc) & 1)) seq[len++] = dc;
    for (int i = 0; i + 2 < len; ++i) {
      const int8_t a = code[base + seq[i]];
      if (a != kBlock && a == code[base + seq[i + 1]] && a == code[base + seq[i + 2]])
        out.push_back({row_line_id(r, seq[i]),
                       {cells[base + seq[i]], cells[base + seq[i + 1]], cells[base + seq[i + 2]]}});
    }
  }
  for (int dc = 0; dc < kDisplayCols; ++dc) {
    const int8_t a = code[dc];
    if (a != kBlock && !(gaps >> dc & 1) && a == code[kDisplayCols + dc] &&
        a == code[2 * kDisplayCols + dc] && !(gaps >> (kDisplayCols + dc) & 1) &&
        !(gaps >> (2 * kDisplayCols + dc) & 1))
      out.push_back(
          {col_line_id(dc), {cells[dc], cells[kDisplayCols + dc], cells[2 * kDisplayCols + dc]}});
  }
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
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = cells[d];
    gap[d] = b.is_empty(c) && c != b.hole();
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
    std::array<int, kDisplayCols> seq;
    int len = 0;
    for (int dc = 0; dc < kDisplayCols; ++dc)
      if (!gap[base + dc]) seq[len++] = base + dc;
    double best = 0;
    for (int i = 0; i + 2 < len; ++i) best = std::max(best, window(seq[i], seq[i + 1], seq[i + 2]));
    total += best;
  }
  for (int dc = 0; dc < kDisplayCols; ++dc) {
    if (gap[dc] || gap[kDisplayCols + dc] || gap[2 * kDisplayCols + dc]) continue;
    total += window(dc, kDisplayCols + dc, 2 * kDisplayCols + dc);
  }
  return total;
}

double best_swap_gain(const Board& b, int p, int8_t value, double mean) {
  const double before = b.score(p, mean);
  double best = 0;
  const CellId* cells = display_cells(p, b.players());
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = cells[d];
    if (b.is_empty(c)) continue;
    Board t = b;
    t.place(c, value);
    t.clear_lines(p);
    best = std::max(best, before - t.score(p, mean));
  }
  return best;
}

}  // namespace allegra::bots
