#include "engine/public_view.h"

#include <fmt/format.h>

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
  // R7: the answers of an open knock window are sealed until it closes (who answered is not).
  if (s.phase_ == Phase::kKnockWindow) s.knockers_ = 0;
  s.rng_.reseed(0);
}

PublicView PublicView::decision_view(int seat) const {
  if (!masked_.is_simultaneous_node()) return *this;
  const State& m = masked_;
  const int n = m.players();
  const unsigned window = m.knock_window_seats();
  if (seat < 0 || seat >= n || !(window >> seat & 1))
    throw std::invalid_argument(
        fmt::format("decision_view: player {} does not answer this knock window", seat));
  PublicView v = *this;
  v.masked_.knock_pending_ = static_cast<uint8_t>(window);
  // The answers come in the rulebook's order: drop the seats before `seat`.
  for (int q = left_of(m.active_, n); q != seat; q = left_of(q, n))
    v.masked_.knock_pending_ &= static_cast<uint8_t>(~(1u << q));
  return v;
}

}  // namespace allegra
