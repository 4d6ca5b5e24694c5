// The allegra command line: builds the CLI11 app with every subcommand, parses, dispatches,
// and maps every error to one "allegra: error: ..." line on stderr with exit code 2.
#pragma once

namespace allegra::cli {

inline constexpr const char* kVersion = "0.1.0";

// Runs allegra with these arguments; returns the process exit code.
int run_app(int argc, char** argv);

}  // namespace allegra::cli
