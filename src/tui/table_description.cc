#include "tui/table_description.h"

#include <bit>

#include "text/card_text.h"
#include "text/cell_names.h"
#include "tui/table_view.h"

namespace allegra::tui {
namespace {

std::string cell_words(const CellView& c, const text::Translator& tr) {
  switch (c.state) {
    case CellState::kFaceDown:
      return tr.tr("desc.face_down");
    case CellState::kEmpty:
      return tr.tr("desc.gap");
    case CellState::kFaceUp:
      return text::card_text(c.value);
  }
  return {};
}

// The first seat to describe: who decides, else whose turn it is, else the viewer.
int first_seat(const TableModel& m) {
  if (m.current != kNoPlayer) return m.current;
  if (m.active != kNoPlayer) return m.active;
  return m.viewer;
}

void describe_seat(const TableModel& m, int p, const text::Translator& tr,
                   std::vector<std::string>& out) {
  const auto name = [&](int q) { return m.names[static_cast<size_t>(q)]; };
  const auto actor = [&](int q) { return q == m.you ? "you" : "other"; };
  out.push_back(tr.tr(p == m.current ? "desc.seat_deciding" : "desc.seat",
                      {{"actor", actor(p)},
                       {"name", name(p)},
                       {"total", m.totals_half[static_cast<size_t>(p)] / 2.0}}));
  // The grid row by row, columns 1-4 as drawn and named in every message; then whose 15-card
  // display column 4 also belongs to (the player before this one).
  for (int row = 0; row < kRows; ++row) {
    std::string cells;
    for (int col = 0; col < kGridCols; ++col)
      cells += (col > 0 ? ", " : "") + cell_words(m.cell(make_cell(p, row, col)), tr);
    out.push_back(tr.tr("desc.grid_row", {{"row", row + 1}, {"cells", cells}}));
  }
  const int before = right_of(p, m.players);
  out.push_back(tr.tr("desc.shared", {{"target", actor(before)}, {"name", name(before)}}));
  if (p != first_seat(m)) return;
  // The deciding player's 15-card display also has his left neighbour's column 4.
  const int left = left_of(p, m.players);
  std::string cells;
  for (int row = 0; row < kRows; ++row)
    cells += (row > 0 ? ", " : "") + cell_words(m.cell(make_cell(left, row, kSharedCol)), tr);
  out.push_back(tr.tr(
      "desc.left_column",
      {{"place", text::line_place(tr, m.names, m.you, p, col_line_id(0))}, {"cells", cells}}));
}

}  // namespace

std::vector<std::string> describe_table(const TableModel& m, const text::Translator& tr) {
  std::vector<std::string> out;
  const auto name = [&](int q) { return m.names[static_cast<size_t>(q)]; };
  std::string round = round_text(m, tr);
  if (m.ender != kNoPlayer)
    round += ". " + tr.tr("desc.ender",
                          {{"actor", m.ender == m.you ? "you" : "other"}, {"name", name(m.ender)}});
  out.push_back(round + ".");

  const int first = first_seat(m);
  for (int i = 0; i < m.players; ++i) describe_seat(m, (first + i) % m.players, tr, out);

  const int count = m.draw_count;
  out.push_back(
      m.discard_top == kNoCard
          ? tr.tr("desc.piles_no_discard", {{"count", count}})
          : tr.tr("desc.piles", {{"count", count}, {"card", text::card_text(m.discard_top)}}));
  // Every card in play on its own line (the picture has room for only one of them).
  TableModel one = m;
  one.hand = one.taken = kNoCard;
  if (!card_in_play(one, tr).empty()) out.push_back(card_in_play(one, tr) + ".");
  one = m;
  one.taken = kNoCard;
  if (m.hand != kNoCard && m.knocker != kNoPlayer) out.push_back(card_in_play(one, tr) + ".");
  if (m.taken != kNoCard && m.active != kNoPlayer) out.push_back(card_in_play(m, tr) + ".");
  std::string knocks;
  for (int p = 0; p < m.players; ++p)
    if (m.knockers >> p & 1) knocks += (knocks.empty() ? "" : ", ") + name(p);
  if (!knocks.empty())
    out.push_back(
        tr.tr("table.knockers", {{"count", std::popcount(m.knockers)}, {"names", knocks}}) + ".");
  if (!m.status.empty()) out.push_back(m.status);
  return out;
}

}  // namespace allegra::tui
