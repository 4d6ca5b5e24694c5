// `allegra rate`: a round robin over a set of bots; Elo ratings from a Bradley-Terry fit of the
// pairwise results within games, with bootstrap confidence intervals.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_rate_command(CLI::App& app);

}  // namespace allegra::cli
