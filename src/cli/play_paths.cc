#include "cli/play_paths.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "cli/cli_error.h"
#include "cli/record_file.h"
#include "tui/save_catalog.h"
#include "tui/save_file.h"

namespace allegra::cli {
namespace fs = std::filesystem;

namespace {

constexpr const char* kChooseSave =
    "choose where to save with --save-file PATH (and --record FILE or --no-record)";
constexpr const char* kChooseRecord = "choose another --record FILE, or --no-record";

std::string absolute(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

std::string parent_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// The state folder, refusing a HOME that is not a folder (a missing HOME would otherwise be
// created, as root even under /). Without HOME and XDG_STATE_HOME it is ./.allegra: a note
// says so.
std::string checked_state_dir(const text::Translator& tr, std::vector<std::string>* notes) {
  const char* xdg = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  if (xdg && *xdg && *xdg != '/')
    notes->push_back(fmt::format(
        "XDG_STATE_HOME is '{}', which is not an absolute path: it is ignored, as the XDG "
        "Base Directory spec says",
        xdg));
  if (!(xdg && *xdg == '/')) {
    std::error_code ec;
    if (home && *home && !fs::is_directory(home, ec))
      throw CliError(fmt::format(
          "HOME is '{}', which is not a folder, so the game has nowhere to be saved: {}", home,
          kChooseSave));
    if (!(home && *home))
      notes->push_back(tr.tr("save.no_home", {{"path", absolute(tui::state_dir())}}));
  }
  return tui::state_dir();
}

void check_folder(const std::string& dir, const char* choose) {
  try {
    tui::check_writable_folder(dir);
  } catch (const std::runtime_error& e) {
    throw CliError(fmt::format("{}: {}", e.what(), choose));
  }
}

// --save-file PATH: a new file, or (only to resume) an existing save. Anything else is left
// untouched.
void check_save_file(const std::string& path, bool resume) {
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw CliError(fmt::format("--save-file '{}' is a folder; give a file such as '{}/game.json'",
                               path, path));
  if (!fs::exists(fs::symlink_status(path, ec))) {
    if (resume) throw CliError(fmt::format("no saved game to resume in '{}'", path));
    check_folder(parent_of(path), "choose another --save-file PATH");
    return;
  }
  std::string text;
  try {
    text = tui::read_text_file(path);
  } catch (const std::runtime_error& e) {
    throw CliError(fmt::format("--save-file: {}", e.what()));
  }
  if (!tui::is_save_text(text))
    throw CliError(fmt::format(
        "--save-file '{}' is not an Allegra save file, so it is left untouched: choose another "
        "--save-file PATH",
        path));
  if (!resume)
    throw CliError(fmt::format(
        "'{}' holds an unfinished game: continue it with 'allegra play --resume --save-file {}', "
        "or choose another --save-file PATH for a new game",
        path, path));
  check_folder(parent_of(path), "choose another --save-file PATH");
}

// The save to continue from the saves folder (plus a save of an older version of allegra).
tui::SaveEntry pick_save(const std::string& state, const std::string& dir, const std::string& id) {
  std::vector<tui::SaveEntry> saves = tui::list_saves(dir);
  const fs::path legacy = fs::path(absolute(state)) / "saved-game.json";
  std::error_code ec;
  if (fs::is_regular_file(legacy, ec)) saves.push_back(tui::read_save_entry(legacy));
  if (saves.empty()) throw CliError(fmt::format("there is no saved game to resume in '{}'", dir));
  std::vector<std::string> ids;
  for (const tui::SaveEntry& e : saves) {
    if (!id.empty() && e.id == id) return e;
    ids.push_back(e.id);
  }
  if (!id.empty())
    throw CliError(fmt::format("there is no saved game '{}'; the saved games are: {} (in '{}')", id,
                               fmt::join(ids, ", "), dir));
  if (saves.size() == 1) return saves.front();
  std::fflush(stdout);
  fmt::print(stderr, "Saved games in {}:\n", dir);
  for (const tui::SaveEntry& e : saves) fmt::print(stderr, "  {}\n", tui::describe_save(e));
  throw CliError(fmt::format("{} saved games: pick one with --resume ID, e.g. --resume {}",
                             saves.size(), saves.front().id));
}

}  // namespace

PlayPaths resolve_play_paths(const PathFlags& flags, const text::Translator& tr) {
  PlayPaths out;
  if (!flags.resume_id.empty() && !flags.save_file.empty())
    throw CliError(
        "--resume ID picks a game of the saves folder; with --save-file give --resume alone");
  const bool need_state = flags.save_file.empty() || (!flags.no_record && flags.record.empty());
  const std::string state = need_state ? checked_state_dir(tr, &out.notes) : std::string();
  if (!flags.save_file.empty()) {
    check_save_file(flags.save_file, flags.resume);
    out.save_path = flags.save_file;
    out.resume_command = fmt::format("allegra play --resume --save-file '{}'", flags.save_file);
  } else {
    // Absolute, so "saved in ..." is right wherever the game is continued from.
    const std::string dir = absolute(tui::saves_dir());
    std::string id;
    if (flags.resume) {
      const tui::SaveEntry e = pick_save(state, dir, flags.resume_id);
      out.save_path = e.path;
      id = e.id;
      check_folder(parent_of(e.path), kChooseSave);
    } else {
      check_folder(dir, kChooseSave);
      id = tui::new_game_id(dir, flags.seed);
      out.save_path = fmt::format("{}/{}.json", dir, id);
    }
    out.resume_command = fmt::format("allegra play --resume {}", id);
  }
  if (!flags.no_record) {
    out.record_path = flags.record.empty() ? absolute(tui::default_record_path()) : flags.record;
    check_record_output(out.record_path, "--record");
    check_folder(parent_of(out.record_path), kChooseRecord);
  }
  return out;
}

}  // namespace allegra::cli
