#include "cli/record_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "cli/cli_error.h"
#include "cli/output_file.h"
#include "engine/serialize.h"
#include "engine/text_input.h"

namespace allegra::cli {

void for_each_record(const std::string& path,
                     const std::function<bool(int line_number, const GameRecord&)>& visit) {
  int records = 0;
  // "-" is standard input (a pipe or a redirected file; a terminal would never end).
  const bool from_stdin = path == "-";
  if (from_stdin && ::isatty(0))
    throw CliError(
        "'-' reads game records from standard input, which is a terminal: pipe them in, e.g. "
        "'cat games.jsonl | allegra replay -'");
  const std::string name = from_stdin ? std::string("standard input") : path;
  try {
    LineReader in(from_stdin ? std::string("/dev/stdin") : path, kMaxRecordLine);
    std::string text;
    while (in.next(&text)) {
      if (text.find_first_not_of(" \t") == std::string::npos) continue;
      GameRecord record;
      try {
        record = record_from_line(text);
      } catch (const JsonSyntaxError& e) {
        // The position in the file: the line of the file, the column within it.
        throw CliError(fmt::format("{} line {}, column {}: not a valid game record: {}", name,
                                   in.line_number(), e.column(), e.reason()));
      } catch (const std::exception& e) {
        throw CliError(fmt::format("{} line {}: not a valid game record: {}", name,
                                   in.line_number(), e.what()));
      }
      ++records;
      if (!visit(in.line_number(), record)) return;
    }
  } catch (const InputFileError& e) {
    throw CliError(e.what());
  }
  if (records == 0) throw CliError(fmt::format("'{}' holds no game record", name));
}

void check_record_output(const std::string& path, const std::string& flag) {
  check_output_file(path, flag, OutputKind::kRecords);
}

}  // namespace allegra::cli
