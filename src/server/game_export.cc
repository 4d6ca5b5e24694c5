#include "server/game_export.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "engine/record.h"
#include "server/sqlite_store.h"

namespace allegra::server {

namespace fs = std::filesystem;

namespace {

// A game id becomes a file name: letters, digits, '-' and '_' only (no '/', no "..").
bool plain_name(std::string_view id) {
  if (id.empty() || id.size() > 100) return false;
  for (char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

// The record text as the engine writes it: every non-blank line read and written again.
std::string normalized_record(std::string_view id, const std::string& stored) {
  std::istringstream in(stored);
  std::string out;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      out += record_to_line(record_from_line(line));
      out += '\n';
    } catch (const std::exception& e) {
      throw StoreError(fmt::format("the stored game '{}' is not a valid record (line {}): {}", id,
                                   line_number, e.what()));
    }
  }
  if (out.empty()) throw StoreError(fmt::format("the stored game '{}' holds no record", id));
  return out;
}

std::optional<std::string> read_whole(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_new(const fs::path& path, const std::string& text) {
  fs::path temporary = path;
  temporary += ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw StoreError(fmt::format("cannot write '{}'", temporary.string()));
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) {
    fs::remove(temporary, ec);
    throw StoreError(fmt::format("cannot write '{}': {}", path.string(), ec.message()));
  }
}

}  // namespace

ExportResult export_games(Store& store, const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    throw StoreError(
        fmt::format("cannot export to '{}': {}", dir.string(), ec ? ec.message() : "not a folder"));
  }
  ExportResult result;
  for (const std::string& id : store.game_ids()) {
    if (!plain_name(id)) {
      throw StoreError(
          fmt::format("cannot export the game '{}': its id is not a plain file name", id));
    }
    const std::optional<std::string> stored = store.game(id);
    if (!stored) continue;  // gone since game_ids(): nothing to write
    const std::string text = normalized_record(id, *stored);
    const fs::path path = dir / (id + ".jsonl");
    if (fs::exists(fs::symlink_status(path))) {
      if (read_whole(path) == text) {
        ++result.unchanged;
        continue;
      }
      throw StoreError(
          fmt::format("cannot export the game '{}': '{}' is there already with other content (not "
                      "overwritten; move it away or export to another folder)",
                      id, path.string()));
    }
    write_new(path, text);
    ++result.written;
  }
  return result;
}

}  // namespace allegra::server
