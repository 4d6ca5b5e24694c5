#include "cli/output_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "cli/cli_error.h"

namespace allegra::cli {
namespace {

// How a file of the kind starts: records are JSON objects whose first key is "format_version"
// (keys are sorted); value data starts with its header line.
std::string_view output_signature(OutputKind kind) {
  return kind == OutputKind::kRecords ? std::string_view("{\"format_version\":")
                                      : std::string_view("allegra-value-data ");
}

std::string_view output_kind_name(OutputKind kind) {
  return kind == OutputKind::kRecords ? "a file of game records" : "an allegra value-data file";
}

std::string_view output_example(OutputKind kind) {
  return kind == OutputKind::kRecords ? "games.jsonl" : "value.bin";
}

}  // namespace

void check_output_file(const std::string& path, const std::string& flag, OutputKind kind) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const std::string choose = fmt::format("choose another {} FILE", flag);
  if (path.empty()) throw CliError(fmt::format("{} needs a file name", flag));
  if (fs::is_directory(path, ec))
    throw CliError(fmt::format("{} '{}' is a folder; give a file such as '{}/{}'", flag, path, path,
                               output_example(kind)));
  if (!fs::exists(fs::symlink_status(path, ec))) return;  // its folder: the opener's to check
  if (!fs::is_regular_file(path, ec))
    throw CliError(fmt::format("{} '{}' is not a regular file: {}", flag, path, choose));
  const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    throw CliError(
        fmt::format("cannot write {} '{}': {}: {}", flag, path, std::strerror(errno), choose));
  const std::string_view want = output_signature(kind);
  std::string start(want.size(), '\0');
  const ssize_t got = ::read(fd, start.data(), start.size());
  ::close(fd);
  start.resize(got > 0 ? static_cast<size_t>(got) : 0);
  if (!start.empty() && start != want)
    throw CliError(fmt::format("{} '{}' is not {}, so it is left untouched: {}", flag, path,
                               output_kind_name(kind), choose));
}

std::ofstream open_output_file(const std::string& path, const std::string& flag, OutputKind kind) {
  check_output_file(path, flag, kind);
  const auto mode =
      std::ios::binary | (kind == OutputKind::kRecords ? std::ios::out | std::ios::app
                                                       : std::ios::out | std::ios::trunc);
  std::ofstream out(path, mode);
  if (!out)
    throw CliError(fmt::format("cannot write {} '{}': {}", flag, path, std::strerror(errno)));
  return out;
}

}  // namespace allegra::cli
