// ActionIndex: the engine's actions as small dense integers, for Python and the RL environments.
//
// Every action of any table size has one index in 0..kNumActionIndexes-1, laid out by type in the
// engine's order (engine/action.h), each type followed by its argument: reveal c (72 cells),
// draw, draw-discard, swap c (72), discard, knock, pass, give p (6), refuse, take c (72),
// put c (72), clear line (20), leave. A cell is the engine's CellId (owner*12 + row*4 + col), so
// an index means the same action whoever reads it ("absolute" indexes, the State API's).
//
// The environments speak "relative" indexes instead: the same layout with every seat counted from
// the acting player (owner 0 is the player himself, 1 his left neighbour, ...), so that a policy
// sees the same index for "swap into my top-left card" whatever its seat. to_relative() and
// to_absolute() convert; a line id is already relative to the display's owner.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/action.h"
#include "engine/geometry.h"

namespace allegra::python {

inline constexpr int kNumActionIndexes = 321;

// The first index of each ActionType, in enum order, and the end.
inline constexpr std::array<int, kNumActionTypes + 1> kTypeOffset = {
    0, 72, 73, 74, 146, 147, 148, 149, 155, 156, 228, 300, 320, 321};

inline int action_index(Action a) { return kTypeOffset[static_cast<int>(a.type)] + a.arg; }

// The action of an index; nullopt outside 0..kNumActionIndexes-1.
std::optional<Action> action_of_index(int index);

// Seat `p` seen from `me` at a table of `n` (0 = me), and back.
inline int relative_seat(int p, int me, int n) { return p >= me ? p - me : p - me + n; }
inline int absolute_seat(int r, int me, int n) { return r + me < n ? r + me : r + me - n; }

// The action as `me` sees it (every cell and player relative to `me`), and back.
Action to_relative(Action a, int me, int n);
Action to_absolute(Action a, int me, int n);

}  // namespace allegra::python
