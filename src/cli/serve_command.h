// `allegra serve`: the game server (docs/server.md). Opens the store, binds the port, resumes
// the open tables, prints "listening on http://HOST:PORT" on stdout and serves until SIGTERM or
// SIGINT, logging to stderr (spdlog, one key=value line per event).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/command.h"

namespace allegra::cli {

// "--bot-delay" text: "MIN-MAX" or "MS" milliseconds, each 0 to 60000, MIN <= MAX. Throws
// CliError naming the flag and the problem.
struct DelayRange {
  long long min_ms = 0;
  long long max_ms = 0;
};
DelayRange parse_delay_range(const std::string& flag, const std::string& text);

Command add_serve_command(CLI::App& app);

}  // namespace allegra::cli
