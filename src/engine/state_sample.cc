// The hidden part of State (state.h, "Hidden information"): the public view, and a state drawn
// uniformly from the unseen cards for search bots (resample(), sample()). Its own file, apart
// from the rules in state.cc, because it is a concept of its own: nothing here plays.
#include "engine/public_view.h"
#include "engine/state.h"
#include "engine/unseen_cards.h"

namespace allegra {

PublicView State::public_view() const { return PublicView(*this); }

State State::resample(Rng& rng) const {
  State s = sample(public_view(), rng);
  s.knockers_ = knockers_;  // the sealed answers of an open knock window are not cards
  return s;
}

// 1. Count the unseen cards (unseen_cards.h): the deck minus every card anyone can see.
// 2. Shuffle them and deal them into the hidden places: face-down cells in CellId order, a
//    hidden hand card, a hidden taken card, then the draw pile.
// 3. Give the copy a fresh Rng so that not even future reshuffles follow the real game.
State State::sample(const PublicView& view, Rng& rng) {
  State s = view.masked();
  const int n = s.players();
  const CardCounts unseen = unseen_cards(s);

  std::array<int8_t, kMaxDeck> pool;
  int size = 0;
  for (int v = 0; v < kNumValues; ++v) {
    if (unseen[v] < 0) throw std::logic_error("resample: more cards seen than the deck holds");
    for (int k = 0; k < unseen[v]; ++k) pool[size++] = static_cast<int8_t>(v + kMinValue);
  }
  rng.shuffle(std::span<int8_t>(pool.data(), size));

  int next = 0;
  auto draw_hidden = [&]() -> int8_t {
    if (next >= size) throw std::logic_error("resample: fewer unseen cards than hidden places");
    return pool[next++];
  };
  for (int c = 0; c < n * kGridCells; ++c)
    if (s.cell_state(static_cast<CellId>(c)) == CellState::kFaceDown) s.values_[c] = draw_hidden();
  if (s.hand_ == kHiddenValue) s.hand_ = draw_hidden();
  if (s.taken_ == kHiddenValue) s.taken_ = draw_hidden();
  for (int i = 0; i < s.draw_count_; ++i) s.draw_[i] = draw_hidden();
  if (next != size) throw std::logic_error("resample: unseen cards left over");
  s.rng_.reseed(rng.next());
  return s;
}

}  // namespace allegra
