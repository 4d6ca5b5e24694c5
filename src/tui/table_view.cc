#include "tui/table_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "text/card_text.h"

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

// Every grid with its name, its row numbers (1-3) and column numbers (1-4): the names that
// messages give the cells. The separator sets the shared column 4 apart.
void draw_grids(const TableModel& m, const TableLayout& layout, const text::Translator& tr,
                bool unicode, Canvas& canvas) {
  const int lit = lit_player(m);
  for (int p = 0; p < m.players; ++p) {
    const Rect label = layout.label_rect(p);
    const Style style = p == m.current ? Style::kTitle : Style::kDim;
    const std::string mark = p != m.current ? "" : unicode ? "▶" : ">";
    canvas.put_centered(label.x, label.y, label.w,
                        mark + seat_label(m, p, tr.code(), label.w - text_width(mark), unicode),
                        style);
    for (int col = 0; col < kGridCols; ++col) {
      const Rect r = layout.col_label_rect(p, col);
      canvas.put(r.x, r.y, std::to_string(col + 1), Style::kDim);
    }
    for (int row = 0; row < kRows; ++row) {
      const Rect r = layout.row_label_rect(p, row);
      canvas.put(r.x, r.y, std::to_string(row + 1), Style::kDim);
      canvas.put(layout.separator_x(p), r.y, unicode ? "│" : "|", Style::kDim);
    }
    for (int i = 0; i < kGridCells; ++i) {
      const CellId c = make_cell(p, i / kGridCols, i % kGridCols);
      const Rect r = layout.cell_rect(c);
      canvas.put(r.x, r.y, cell_glyphs(m.cell(c), unicode), cell_style(m.cell(c)));
      if (lit != kNoPlayer && in_display(lit, m.players, c)) canvas.light(r.x, r.y, r.w);
    }
  }
}

void draw_center(const TableModel& m, const TableLayout& layout, const text::Translator& tr,
                 Canvas& canvas) {
  const Rect c = layout.center_rect();
  std::string title = round_text(m, tr);
  if (m.ender != kNoPlayer) title += " · " + tr.tr("table.final_round");
  canvas.put_centered(c.x, c.y, c.w, title, Style::kTitle);
  const Rect d = layout.draw_pile_rect();
  canvas.put_centered(d.x, d.y, d.w,
                      tr.tr("table.draw_pile", {{"count", std::to_string(m.draw_count)}}));
  const Rect x = layout.discard_rect();
  canvas.put_centered(
      x.x, x.y, x.w,
      tr.tr("table.discard",
            {{"card", m.discard_top == kNoCard ? "-" : text::card_text(m.discard_top)}}));
  const std::string held = card_in_play(m, tr);
  canvas.put_centered(c.x, c.y + 2, c.w, held, Style::kTitle);
  std::string knocks;
  for (int p = 0; p < m.players; ++p)
    if (m.knockers >> p & 1)
      knocks += (knocks.empty() ? "" : ", ") + m.names[static_cast<size_t>(p)];
  if (!knocks.empty())
    canvas.put_centered(
        c.x, c.y + 3, c.w,
        tr.tr("table.knockers", {{"count", std::popcount(m.knockers)}, {"names", knocks}}),
        Style::kAlert);
}

