// Action: one decision of one player, a type and a small argument (a cell, a player or a line).
//
// Every choice the rules give a player is an explicit action, so bots, front ends and records
// all speak the same two-byte language. Cells are global CellIds (geometry.h), so an action
// means the same thing whoever reads it. Each action also has a short text form ("swap 1b3",
// "draw", "clear col-0") used in records, logs and by people typing moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/geometry.h"

namespace allegra {

enum class ActionType : uint8_t {
  kReveal,       // turn a face-down cell of one's display up (setup, or after a discard)
  kDrawPile,     // draw the top card of the draw pile
  kDrawDiscard,  // draw the top card of the discard pile
  kSwap,         // place the held card face up in a cell; its card leaves (active or knocker)
  kDiscard,      // discard the drawn card (then reveal a cell)
  kKnock,        // knock for the card the active player drew
  kPass,         // do not knock
  kGive,         // active player: give the drawn card to this knocker
  kRefuse,       // active player: give it to none of the knockers
  kTake,         // active player in a knock: take this card of the knocker's display
  kPut,          // active player in a knock: put the taken card into this cell of his display
  kClear,        // clear this line of one's display (when there is a choice)
  kLeaveLines,   // optional clearing only: leave the complete lines standing
};
inline constexpr int kNumActionTypes = 13;

// Lines of a display. A row line is named by its row and the display column of its first card
// (the next two cards are the next non-empty cells of that row, gaps skipped); a column line by
// its display column. Ids: row r starting at column c -> r*5 + c (0..14); column c -> 15 + c.
inline constexpr int kNumLineIds = kRows * kDisplayCols + kDisplayCols;  // 20
constexpr int row_line_id(int row, int first_dcol) { return row * kDisplayCols + first_dcol; }
constexpr int col_line_id(int dcol) { return kRows * kDisplayCols + dcol; }
constexpr bool is_col_line(int id) { return id >= kRows * kDisplayCols; }

struct Action {
  ActionType type = ActionType::kPass;
  uint8_t arg = 0;  // CellId for kReveal/kSwap/kTake/kPut, player for kGive, line id for kClear

  static constexpr Action reveal(CellId c) { return {ActionType::kReveal, c}; }
  static constexpr Action draw_pile() { return {ActionType::kDrawPile, 0}; }
  static constexpr Action draw_discard() { return {ActionType::kDrawDiscard, 0}; }
  static constexpr Action swap(CellId c) { return {ActionType::kSwap, c}; }
  static constexpr Action discard() { return {ActionType::kDiscard, 0}; }
  static constexpr Action knock() { return {ActionType::kKnock, 0}; }
  static constexpr Action pass() { return {ActionType::kPass, 0}; }
  static constexpr Action give(int player) {
    return {ActionType::kGive, static_cast<uint8_t>(player)};
  }
  static constexpr Action refuse() { return {ActionType::kRefuse, 0}; }
  static constexpr Action take(CellId c) { return {ActionType::kTake, c}; }
  static constexpr Action put(CellId c) { return {ActionType::kPut, c}; }
  static constexpr Action clear(int line_id) {
    return {ActionType::kClear, static_cast<uint8_t>(line_id)};
  }
  static constexpr Action leave_lines() { return {ActionType::kLeaveLines, 0}; }

  // A dense integer form (type*256 + arg), handy as a key; from_code inverts it.
  constexpr uint16_t code() const {
    return static_cast<uint16_t>(static_cast<int>(type) * 256 + arg);
  }
  static constexpr Action from_code(uint16_t code) {
    return {static_cast<ActionType>(code / 256), static_cast<uint8_t>(code % 256)};
  }

  constexpr bool operator==(const Action&) const = default;
};

// Text form of a cell: owner digit, row letter, column digit, e.g. "1b3" (player 1, row 1,
// column 3). Columns are the owner's grid columns 0-3.
std::string cell_to_text(CellId c);
// The same, appended to `out` (no allocation once `out` has room).
void append_cell_text(std::string& out, CellId c);
std::optional<CellId> cell_from_text(std::string_view text, int players);

// Text form of a line id: "row-b1" (row b, first card in display column 1) or "col-0".
std::string line_to_text(int line_id);
void append_line_text(std::string& out, int line_id);
std::optional<int> line_from_text(std::string_view text);

// Short text form of an action, e.g. "reveal 0a1", "draw", "draw-discard", "swap 2c3",
// "discard", "knock", "pass", "give 3", "refuse", "take 1a3", "put 0b0", "clear col-4", "leave".
std::string to_text(Action a);
// The same, appended to `out`: for the writers of every frame's legal list.
void append_text(std::string& out, Action a);
// Parses the short text form; nullopt with a reason in *error if it is not one. Only checks
// the form and ranges for `players`, not legality.
std::optional<Action> action_from_text(std::string_view text, int players,
                                       std::string* error = nullptr);

std::string_view action_type_name(ActionType t);

}  // namespace allegra
