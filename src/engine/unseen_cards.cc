#include "engine/unseen_cards.h"

#include "engine/state.h"

namespace allegra {

CardCounts unseen_cards(const State& s) {
  CardCounts unseen{};
  const DeckCounts deck = s.options().effective_deck();
  for (int v = 0; v < kNumValues; ++v) unseen[v] = deck[v];
  auto see = [&](int8_t v) {
    if (v >= kMinValue && v <= kMaxValue) --unseen[v - kMinValue];
  };
  const int cells = s.players() * kGridCells;
  for (int c = 0; c < cells; ++c)
    if (s.cell_state(static_cast<CellId>(c)) == CellState::kFaceUp)
      see(s.cell_value(static_cast<CellId>(c)));
  for (int i = 0; i < s.discard_pile_size(); ++i) see(s.discard_pile_card(i));
  see(s.held_card());
  see(s.pending_discard());
  if (s.hand_card_known()) see(s.hand_card());
  if (s.taken_card_known()) see(s.taken_card());
  return unseen;
}

}  // namespace allegra
