// `allegra review`: the strongest bot's view of every decision of a recorded game
// (src/review; docs/review.md): a table for people, --json for programs.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_review_command(CLI::App& app);

}  // namespace allegra::cli
