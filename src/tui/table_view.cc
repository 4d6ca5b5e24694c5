#include "tui/table_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

namespace allegra::tui {
namespace {

Style value_style(int8_t v) {
  if (v <= 0) return Style::kLow;
  return v <= 6 ? Style::kMid : Style::kHigh;
}

// The four columns of a cell: " 11 ", " ▒▒ ", "  · ".
std::string cell_glyphs(const CellView& c, bool unicode) {
  switch (c.state) {
    case CellState::kFaceDown:
      return unicode ? " ▒▒ " : " ## ";
    case CellState::kEmpty:
      return unicode ? "  · " : "  . ";
    case CellState::kFaceUp:
      return fmt::format(" {:>2} ", c.value);
  }
  return "    ";
}

Style cell_style(const CellView& c) {
  switch (c.state) {
    case CellState::kFaceDown:
      return Style::kFaceDown;
    case CellState::kEmpty:
      return Style::kDim;
    case CellState::kFaceUp:
      return value_style(c.value);
  }
  return Style::kNormal;
}

// The cursor marks its cell with brackets, so it shows in plain text and without colours too.
void mark_cursor(Canvas& canvas, const Rect& r) {
  canvas.put(r.x, r.y, "[", Style::kCursor);
  canvas.put(r.x + r.w - 1, r.y, "]", Style::kCursor);
  canvas.restyle(r.x, r.y, r.w, Style::kCursor);
}

// The 15 cells of the deciding player's display are lit (the neighbour's column included).
int lit_player(const TableModel& m) {
  if (m.current == kNoPlayer) return kNoPlayer;
  return m.current;
}

void draw_grids(const TableModel& m, const TableLayout& layout, bool unicode, Canvas& canvas) {
  const int lit = lit_player(m);
  for (int p = 0; p < m.players; ++p) {
    const Rect label = layout.label_rect(p);
    const Style style = p == m.current ? Style::kTitle : Style::kDim;
    std::string text = seat_label(m, p);
    if (p == m.current) text = (unicode ? "▶" : ">") + text;
    canvas.put_centered(label.x, label.y, label.w, text, style);
    for (int i = 0; i < kGridCells; ++i) {
      const CellId c = make_cell(p, i / kGridCols, i % kGridCols);
      const Rect r = layout.cell_rect(c);
      canvas.put(r.x, r.y, cell_glyphs(m.cell(c), unicode), cell_style(m.cell(c)));
      if (lit != kNoPlayer && in_display(lit, m.players, c)) canvas.light(r.x, r.y, r.w);
    }
  }
}

void draw_center(const TableModel& m, const TableLayout& layout, const Translator& tr,
                 Canvas& canvas) {
  const Rect c = layout.center_rect();
  std::string title = round_text(m, tr);
  if (m.ender != kNoPlayer) title += " · " + tr.tr("table.final_round");
  canvas.put_centered(c.x, c.y, c.w, title, Style::kTitle);
  const Rect d = layout.draw_pile_rect();
  canvas.put_centered(d.x, d.y, d.w,
                      tr.tr("table.draw_pile", {{"count", std::to_string(m.draw_count)}}));
  const Rect x = layout.discard_rect();
  canvas.put_centered(x.x, x.y, x.w,
                      tr.tr("table.discard",
                            {{"card", m.discard_top == kNoCard ? "-" : card_text(m.discard_top)}}));
  const std::string held = card_in_play(m, tr);
  canvas.put_centered(c.x, c.y + 3, c.w, held, Style::kTitle);
  std::string knocks;
  for (int p = 0; p < m.players; ++p)
    if (m.knockers >> p & 1)
      knocks += (knocks.empty() ? "" : ", ") + m.names[static_cast<size_t>(p)];
  if (!knocks.empty())
    canvas.put_centered(
        c.x, c.y + 4, c.w,
        tr.tr("table.knockers", {{"count", std::popcount(m.knockers)}, {"names", knocks}}),
        Style::kAlert);
}

// Every finished round's scores and the totals, one line per player: "Bea    12  3.5 | 15.5".
void draw_panel(const TableModel& m, const Rect& r, const Translator& tr, Canvas& canvas) {
  canvas.put(r.x, r.y, clip_text(tr.tr("table.scores"), r.w), Style::kTitle);
  const size_t rounds = std::min<size_t>(m.round_scores.size(), 3);
  const size_t first = m.round_scores.size() - rounds;  // the last three rounds
  std::string head = fmt::format("{:<9}", "");
  for (size_t i = first; i < m.round_scores.size(); ++i)
    head += fmt::format("{:>5}", fmt::format("R{}", i + 1));
  canvas.put(r.x, r.y + 1, clip_text(fmt::format("{} {:>6}", head, tr.tr("table.total")), r.w),
             Style::kDim);
  for (int p = 0; p < m.players && p + 2 < r.h; ++p) {
    std::string line = fmt::format("{:<9}", clip_text(m.names[static_cast<size_t>(p)], 8));
    for (size_t i = first; i < m.round_scores.size(); ++i)
      line += fmt::format("{:>5}", points_text(m.round_scores[i][static_cast<size_t>(p)]));
    line += fmt::format(" {:>6}", points_text(m.totals_half[static_cast<size_t>(p)]));
    canvas.put(r.x, r.y + 2 + p, clip_text(line, r.w),
               p == m.current ? Style::kTitle : Style::kNormal);
  }
}

void draw_targets(const InputMap& map, Canvas& canvas) {
  for (size_t i = 0; i < map.targets().size(); ++i) {
    const Target& t = map.targets()[i];
    if (t.button)
      canvas.put(t.rect.x, t.rect.y, fmt::format("[{} {}]", i + 1, t.label), Style::kTarget);
    else
      canvas.restyle(t.rect.x, t.rect.y, t.rect.w, Style::kTarget);
  }
  if (map.targets().empty()) return;
  mark_cursor(canvas, map.current().rect);
}

}  // namespace

std::string points_text(int32_t half) {
  if (half % 2 == 0) return fmt::format("{}", half / 2);
  return fmt::format("{}{}.5", half < 0 ? "-" : "", std::abs(half) / 2);
}

std::string card_in_play(const TableModel& m, const Translator& tr) {
  auto actor = [&](int p) { return p == m.you ? "you" : "other"; };
  auto name = [&](int p) { return m.names[static_cast<size_t>(p)]; };
  auto face = [](int8_t v) { return v == kHiddenValue ? "down" : "up"; };
  auto card = [](int8_t v) { return v == kHiddenValue ? std::string() : card_text(v); };
  if (m.taken != kNoCard && m.active != kNoPlayer)
    return tr.tr("table.taken", {{"actor", actor(m.active)},
                                 {"name", name(m.active)},
                                 {"face", face(m.taken)},
                                 {"card", card(m.taken)}});
  if (m.hand != kNoCard && m.knocker != kNoPlayer)
    return tr.tr("table.hand", {{"actor", actor(m.knocker)},
                                {"name", name(m.knocker)},
                                {"face", face(m.hand)},
                                {"card", card(m.hand)}});
  if (m.held != kNoCard && m.active != kNoPlayer)
    return tr.tr(
        m.held_from_discard ? "table.held_discard" : "table.held",
        {{"actor", actor(m.active)}, {"name", name(m.active)}, {"card", card_text(m.held)}});
  return {};
}

std::string round_text(const TableModel& m, const Translator& tr) {
  if (m.rounds > 0) return tr.tr("table.round_of", {{"round", m.round + 1}, {"rounds", m.rounds}});
  return tr.tr("table.round", {{"round", m.round + 1}});
}

std::string seat_label(const TableModel& m, int p) {
  return fmt::format("{} {}", m.names[static_cast<size_t>(p)],
                     points_text(m.totals_half[static_cast<size_t>(p)]));
}

Canvas render_table(const TableModel& model, const Translator& tr, bool unicode) {
  const TableLayout layout(model.players, model.viewer, kTableWidth, kTableHeight);
  Canvas canvas(kTableWidth, kTableHeight);
  draw_grids(model, layout, unicode, canvas);
  draw_center(model, layout, tr, canvas);
  return canvas;
}

Canvas render_screen(const TableModel& model, const InputMap* map, const TableLayout& layout,
                     const Translator& tr, const ViewOptions& options) {
  Canvas canvas(layout.width(), layout.height());
  if (!layout.fits()) {
    const int y = layout.height() / 2 - 1;
    canvas.put_centered(0, std::max(0, y), layout.width(), tr.tr("screen.too_small_1"),
                        Style::kAlert);
    canvas.put_centered(0, std::max(0, y + 1), layout.width(),
                        tr.tr("screen.too_small_2", {{"width", std::to_string(layout.width())},
                                                     {"height", std::to_string(layout.height())},
                                                     {"min_width", std::to_string(kMinWidth)},
                                                     {"min_height", std::to_string(kMinHeight)}}));
    return canvas;
  }
  draw_grids(model, layout, options.unicode, canvas);
  draw_center(model, layout, tr, canvas);
  if (const Rect panel = layout.panel_rect(); panel.w > 0) draw_panel(model, panel, tr, canvas);
  canvas.put(1, layout.status_y(), clip_text(model.status, layout.width() - 2), Style::kTitle);
  if (map != nullptr) {
    draw_targets(*map, canvas);
    for (CellId c : map->cursor_cells()) mark_cursor(canvas, layout.cell_rect(c));
  }
  const Rect log = layout.log_rect();
  const std::vector<std::string>& lines = model.notes.empty() ? model.log : model.notes;
  const int shown = std::min<int>(log.h, static_cast<int>(lines.size()));
  // Notes read from the top; the log shows its newest lines.
  const size_t first = model.notes.empty() ? lines.size() - static_cast<size_t>(shown) : 0;
  for (int i = 0; i < shown; ++i)
    canvas.put(1, log.y + i, clip_text(lines[first + static_cast<size_t>(i)], log.w - 2),
               model.notes.empty() && i + 1 < shown ? Style::kDim : Style::kNormal);
  if (!options.help.empty())
    canvas.put(1, layout.help_y(), clip_text(options.help, layout.width() - 2), Style::kDim);
  return canvas;
}

}  // namespace allegra::tui
