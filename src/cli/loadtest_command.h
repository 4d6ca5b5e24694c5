// `allegra loadtest`: many WebSocket players against a running `allegra serve` on this machine
// (src/loadtest/load_run.h); prints the throughput, the latency and the errors.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_loadtest_command(CLI::App& app);

}  // namespace allegra::cli
