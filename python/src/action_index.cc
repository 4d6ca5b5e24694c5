#include "action_index.h"

namespace allegra::python {

namespace {

bool has_cell(ActionType t) {
  return t == ActionType::kReveal || t == ActionType::kSwap || t == ActionType::kTake ||
         t == ActionType::kPut;
}

// The same cell with its owner moved by `shift` seats (mod n).
uint8_t shift_cell(uint8_t c, int shift, int n) {
  int owner = cell_owner(c) + shift;
  if (owner >= n) owner -= n;
  if (owner < 0) owner += n;
  return static_cast<uint8_t>(owner * kGridCells + cell_index(c));
}

Action shifted(Action a, int shift, int n) {
  if (has_cell(a.type)) return {a.type, shift_cell(a.arg, shift, n)};
  if (a.type == ActionType::kGive) {
    int p = a.arg + shift;
    if (p >= n) p -= n;
    if (p < 0) p += n;
    return {a.type, static_cast<uint8_t>(p)};
  }
  return a;
}

}  // namespace

std::optional<Action> action_of_index(int index) {
  if (index < 0 || index >= kNumActionIndexes) return std::nullopt;
  int t = 0;
  while (kTypeOffset[t + 1] <= index) ++t;
  return Action{static_cast<ActionType>(t), static_cast<uint8_t>(index - kTypeOffset[t])};
}

Action to_relative(Action a, int me, int n) { return shifted(a, -me, n); }
Action to_absolute(Action a, int me, int n) { return shifted(a, me, n); }

}  // namespace allegra::python
