// KeyReader: the keyboard of the current curses screen as decoded keys, pastes and redraws.
//
// A key must act only as the key it is. ncurses decodes the escape sequences the terminal's
// terminfo entry lists (keypad mode), but terminals send others for the same keys: tmux sends
// \e[1~ for Home whatever TERM says, and an "xterm-256color" may send \e[H or \eOH. Left
// undecoded, "\e [ 1 ~" would reach the game as four keys, and its "1" would choose button 1.
// So the usual xterm, rxvt, linux and tmux sequences of the keys the game uses are added with
// define_key() where terminfo lacks them (kExtraKeys: one line per sequence), and any escape
// sequence still unknown is read to its end and dropped whole.
//
// Bracketed paste is switched on while the screen is up: a paste arrives as one Paste event
// with its text, never as key presses (a pasted space would otherwise be an Enter). Ctrl-Z
// (raw mode delivers it as a key) suspends properly: the terminal is restored, the process
// group stops as the shell expects, and on `fg` curses takes the screen back, drops what was
// typed meanwhile and asks for a redraw.
//
// The reader works on whatever curses screen is current, so tests decode real byte sequences
// with newterm() on a pipe, without a terminal.
#pragma once

#include <cstdio>
#include <string>

namespace allegra::tui {

struct KeyEvent {
  enum class Kind {
    kNone,    // nothing within the time asked for
    kKey,     // code: a character (1..255) or a curses KEY_* code
    kPaste,   // text: what was pasted
    kRedraw,  // the screen must be drawn again (resized, or back from Ctrl-Z)
  };
  Kind kind = Kind::kNone;
  int code = 0;
  std::string text;
};

class KeyReader {
 public:
  // Codes our own sequences decode to (above every curses KEY_* code).
  static constexpr int kPasteBegin = 0x7f00;
  static constexpr int kPasteEnd = 0x7f01;
  static constexpr int kEscape = 27;
  static constexpr int kSuspend = 26;  // Ctrl-Z
  // The longest paste kept; the rest of a longer one is dropped.
  static constexpr size_t kMaxPaste = 4096;

  // Sets up the current screen, whose terminal output is `out`: keypad decoding with the extra
  // sequences, and bracketed paste.
  explicit KeyReader(std::FILE* out = stdout);
  // Switches bracketed paste off again (call before endwin()).
  ~KeyReader();
  KeyReader(const KeyReader&) = delete;
  KeyReader& operator=(const KeyReader&) = delete;

  // The next event within timeout_ms milliseconds (-1: wait as long as it takes).
  KeyEvent read(int timeout_ms = -1);
  // Drops everything typed so far (a person's decision starts: nothing typed before it acts).
  void flush();

 private:
  KeyEvent read_paste();
  void drop_sequence(int first);  // the rest of an unknown escape sequence after ESC
  void suspend();
  void paste_mode(bool on);

  std::FILE* out_;
};

}  // namespace allegra::tui
