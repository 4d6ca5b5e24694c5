// TextPage: the part of a long list of wrapped lines that fits an area, and scrolling it.
//
// The log area shows the log's newest lines, or the notes (a hint, a round's result) from
// their first line; the help overlay shows its text from the top. All of them wrap to the
// area's width and may be longer than it: PgUp/PgDn move a page, and the front end keeps only
// a signed offset from the page shown by default. Pure, so scrolling is tested without a
// terminal.
#pragma once

#include <string>
#include <vector>

namespace allegra::tui {

struct TextPage {
  std::vector<std::string> lines;  // at most `rows` wrapped lines
  int first = 0;                   // index of lines[0] among all wrapped lines
  int total = 0;                   // all wrapped lines
  int offset = 0;                  // the offset actually used (clamped)
  int rows = 0;                    // the rows for text: the area's, less the "more" row
  bool more_row = false;           // there is more below: the area's last row says so
  bool more_above() const { return first > 0; }
  bool more_below() const { return first + static_cast<int>(lines.size()) < total; }
};

// Which end a page starts at when its offset is 0: the log shows its newest lines, notes and
// the help overlay their first.
enum class PageStart { kTop, kBottom };

// The page of `texts` (each wrapped to `width`) for an area of `rows` lines, moved `offset`
// lines from the default page (negative: back towards the top). The offset is clamped. Text
// below the page leaves the area's last row free for a line that says so.
TextPage text_page(const std::vector<std::string>& texts, int width, int rows, PageStart start,
                   int offset);

// The step of PgUp/PgDn for an area of `rows` lines: a page, keeping one line for context.
int page_step(int rows);

}  // namespace allegra::tui
