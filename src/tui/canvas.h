// Canvas: a screen's worth of styled text, drawn without a terminal.
//
// The table is drawn onto a Canvas by pure code (table_view.h), so layout and highlighting are
// unit-tested as plain text; the curses front end only copies a Canvas to the terminal with a
// colour per Style, and the plain front end prints its text. A glyph is one column; a wide
// character (East Asian wide, text/display_width.h) takes its cell and the next one, whose glyph
// is empty.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace allegra::tui {

// What a character is, not how it looks: the front end picks colours and attributes.
enum class Style : uint8_t {
  kNormal,
  kDim,       // frames, labels of other players, empty cells
  kFaceDown,  // the back of a card
  kLow,       // a card worth 0 or less
  kMid,       // 1..6
  kHigh,      // 7..11
  kCursor,    // the cell or button under the cursor
  kTarget,    // a cell or button that may be chosen
  kTitle,     // headings, the current player's name
  kAlert,     // messages that need attention (penalty, too small)
};

struct Glyph {
  std::string text = " ";  // one UTF-8 character (and its combining marks); "" right of a wide one
  Style style = Style::kNormal;
  bool lit = false;  // on the deciding player's 15-card display: drawn on a lighter background
};

class Canvas {
 public:
  Canvas(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  const Glyph& at(int x, int y) const { return cells_[static_cast<size_t>(y * width_ + x)]; }

  // Writes UTF-8 text from (x, y), one glyph per character, clipped at the edges.
  void put(int x, int y, std::string_view text, Style style = Style::kNormal);
  // Changes the style of `width` cells from (x, y), keeping their text.
  void restyle(int x, int y, int width, Style style);
  // Marks `width` cells from (x, y) as lit (the deciding player's display).
  void light(int x, int y, int width);
  // Writes text centred in the row range [x, x + width).
  void put_centered(int x, int y, int width, std::string_view text, Style style = Style::kNormal);

  // One line of text (trailing spaces removed), and all of them joined by newlines.
  std::string line(int y) const;
  std::string text() const;

 private:
  int width_;
  int height_;
  std::vector<Glyph> cells_;
};

// The display width of UTF-8 text in columns (text::display_width): its width on the canvas.
int text_width(std::string_view utf8);
// An ASCII stand-in for one UTF-8 character, for terminals without Unicode: accents dropped
// ("ä" -> "a"), symbols replaced ("·" -> "."), anything else "?".
std::string ascii_glyph(std::string_view utf8_char);
// The longest start of UTF-8 text at most `width` columns wide.
std::string clip_text(std::string_view utf8, int width);
// UTF-8 text broken into lines of at most `width` display columns ("ä", "▒" and "·" count one
// each, "漢" two), at spaces where it can and inside a word only if the word alone is
// wider. Newlines in the text start a new line; an empty text gives one empty line.
std::vector<std::string> wrap_text(std::string_view utf8, int width);
// Every text wrapped and the lines joined in order.
std::vector<std::string> wrap_lines(const std::vector<std::string>& texts, int width);

}  // namespace allegra::tui
