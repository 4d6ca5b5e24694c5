// Layout and drawing of the table without a terminal: seats around the table, the shared
// columns at the corners, the piles, the cursor, and the too-small message.
#include "tui/table_view.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>

namespace allegra::tui {
namespace {

const std::vector<std::string> kNames = {"You", "Bea", "Carlo", "Dora"};

TEST(TuiLayout, SeatsSitAroundTheTableWithSharedColumnsSideBySide) {
  const TableLayout l(4, 0, 80, 24);
  EXPECT_TRUE(l.fits());
  // The viewer at the bottom, his left neighbour bottom left, the others in the top row.
  EXPECT_GT(l.block_rect(0).y, l.block_rect(2).y);
  EXPECT_EQ(l.block_rect(0).y, l.block_rect(1).y);
  EXPECT_LT(l.block_rect(1).x, l.block_rect(0).x);
  EXPECT_LT(l.block_rect(2).x, l.block_rect(3).x);
  EXPECT_FALSE(l.mirrored(0));
  EXPECT_TRUE(l.mirrored(2));
  // Every grid reads rows from the top; the bottom grids columns 1-4 from the left.
  EXPECT_LT(l.cell_rect(make_cell(0, 0, 0)).x, l.cell_rect(make_cell(0, 0, 3)).x);
  EXPECT_LT(l.cell_rect(make_cell(2, 0, 0)).y, l.cell_rect(make_cell(2, 2, 0)).y);
  // The left neighbour's column 4 (the first column of the viewer's display) lies just left
  // of the viewer's column 1, and so for the top row's displays.
  for (int row = 0; row < kRows; ++row) {
    const Rect shared = l.cell_rect(make_cell(1, row, kSharedCol));
    const Rect first = l.cell_rect(make_cell(0, row, 0));
    EXPECT_EQ(shared.y, first.y);
    EXPECT_LE(first.x - (shared.x + shared.w), 5);  // the viewer's row number between
    const Rect top_shared = l.cell_rect(make_cell(3, row, kSharedCol));
    const Rect top_first = l.cell_rect(make_cell(2, row, 0));
    EXPECT_EQ(top_shared.y, top_first.y);
    EXPECT_LE(top_shared.x - (top_first.x + top_first.w), 5);
  }
}

TEST(TuiLayout, EveryPlayerCountFitsWithoutOverlaps) {
  for (int n = 2; n <= 6; ++n) {
    const TableLayout l(n, n - 1, kMinWidth, kMinHeight);
    ASSERT_TRUE(l.fits());
    std::set<std::pair<int, int>> used;
    for (int c = 0; c < n * kGridCells; ++c) {
      const Rect r = l.cell_rect(static_cast<CellId>(c));
      EXPECT_GE(r.x, 0);
      EXPECT_LE(r.x + r.w, kMinWidth);
      EXPECT_LT(r.y, kTableHeight);
      EXPECT_TRUE(used.insert({r.x, r.y}).second) << n << " players, cell " << c;
    }
  }
  EXPECT_FALSE(TableLayout(4, 0, kMinWidth - 1, kMinHeight).fits());
  EXPECT_FALSE(TableLayout(4, 0, kMinWidth, kMinHeight - 1).fits());
}

TEST(TuiView, DrawsNamesPilesStatusAndCursor) {
  const text::Translator tr("en");
  State s(RuleOptions{}, 3);
  s.apply(Action::reveal(make_cell(0, 0, 0)));
  const PublicView view = s.public_view();
  TableModel m = make_model(view, kNames, 0);
  m.status = "You: turn up a card";
  m.log = {"first", "second"};
  const TableLayout layout(4, 0, 80, 24);
  const InputMap map(view, layout, tr, kNames);
  const Canvas c = render_screen(m, &map, layout, tr, {false, "help line"});
  const std::string text = c.text();
  for (const char* want : {"You (0)", "Bea (0)", "Carlo (0)", "Dora (0)", "Round 1 of 3",
                           "Draw pile: 71", "You: turn up a card", "second", "help line"})
    EXPECT_NE(text.find(want), std::string::npos) << want << "\n" << text;
  EXPECT_NE(text.find("##"), std::string::npos) << "ASCII face-down cards";
  EXPECT_EQ(text.find("▒"), std::string::npos);
  EXPECT_NE(text.find('['), std::string::npos) << "the cursor is marked";
  // The revealed card shows face up at its place.
  const Rect r = layout.cell_rect(make_cell(0, 0, 0));
  const int8_t v = view.masked().cell_value(make_cell(0, 0, 0));
  EXPECT_EQ(c.line(r.y).substr(static_cast<size_t>(r.x), 4), fmt::format(" {:>2} ", v));
  // The current player's display is lit: his 12 cells and the neighbour's column 3.
  int lit = 0;
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x) lit += c.at(x, y).lit;
  EXPECT_EQ(lit, 15 * kCellWidth);
  EXPECT_NE(render_screen(m, nullptr, layout, tr, {true, ""}).text().find("▒▒"), std::string::npos);
}

TEST(TuiView, ATooSmallScreenSaysSo) {
  const text::Translator tr("en");
  State s(RuleOptions{}, 3);
  const TableModel m = make_model(s.public_view(), kNames, 0);
  const TableLayout layout(4, 0, 50, 12);
  const std::string text = render_screen(m, nullptr, layout, tr, {true, ""}).text();
  EXPECT_NE(text.find("too small"), std::string::npos) << text;
  EXPECT_NE(text.find("50x12"), std::string::npos) << text;
  EXPECT_EQ(text.find("Round"), std::string::npos);
}

TEST(TuiView, ModelHidesFaceDownCardsAndFollowsEvents) {
  State s(RuleOptions{}, 5);
  TableModel m = make_model(s.public_view(), kNames, 0);
  for (const CellView& c : m.cells) {
    if (c.state == CellState::kFaceDown) {
      EXPECT_EQ(c.value, kHiddenValue);
    }
  }
  EventList events;
  s.apply(Action::reveal(make_cell(0, 1, 1)), &events);
  for (const Event& e : events) m.apply(e);
  EXPECT_EQ(m.cell(make_cell(0, 1, 1)).state, CellState::kFaceUp);
  EXPECT_EQ(m.cell(make_cell(0, 1, 1)).value, s.cell_value(make_cell(0, 1, 1)));
  EXPECT_EQ(points_text(25), "12.5");
  EXPECT_EQ(points_text(-3), "-1.5");
  EXPECT_EQ(points_text(-4), "-2");
  // The language's way, as in every text: the screen and the sentences agree.
  EXPECT_EQ(points_text(25, "de"), "12,5");
  EXPECT_EQ(points_text(-3, "fr"), "-1,5");
}

TEST(TuiView, AsciiStandInsForTerminalsWithoutUnicode) {
  EXPECT_EQ(ascii_glyph("ä"), "a");
  EXPECT_EQ(ascii_glyph("é"), "e");
  EXPECT_EQ(ascii_glyph("▒"), "#");
  EXPECT_EQ(ascii_glyph("x"), "x");
  EXPECT_EQ(ascii_glyph("€"), "?");
  EXPECT_EQ(text_width("Zeile 2 · Spalte"), 16);
  EXPECT_EQ(clip_text("abräumen", 5), "abräu");
}

}  // namespace
}  // namespace allegra::tui