// Every finished round's scores and the totals, one line per player: "Bea    12  3.5  15.5".
// The columns are as wide as their widest entry, so a total is never cut: the total column
// comes first, then as many of the latest rounds as fit, and names are shortened last.
void draw_panel(const TableModel& m, const Rect& r, const text::Translator& tr, Canvas& canvas) {
  canvas.put(r.x, r.y, clip_text(tr.tr("table.scores"), r.w), Style::kTitle);
  const auto idx = [](int p) { return static_cast<size_t>(p); };
  const std::string total_head = tr.tr("table.total");
  int total_w = text_width(total_head);
  for (int p = 0; p < m.players; ++p)
    total_w = std::max(total_w, text_width(points_text(m.totals_half[idx(p)], tr.code())));
  int name_w = 0;
  for (int p = 0; p < m.players; ++p) name_w = std::max(name_w, text_width(m.names[idx(p)]));
  constexpr int kMinNameW = 4;
  name_w = std::min(name_w, std::max(kMinNameW, r.w - total_w - 1));
  // Rounds from the latest back, each with a space before it, while they fit.
  std::vector<std::pair<size_t, int>> rounds;  // round index, column width
  int used = name_w + 1 + total_w;
  for (size_t i = m.round_scores.size(); i-- > 0;) {
    int w = text_width(fmt::format("R{}", i + 1));
    for (int p = 0; p < m.players; ++p)
      w = std::max(w, text_width(points_text(m.round_scores[i][idx(p)], tr.code())));
    if (used + w + 1 > r.w) break;
    used += w + 1;
    rounds.insert(rounds.begin(), {i, w});
  }
  const auto right = [](const std::string& text, int w) {
    return std::string(static_cast<size_t>(std::max(0, w - text_width(text))), ' ') + text;
  };
  const auto row = [&](const std::string& name, const std::vector<std::string>& cells,
                       const std::string& total) {
    std::string line = clip_text(name, name_w);
    line += std::string(static_cast<size_t>(name_w - text_width(line)), ' ');
    for (size_t k = 0; k < rounds.size(); ++k) {
      line += ' ';
      line += right(cells[k], rounds[k].second);
    }
    line += ' ';
    line += right(total, total_w);
    return line;
  };
  std::vector<std::string> heads;
  for (const auto& [i, w] : rounds) heads.push_back(fmt::format("R{}", i + 1));
  canvas.put(r.x, r.y + 1, row("", heads, total_head), Style::kDim);
  for (int p = 0; p < m.players && p + 2 < r.h; ++p) {
    std::vector<std::string> cells;
    for (const auto& [i, w] : rounds)
      cells.push_back(points_text(m.round_scores[i][idx(p)], tr.code()));
    canvas.put(r.x, r.y + 2 + p,
               row(m.names[idx(p)], cells, points_text(m.totals_half[idx(p)], tr.code())),
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

std::string points_text(int32_t half, std::string_view locale) {
  return text::format_message(locale, "{n}", {{"n", half / 2.0}});
}

std::string card_in_play(const TableModel& m, const text::Translator& tr) {
  auto actor = [&](int p) { return p == m.you ? "you" : "other"; };
  auto name = [&](int p) { return m.names[static_cast<size_t>(p)]; };
  auto face = [](int8_t v) { return v == kHiddenValue ? "down" : "up"; };
  auto card = [](int8_t v) { return v == kHiddenValue ? std::string() : text::card_text(v); };
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
        {{"actor", actor(m.active)}, {"name", name(m.active)}, {"card", text::card_text(m.held)}});
  return {};
}

std::string round_text(const TableModel& m, const text::Translator& tr) {
  if (m.rounds > 0) return tr.tr("table.round_of", {{"round", m.round + 1}, {"rounds", m.rounds}});
  return tr.tr("table.round", {{"round", m.round + 1}});
}

std::string seat_label(const TableModel& m, int p, std::string_view locale, int width,
                       bool unicode) {
  const std::string total =
      fmt::format("({})", points_text(m.totals_half[static_cast<size_t>(p)], locale));
  std::string name = m.names[static_cast<size_t>(p)];
  // The total is never cut: the name gives way, its end replaced by an ellipsis.
  const int room = width - 1 - text_width(total);
  if (text_width(name) > room) name = clip_text(name, room - 1) + (unicode ? "…" : ".");
  return fmt::format("{} {}", name, total);
}

Canvas render_table(const TableModel& model, const text::Translator& tr, bool unicode) {
  const TableLayout layout(model.players, model.viewer, kTableWidth, kTableHeight);
  Canvas canvas(kTableWidth, kTableHeight);
  draw_grids(model, layout, tr, unicode, canvas);
  draw_center(model, layout, tr, canvas);
  return canvas;
}

namespace {

// The key help, wrapped to the screen's width.
std::vector<std::string> help_lines(const TableLayout& layout, const ViewOptions& o) {
  if (o.help.empty()) return {};
  return wrap_text(o.help, layout.width() - 2);
}

// The rows between the buttons and the key help, for the log or the notes (at least one).
Rect bottom_rect(const TableLayout& layout, const ViewOptions& o) {
  const int top = layout.buttons_y() + 1;
  const int help = static_cast<int>(help_lines(layout, o).size());
  const int bottom = std::max(top + 1, layout.height() - help);
  return {1, top, layout.width() - 2, bottom - top};
}

// The message of a screen too small for the table, wrapped and centred.
void draw_too_small(const TableLayout& layout, const text::Translator& tr, Canvas& canvas) {
  std::vector<std::string> lines =
      wrap_lines({tr.tr("screen.too_small_1"),
                  tr.tr("screen.too_small_2", {{"width", std::to_string(layout.width())},
                                               {"height", std::to_string(layout.height())},
                                               {"min_width", std::to_string(kMinWidth)},
                                               {"min_height", std::to_string(kMinHeight)}})},
                 layout.width());
  const int y = std::max(0, (layout.height() - static_cast<int>(lines.size())) / 2);
  for (size_t i = 0; i < lines.size(); ++i)
    canvas.put_centered(0, y + static_cast<int>(i), layout.width(), lines[i], Style::kAlert);
}

// The log's newest lines (older entries dimmed) or the notes, and "more" when the area is full.
void draw_log(const TableModel& m, const TableLayout& layout, const text::Translator& tr,
              const ViewOptions& o, Canvas& canvas) {
  const Rect area = bottom_rect(layout, o);
  const TextPage page = log_page(m, layout, o);
  const bool notes = !m.notes.empty();
  // The lines of the newest log entry stay bright.
  const int newest =
      notes || m.log.empty() ? 0 : static_cast<int>(wrap_text(m.log.back(), area.w).size());
  for (size_t i = 0; i < page.lines.size(); ++i) {
    const int index = page.first + static_cast<int>(i);
    const bool old = !notes && index < page.total - newest;
    canvas.put(area.x, area.y + static_cast<int>(i), page.lines[i],
               old ? Style::kDim : Style::kNormal);
  }
  // The log's "more" names PgDn and End (End: back to the newest lines); notes scroll down with
  // the arrow (End would go back to their top, and in the replay viewer PgDn and End move on).
  if (page.more_below())
    canvas.put(
        area.x, area.y + page.rows,
        clip_text(tr.tr(notes || o.arrows_scroll ? "screen.more_down" : "screen.more"), area.w),
        Style::kTitle);
}

void draw_help(const TableLayout& layout, const ViewOptions& o, Canvas& canvas) {
  const std::vector<std::string> lines = help_lines(layout, o);
  const int top = bottom_rect(layout, o).y + bottom_rect(layout, o).h;
  for (size_t i = 0; i < lines.size(); ++i)
    canvas.put(1, top + static_cast<int>(i), lines[i], Style::kDim);
}

// The overlay's rows: the whole screen but the key help.
Rect overlay_rect(const TableLayout& layout, const ViewOptions& o) {
  const int help = static_cast<int>(help_lines(layout, o).size());
  return {1, 0, layout.width() - 2, std::max(1, layout.height() - help)};
}

void draw_overlay(const TableLayout& layout, const text::Translator& tr, const ViewOptions& o,
                  Canvas& canvas) {
  const Rect area = overlay_rect(layout, o);
  const TextPage page = overlay_page(layout, o);
  for (size_t i = 0; i < page.lines.size(); ++i)
    canvas.put(area.x, area.y + static_cast<int>(i), page.lines[i],
               page.first == 0 && i == 0 ? Style::kTitle : Style::kNormal);
  if (page.more_below())  // End closes the help: only the arrow scrolls it
    canvas.put(area.x, area.y + page.rows, clip_text(tr.tr("screen.more_down"), area.w),
               Style::kTitle);
  draw_help(layout, o, canvas);
}

}  // namespace

TextPage log_page(const TableModel& m, const TableLayout& layout, const ViewOptions& o) {
  const Rect area = bottom_rect(layout, o);
  if (!m.notes.empty()) return text_page(m.notes, area.w, area.h, PageStart::kTop, o.scroll);
  return text_page(m.log, area.w, area.h, PageStart::kBottom, o.scroll);
}

TextPage overlay_page(const TableLayout& layout, const ViewOptions& o) {
  const Rect area = overlay_rect(layout, o);
  return text_page(o.overlay, area.w, area.h, PageStart::kTop, o.overlay_scroll);
}

TableLayout screen_layout(const TableModel& model, int width, int height) {
  TableLayout layout(model.players, model.viewer, width, height);
  layout.set_status_rows(static_cast<int>(wrap_text(model.status, width - 2).size()));
  return layout;
}

Canvas render_screen(const TableModel& model, const InputMap* map, const TableLayout& layout,
                     const text::Translator& tr, const ViewOptions& options) {
  Canvas canvas(layout.width(), layout.height());
  if (!layout.fits()) {
    draw_too_small(layout, tr, canvas);
    return canvas;
  }
  if (!options.overlay.empty()) {
    draw_overlay(layout, tr, options, canvas);
    return canvas;
  }
  draw_grids(model, layout, tr, options.unicode, canvas);
  draw_center(model, layout, tr, canvas);
  if (const Rect panel = layout.panel_rect(); panel.w > 0) draw_panel(model, panel, tr, canvas);
  // The status wrapped onto the rows the layout gives it (screen_layout: all of it).
  const std::vector<std::string> status = wrap_text(model.status, layout.width() - 2);
  for (int i = 0; i < layout.status_rows() && i < static_cast<int>(status.size()); ++i)
    canvas.put(1, layout.status_y() + i, status[static_cast<size_t>(i)], Style::kTitle);
  if (map != nullptr) {
    draw_targets(*map, canvas);
    for (CellId c : map->cursor_cells()) mark_cursor(canvas, layout.cell_rect(c));
  }
  draw_log(model, layout, tr, options, canvas);
  draw_help(layout, options, canvas);
  return canvas;
}

}  // namespace allegra::tui
