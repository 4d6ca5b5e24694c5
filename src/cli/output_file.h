// Output files: one rule for every file an `allegra` subcommand writes.
//
// A file is written only if it is certainly ours: it does not exist yet, it is empty, or it
// starts as a file of its kind does (a game record line; the value-data header). Anything else
// (a folder, a device, a text of notes, a save, a file of the other kind, a file we may not
// write) is refused before any work starts, with a one-line CliError naming the flag, and is
// left untouched. A file of records grows: every subcommand that writes records (play, sim,
// selfplay) appends to it, one game a line. A value-data file is one document whose header
// counts its rows, so it cannot grow: it is replaced, and only when it is ours.
#pragma once

#include <fstream>
#include <string>

namespace allegra::cli {

enum class OutputKind {
  kRecords,    // JSON lines of game records (docs/record-format.md): appended to
  kValueData,  // the learned value's training data (docs/value-format.md): replaced
};

// Checks `path` for `flag` as the rule above says; throws CliError.
void check_output_file(const std::string& path, const std::string& flag, OutputKind kind);

// check_output_file(), then opens the file to append (records) or to replace (value data);
// throws CliError if it cannot be opened.
std::ofstream open_output_file(const std::string& path, const std::string& flag, OutputKind kind);

}  // namespace allegra::cli
