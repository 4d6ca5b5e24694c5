// `allegra valuedata`: bot games written as training data for the learned value
// (sim/value_data.h, docs/value-format.md); training/train_value.py runs it.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_valuedata_command(CLI::App& app);

}  // namespace allegra::cli
