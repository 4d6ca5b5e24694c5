// The saves folder: one save file per unfinished game, named by the game's id.
//
// `allegra play` gives every new game a short id (five letters and digits, easy to type, such
// as "k7m2q") and saves it as <saves folder>/<id>.json, so starting a game never replaces the
// save of another one and a finished game removes only its own. list_saves() reads every save
// of the folder (each replayed by load_save, so what it shows is what --resume would continue)
// for `allegra play --resume`, which continues the only one or asks for an id.
#pragma once

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tui/save_file.h"

namespace allegra::tui {

// state_dir()/saves.
std::string saves_dir();

struct SaveEntry {
  std::string id;    // the file name without ".json"
  std::string path;  // the file
  std::time_t saved = 0;
  // From the save, if it loads: the seats, the round (from 1) of the rounds (0: no limit),
  // and who is to play; else why it does not load.
  std::vector<SeatConfig> seats;
  int round = 0;
  int rounds = 0;
  std::string to_play;
  std::optional<std::string> problem;
};

// The entry of one save file (its id: the file name without ".json").
SaveEntry read_save_entry(const std::filesystem::path& file);

// Every *.json of `dir`, newest first; none if the folder does not exist.
std::vector<SaveEntry> list_saves(const std::string& dir);

// One line of the list shown to pick a game: "k7m2q  2026-11-26 07:14  You, Bea, Carlo, Dora
// (round 2 of 3, You to play)".
std::string describe_save(const SaveEntry& entry);

// A new game id not used by any file of `dir`: five characters of "abcdefghjkmnpqrstuvwxyz23456789"
// (no 0/o, 1/l/i), drawn from `seed` and the clock.
std::string new_game_id(const std::string& dir, uint64_t seed);

// Whether `id` has the shape of a game id (so it can be a file name in the folder).
bool valid_game_id(const std::string& id);

}  // namespace allegra::tui
