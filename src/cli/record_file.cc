#include "cli/record_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "cli/cli_error.h"

namespace allegra::cli {

void for_each_record(const std::string& path,
                     const std::function<bool(int line_number, const GameRecord&)>& visit) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw CliError(fmt::format("cannot read '{}': it is a directory", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CliError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  std::string text;
  int line_number = 0;
  int records = 0;
  while (std::getline(in, text)) {
    ++line_number;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    GameRecord record;
    try {
      record = record_from_line(text);
    } catch (const std::exception& e) {
      throw CliError(
          fmt::format("{} line {}: not a valid game record: {}", path, line_number, e.what()));
    }
    ++records;
    if (!visit(line_number, record)) return;
  }
  if (in.bad() || (!in.eof() && in.fail()))
    throw CliError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  if (records == 0) throw CliError(fmt::format("'{}' holds no game record", path));
}

}  // namespace allegra::cli
