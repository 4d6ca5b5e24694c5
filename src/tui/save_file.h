// Saved games: a game stopped mid-way, to be continued with `allegra play --resume`.
//
// What: a save (version 2) is the whole live table, as table::Table::save() writes it (seats,
// record, and the answers already given in a knock window that is still open), inside a small
// envelope that says it is an Allegra save. Resuming is table::Table::load(), which replays the
// record on a fresh game from its seed (the engine is deterministic, so this gives back
// exactly the saved game, hidden cards and draw-pile order included) and puts the knock answers
// back. Saves of version 1 (seats, record and the full state as a check, no knock answers) are
// still read, so that a player's old saves keep working.
//
// Why through the Table: the Table is what knows everything about a live game; a save of only
// the record lost the answers of an open knock window (the people who had answered were asked
// again). Files are written to a temporary file and renamed, so a crash never leaves half a
// save. Format: docs/play.md.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/record.h"
#include "engine/state.h"
#include "table/table.h"

namespace allegra::tui {

// The version written; versions 1 and 2 are read.
inline constexpr int kSaveFormatVersion = 2;

struct SeatConfig {
  std::string name;
  std::string bot;  // a make_bot() spec; empty for a person
  bool human() const { return bot.empty(); }
  bool operator==(const SeatConfig&) const = default;
};

// A save as read: what the catalog lists, and the table that resume_table() continues.
struct SavedGame {
  int version = kSaveFormatVersion;  // of the file (1: no knock answers were kept)
  std::vector<SeatConfig> seats;
  GameRecord record;  // the game so far, without the seats (they are in `seats`)
  // The table as Table::save() writes it; for a version-1 save, made from its seats and
  // record (no clocks, no knock answers).
  nlohmann::json table;
};

// The save file's JSON text (version 2): {"format": "allegra-save", "version": 2, "table":
// Table::save()}.
std::string save_to_text(const table::Table& table);
// Reads a save and replays it: returns the game and, in *state, the state reached. Throws
// std::invalid_argument naming the problem (malformed JSON, a newer version, a record that
// does not replay, knock answers that do not fit the game, a version-1 state that differs
// from the replayed one).
SavedGame load_save(std::string_view text, State* state);
// The saved game as a live table, ready to go on (knock answers included). Throws
// std::invalid_argument as load_save() does.
table::Table resume_table(const SavedGame& saved);

// Whether `text` is an Allegra save: a JSON object whose "format" is "allegra-save" (its
// content is not checked: load_save does that). A file that is not one is never replaced.
bool is_save_text(std::string_view text);

// Writes `text` to `path` atomically (a temporary file in the same folder, then a rename),
// creating the folder if needed. Throws std::runtime_error with the reason.
void write_file_atomically(const std::string& path, const std::string& text);
// Appends one line to a file (game records), creating the folder if needed.
void append_line(const std::string& path, const std::string& line);
// A save file's text: only a regular file or a pipe, at most kMaxSaveBytes (engine/text_input.h);
// throws std::runtime_error (InputFileError) naming the file and the reason.
std::string read_text_file(const std::string& path);
inline constexpr size_t kMaxSaveBytes = 64u << 20;

// Throws std::runtime_error with the reason unless a file can be created in `dir` (created
// if missing): it really creates and removes a file there, which is the only test that holds
// for root, read-only mounts and paths under a regular file alike.
void check_writable_folder(const std::string& dir);

// $XDG_STATE_HOME/allegra (when it is absolute: a relative one is ignored, as the XDG spec
// says), else ~/.local/state/allegra (else ./.allegra without a HOME).
std::string state_dir();
std::string default_record_path();  // state_dir()/games.jsonl

}  // namespace allegra::tui
