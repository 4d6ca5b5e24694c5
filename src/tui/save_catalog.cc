#include "tui/save_catalog.h"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string_view>

#include "engine/state.h"

namespace allegra::tui {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kIdAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
constexpr int kIdLength = 5;

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::time_t modified(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? st.st_mtime : 0;
}

}  // namespace

SaveEntry read_save_entry(const fs::path& file) {
  SaveEntry e;
  e.id = file.stem().string();
  e.path = file.string();
  e.saved = modified(e.path);
  try {
    State state(RuleOptions{}, 1);
    const SavedGame game = load_save(read_text_file(e.path), &state);
    e.seats = game.seats;
    e.round = state.round() + 1;
    e.rounds = game.record.options.rounds;
    const int p = state.current_player();
    if (p >= 0 && p < static_cast<int>(game.seats.size()))
      e.to_play = game.seats[static_cast<size_t>(p)].name;
  } catch (const std::exception& ex) {
    e.problem = ex.what();
  }
  return e;
}

std::string saves_dir() { return state_dir() + "/saves"; }

std::vector<SaveEntry> list_saves(const std::string& dir) {
  std::vector<SaveEntry> out;
  std::error_code ec;
  for (const fs::directory_entry& f : fs::directory_iterator(dir, ec)) {
    if (f.path().extension() != ".json" || !valid_game_id(f.path().stem().string())) continue;
    if (!f.is_regular_file(ec)) continue;
    out.push_back(read_save_entry(f.path()));
  }
  std::sort(out.begin(), out.end(), [](const SaveEntry& a, const SaveEntry& b) {
    return a.saved != b.saved ? a.saved > b.saved : a.id < b.id;
  });
  return out;
}

std::string describe_save(const SaveEntry& e) {
  std::tm tm{};
  ::localtime_r(&e.saved, &tm);
  const std::string when = fmt::format("{:%Y-%m-%d %H:%M}", tm);
  if (e.problem) return fmt::format("{}  {}  (cannot be continued: {})", e.id, when, *e.problem);
  std::vector<std::string> names;
  for (const SeatConfig& s : e.seats) names.push_back(s.name);
  const std::string round = e.rounds > 0 ? fmt::format("round {} of {}", e.round, e.rounds)
                                         : fmt::format("round {}", e.round);
  return fmt::format("{}  {}  {} ({}, {} to play)", e.id, when, fmt::join(names, ", "), round,
                     e.to_play);
}

bool valid_game_id(const std::string& id) {
  return !id.empty() && id.size() <= 32 && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

std::string new_game_id(const std::string& dir, uint64_t seed) {
  uint64_t x =
      seed ^ static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  for (;;) {
    std::string id;
    uint64_t bits = splitmix64(x);
    for (int i = 0; i < kIdLength; ++i) {
      id += kIdAlphabet[bits % kIdAlphabet.size()];
      bits /= kIdAlphabet.size();
    }
    std::error_code ec;
    if (!fs::exists(fs::path(dir) / (id + ".json"), ec)) return id;
  }
}

}  // namespace allegra::tui
