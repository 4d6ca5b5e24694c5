#include "cli/table_mirror.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/points.h"
#include "engine/scoring.h"

namespace allegra::cli {
namespace {

constexpr int kGridsPerBand = 4;
constexpr int kCellWidth = 3;
// "  a" row label, then per grid: 3 cells, " :", 1 cell, and a gap.
constexpr int kGridWidth = 4 * kCellWidth + 2;
constexpr int kGap = 4;

std::string cell_text(const TableMirror::Cell& c) {
  switch (c.state) {
    case CellState::kEmpty:
      return ".";
    case CellState::kFaceDown:
      return "#";
    case CellState::kFaceUp:
      return fmt::format("{}", c.value);
  }
  return "?";
}

}  // namespace

void TableMirror::reset(const State& state) {
  model_ = tui::make_model(state.public_view(), {}, 0);
}

int32_t TableMirror::display_half(int p) const {
  int32_t sum = 0;
  int cards = 0;
  const CellId* ids = display_cells(p, model_.players);
  for (int d = 0; d < kDisplayCells; ++d) {
    const Cell& c = model_.cell(ids[d]);
    if (c.state == CellState::kEmpty) continue;
    ++cards;
    if (c.state == CellState::kFaceUp) sum += c.value;
  }
  return display_score_half(sum, cards);
}

std::string TableMirror::draw(int ender, int indent) const {
  std::string out;
  const std::string pad(static_cast<size_t>(indent), ' ');
  auto grid_field = [](std::string s) { return fmt::format("{:<{}}", s, kGridWidth + kGap); };
  for (int first = 0; first < model_.players; first += kGridsPerBand) {
    int last = std::min(model_.players, first + kGridsPerBand);
    // Title line: player names.
    std::string line = pad + "   ";
    for (int p = first; p < last; ++p)
      line += grid_field(fmt::format(" P{}{}", p, p == ender ? " (ended)" : ""));
    out += fmt::format("{}\n", line.substr(0, line.find_last_not_of(' ') + 1));
    // Column labels.
    line = pad + "   ";
    for (int p = first; p < last; ++p) line += grid_field("  0  1  2 :  3");
    out += fmt::format("{}\n", line.substr(0, line.find_last_not_of(' ') + 1));
    for (int r = 0; r < kRows; ++r) {
      line = fmt::format("{}  {}", pad, static_cast<char>('a' + r));
      for (int p = first; p < last; ++p) {
        std::string g;
        for (int c = 0; c < kGridCols; ++c) {
          if (c == kSharedCol) g += " :";
          g += fmt::format("{:>{}}", cell_text(model_.cell(make_cell(p, r, c))), kCellWidth);
        }
        line += grid_field(g);
      }
      out += fmt::format("{}\n", line.substr(0, line.find_last_not_of(' ') + 1));
    }
  }
  return out;
}

}  // namespace allegra::cli
