// `allegra selfplay`: random games, printed readably (or one summary line each), optionally
// recorded as JSON lines.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_selfplay_command(CLI::App& app);

}  // namespace allegra::cli
