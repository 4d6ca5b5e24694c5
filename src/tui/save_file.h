// Saved games: a game stopped mid-way, to be continued with `allegra play --resume`.
//
// A save holds the seats and the game record so far (engine record format), plus the full
// state as a check: resuming replays every recorded action on a fresh State from the same
// seed, which gives back exactly the saved game, hidden cards and draw-pile order included
// (the engine is deterministic), and the replayed state must equal the saved one. Files are
// written to a temporary file and renamed, so a crash never leaves half a save. Format:
// docs/play.md.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/record.h"
#include "engine/state.h"

namespace allegra::tui {

inline constexpr int kSaveFormatVersion = 1;

struct SeatConfig {
  std::string name;
  std::string bot;  // a make_bot() spec; empty for a person
  bool human() const { return bot.empty(); }
  bool operator==(const SeatConfig&) const = default;
};

struct SavedGame {
  std::vector<SeatConfig> seats;
  GameRecord record;
};

// The save file's JSON text: {"format": "allegra-save", "version", "seats", "record", "state"}.
std::string save_to_text(const std::vector<SeatConfig>& seats, const GameRecord& record,
                         const State& state);
// Reads a save and replays it: returns the game and, in *state, the state reached. Throws
// std::invalid_argument naming the problem (malformed JSON, a record that does not replay, a
// state that differs from the saved one).
SavedGame load_save(std::string_view text, State* state);

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

// $XDG_STATE_HOME/allegra, else ~/.local/state/allegra (else ./.allegra without a HOME).
std::string state_dir();
std::string default_record_path();  // state_dir()/games.jsonl

}  // namespace allegra::tui
