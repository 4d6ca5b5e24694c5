// Line finding (engine/lines.h, R3) on its own: masks and values, no State. The rule tests
// (rules/rules_clearing_test.cc) check the same rule through play.
#include "engine/lines.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace allegra {
namespace {

// A 2-player display of player 0 with the given values (display order) and masks.
std::vector<int> line_ids(const std::array<int8_t, kDisplayCells>& v, uint16_t up, uint16_t gaps) {
  const CellId* cells = display_cells(0, 2);
  std::array<int8_t, kMaxCells> values{};
  for (int d = 0; d < kDisplayCells; ++d) values[cells[d]] = v[d];
  LineList out;
  find_lines(cells, up, gaps, values.data(), out);
  std::vector<int> ids;
  for (const Line& l : out) {
    ids.push_back(l.id);
    for (CellId c : l.cells) EXPECT_EQ(values[c], values[l.cells[0]]);
  }
  return ids;
}

constexpr uint16_t bits(std::initializer_list<int> ds) {
  uint16_t m = 0;
  for (int d : ds) m |= static_cast<uint16_t>(1u << d);
  return m;
}

TEST(Lines, RowAroundTheCornerAndFourInARow) {
  // Row a: 7 7 7 7 2 (display column 0 is the neighbour's column 3).
  const std::array<int8_t, kDisplayCells> v = {7, 7, 7, 7, 2, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11};
  const std::vector<int> ids = line_ids(v, kDisplayMask, 0);
  EXPECT_EQ(ids, (std::vector<int>{row_line_id(0, 0), row_line_id(0, 1)}));
}

TEST(Lines, GapsAreSkippedButFaceDownCardsBlock) {
  // Row a: 5 . 5 5 5: the gap is skipped, so 5 5 5 from display column 0 and column 2.
  std::array<int8_t, kDisplayCells> v = {5, 0, 5, 5, 5, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11};
  const uint16_t gaps = bits({1});
  uint16_t up = static_cast<uint16_t>(kDisplayMask & ~gaps);
  EXPECT_EQ(line_ids(v, up, gaps), (std::vector<int>{row_line_id(0, 0), row_line_id(0, 2)}));
  // The same cell as a blocker (face down, or the knock hole): no line across it.
  up = static_cast<uint16_t>(kDisplayMask & ~bits({1}));
  EXPECT_EQ(line_ids(v, up, 0), (std::vector<int>{row_line_id(0, 2)}));
  // A face-down cell between: nothing.
  up = static_cast<uint16_t>(kDisplayMask & ~bits({1, 3}));
  EXPECT_TRUE(line_ids(v, up, 0).empty());
}

TEST(Lines, ColumnsNeedThreeFaceUpCards) {
  std::array<int8_t, kDisplayCells> v = {4, 1, 2, 3, 5, 4, 6, 7, 8, 9, 4, 10, 11, 0, -1};
  EXPECT_EQ(line_ids(v, kDisplayMask, 0), (std::vector<int>{col_line_id(0)}));
  const uint16_t up = static_cast<uint16_t>(kDisplayMask & ~bits({10}));
  EXPECT_TRUE(line_ids(v, up, 0).empty());
  EXPECT_TRUE(line_ids(v, up, bits({10})).empty());  // a cleared cell: no column either
}

TEST(Lines, RowWithoutGapsListsTheCardsNextToEachOther) {
  const RowRun run = row_without_gaps(bits({6, 8}), 1);
  ASSERT_EQ(run.len, 3);
  EXPECT_EQ(run.col[0], 0);
  EXPECT_EQ(run.col[1], 2);
  EXPECT_EQ(run.col[2], 4);
  EXPECT_EQ(row_without_gaps(0, 2).len, kDisplayCols);
}

}  // namespace
}  // namespace allegra
