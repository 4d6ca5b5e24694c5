#include "engine/text_input.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace allegra {
namespace {

std::string size_text(size_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes >> 10);
  return fmt::format("{} bytes", bytes);
}

std::FILE* open_checked(const std::string& path) {
  check_input_file(path);
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputFileError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  return f;
}

}  // namespace

void check_input_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw InputFileError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) throw InputFileError(fmt::format("'{}' is a folder, not a file", path));
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
    throw InputFileError(
        fmt::format("'{}' is a device, not a file (it may never end); give a file", path));
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode))
    throw InputFileError(fmt::format("'{}' is not a regular file", path));
}

std::string read_input_file(const std::string& path, size_t max_bytes) {
  std::FILE* f = open_checked(path);
  std::string text;
  char buffer[1 << 16];
  size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, f)) > 0) {
    text.append(buffer, got);
    if (text.size() > max_bytes) {
      std::fclose(f);
      throw InputFileError(
          fmt::format("'{}' is larger than {}: not the file expected", path, size_text(max_bytes)));
    }
  }
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) throw InputFileError(fmt::format("cannot read '{}': {}", path, std::strerror(err)));
  return text;
}

LineReader::LineReader(const std::string& path, size_t max_line)
    : path_(path), max_line_(max_line), file_(open_checked(path)) {}

LineReader::~LineReader() {
  if (file_) std::fclose(file_);
}

bool LineReader::next(std::string* line) {
  line->clear();
  bool any = false;
  for (int c = 0; (c = getc_unlocked(file_)) != EOF;) {
    any = true;
    if (c == '\n') break;
    if (line->size() >= max_line_)
      throw InputFileError(
          fmt::format("'{}' line {} is longer than {}: not a file of game "
                      "records (one JSON record a line)",
                      path_, line_number_ + 1, size_text(max_line_)));
    line->push_back(static_cast<char>(c));
  }
  if (std::ferror(file_))
    throw InputFileError(fmt::format("cannot read '{}': {}", path_, std::strerror(errno)));
  if (!any) return false;
  ++line_number_;
  if (!line->empty() && line->back() == '\r') line->pop_back();
  return true;
}

}  // namespace allegra
