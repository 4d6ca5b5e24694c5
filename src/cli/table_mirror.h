// TableMirror: the table as the events describe it, and its drawing as text.
//
// The printer needs the table at the end of a round, but by the time apply() returns the
// engine has already dealt the next round. So the printer keeps its own copy of the public
// table, updated from the events alone (reveals, placements, cards taken to hand, clears),
// starting from the table of the round as dealt.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/event.h"
#include "engine/state.h"

namespace allegra::cli {

class TableMirror {
 public:
  struct Cell {
    CellState state = CellState::kFaceDown;
    int8_t value = kHiddenValue;  // kHiddenValue while face down and unknown
  };

  // The public table of `state` (face-down values stay hidden).
  void reset(const State& state);
  void apply(const Event& e);

  int players() const { return players_; }
  const Cell& cell(CellId c) const { return cells_[c]; }
  // Sum of the face-up cards of p's display, in half points, -20 for an empty display (the
  // scoring rule); only meaningful once every card is face up.
  int32_t display_half(int p) const;

  // The grids side by side in seat order ('.' cleared, '#' face down), column 3 (shared with
  // the display of the previous player) after a ':'. `ender` is marked; kNoPlayer for none.
  // At most four grids per band; lines are indented by `indent` spaces.
  std::string draw(int ender, int indent = 2) const;

 private:
  int players_ = 0;
  std::array<Cell, kMaxCells> cells_{};
};

}  // namespace allegra::cli
