// `allegra play`: the terminal game (src/tui) against bots and/or people at one keyboard.
//
// Parses the seats, names, rule options, pacing, language, save and record flags, picks the
// front end (curses on a terminal, plain lines with --plain or when not on a terminal) and
// runs a tui::Session. Flags: docs/play.md and docs/cli.md.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_play_command(CLI::App& app);

}  // namespace allegra::cli
