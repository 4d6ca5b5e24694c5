// JSON of the engine's small values, both ways: card values, players, cells, sets of players
// and a round's result, in the forms of docs/state-format.md (a card -1..11, "hidden" or null;
// a player 0..n-1 or null; a cell "1b3" or null; a set of players as an increasing array).
//
// The writers are shared by the state, public view and event JSON; the readers check range and
// form and throw FormatError naming the path (json_read.h), like every reader of the engine.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/geometry.h"
#include "engine/state.h"

namespace allegra {

// Card values: an integer -1..11; kHiddenValue is written as "hidden", kNoCard as null.
nlohmann::json card_to_json(int8_t value);

namespace json_write {
nlohmann::json player_or_null(int p);            // kNoPlayer: null
nlohmann::json cell_or_null(CellId c);           // kNoCell: null
nlohmann::json player_set(uint8_t mask, int n);  // bit p set: p is listed
// {"raw_half", "score_half", "ender", "penalised", "empty_display"}, one entry per player
// (empty_display: booleans, true where the display was empty when the round was scored).
nlohmann::json round_result_json(const RoundResult& r, int n);
// Every player's grid: cells {"state": "down" | "up" | "empty", "value"}, the value of a
// face-down card only with `face_down_values` (the full state, never the public view).
nlohmann::json grids_json(const State& s, bool face_down_values);
// The totals in half points, one entry per player.
nlohmann::json totals_json(const State& s);
}  // namespace json_write

namespace json_read {
int8_t card(const nlohmann::json& j, const std::string& path);           // -1..11
int8_t optional_card(const nlohmann::json& j, const std::string& path);  // or null: kNoCard
int8_t optional_player(const nlohmann::json& j, const std::string& path, int n);  // kNoPlayer
CellId optional_cell(const nlohmann::json& j, const std::string& path, int n);    // kNoCell
// An increasing array of distinct players, as a bit mask.
uint8_t player_set_from(const nlohmann::json& j, const std::string& path, int n);
}  // namespace json_read

}  // namespace allegra
