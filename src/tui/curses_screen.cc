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
#include "tui/table_view.h"

namespace allegra::tui {
namespace {

constexpr int kStyles = 10;  // Style values kNormal..kAlert

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
  set_escdelay(25);
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

CursesScreen::~CursesScreen() { endwin(); }

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
  using Clock = std::chrono::steady_clock;
  const auto end = Clock::now() + std::chrono::milliseconds(ms);
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now());
    if (left.count() <= 0) break;
    timeout(static_cast<int>(left.count()));
    const int ch = getch();
    if (ch == ERR) continue;
    if (ch == KEY_RESIZE) {
      if (last_) draw(*last_, tr_->tr("help.wait"));
      continue;
    }
    if (key_of(ch) == Key::kQuit) {
      timeout(-1);
      return true;
    }
    // Typed ahead (a hint, a move): kept for the next decision, the pause still runs out.
    pending_.push_back(ch);
  }
  timeout(-1);
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
    const int ch = getch();
    if (ch == 27) return std::nullopt;  // Escape
    if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) return text;
    if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && !text.empty()) text.pop_back();
    if (ch >= 32 && ch < 127) text += static_cast<char>(ch);
  }
}

Choice CursesScreen::decide(const TableModel& model, const PublicView& view) {
  last_ = model;
  TableModel shown = model;
  std::optional<Action> pointed = last_pointed_;
  for (;;) {
    const TableLayout layout(shown.players, shown.viewer, COLS, LINES);
    InputMap map(view, layout, *tr_, shown.names, shown.you);
    if (pointed) map.point_at(*pointed);
    paint(render_screen(shown, &map, layout, *tr_, {unicode_, tr_->tr("help.keys")}));
    const int ch = next_key();
    if (ch == KEY_RESIZE) continue;
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
  draw(model, help);
  if (wait == Wait::kNo) return pause(1500);
  for (;;) {
    const int ch = next_key();
    if (ch == KEY_RESIZE) {
      draw(model, help);
      continue;
    }
    if (key_of(ch) == Key::kQuit) return true;
    if (wait == Wait::kEnter && is_enter(ch)) return false;
  }
}

int CursesScreen::next_key() {
  if (pending_.empty()) return getch();
  const int ch = pending_.front();
  pending_.erase(pending_.begin());
  return ch;
}

int CursesScreen::show_and_wait(const TableModel& model, const std::string& help) {
  for (;;) {
    draw(model, help);
    const int ch = getch();
    if (ch != KEY_RESIZE) return ch;
  }
}

}  // namespace allegra::tui
