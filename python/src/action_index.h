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

// The action of every index, in index order (a table: the vector environment converts one index
// per game per step).
inline constexpr auto kIndexActions = [] {
  std::array<Action, kNumActionIndexes> t{};
  for (int type = 0; type < kNumActionTypes; ++type)
    for (int i = kTypeOffset[type]; i < kTypeOffset[type + 1]; ++i)
      t[i] = Action{static_cast<ActionType>(type), static_cast<uint8_t>(i - kTypeOffset[type])};
  return t;
}();

// The action of an index; nullopt outside 0..kNumActionIndexes-1.
inline std::optional<Action> action_of_index(int index) {
  if (index < 0 || index >= kNumActionIndexes) return std::nullopt;
  return kIndexActions[static_cast<size_t>(index)];
}

// Seat `p` seen from `me` at a table of `n` (0 = me), and back.
inline int relative_seat(int p, int me, int n) { return p >= me ? p - me : p - me + n; }
inline int absolute_seat(int r, int me, int n) { return r + me < n ? r + me : r + me - n; }

namespace detail {
// The same action with every seat in it (a cell's owner, a player) moved by `shift` (-n..n) seats.
inline Action shifted(Action a, int shift, int n) {
  constexpr unsigned kCellTypes =
      1u << static_cast<int>(ActionType::kReveal) | 1u << static_cast<int>(ActionType::kSwap) |
      1u << static_cast<int>(ActionType::kTake) | 1u << static_cast<int>(ActionType::kPut);
  auto seat = [&](int p) {
    p += shift;
    if (p >= n) p -= n;
    if (p < 0) p += n;
    return p;
  };
  if (kCellTypes >> static_cast<int>(a.type) & 1)
    return {a.type, static_cast<uint8_t>(seat(cell_owner(a.arg)) * kGridCells + cell_index(a.arg))};
  if (a.type == ActionType::kGive) return {a.type, static_cast<uint8_t>(seat(a.arg))};
  return a;
}
}  // namespace detail

// The action as `me` sees it (every cell and player relative to `me`), and back.
inline Action to_relative(Action a, int me, int n) { return detail::shifted(a, -me, n); }
inline Action to_absolute(Action a, int me, int n) { return detail::shifted(a, me, n); }

}  // namespace allegra::python
