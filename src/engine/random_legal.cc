// State::random_legal_action(): a uniformly random legal action without building the list.
//
// Random play (selfplay, the bench signature, the benchmarks, a fallback of the rollouts) used
// to list every legal action and pick one: legal_actions() was a quarter of a random round,
// most of it writing up to 16 cell actions of which one is used. Here the cell phases count
// the legal cells of the phase's mask and pick the k-th set bit. It is exactly
// legal_actions()[rng.below(size)]: the same count, the same order, the same one draw, so
// games played this way are the same bit for bit (the bench signature does not change, and
// a test compares the two on every position of random games).
#include <array>
#include <cstdint>
#include <stdexcept>

#include "engine/state.h"
#include "engine/state_cell_choice.h"

namespace allegra {
namespace {

constexpr auto kBytePopcount = [] {
  std::array<uint8_t, 256> t{};
  for (unsigned m = 0; m < t.size(); ++m)
    for (unsigned b = m; b; b &= b - 1) ++t[m];
  return t;
}();
// kByteSelect[m][k]: the index of the k-th set bit of byte m.
constexpr auto kByteSelect = [] {
  std::array<std::array<uint8_t, 8>, 256> t{};
  for (unsigned m = 0; m < t.size(); ++m) {
    int k = 0;
    for (int i = 0; i < 8; ++i)
      if (m >> i & 1) t[m][k++] = static_cast<uint8_t>(i);
  }
  return t;
}();

// Set bits of a 15-bit display mask (a table: std::popcount is a library call without
// -mpopcnt, and we build for plain x86-64).
inline unsigned count_bits(unsigned mask) {
  return kBytePopcount[mask & 0xFF] + kBytePopcount[mask >> 8 & 0xFF];
}

// The index of the k-th set bit (k from 0) of a 15-bit mask: a byte's table entry, the low or
// the high byte chosen by a compare, not by a loop over the bits (its exit would be a
// mispredicted branch at every random decision).
inline int select_bit(unsigned mask, unsigned k) {
  const unsigned low_count = kBytePopcount[mask & 0xFF];
  const bool high = k >= low_count;
  const unsigned byte = high ? mask >> 8 & 0xFF : mask & 0xFF;
  return (high ? 8 : 0) + kByteSelect[byte][high ? k - low_count : k];
}

}  // namespace

Action State::random_legal_action(Rng& rng) const {
  switch (phase_) {
    case Phase::kChooseDraw: {  // the list is [draw-pile,] draw-discard
      const bool pile = may_draw_pile();
      const uint32_t k = rng.below(1u + pile);
      return pile && k == 0 ? Action::draw_pile() : Action::draw_discard();
    }
    case Phase::kKnockWindow:  // [knock, pass]
      return rng.below(2) == 0 ? Action::knock() : Action::pass();
    case Phase::kChooseKnocker:  // rare: the list
    case Phase::kChooseLine: {
      ActionList list;
      legal_actions(list);
      return list[rng.below(static_cast<uint32_t>(list.size()))];
    }
    case Phase::kRoundOver:
    case Phase::kGameOver:
      break;
    case Phase::kSetupReveal:
      return random_cell_action(Phase::kSetupReveal, rng);
    case Phase::kHoldDrawn:
      return random_cell_action(Phase::kHoldDrawn, rng);
    case Phase::kRevealAfterDiscard:
      return random_cell_action(Phase::kRevealAfterDiscard, rng);
    case Phase::kKnockerSwap:
      return random_cell_action(Phase::kKnockerSwap, rng);
    case Phase::kTake:
      return random_cell_action(Phase::kTake, rng);
    case Phase::kPut:
      return random_cell_action(Phase::kPut, rng);
  }
  throw std::logic_error("random_legal_action: nobody has a legal action (round or game over)");
}

// A phase with cell actions (constant `phase`, see cell_choice()): the list would be the legal
// cells in display order, then (kHoldDrawn) the discard.
[[gnu::always_inline]] inline Action State::random_cell_action(Phase phase, Rng& rng) const {
  const CellChoice choice = cell_choice(phase);
  const unsigned cells = count_bits(choice.mask);
  const unsigned size = cells + (phase == Phase::kHoldDrawn && may_discard_drawn() ? 1 : 0);
  if (size == 0) [[unlikely]]
    throw std::logic_error("random_legal_action: a phase without a legal action");
  const uint32_t k = rng.below(size);
  if (k == cells) return Action::discard();
  return {choice.type, display_cells(choice.player, players())[select_bit(choice.mask, k)]};
}

}  // namespace allegra
