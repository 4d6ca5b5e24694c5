#include "tui/curses_screen.h"

#include <curses.h>
#include <langinfo.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <clocale>
#include <cstdlib>
#include <cstring>

#include "tui/help_text.h"
#include "tui/input_map.h"
#include "tui/key_reader.h"
#include "tui/table_view.h"

namespace allegra::tui {
namespace {

constexpr int kStyles = 10;       // Style values kNormal..kAlert
constexpr size_t kMaxTyped = 60;  // the ':' line: longer than any move's short form
constexpr int kThinkPollMs = 20;  // how often a hint being worked out looks at the keyboard

// Colour pair of a style: 1..kStyles on the normal background, kStyles+1.. when lit.
short pair_of(Style s, bool lit) {
  return static_cast<short>(1 + static_cast<int>(s) + (lit ? kStyles : 0));
}

short fg_of(Style s) {
  switch (s) {
    case Style::kDim:
      return COLOR_BLUE;
    case Style::kFaceDown:
      return COLOR_MAGENTA;
    case Style::kLow:
      return COLOR_GREEN;
    case Style::kMid:
      return COLOR_WHITE;
    case Style::kHigh:
      return COLOR_RED;
    case Style::kCursor:
      return COLOR_BLACK;
    case Style::kTarget:
      return COLOR_CYAN;
    case Style::kTitle:
      return COLOR_YELLOW;
    case Style::kAlert:
      return COLOR_RED;
    case Style::kNormal:
      break;
  }
  return -1;
}

attr_t attr_of(Style s, bool colour) {
  switch (s) {
    case Style::kCursor:
      return colour ? A_BOLD : A_REVERSE | A_BOLD;
    case Style::kTitle:
    case Style::kAlert:
    case Style::kTarget:
    case Style::kHigh:
      return A_BOLD;
    case Style::kDim:
      return colour ? A_NORMAL : A_DIM;
    default:
      return A_NORMAL;
  }
}

Key key_of(int ch) {
  switch (ch) {
    case KEY_UP:
    case 'k':
      return Key::kUp;
    case KEY_DOWN:
    case 'j':
      return Key::kDown;
    case KEY_LEFT:
      return Key::kLeft;
    case KEY_RIGHT:
    case 'l':
      return Key::kRight;
    case '\t':
      return Key::kNext;
    case KEY_BTAB:
      return Key::kPrev;
    case '\n':
    case '\r':
    case KEY_ENTER:
    case ' ':
      return Key::kEnter;
    case 'h':
      return Key::kHint;
    case '?':
    case KEY_F(1):
      return Key::kHelp;
    case KEY_PPAGE:
      return Key::kPageUp;
    case KEY_NPAGE:
      return Key::kPageDown;
    case KEY_END:
      return Key::kEnd;
    case '+':
    case '=':
      return Key::kFaster;
    case '-':
      return Key::kSlower;
    case 'p':
    case 'P':
      return Key::kPauseBots;
    case 'q':
    case 'Q':
    case 3:  // Ctrl-C in raw mode
      return Key::kQuit;
    case ':':
    case '/':
      return Key::kType;
    default:
      return Key::kNone;
  }
}

bool is_enter(int ch) { return ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' '; }

}  // namespace

bool is_interactive_terminal() { return ::isatty(0) && ::isatty(1); }

// The environment asks for UTF-8 (LC_ALL, LC_CTYPE or LANG says so).
static bool environment_wants_utf8() {
  for (const char* var : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* v = std::getenv(var);
    if (v == nullptr || *v == '\0') continue;
    std::string s(v);
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s.find("utf-8") != std::string::npos || s.find("utf8") != std::string::npos;
  }
  return false;
}

static bool codeset_is_utf8() { return std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0; }

CursesScreen::CursesScreen(const text::Translator& tr, int bot_delay_ms)
    : tr_(&tr), base_delay_(bot_delay_ms) {
  std::setlocale(LC_ALL, "");
  // A UTF-8 terminal whose locale (say de_DE.UTF-8) is not installed still gets Unicode.
  if (!codeset_is_utf8() && environment_wants_utf8()) std::setlocale(LC_CTYPE, "C.UTF-8");
  unicode_ = codeset_is_utf8();
  initscr();
  raw();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  keys_ = std::make_unique<KeyReader>();
  colour_ = has_colors();
  if (colour_) {
    start_color();
    use_default_colors();
    // The lit display: a dark grey background where the terminal has 256 colours, else blue.
    const short lit_bg = COLORS >= 256 ? 237 : COLOR_BLUE;
    for (int i = 0; i < kStyles; ++i) {
      const auto s = static_cast<Style>(i);
      const short fg = fg_of(s);
      if (s == Style::kCursor) {
        init_pair(pair_of(s, false), COLOR_BLACK, COLOR_YELLOW);
        init_pair(pair_of(s, true), COLOR_BLACK, COLOR_YELLOW);
        continue;
      }
      init_pair(pair_of(s, false), fg, -1);
      init_pair(pair_of(s, true), fg == COLOR_BLUE && lit_bg == COLOR_BLUE ? COLOR_WHITE : fg,
                lit_bg);
    }
  }
}

CursesScreen::~CursesScreen() {
  keys_.reset();  // bracketed paste off while curses still owns the terminal
  endwin();
}

void CursesScreen::paint(const Canvas& canvas) {
  erase();
  for (int y = 0; y < canvas.height(); ++y) {
    for (int x = 0; x < canvas.width(); ++x) {
      const Glyph& g = canvas.at(x, y);
      attr_t a = attr_of(g.style, colour_);
      if (g.lit && !colour_) a |= A_BOLD | A_UNDERLINE;
      if (colour_) {
        attrset(a | COLOR_PAIR(pair_of(g.style, g.lit)));
      } else {
        attrset(a);
      }
      // The right half of a wide character: the terminal drew it with the left half.
      if (g.text.empty() && unicode_) continue;
      mvaddstr(y, x,
               unicode_         ? g.text.c_str()
               : g.text.empty() ? "?"
                                : ascii_glyph(g.text).c_str());
    }
  }
  attrset(A_NORMAL);
  refresh();
}

ViewOptions CursesScreen::options(const std::string& help) const {
  ViewOptions o{unicode_, help};
  o.scroll = scroll_;
  o.arrows_scroll = arrows_scroll_;
  if (help_open_) {
    o.help = tr_->tr("help.overlay_keys");
    o.overlay = last_ ? help_overlay(*tr_, last_->names, last_->viewer) : help_overlay(*tr_);
    o.overlay_scroll = help_scroll_;
  }
  return o;
}

void CursesScreen::draw(const TableModel& model, const std::string& help) {
  const TableLayout layout = screen_layout(model, COLS, LINES);
  paint(render_screen(model, nullptr, layout, *tr_, options(help)));
}

bool CursesScreen::view_key(Key key, const TableModel& model, const std::string& help) {
  const TableLayout layout = screen_layout(model, COLS, LINES);
  if (help_open_) {  // the overlay scrolls with the page and arrow keys; any other key closes it
    const int rows = overlay_page(layout, options(help)).rows;
    const int step = key == Key::kPageUp     ? -page_step(rows)
                     : key == Key::kPageDown ? page_step(rows)
                     : key == Key::kUp       ? -1
                     : key == Key::kDown     ? 1
                                             : 0;
    if (step == 0) {
      help_open_ = false;
      return true;
    }
    help_scroll_ = overlay_page(layout, options(help)).offset + step;
    help_scroll_ = overlay_page(layout, options(help)).offset;
    return true;
  }
  const int rows = log_page(model, layout, options(help)).rows;
  switch (key) {
    case Key::kHelp:
      help_open_ = true;
      help_scroll_ = 0;
      return true;
    case Key::kPageUp:
    case Key::kPageDown:
      scroll_ = log_page(model, layout, options(help)).offset +
                (key == Key::kPageUp ? -page_step(rows) : page_step(rows));
      scroll_ = log_page(model, layout, options(help)).offset;
      return true;
    case Key::kEnd:
      scroll_ = 0;
      return true;
    default:
      return false;
  }
}

std::string CursesScreen::bots_help() const {
  if (pace_.paused()) return tr_->tr("help.bots_paused");
  return tr_->tr("help.bots", {{"delay", std::to_string(pace_.delay(base_delay_))}});
}

void CursesScreen::show(const TableModel& model, const std::vector<std::string>&) {
  last_ = model;
  scroll_ = 0;  // new lines: back to the newest
  draw(model, bots_help());
}

bool CursesScreen::pause(int ms) {
  // Bots are playing: only quitting acts. Anything else typed now is dropped, never kept for
  // the person's next decision, which the person has not seen yet.
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  for (;;) {
    if (last_) draw(*last_, bots_help());
    const auto end = start + std::chrono::milliseconds(pace_.delay(ms));
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now());
    if (left.count() <= 0 && !pace_.paused() && !help_open_) return false;
    const int wait_ms =
        pace_.paused() || help_open_ ? -1 : static_cast<int>(std::max<long>(left.count(), 0));
    const KeyEvent e = keys_->read(wait_ms);
    if (e.kind != KeyEvent::Kind::kKey) continue;  // a redraw, or a paste: never a move
    const Key key = key_of(e.code);
    if (last_ && view_key(key, *last_, bots_help())) continue;
    if (key == Key::kQuit) return true;
    if (key == Key::kFaster) pace_.faster();
    if (key == Key::kSlower) pace_.slower();
    if (key == Key::kPauseBots) pace_.toggle_pause();
  }
}

