#include "engine/public_view.h"

#include <stdexcept>

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

PublicView PublicView::knock_answer(int seat) const {
  const State& m = masked_;
  if (m.phase_ != Phase::kKnockWindow || seat < 0 || seat >= m.players() ||
      !(m.knock_pending_ >> seat & 1))
    throw std::invalid_argument("knock_answer: the seat is not pending in a knock window");
  PublicView v;
  v.masked_ = m;
  v.masked_.knockers_ = 0;
  // The engine asks clockwise from the active player's left: drop the seats before `seat`.
  for (int q = left_of(m.active_, m.players()); q != seat; q = left_of(q, m.players()))
    v.masked_.knock_pending_ &= static_cast<uint8_t>(~(1u << q));
  return v;
}

}  // namespace allegra
