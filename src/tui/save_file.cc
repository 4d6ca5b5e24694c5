#include "tui/save_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/json_read.h"
#include "engine/player_name.h"
#include "engine/replay.h"
#include "engine/state_codec.h"
#include "engine/text_input.h"

namespace allegra::tui {
namespace fs = std::filesystem;

namespace {

void make_parent(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) fs::create_directories(parent, ec);
  if (ec)
    throw std::runtime_error(
        fmt::format("cannot create folder '{}': {}", parent.string(), ec.message()));
}

}  // namespace

std::string save_to_text(const std::vector<SeatConfig>& seats, const GameRecord& record,
                         const State& state) {
  nlohmann::json j;
  j["format"] = "allegra-save";
  j["version"] = kSaveFormatVersion;
  nlohmann::json s = nlohmann::json::array();
  for (const SeatConfig& seat : seats) s.push_back({{"name", seat.name}, {"bot", seat.bot}});
  j["seats"] = s;
  j["record"] = record_to_json(record);
  j["state"] = state_to_json(state);
  return j.dump(1) + "\n";
}

SavedGame load_save(std::string_view text, State* state) {
  using namespace json_read;
  const nlohmann::json j = parse_json(text);
  object(j, "save", {"format", "version", "seats", "record", "state"});
  if (string(member(j, "save", "format"), "save.format") != "allegra-save")
    fail("save.format", "must be \"allegra-save\"");
  integer(member(j, "save", "version"), "save.version", kSaveFormatVersion, kSaveFormatVersion);
  SavedGame game;
  game.record = record_from_json(member(j, "save", "record"));
  const auto& seats = array(member(j, "save", "seats"), "save.seats", kMaxPlayers);
  for (size_t i = 0; i < seats.size(); ++i) {
    const std::string path = fmt::format("save.seats[{}]", i);
    object(seats[i], path, {"name", "bot"});
    game.seats.push_back({string(member(seats[i], path, "name"), path + ".name"),
                          string(member(seats[i], path, "bot"), path + ".bot")});
  }
  if (static_cast<int>(game.seats.size()) != game.record.options.players)
    fail("save.seats",
         fmt::format("must have one entry per player ({})", game.record.options.players));
  std::vector<std::string> names;
  for (const SeatConfig& seat : game.seats) names.push_back(seat.name);
  if (auto problem = names_problem(names)) fail("save.seats", *problem);
  // Replay with chance from the seed: the engine is deterministic, so this is the saved game
  // exactly (the Rng included), and the recorded deals and reshuffles must be the seed's.
  if (!game.record.seats.empty())
    fail("save.record.seats", "must be absent: a save keeps its seats in save.seats");
  ReplayCursor cursor(game.record, ChanceSource::kSeed);
  while (cursor.forward()) {
  }
  if (auto error = cursor.end_error(RecordEnd::kAnyPoint))
    throw std::invalid_argument("save.record: does not replay: " + error->message);
  const State& s = cursor.state();
  if (!(state_from_json(member(j, "save", "state")) == s))
    throw std::invalid_argument("save.state: the saved state differs from the replayed game");
  if (state) *state = s;
  return game;
}

void write_file_atomically(const std::string& path, const std::string& text) {
  make_parent(path);
  const std::string tmp = fmt::format("{}.tmp{}", path, ::getpid());
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw std::runtime_error(fmt::format("cannot write '{}': {}", tmp, std::strerror(errno)));
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size() &&
                  std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
  const int err = errno;
  std::fclose(f);
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error(
        fmt::format("cannot write '{}': {}", path, std::strerror(ok ? errno : err)));
  }
}

void append_line(const std::string& path, const std::string& line) {
  make_parent(path);
  std::ofstream out(path, std::ios::app | std::ios::binary);
  out << line << '\n';
  if (!out.flush())
    throw std::runtime_error(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
}

std::string read_text_file(const std::string& path) { return read_input_file(path, kMaxSaveBytes); }

bool is_save_text(std::string_view text) {
  try {
    const nlohmann::json j = parse_json(text);
    return j.is_object() && j.contains("format") && j["format"] == "allegra-save";
  } catch (const FormatError&) {
    return false;
  }
}

void check_writable_folder(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot create folder '{}': {}", dir, ec.message()));
  if (!fs::is_directory(dir, ec))
    throw std::runtime_error(fmt::format("'{}' is not a folder", dir));
  const std::string probe = fmt::format("{}/.allegra-probe-{}", dir, ::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0)
    throw std::runtime_error(
        fmt::format("cannot write in folder '{}': {}", dir, std::strerror(errno)));
  ::close(fd);
  ::unlink(probe.c_str());
}

std::string state_dir() {
  if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg)
    return fmt::format("{}/allegra", xdg);
  if (const char* home = std::getenv("HOME"); home && *home)
    return fmt::format("{}/.local/state/allegra", home);
  return ".allegra";
}

std::string default_record_path() { return state_dir() + "/games.jsonl"; }

}  // namespace allegra::tui
