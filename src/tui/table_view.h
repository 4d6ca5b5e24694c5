// Drawing a TableModel (and the decision's targets) onto a Canvas, without a terminal.
//
// One function draws the whole screen for both front ends: the grids around the table, the
// deciding player's 15-card display lit, the piles and the card in play, the status line, the
// buttons, the log and the key help; or, on a screen too small for the table, a message
// saying so. Unicode glyphs where the terminal has them, ASCII otherwise.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "text/translator.h"
#include "tui/canvas.h"
#include "tui/input_map.h"
#include "tui/table_layout.h"
#include "tui/table_model.h"
#include "tui/text_page.h"

namespace allegra::tui {

struct ViewOptions {
  // `{unicode, help}` as before; the other fields are set by name.
  ViewOptions(bool unicode_glyphs = true, std::string help_line = {})
      : unicode(unicode_glyphs), help(std::move(help_line)) {}
  bool unicode = true;
  std::string help;  // the key help at the bottom, wrapped ("" for none)
  int scroll = 0;    // lines from the log's newest page or the notes' first (negative: back)
  // When set, drawn over the table instead of it (the help overlay), from line overlay_scroll.
  std::vector<std::string> overlay;
  int overlay_scroll = 0;
  // The log scrolls with the arrows (the replay viewer, where PgDn and End move on): its "more"
  // line names the arrow.
  bool arrows_scroll = false;
};

// The full screen. `map` (may be null) gives the decision's targets and the cursor.
// The layout of the screen for `model` on a width x height terminal: the status line wraps
// (up to three rows) and the buttons move down below it.
TableLayout screen_layout(const TableModel& model, int width, int height);
Canvas render_screen(const TableModel& model, const InputMap* map, const TableLayout& layout,
                     const text::Translator& tr, const ViewOptions& options);

// The page of the log (or of the notes, when there are any) that render_screen() shows, with
// the offset clamped: the front end scrolls with it.
TextPage log_page(const TableModel& model, const TableLayout& layout, const ViewOptions& options);
// The page of the overlay that render_screen() shows.
TextPage overlay_page(const TableLayout& layout, const ViewOptions& options);

// Only the table (no status, buttons or log), e.g. for the plain front end.
Canvas render_table(const TableModel& model, const text::Translator& tr, bool unicode);

// The card in play as a sentence: "Bea drew the 8", "You hold a face-down card"; "" if none.
std::string card_in_play(const TableModel& model, const text::Translator& tr);
// The round: "Round 2 of 3", or "Round 2" without a round limit.
std::string round_text(const TableModel& model, const text::Translator& tr);
// A seat's label: name and game total, e.g. "Bea (12.5)" ("Bea (12,5)" in German), the total
// apart from the name so that "Player 2 (0)" never reads as "Player 20". At most `width`
// columns: a longer name is shortened with an ellipsis, the total never.
std::string seat_label(const TableModel& model, int p, std::string_view locale = "en",
                       int width = 1000, bool unicode = true);
// Half points as the language writes them (ICU): 25 -> "12.5" ("12,5" in German), 24 -> "12".
std::string points_text(int32_t half, std::string_view locale = "en");

}  // namespace allegra::tui