bool CursesScreen::think(const TableModel& model, const std::function<bool()>& ready) {
  last_ = model;
  const std::string help = tr_->tr("hint.keys");
  draw(model, help);
  keys_->flush();
  while (!ready()) {
    const KeyEvent e = keys_->read(kThinkPollMs);
    if (e.kind == KeyEvent::Kind::kRedraw) draw(model, help);
    if (e.kind == KeyEvent::Kind::kKey &&
        (e.code == KeyReader::kEscape || key_of(e.code) == Key::kQuit))
      return true;
  }
  return false;
}

std::optional<std::string> CursesScreen::read_text(const std::string& prompt) {
  std::string text;
  for (;;) {
    move(LINES - 1, 0);
    clrtoeol();
    attrset(A_BOLD);
    mvaddstr(LINES - 1, 1, (prompt + text + "_").c_str());
    attrset(A_NORMAL);
    refresh();
    const KeyEvent e = keys_->read();
    if (e.kind == KeyEvent::Kind::kPaste) {
      // Pasted into the typed-move line: its printable characters, never an Enter.
      for (char c : e.text)
        if (c >= 32 && c < 127 && text.size() < kMaxTyped) text += c;
      continue;
    }
    if (e.kind != KeyEvent::Kind::kKey) continue;
    const int ch = e.code;
    if (ch == KeyReader::kEscape) return std::nullopt;
    if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) return text;
    if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && !text.empty()) text.pop_back();
    if (ch >= 32 && ch < 127 && text.size() < kMaxTyped) text += static_cast<char>(ch);
  }
}

