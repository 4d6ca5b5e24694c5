// Where `allegra play` saves and records the game, decided and checked before the screen opens.
//
// Every path is checked at start, not when the game first needs it: a save folder or record
// file that cannot be written, a HOME that is not a folder, a --save-file that is a folder or
// some other file (never replaced: only a file whose "format" is "allegra-save" is ours), a
// --record that is a folder or not a file of game records. Each is a one-line CliError that
// says which flag chooses another place. Without --save-file every game has its own save,
// <state folder>/saves/<game id>.json (tui/save_catalog.h), so a new game never replaces an
// unfinished one; --resume continues the only save, or the one named by --resume ID, and lists
// them when there are several.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "text/translator.h"

namespace allegra::cli {

struct PathFlags {
  bool resume = false;
  std::string resume_id;  // --resume ID; empty for a plain --resume
  std::string save_file;  // --save-file; empty for the saves folder
  std::string record;     // --record; empty for the default
  bool no_record = false;
  uint64_t seed = 0;  // of a new game, for its id
};

struct PlayPaths {
  std::string save_path;
  std::string record_path;     // "" with --no-record
  std::string resume_command;  // how to continue this game, for the "saved" message
  // Sentences to show before the game starts (e.g. where the save goes without a HOME).
  std::vector<std::string> notes;
};

// Decides and checks the paths; throws CliError. For --resume with several saves and no ID it
// prints the list of saves to stderr before throwing.
PlayPaths resolve_play_paths(const PathFlags& flags, const text::Translator& tr);

}  // namespace allegra::cli
