#include "cli/record_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "cli/cli_error.h"
#include "engine/serialize.h"
#include "engine/text_input.h"

namespace allegra::cli {

void for_each_record(const std::string& path,
                     const std::function<bool(int line_number, const GameRecord&)>& visit) {
  int records = 0;
  try {
    LineReader in(path, kMaxRecordLine);
    std::string text;
    while (in.next(&text)) {
      if (text.find_first_not_of(" \t") == std::string::npos) continue;
      GameRecord record;
      try {
        record = record_from_line(text);
      } catch (const JsonSyntaxError& e) {
        // The position in the file: the line of the file, the column within it.
        throw CliError(fmt::format("{} line {}, column {}: not a valid game record: {}", path,
                                   in.line_number(), e.column(), e.reason()));
      } catch (const std::exception& e) {
        throw CliError(fmt::format("{} line {}: not a valid game record: {}", path,
                                   in.line_number(), e.what()));
      }
      ++records;
      if (!visit(in.line_number(), record)) return;
    }
  } catch (const InputFileError& e) {
    throw CliError(e.what());
  }
  if (records == 0) throw CliError(fmt::format("'{}' holds no game record", path));
}

void check_record_output(const std::string& path, const std::string& flag) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const std::string choose = fmt::format("choose another {} FILE", flag);
  if (fs::is_directory(path, ec))
    throw CliError(
        fmt::format("{} '{}' is a folder; give a file such as '{}/games.jsonl'", flag, path, path));
  if (!fs::exists(fs::symlink_status(path, ec))) return;
  if (!fs::is_regular_file(path, ec))
    throw CliError(fmt::format("{} '{}' is not a regular file: {}", flag, path, choose));
  const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK);
  if (fd < 0)
    throw CliError(fmt::format("cannot write the record file '{}': {}: {}", path,
                               std::strerror(errno), choose));
  // Records are JSON objects whose first key is "format_version" (keys are sorted).
  std::string start(18, '\0');
  const ssize_t got = ::read(fd, start.data(), start.size());
  ::close(fd);
  start.resize(got > 0 ? static_cast<size_t>(got) : 0);
  if (!start.empty() && start != "{\"format_version\":")
    throw CliError(fmt::format("{} '{}' is not a file of game records, so it is left untouched: {}",
                               flag, path, choose));
}

}  // namespace allegra::cli
