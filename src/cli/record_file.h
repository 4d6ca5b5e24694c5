// Reading a JSON lines file of game records, one record a line.
//
// Games are numbered by their line number (1-based), so every message about a game points at
// the line to look at; blank lines are skipped. A file that cannot be read, holds no record or
// has a malformed line is a CliError naming the file, the line and the problem.
#pragma once

#include <functional>
#include <string>

#include "engine/record.h"

namespace allegra::cli {

// Calls `visit(line_number, record)` for every record of the file ("-": standard input), in order;
// stops early if visit returns false. Throws CliError as described above.
void for_each_record(const std::string& path,
                     const std::function<bool(int line_number, const GameRecord&)>& visit);

// Checks, before any game is played, that `path` may receive records (flag: the option that
// named it, for the message): check_output_file(path, flag, OutputKind::kRecords).
void check_record_output(const std::string& path, const std::string& flag);

}  // namespace allegra::cli
