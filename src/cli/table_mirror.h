// TableMirror: the table as the events describe it, and its drawing as text.
//
// The printer needs the table at the end of a round, but by the time apply() returns the
// engine has already dealt the next round. So the printer keeps its own copy of the public
// table, updated from the events alone, starting from the table of the round as dealt. The
// tracking is the terminal game's view model (tui::TableModel::apply), which has the same need
// for its end-of-round screen; this class adds the printer's drawing and display sums.
#pragma once

#include <cstdint>
#include <string>

#include "engine/event.h"
#include "engine/state.h"
#include "tui/table_model.h"

namespace allegra::cli {

class TableMirror {
 public:
  using Cell = tui::CellView;  // value: kHiddenValue while face down

  // The public table of `state` (face-down values stay hidden).
  void reset(const State& state);
  // Reveals, placements, cards taken to hand, clears.
  void apply(const Event& e) { model_.apply(e); }

  int players() const { return model_.players; }
  const Cell& cell(CellId c) const { return model_.cell(c); }
  // The score of p's display from its face-up cards (R9, display_score_half()); only
  // meaningful once every card is face up.
  int32_t display_half(int p) const;

  // The grids side by side in seat order ('.' cleared, '#' face down), column 3 (shared with
  // the display of the previous player) after a ':'. `ender` is marked; kNoPlayer for none.
  // At most four grids per band; lines are indented by `indent` spaces.
  std::string draw(int ender, int indent = 2) const;

 private:
  tui::TableModel model_;
};

}  // namespace allegra::cli
