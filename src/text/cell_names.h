// Cell names: one name for each cell, the same in every message, button, typed move and
// screen-reader line, and the same numbers the screen draws around every grid.
//
// A cell is named by its owner's grid: row 1-3 from the top, column 1-4 from the left, so
// "Bea's row 2, column 4" is found by looking for Bea's grid and its labels. A sentence about
// a player leaves out the owner for his own cells ("row 2, column 3"); column 4 of his left
// neighbour, the first column of his 15-card display, keeps its owner ("Bea's row 2, column
// 4"), because that is where it lies. The owner who is the person at this keyboard (`you`, see
// Voice) is "your row 2, column 4": the texts select on the owner, never on a name. The typed
// short form is the same: "2,4" for one's own cell, "Bea 2,4" for another's.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.h"
#include "text/translator.h"

namespace allegra::text {

// Cell c named in a sentence about `subject`: "row 2, column 3", or with the owner when the
// cell is not the subject's: "Bea's row 2, column 4", "your row 2, column 4". names: one per
// seat; you: the seat texts call "you" (kNoPlayer if none).
std::string cell_place(const Translator& tr, const std::vector<std::string>& names, int you,
                       int subject, CellId c);
// A line of `player`'s 15-card display (an engine line id): "row 2, columns 2-4", "row 1:
// Bea's column 4 and columns 1-2", "column 3" or "Bea's column 4".
std::string line_place(const Translator& tr, const std::vector<std::string>& names, int you,
                       int player, int line_id);

// The short form to type for cell c in a decision of `subject`: "2,4" or "Bea 2,4".
std::string cell_short_form(const std::vector<std::string>& names, int subject, CellId c);
// The cell a typed short form names ("2,4", "2 4", "2.4", "bea 2,4"; the name in any case),
// among `offered`: without a name, the subject's own cell if one is offered, else the only
// offered cell with that row and column. nullopt if the text is not a cell short form or
// names no offered cell.
std::optional<CellId> cell_from_short_form(std::string_view text,
                                           const std::vector<std::string>& names, int subject,
                                           const std::vector<CellId>& offered);

}  // namespace allegra::text
