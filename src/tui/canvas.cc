#include "tui/canvas.h"

#include <algorithm>
#include <iterator>

#include "text/display_width.h"

namespace allegra::tui {
namespace {

// Length of the UTF-8 sequence starting with byte b (1 for stray continuation bytes).
size_t sequence_length(unsigned char b) {
  if (b >= 0xF0) return 4;
  if (b >= 0xE0) return 3;
  if (b >= 0xC0) return 2;
  return 1;
}

template <typename F>
void for_each_char(std::string_view utf8, F f) {
  for (size_t i = 0; i < utf8.size();) {
    const size_t n =
        std::min(sequence_length(static_cast<unsigned char>(utf8[i])), utf8.size() - i);
    if (!f(utf8.substr(i, n))) return;
    i += n;
  }
}

}  // namespace

int text_width(std::string_view utf8) { return text::display_width(utf8); }

std::string ascii_glyph(std::string_view c) {
  if (c.size() == 1) return std::string(c);
  static constexpr std::pair<std::string_view, const char*> kTable[] = {
      {"ä", "a"}, {"à", "a"},  {"â", "a"},  {"á", "a"},  {"ö", "o"}, {"ô", "o"}, {"ó", "o"},
      {"ü", "u"}, {"û", "u"},  {"ú", "u"},  {"é", "e"},  {"è", "e"}, {"ê", "e"}, {"ë", "e"},
      {"í", "i"}, {"ï", "i"},  {"î", "i"},  {"ç", "c"},  {"ñ", "n"}, {"ß", "s"}, {"Ä", "A"},
      {"Ö", "O"}, {"Ü", "U"},  {"É", "E"},  {"·", "."},  {"▶", ">"}, {"▒", "#"}, {"¡", "!"},
      {"¿", "?"}, {"«", "\""}, {"»", "\""}, {"–", "-"},  {"—", "-"}, {"…", "."}, {"│", "|"},
      {"’", "'"}, {"“", "\""}, {"”", "\""}, {"„", "\""}, {"▼", "v"}, {"↑", "^"}, {"↓", "v"}};
  for (const auto& [from, to] : kTable)
    if (c == from) return to;
  return "?";
}

std::string clip_text(std::string_view utf8, int width) { return text::clip_to_width(utf8, width); }

namespace {

// One paragraph (no newline) into lines of at most `width` characters.
void wrap_paragraph(std::string_view text, int width, std::vector<std::string>& out) {
  std::string line;
  int line_w = 0;
  size_t i = 0;
  while (i < text.size()) {
    const size_t space = text.find(' ', i);
    const size_t end = space == std::string_view::npos ? text.size() : space;
    std::string_view word = text.substr(i, end - i);
    i = end == text.size() ? end : end + 1;
    int word_w = text_width(word);
    if (line_w > 0 && line_w + 1 + word_w > width) {
      out.push_back(std::move(line));
      line.clear();
      line_w = 0;
    }
    while (word_w > width) {  // a word wider than a line: cut it into pieces
      if (line_w > 0) out.push_back(std::move(line));
      std::string piece = clip_text(word, width);
      if (piece.empty()) piece = clip_text(word, 2);  // a wide character on a 1-column line
      out.push_back(piece);
      word.remove_prefix(piece.size());
      word_w = text_width(word);
      line.clear();
      line_w = 0;
    }
    if (line_w > 0) line += ' ', ++line_w;
    line += word;
    line_w += word_w;
  }
  out.push_back(std::move(line));
}

}  // namespace

std::vector<std::string> wrap_text(std::string_view utf8, int width) {
  std::vector<std::string> out;
  width = std::max(width, 1);
  for (size_t start = 0;;) {
    const size_t nl = utf8.find('\n', start);
    wrap_paragraph(utf8.substr(start, nl == std::string_view::npos ? nl : nl - start), width, out);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return out;
}

std::vector<std::string> wrap_lines(const std::vector<std::string>& texts, int width) {
  std::vector<std::string> out;
  for (const std::string& t : texts) {
    std::vector<std::string> lines = wrap_text(t, width);
    out.insert(out.end(), std::make_move_iterator(lines.begin()),
               std::make_move_iterator(lines.end()));
  }
  return out;
}

Canvas::Canvas(int width, int height)
    : width_(std::max(width, 0)),
      height_(std::max(height, 0)),
      cells_(static_cast<size_t>(width_ * height_)) {}

// A wide character fills two cells: its glyph, then an empty continuation glyph. Writing over
// either half blanks the other, so a line never holds half of a wide character.
void Canvas::put(int x, int y, std::string_view text, Style style) {
  if (y < 0 || y >= height_) return;
  const auto cell = [&](int cx) -> Glyph& { return cells_[static_cast<size_t>(y * width_ + cx)]; };
  const auto blank = [&](int cx) { cell(cx).text.assign(1, ' '); };
  const auto claim = [&](int cx) {
    if (cell(cx).text.empty() && cx > 0) blank(cx - 1);  // the right half of a wide one
    if (cx + 1 < width_ && cell(cx + 1).text.empty()) blank(cx + 1);
  };
  for_each_char(text, [&](std::string_view c) {
    const int w = text_width(c);
    if (w == 0) {  // a combining mark joins the character before it
      if (x > 0 && x <= width_) {
        int base = x - 1;
        if (cell(base).text.empty() && base > 0) --base;
        cell(base).text.append(c.data(), c.size());
      }
      return true;
    }
    if (x + w > width_) return false;
    if (x >= 0) {
      claim(x);
      if (w == 2) claim(x + 1);
      cell(x).text.assign(c.data(), c.size());
      cell(x).style = style;
      if (w == 2) {
        cell(x + 1).text.clear();
        cell(x + 1).style = style;
      }
    }
    x += w;
    return true;
  });
}

void Canvas::restyle(int x, int y, int width, Style style) {
  if (y < 0 || y >= height_) return;
  for (int i = std::max(x, 0); i < std::min(x + width, width_); ++i)
    cells_[static_cast<size_t>(y * width_ + i)].style = style;
}

void Canvas::light(int x, int y, int width) {
  if (y < 0 || y >= height_) return;
  for (int i = std::max(x, 0); i < std::min(x + width, width_); ++i)
    cells_[static_cast<size_t>(y * width_ + i)].lit = true;
}

void Canvas::put_centered(int x, int y, int width, std::string_view text, Style style) {
  const int w = text_width(text);
  put(x + std::max(0, (width - w) / 2), y, clip_text(text, width), style);
}

std::string Canvas::line(int y) const {
  std::string out;
  for (int x = 0; x < width_; ++x) out += at(x, y).text;
  out.erase(out.find_last_not_of(' ') + 1);
  return out;
}

std::string Canvas::text() const {
  std::string out;
  for (int y = 0; y < height_; ++y) out += line(y) + "\n";
  return out;
}

}  // namespace allegra::tui
