// Diagrams: hand-built positions written as a few lines of text, for tests and analysis.
//
// Writing a rule test should take a minute, so a position is a small text picture instead of
// a sequence of actions that happens to reach it. Grammar (one item a line, '#' comments):
//
//   active 2              whose turn starts now (default 0); the state is at kChooseDraw
//   first 1               the round's first player (default: the active player)
//   round 0               0-based round number (default 0)
//   draw 5 7 3            the top of the draw pile, top first; the rest is filled up
//   draw-size 4           the draw pile holds exactly this many cards (default: all unused)
//   discard 2 9           the discard pile, TOP FIRST (default: one unused card)
//   ender 3               the round was ended by player 3 ...
//   ended-during 1        ... during player 1's turn (default: the ender's own turn)
//   totals 10 20 5.5 0    game totals so far, in points
//   0: ? ?4 5 5 | ? ? ? ? | 3 3 . ?     player 0's grid, rows top to bottom, 4 cells a row
//
// Cells: `7` face up, `?7` face down holding a 7, `?` face down holding an unused card,
// `.` cleared. Unlisted players have 12 `?` cells. Unused cards of the deck fill, in a
// seeded shuffled order, the `?` cells, then the draw pile, then the bottom of the discard
// pile, so every card of the deck is in exactly one place.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/state.h"

namespace allegra {

// Builds the position; throws std::invalid_argument naming the line and the problem.
State position_from_diagram(const RuleOptions& options, std::string_view diagram,
                            uint64_t seed = 1);

// The table as diagram lines (face-down cards shown with their real values, "?7"), plus the
// piles: for test failure messages and debugging, never for players.
std::string diagram_of(const State& state);

}  // namespace allegra
