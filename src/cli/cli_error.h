// CliError: a problem with the user's input (arguments, files) reported as one line, exit 2.
//
// Every subcommand throws CliError for anything the user can fix; app.cc turns it (and any
// other exception) into "allegra: error: <message>" on stderr and exit code 2, so a bad
// argument or a malformed file never shows a crash or a stack trace.
#pragma once

#include <stdexcept>
#include <string>

namespace allegra::cli {

class CliError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Exit codes of the allegra command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitMismatch = 1;  // replay --check found a record that does not replay
inline constexpr int kExitUsage = 2;     // bad arguments, unreadable or malformed input

}  // namespace allegra::cli
