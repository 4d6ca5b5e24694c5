// State::cell_choice() and the small legality tests, shared by state.cc and random_legal.cc
// (internal to the engine: it reads State's private fields; include it only from State's own
// sources).
#pragma once

#include "engine/state.h"

namespace allegra {

// The cell action of phase `phase` (the current one) and its legal cells (mask 0: the phase
// has none). Inlined into legal() and legal_actions() with a constant phase, so each of their
// cases folds to its own few lines: a call, or a second switch, costs as much as the check.
[[gnu::always_inline]] inline State::CellChoice State::cell_choice(Phase phase) const {
  switch (phase) {
    case Phase::kSetupReveal:         // R11
    case Phase::kRevealAfterDiscard:  // R5
      return {ActionType::kReveal, active_, display_down(active_)};
    case Phase::kHoldDrawn:  // R5: a swap replaces any card, face up or down, never a gap
      return {ActionType::kSwap, active_, occupied(active_)};
    case Phase::kKnockerSwap:  // R7 step 1
      return {ActionType::kSwap, knocker_, occupied(knocker_)};
    case Phase::kTake:  // R7 step 2
      return {ActionType::kTake, knocker_, takeable()};
    case Phase::kPut:  // R7 step 2: the cell it was taken from is empty now
      return {ActionType::kPut, active_, occupied(active_)};
    default:
      return {ActionType::kReveal, kNoPlayer, 0};
  }
}

// R6: a reshuffle leaves the discard pile's top card where it is.
inline constexpr int kDiscardTopStays = 1;

// R6: the draw pile can be drawn from if it holds a card or a reshuffle can refill it.
inline bool State::may_draw_pile() const {
  return draw_count_ > 0 || discard_count_ > kDiscardTopStays;
}

// R5: a drawn card may be discarded (then a card revealed) if there is a face-down card to
// reveal; a card from the discard pile only with the option.
inline bool State::may_discard_drawn() const {
  return (!held_from_discard_ || options_.discard_draw_may_discard) && face_down_count(active_) > 0;
}

}  // namespace allegra
