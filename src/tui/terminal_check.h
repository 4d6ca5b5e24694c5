// Whether the terminal can show the full-screen game, asked before curses opens it.
//
// ncurses' initscr() prints "Error opening terminal: xyz." and exits with status 1 when TERM is
// unset or unknown, and on TERM=dumb it draws a screen that cannot be played (no cursor
// movement). The front ends ask first and fall back to plain lines, or refuse, in their words.
#pragma once

#include <optional>
#include <string>

namespace allegra::tui {

// Why the terminal cannot show the full screen ("TERM is not set", "TERM=dumb cannot move the
// cursor", ...), or nullopt if it can.
std::optional<std::string> full_screen_problem();

}  // namespace allegra::tui
