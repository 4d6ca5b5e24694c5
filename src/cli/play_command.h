// `allegra play`: the terminal game (src/tui) against bots and/or people at one keyboard.
//
// Parses the seats, names, rule options, pacing, language, save and record flags, picks the
// front end (curses on a terminal, plain lines with --plain or when not on a terminal) and
// runs a tui::Session. Flags: docs/play.md and docs/cli.md.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/command.h"
#include "text/translator.h"

namespace allegra::cli {

Command add_play_command(CLI::App& app);

// The translator for a --lang flag ("" = from the environment); CliError for an unknown one.
text::Translator translator_for(const std::string& lang);
// CliError "--lang needs a language: ..." if the --lang `option` was given an empty `lang`.
void require_lang_value(const CLI::Option* option, const std::string& lang);

}  // namespace allegra::cli
