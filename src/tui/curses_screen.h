// CursesScreen: the full-screen ncursesw front end.
//
// A thin layer: every frame is drawn by render_screen() onto a Canvas, which this class copies
// to the terminal with a colour per Style (bold and reverse without colours), Unicode glyphs
// where the locale is UTF-8 and ASCII otherwise. Keys are decoded by KeyReader (terminfo,
// bracketed paste, Ctrl-Z) and go through the pure InputMap; nothing typed before a person is
// asked acts. A resize redraws at the new size; a terminal too small for the table shows a
// message instead.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "text/translator.h"
#include "tui/bot_pace.h"
#include "tui/canvas.h"
#include "tui/input_map.h"
#include "tui/screen.h"
#include "tui/table_view.h"

namespace allegra::tui {

class KeyReader;

class CursesScreen : public Screen {
 public:
  // bot_delay_ms: the pause after a bot move that the session asks for (--delay).
  explicit CursesScreen(const text::Translator& tr, int bot_delay_ms = 600);
  ~CursesScreen() override;
  CursesScreen(const CursesScreen&) = delete;
  CursesScreen& operator=(const CursesScreen&) = delete;

  void show(const TableModel& model, const std::vector<std::string>& new_lines) override;
  bool pause(int ms) override;
  void discard_typeahead() override;
  Choice decide(const TableModel& model, const PublicView& view) override;
  bool announce(const TableModel& model, Wait wait) override;
  bool think(const TableModel& model, const std::function<bool()>& ready) override;

  // Replay viewer support: draw a model with a help line and wait for one key (curses code).
  // `scroll` (if given): the offset of the notes (from their top) or of the log (from its
  // newest page), clamped to the text and written back.
  int show_and_wait(const TableModel& model, const std::string& help, int* scroll = nullptr);

  // At the game's end (announce with Wait::kQuitKey), v runs `review` (the review screen,
  // tui/review_screen.h) and comes back; the key help says so. Empty: no review offered.
  void set_review(std::function<void()> review) { review_ = std::move(review); }

 private:
  void paint(const Canvas& canvas);
  ViewOptions options(const std::string& help) const;
  void draw(const TableModel& model, const std::string& help);
  // Keys for the screen itself (help overlay, log scrollback); true if `key` was one of them.
  bool view_key(Key key, const TableModel& model, const std::string& help);
  std::string bots_help() const;  // the key help while bots play, with their pace
  std::optional<std::string> read_text(const std::string& prompt);

  const text::Translator* tr_;
  std::function<void()> review_;
  bool unicode_ = false;
  bool colour_ = false;
  std::optional<TableModel> last_;
  std::optional<Action> last_pointed_;
  std::unique_ptr<KeyReader> keys_;
  BotPace pace_;    // + - p while bots play; kept for the whole session
  int base_delay_;  // the pause the session asks for after a bot move (--delay)
  int scroll_ = 0;  // the log's offset from its newest page (PgUp/PgDn)
  bool help_open_ = false;
  bool arrows_scroll_ = false;  // the replay viewer: the log and notes scroll with the arrows
  int help_scroll_ = 0;
};

// True if stdin and stdout are terminals (the curses front end can run).
bool is_interactive_terminal();

}  // namespace allegra::tui
