#include "tui/key_reader.h"

#include <curses.h>
#include <signal.h>
#include <term.h>

#include <chrono>
#include <cstdio>
#include <thread>

namespace allegra::tui {
namespace {

using Clock = std::chrono::steady_clock;

// Sequences terminals send for keys the game uses, beyond what terminfo may list for TERM.
// Defined only where the terminfo entry does not already decode them.
struct ExtraKey {
  const char* sequence;
  int code;
};
constexpr ExtraKey kExtraKeys[] = {
    {"\x1b[A", KEY_UP},
    {"\x1bOA", KEY_UP},
    {"\x1b[B", KEY_DOWN},
    {"\x1bOB", KEY_DOWN},
    {"\x1b[C", KEY_RIGHT},
    {"\x1bOC", KEY_RIGHT},
    {"\x1b[D", KEY_LEFT},
    {"\x1bOD", KEY_LEFT},
    {"\x1b[1~", KEY_HOME},
    {"\x1b[7~", KEY_HOME},
    {"\x1b[H", KEY_HOME},
    {"\x1bOH", KEY_HOME},
    {"\x1b[4~", KEY_END},
    {"\x1b[8~", KEY_END},
    {"\x1b[F", KEY_END},
    {"\x1bOF", KEY_END},
    {"\x1b[5~", KEY_PPAGE},
    {"\x1b[6~", KEY_NPAGE},
    {"\x1b[2~", KEY_IC},
    {"\x1b[3~", KEY_DC},
    {"\x1bOP", KEY_F(1)},
    {"\x1b[11~", KEY_F(1)},
    {"\x1b[[A", KEY_F(1)},
    {"\x1b[Z", KEY_BTAB},
    {"\x1bOM", KEY_ENTER},
    {"\x1b[200~", KeyReader::kPasteBegin},
    {"\x1b[201~", KeyReader::kPasteEnd},
};

// How long the bytes of one escape sequence or one paste may straggle (a slow ssh link).
constexpr int kStragglerMs = 60;
constexpr int kPasteGapMs = 500;

bool is_csi_final(int ch) { return ch >= 0x40 && ch <= 0x7e; }

}  // namespace

KeyReader::KeyReader(std::FILE* out) : out_(out) {
  keypad(stdscr, TRUE);
  set_escdelay(50);
  for (const ExtraKey& k : kExtraKeys)
    if (key_defined(k.sequence) == 0) define_key(k.sequence, k.code);
  paste_mode(true);
}

KeyReader::~KeyReader() { paste_mode(false); }

void KeyReader::paste_mode(bool on) {
  // terminfo names them BE / BD where the entry knows bracketed paste; xterm's otherwise.
  const char* cap = tigetstr(const_cast<char*>(on ? "BE" : "BD"));
  if (cap == nullptr || cap == reinterpret_cast<char*>(-1))
    cap = on ? "\x1b[?2004h" : "\x1b[?2004l";
  std::fputs(cap, out_);
  std::fflush(out_);
}

void KeyReader::flush() {
  flushinp();  // the terminal's input queue and curses' own
  // What flushinp() cannot reach (input that is not a terminal, bytes arriving meanwhile).
  timeout(0);
  while (getch() != ERR) {
  }
  timeout(-1);
}

KeyEvent KeyReader::read(int timeout_ms) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    int wait = -1;
    if (timeout_ms >= 0) {
      wait = static_cast<int>(
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count());
      if (wait < 0) wait = 0;
    }
    timeout(wait);
    const int ch = getch();
    timeout(-1);
    if (ch == ERR) {
      if (timeout_ms >= 0 && Clock::now() >= deadline) return {};
      // Interrupted by a signal, or the terminal is gone (then SIGHUP ends the game): no spin.
      if (timeout_ms < 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
      continue;
    }
    if (ch == KEY_RESIZE) return {KeyEvent::Kind::kRedraw, ch, {}};
    if (ch == kPasteBegin) return read_paste();
    if (ch == kPasteEnd) continue;  // the end of a paste whose start was flushed
    if (ch == kSuspend) {
      suspend();
      return {KeyEvent::Kind::kRedraw, ch, {}};
    }
    if (ch == kEscape) {
      // ncurses has waited for the rest of a sequence it knows; anything right behind the ESC
      // is the rest of one it does not know (or Alt with a key): never keys of their own.
      timeout(kStragglerMs);
      const int next = getch();
      timeout(-1);
      if (next == ERR) return {KeyEvent::Kind::kKey, kEscape, {}};
      drop_sequence(next);
      continue;
    }
    return {KeyEvent::Kind::kKey, ch, {}};
  }
}

void KeyReader::drop_sequence(int first) {
  // CSI: ESC [ parameters intermediates final; SS3: ESC O final; anything else: Alt+key.
  if (first != '[' && first != 'O') return;
  timeout(kStragglerMs);
  for (int i = 0; i < 32; ++i) {
    const int ch = getch();
    if (ch == ERR || ch > 0xff) break;
    if (first == 'O' || (is_csi_final(ch) && !(i == 0 && ch == '['))) break;  // \e[[A: linux F1
  }
  timeout(-1);
}

KeyEvent KeyReader::read_paste() {
  KeyEvent paste{KeyEvent::Kind::kPaste, 0, {}};
  timeout(kPasteGapMs);
  for (;;) {
    const int ch = getch();
    if (ch == ERR || ch == kPasteEnd) break;  // a paste that never ends stops after a gap
    if (ch > 0 && ch <= 0xff && paste.text.size() < kMaxPaste)
      paste.text.push_back(static_cast<char>(ch));
  }
  timeout(-1);
  return paste;
}

void KeyReader::suspend() {
  paste_mode(false);
  def_prog_mode();
  endwin();
  // Stop as the terminal's own Ctrl-Z would: the default action, for the whole process group.
  struct sigaction dfl {};
  struct sigaction old {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(SIGTSTP, &dfl, &old);
  sigset_t tstp, mask;
  sigemptyset(&tstp);
  sigaddset(&tstp, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &tstp, &mask);
  kill(0, SIGTSTP);
  // Here again after `fg` (SIGCONT).
  pthread_sigmask(SIG_SETMASK, &mask, nullptr);
  sigaction(SIGTSTP, &old, nullptr);
  reset_prog_mode();
  clearok(curscr, TRUE);
  refresh();
  paste_mode(true);
  flushinp();  // what was typed while stopped (the shell had it, but a key may straggle)
}

}  // namespace allegra::tui
