#include "tui/curses_screen.h"

#include <curses.h>
#include <langinfo.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <clocale>
#include <cstdlib>
#include <cstring>

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
    case '?':
      return Key::kHint;
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

CursesScreen::CursesScreen(const Translator& tr) : tr_(&tr) {
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
      mvaddstr(y, x, unicode_ ? g.text.c_str() : ascii_glyph(g.text).c_str());
    }
  }
  attrset(A_NORMAL);
  refresh();
}

void CursesScreen::draw(const TableModel& model, const std::string& help) {
  const TableLayout layout(model.players, model.viewer, COLS, LINES);
  paint(render_screen(model, nullptr, layout, *tr_, {unicode_, help}));
}

void CursesScreen::show(const TableModel& model, const std::vector<std::string>&) {
  last_ = model;
  draw(model, tr_->tr("help.wait"));
}

bool CursesScreen::pause(int ms) {
  // Bots are playing: only quitting acts. Anything else typed now is dropped, never kept for
  // the person's next decision, which the person has not seen yet.
  using Clock = std::chrono::steady_clock;
  const auto end = Clock::now() + std::chrono::milliseconds(ms);
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now());
    if (left.count() <= 0) return false;
    const KeyEvent e = keys_->read(static_cast<int>(left.count()));
    if (e.kind == KeyEvent::Kind::kRedraw && last_) draw(*last_, tr_->tr("help.wait"));
    if (e.kind == KeyEvent::Kind::kKey && key_of(e.code) == Key::kQuit) return true;
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

Choice CursesScreen::decide(const TableModel& model, const PublicView& view) {
  last_ = model;
  TableModel shown = model;
  std::optional<Action> pointed = last_pointed_;
  keys_->flush();  // nothing typed before the person was asked acts
  for (;;) {
    const TableLayout layout(shown.players, shown.viewer, COLS, LINES);
    InputMap map(view, layout, *tr_, shown.names);
    if (pointed) map.point_at(*pointed);
    paint(render_screen(shown, &map, layout, *tr_, {unicode_, tr_->tr("help.keys")}));
    const KeyEvent e = keys_->read();
    if (e.kind != KeyEvent::Kind::kKey) continue;  // a redraw, or a paste outside the ':' line
    const int ch = e.code;
    if (!layout.fits() && key_of(ch) != Key::kQuit) continue;
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
  const std::string help = wait == Wait::kEnter     ? tr_->tr("prompt.continue")
                           : wait == Wait::kQuitKey ? tr_->tr("prompt.quit")
                                                    : std::string();
  if (wait == Wait::kNo) {
    draw(model, help);
    return pause(1500);
  }
  keys_->flush();  // an Enter typed while bots played must not skip this unread
  // Notes longer than the room for them (the summary of six players at 80x24) scroll.
  size_t top = 0;
  for (;;) {
    const int room = TableLayout(model.players, model.viewer, COLS, LINES).log_rect().h;
    const bool more = static_cast<int>(model.notes.size()) > room;
    TableModel shown = model;
    shown.notes.erase(shown.notes.begin(), shown.notes.begin() + static_cast<long>(top));
    draw(shown, more ? tr_->tr("prompt.scroll") + " · " + help : help);
    const KeyEvent e = keys_->read();
    if (e.kind != KeyEvent::Kind::kKey) continue;
    const Key key = key_of(e.code);
    if (key == Key::kQuit) return true;
    if (wait == Wait::kEnter && is_enter(e.code)) return false;
    if (more && (key == Key::kUp || e.code == KEY_PPAGE) && top > 0) --top;
    if (more && (key == Key::kDown || e.code == KEY_NPAGE) && top + 1 < model.notes.size()) ++top;
  }
}

int CursesScreen::show_and_wait(const TableModel& model, const std::string& help) {
  for (;;) {
    draw(model, help);
    const KeyEvent e = keys_->read();
    if (e.kind == KeyEvent::Kind::kKey) return e.code;
  }
}

}  // namespace allegra::tui
