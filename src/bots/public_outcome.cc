#include "bots/public_outcome.h"

namespace allegra::mcts {
namespace {

// One byte per field: a card (-1..11, or the no-card and hidden sentinels) as its int8 bits.
uint64_t byte_of(int8_t card) { return static_cast<uint8_t>(card); }

bool is_cell_action(ActionType t) {
  return t == ActionType::kReveal || t == ActionType::kSwap || t == ActionType::kTake ||
         t == ActionType::kPut;
}

}  // namespace

uint64_t public_outcome(const State& s, Action a) {
  // The drawn card (public from the draw on: the others knock for it), the discard pile's top
  // (where a replaced face-down card shows), a card waiting for a clear to end before it is
  // discarded, and the knock's hand and taken cards once they are known.
  uint64_t key = byte_of(s.held_card());
  const int8_t top = s.discard_pile_size() > 0 ? s.discard_pile_card(0) : kNoCard;
  key = key << 8 | byte_of(top);
  key = key << 8 | byte_of(s.pending_discard());
  key = key << 8 | byte_of(s.hand_card_known() ? s.hand_card() : kHiddenValue);
  key = key << 8 | byte_of(s.taken_card_known() ? s.taken_card() : kHiddenValue);
  // The acted-on cell once it is face up: a revealed card, or a card put there.
  int8_t cell = kHiddenValue;
  if (is_cell_action(a.type) && s.cell_state(a.arg) == CellState::kFaceUp)
    cell = s.cell_value(a.arg);
  return key << 8 | byte_of(cell);
}

}  // namespace allegra::mcts
