// `allegra replay`: check recorded games (--check) or print them like selfplay.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_replay_command(CLI::App& app);

}  // namespace allegra::cli
