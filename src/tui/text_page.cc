#include "tui/text_page.h"

#include <algorithm>

#include "tui/canvas.h"

namespace allegra::tui {

TextPage text_page(const std::vector<std::string>& texts, int width, int rows, PageStart start,
                   int offset) {
  TextPage page;
  std::vector<std::string> all = wrap_lines(texts, width);
  page.total = static_cast<int>(all.size());
  rows = std::max(rows, 0);
  const auto place = [&](int r) {
    const int last_first = std::max(0, page.total - r);  // the first line of the last page
    const int base = start == PageStart::kTop ? 0 : last_first;
    page.first = std::clamp(base + offset, 0, last_first);
    page.offset = page.first - base;
  };
  place(rows);
  // A page with more below keeps its last row for the line that says so.
  if (page.first + rows < page.total && rows > 1) {
    page.more_row = true;
    --rows;
    place(rows);
  }
  page.rows = rows;
  const int n = std::min(rows, page.total - page.first);
  page.lines.assign(all.begin() + page.first, all.begin() + page.first + n);
  return page;
}

int page_step(int rows) { return std::max(1, rows - 1); }

}  // namespace allegra::tui
