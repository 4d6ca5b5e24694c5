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
#include <limits>
#include <sstream>
#include <stdexcept>

#include "engine/json_read.h"
#include "engine/replay.h"
#include "engine/state_codec.h"
#include "engine/text_input.h"
#include "text/player_name.h"

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

using nlohmann::json;

// The names of the seats: the rules of text/player_name.h, as --names.
void check_names(const std::vector<SeatConfig>& seats, const std::string& path) {
  std::vector<std::string> names;
  for (const SeatConfig& seat : seats) names.push_back(seat.name);
  if (auto problem = text::player_names_problem(names)) json_read::fail(path, *problem);
}

// Version 1: {"format", "version", "seats", "record", "state"}. The record is replayed with
// chance from the seed (the recorded deals and reshuffles must be the seed's) and must reach
// the saved state. Its table has no clocks and no knock answers (version 1 kept none).
SavedGame load_v1(const json& j, State* state) {
  using namespace json_read;
  object(j, "save", {"format", "version", "seats", "record", "state"});
  SavedGame game;
  game.version = 1;
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
  check_names(game.seats, "save.seats");
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
  // The same game as a table (docs/table-format.md, version 1).
  json table_seats = json::array();
  for (const SeatConfig& seat : game.seats) {
    json t = {{"kind", seat.human() ? "person" : "bot"}, {"name", seat.name}};
    if (!seat.human()) t["bot"] = seat.bot;
    table_seats.push_back(std::move(t));
  }
  game.table = {{"format", "allegra-table"},       {"version", 1},
                {"seats", std::move(table_seats)}, {"stand_in", table::kDefaultStandIn},
                {"round_pause_ms", nullptr},       {"since_ms", 0},
                {"knock_answers", json::array()},  {"record", record_to_json(game.record)}};
  return game;
}

// Table::load(), its errors named as fields of the save ("save.table.seats[1].bot: ...").
table::Table load_table(const json& j) {
  try {
    return table::Table::load(j);
  } catch (const FormatError& e) {
    throw FormatError(std::string("save.") + e.what());
  }
}

// Version 2: {"format", "version", "table"}, the table of docs/table-format.md, whose seats
// are people and bots without clocks (what the terminal game plays).
SavedGame load_v2(const json& j, State* state) {
  using namespace json_read;
  object(j, "save", {"format", "version", "table"});
  SavedGame game;
  game.table = member(j, "save", "table");
  const table::Table t = load_table(game.table);
  for (size_t i = 0; i < t.seats().size(); ++i) {
    const table::Seat& seat = t.seats()[i];
    const std::string path = fmt::format("save.table.seats[{}]", i);
    if (seat.kind == table::SeatKind::kEmpty)
      fail(path + ".kind", "the terminal game has no empty seats: \"person\" or \"bot\"");
    if (seat.timeout) fail(path + ".timeout_ms", "must be null: the terminal game has no clocks");
    game.seats.push_back({seat.name, seat.kind == table::SeatKind::kBot ? seat.bot : ""});
  }
  check_names(game.seats, "save.table.seats");
  game.record = t.record();
  game.record.seats.clear();
  if (state) *state = t.state();
  return game;
}

}  // namespace

std::string save_to_text(const table::Table& table) {
  const json j = {
      {"format", "allegra-save"}, {"version", kSaveFormatVersion}, {"table", table.save()}};
  return j.dump(1) + "\n";
}

SavedGame load_save(std::string_view text, State* state) {
  using namespace json_read;
  const json j = parse_json(text);
  object(j, "save", {"format", "version", "seats", "record", "state", "table"});
  if (string(member(j, "save", "format"), "save.format") != "allegra-save")
    fail("save.format", "must be \"allegra-save\"");
  const int64_t version =
      integer(member(j, "save", "version"), "save.version", 1, std::numeric_limits<int>::max());
  if (version > kSaveFormatVersion)
    fail("save.version",
         fmt::format("is {}: the save was written by a newer allegra; continue it with that "
                     "version (this one reads versions 1 to {})",
                     version, kSaveFormatVersion));
  return version == 1 ? load_v1(j, state) : load_v2(j, state);
}

table::Table resume_table(const SavedGame& saved) { return load_table(saved.table); }

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
  // A relative XDG_STATE_HOME is invalid and ignored, as the XDG Base Directory spec says.
  if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg == '/')
    return fmt::format("{}/allegra", xdg);
  if (const char* home = std::getenv("HOME"); home && *home)
    return fmt::format("{}/.local/state/allegra", home);
  return ".allegra";
}

std::string default_record_path() { return state_dir() + "/games.jsonl"; }

}  // namespace allegra::tui