void CursesScreen::discard_typeahead() { keys_->flush(); }

Choice CursesScreen::decide(const TableModel& model, const PublicView& view) {
  last_ = model;
  TableModel shown = model;
  std::optional<Action> pointed = last_pointed_;
  for (;;) {
    const TableLayout layout = screen_layout(shown, COLS, LINES);
    InputMap map(view, layout, *tr_, shown.names, shown.you);
    if (pointed) map.point_at(*pointed);
    const std::string help = tr_->tr("help.decide");
    paint(render_screen(shown, &map, layout, *tr_, options(help)));
    const KeyEvent e = keys_->read();
    if (e.kind != KeyEvent::Kind::kKey) continue;  // a redraw, or a paste outside the ':' line
    const int ch = e.code;
    if (!layout.fits() && key_of(ch) != Key::kQuit) continue;
    if (view_key(key_of(ch), shown, help)) continue;
    scroll_ = 0;  // any other key: the log back at its newest lines
    if (ch >= '1' && ch <= '9') {
      const Command c = map.press_digit(ch - '0');
      if (c.kind == Command::Kind::kChoose) return {Choice::Kind::kAction, c.action};
      continue;
    }
    const Command c = map.press(key_of(ch));
    if (!map.targets().empty()) pointed = map.current().action;
    last_pointed_ = pointed;
    switch (c.kind) {
      case Command::Kind::kChoose:
        return {Choice::Kind::kAction, c.action};
      case Command::Kind::kHint:
        return {Choice::Kind::kHint, {}};
      case Command::Kind::kQuit:
        return {Choice::Kind::kQuit, {}};
      case Command::Kind::kType: {
        const std::optional<std::string> text = read_text(tr_->tr("prompt.type"));
        if (!text) continue;
        std::string error;
        if (auto a = map.parse(*text, &error)) return {Choice::Kind::kAction, *a};
        shown.notes = {error};
        continue;
      }
      case Command::Kind::kNone:
        continue;
    }
  }
}

bool CursesScreen::announce(const TableModel& model, Wait wait) {
  last_ = model;
  const std::string help = wait == Wait::kEnter ? tr_->tr("prompt.continue")
                           : wait == Wait::kQuitKey
                               ? tr_->tr(review_ ? "prompt.quit_review" : "prompt.quit")
                               : std::string();
  scroll_ = 0;
  draw(model, help);
  if (wait == Wait::kNo) return pause(1500);
  keys_->flush();  // an Enter typed while bots played must not skip this unread
  for (;;) {
    const KeyEvent e = keys_->read();
    if (e.kind != KeyEvent::Kind::kKey) {
      draw(model, help);
      continue;
    }
    // Notes longer than the room for them (the summary of six players at 80x24) scroll with
    // the page keys, as the log does, and with the arrows.
    if (wait == Wait::kQuitKey && review_ && (e.code == 'v' || e.code == 'V')) {
      review_();
      draw(model, help);
      continue;
    }
    Key key = key_of(e.code);
    if (key == Key::kUp) key = Key::kPageUp;
    if (key == Key::kDown) key = Key::kPageDown;
    if (view_key(key, model, help)) {
      draw(model, help);
      continue;
    }
    if (key == Key::kQuit) return true;
    if (wait == Wait::kEnter && is_enter(e.code)) return false;
  }
}

int CursesScreen::show_and_wait(const TableModel& model, const std::string& help, int* scroll) {
  for (;;) {
    if (scroll != nullptr) {
      arrows_scroll_ = true;
      scroll_ = *scroll;
      *scroll = scroll_ = log_page(model, screen_layout(model, COLS, LINES), options(help)).offset;
    }
    draw(model, help);
    const KeyEvent e = keys_->read();
    if (e.kind == KeyEvent::Kind::kKey) return e.code;
  }
}

}  // namespace allegra::tui
