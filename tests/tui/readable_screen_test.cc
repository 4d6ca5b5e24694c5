// Readable at 80x24 and at any width: the score panel, wrapped lines, the help overlay and the
// log's scrollback, drawn without a terminal.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tui/table_view.h"

namespace allegra::tui {
namespace {

const std::vector<std::string> kSixNames = {"You", "Bea", "Carlo", "Dora", "Emil", "Fritzi"};

TableModel model_for(int players, int seed = 3) {
  State s(RuleOptions{.players = players}, static_cast<uint64_t>(seed));
  return make_model(s.public_view(),
                    std::vector<std::string>(kSixNames.begin(), kSixNames.begin() + players), 0);
}

// The panel's line of a player, or "" if the canvas has none.
std::string panel_line(const Canvas& c, const Rect& panel, int row) {
  std::string out;
  for (int x = panel.x; x < panel.x + panel.w; ++x) out += c.at(x, panel.y + row).text;
  return out;
}

TEST(TuiPanel, ShowsFullTotalsAtEveryWidth) {
  const Translator tr("en");
  const int32_t totals[] = {452, -247, 7, 1999, -1, 0};  // 226, -123.5, 3.5, 999.5, -0.5, 0
  for (int n = 2; n <= 6; ++n) {
    TableModel m = model_for(n);
    for (int p = 0; p < n; ++p) m.totals_half[static_cast<size_t>(p)] = totals[p];
    for (int round = 0; round < 7; ++round) {
      std::vector<int32_t> scores;
      for (int p = 0; p < n; ++p) scores.push_back(round % 2 ? -21 : 87 + p);  // -10.5, 43.5
      m.round_scores.push_back(scores);
    }
    for (int width = kMinWidth; width <= 200; ++width) {
      const TableLayout layout(n, 0, width, 24);
      const Rect panel = layout.panel_rect();
      if (panel.w == 0) continue;
      const Canvas c = render_screen(m, nullptr, layout, tr, {true, ""});
      const std::string head = panel_line(c, panel, 1);
      EXPECT_NE(head.find(" total"), std::string::npos) << width << ": " << head;
      EXPECT_NE(head.find("R7"), std::string::npos) << "the latest round is shown: " << head;
      for (int p = 0; p < n; ++p) {
        const std::string line = panel_line(c, panel, 2 + p);
        const std::string total = points_text(totals[p]);
        EXPECT_EQ(line.substr(line.find_last_not_of(' ') + 1 - total.size(), total.size()), total)
            << n << " players, width " << width << ": " << line;
        EXPECT_EQ(line.find(kSixNames[static_cast<size_t>(p)].substr(0, 4)), 0u) << line;
        EXPECT_NE(line.find("-10.5"), std::string::npos) << line;
      }
    }
  }
}

}  // namespace
}  // namespace allegra::tui
