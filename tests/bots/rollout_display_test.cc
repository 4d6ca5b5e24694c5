// Tests of RolloutDisplay (src/bots/rollout_display.h): its masks against a cell-by-cell
// reading of the same display, over positions of random games with cleared cells.
#include "bots/rollout_display.h"

#include <gtest/gtest.h>

#include "engine/lines.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra::mcts {
namespace {

// The face-up card at display index i, or a value no card has.
int card_at(const State& s, int p, int i) {
  const CellId c = display_cells(p, s.players())[i];
  return s.cell_state(c) == CellState::kFaceUp ? s.cell_value(c) : 100;
}

// Cell by cell: the equal neighbours of a card h at display index i (column, and the cells
// before and after it in its row with cleared cells and the hole skipped), and whether h
// there completes a line.
struct Slow {
  int pairs = 0;
  bool line = false;
};
Slow slow_neighbours(const State& s, int p, int i, int h) {
  const int r = i / kDisplayCols, dc = i % kDisplayCols;
  auto is_h = [&](int d) { return d >= 0 && card_at(s, p, d) == h; };
  const bool c0 = is_h(((r + 1) % kRows) * kDisplayCols + dc);
  const bool c1 = is_h(((r + 2) % kRows) * kDisplayCols + dc);
  const RowRun& run = row_without_gaps(s.display_empty(p), r);
  int k = 0;
  while (run.col[k] != dc) ++k;
  auto at = [&](int j) { return j >= 0 && j < run.len ? r * kDisplayCols + run.col[j] : -1; };
  const bool b0 = is_h(at(k - 1)), b1 = is_h(at(k - 2)), a0 = is_h(at(k + 1)), a1 = is_h(at(k + 2));
  return {c0 + c1 + b0 + a0, (c0 && c1) || (b0 && b1) || (b0 && a0) || (a0 && a1)};
}

TEST(RolloutDisplay, MasksMatchACellByCellReading) {
  Rng rng(5);
  int positions = 0, with_gaps = 0;
  for (uint64_t game = 1; game <= 60; ++game) {
    RuleOptions o;
    o.players = 2 + static_cast<int>(game % 5);
    o.rounds = 1;
    State s(o, game);
    for (int step = 0; !s.is_terminal(); ++step) {
      if (step % 7 == 0 && s.phase() != Phase::kRoundOver) {
        ++positions;
        for (int p = 0; p < s.players(); ++p) {
          RolloutDisplay d;
          d.read(s, p, 5.5f);
          with_gaps += d.gaps != 0;
          ASSERT_EQ(d.up, static_cast<uint16_t>(~(s.display_down(p) | s.display_empty(p)) &
                                                kDisplayMask));
          for (int i = 0; i < kDisplayCells; ++i) {
            if (d.gaps >> i & 1) continue;
            const int card = card_at(s, p, i);
            EXPECT_EQ(d.cur[i], card == 100 ? 5.5f : static_cast<float>(card));
            const float pairs = card >= 2 && card != 100 ? slow_neighbours(s, p, i, card).pairs : 0;
            EXPECT_EQ(d.pairs_of[i], pairs) << "game " << game << " step " << step << " cell " << i;
            for (int h = kMinValue; h <= kMaxValue; ++h) {
              const Neighbours nb = d.neighbours_of(h);
              const Slow slow = slow_neighbours(s, p, i, h);
              ASSERT_EQ(nb.count(i), slow.pairs) << "game " << game << " step " << step;
              ASSERT_EQ((nb.line >> i & 1) != 0, slow.line) << "game " << game << " step " << step;
            }
          }
        }
      }
      const ActionList legal = s.legal_actions();
      if (legal.empty()) {
        s.deal();
        continue;
      }
      s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
  EXPECT_GT(positions, 1000);
  EXPECT_GT(with_gaps, 100);  // cleared cells were covered
}

}  // namespace
}  // namespace allegra::mcts
