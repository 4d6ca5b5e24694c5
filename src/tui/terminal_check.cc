// Apart from curses_screen.cc: <term.h> defines macros with common names (lines, columns, ...).
#include "tui/terminal_check.h"

#include <curses.h>
#include <fmt/format.h>
#include <term.h>

#include <cstdlib>

namespace allegra::tui {

std::optional<std::string> full_screen_problem() {
  const char* term = std::getenv("TERM");
  if (term == nullptr || *term == '\0')
    return std::string("TERM is not set, so the kind of terminal is unknown");
  int error = 0;
  if (setupterm(term, 1, &error) != OK)
    return fmt::format("the terminal type TERM={} is unknown here (no terminfo entry)", term);
  const char* cup = tigetstr(const_cast<char*>("cup"));
  const bool moves = cup != nullptr && cup != reinterpret_cast<const char*>(-1);
  const char* clear = tigetstr(const_cast<char*>("clear"));
  const bool clears = clear != nullptr && clear != reinterpret_cast<const char*>(-1);
  del_curterm(cur_term);
  if (!moves || !clears)
    return fmt::format("the terminal TERM={} cannot move the cursor or clear the screen", term);
  return std::nullopt;
}

}  // namespace allegra::tui
