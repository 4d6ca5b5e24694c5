// `allegra rules`: the rule options in force, as a table or as JSON.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_rules_command(CLI::App& app);

}  // namespace allegra::cli
