#include "engine/public_view.h"

namespace allegra {

PublicView::PublicView(const State& state) : masked_(state) {
  State& s = masked_;
  const int n = s.players();
  for (int c = 0; c < kMaxCells; ++c) {
    CellState cs = c < n * kGridCells ? s.cell_state(static_cast<CellId>(c)) : CellState::kEmpty;
    if (cs == CellState::kFaceDown) s.values_[c] = kHiddenValue;
    if (cs == CellState::kEmpty) s.values_[c] = kNoCard;
  }
  for (int i = 0; i < s.draw_count_; ++i) s.draw_[i] = kHiddenValue;
  if (s.hand_ != kNoCard && !s.hand_known_) s.hand_ = kHiddenValue;
  if (s.taken_ != kNoCard && !s.taken_known_) s.taken_ = kHiddenValue;
  s.rng_.reseed(0);
}

}  // namespace allegra
