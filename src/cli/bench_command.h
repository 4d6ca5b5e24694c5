// `allegra bench`: the signature of a fixed-seed random run and its speed.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_bench_command(CLI::App& app);

}  // namespace allegra::cli
