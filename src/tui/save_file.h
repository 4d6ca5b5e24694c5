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

// Writes `text` to `path` atomically (a temporary file in the same folder, then a rename),
// creating the folder if needed. Throws std::runtime_error with the reason.
void write_file_atomically(const std::string& path, const std::string& text);
// Appends one line to a file (game records), creating the folder if needed.
void append_line(const std::string& path, const std::string& line);
std::string read_text_file(const std::string& path);  // throws std::runtime_error

// $XDG_STATE_HOME/allegra, else ~/.local/state/allegra (else ./.allegra without a HOME).
std::string state_dir();
std::string default_save_path();    // state_dir()/saved-game.json
std::string default_record_path();  // state_dir()/games.jsonl

}  // namespace allegra::tui
