// Reading text files that come from outside (game records, saves) without hanging or
// exhausting memory.
//
// A path given by a user may name anything: a folder, /dev/zero, a terminal, a pipe that never
// ends, a file of gigabytes without a newline. Only regular files and pipes are read (a pipe
// ends when its writer closes it, a device such as /dev/zero never does), and every line, or
// the whole file for small formats such as saves, is capped: past the cap reading stops with
// an error naming the file and the line instead of growing without end.
#pragma once

#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace allegra {

// The longest line of a JSON lines file of records (a record is a few hundred kilobytes at
// most; this leaves room for games of hundreds of rounds).
inline constexpr size_t kMaxRecordLine = 64u << 20;  // 64 MiB

// A file that cannot be read as text; the message names the file and says why.
class InputFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws InputFileError unless `path` names an existing regular file or pipe (FIFO) that can
// be opened for reading: "'x' is a folder, not a file", "'/dev/zero' is a device, not a
// file", "cannot read 'x': No such file or directory".
void check_input_file(const std::string& path);

// The whole file (check_input_file first); InputFileError if it is larger than max_bytes.
std::string read_input_file(const std::string& path, size_t max_bytes);

// Reads a text file line by line (check_input_file first); a line longer than max_line is an
// InputFileError naming the line. A final '\r' is dropped (files written on Windows).
class LineReader {
 public:
  LineReader(const std::string& path, size_t max_line);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line into *line; false at the end of the file.
  bool next(std::string* line);
  // The number (from 1) of the line last returned.
  int line_number() const { return line_number_; }

 private:
  std::string path_;
  size_t max_line_;
  std::FILE* file_ = nullptr;
  int line_number_ = 0;
};

}  // namespace allegra
