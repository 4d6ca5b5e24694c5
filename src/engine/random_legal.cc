// State::random_legal_action(): a uniformly random legal action without building the list;
// State::apply_random(): that action applied in the same step.
//
// Random play (selfplay, the bench signature, the benchmarks, a fallback of the rollouts) used
// to list every legal action and pick one: legal_actions() was a quarter of a random round,
// most of it writing up to 16 cell actions of which one is used. Here the cell phases count
// the legal cells of the phase's mask and pick the k-th set bit. It is exactly
// legal_actions()[rng.below(size)]: the same count, the same order, the same one draw, so
// games played this way are the same bit for bit (the bench signature does not change, and
// a test compares the two on every position of random games). apply_random() makes the same
// draws and goes straight to the phase's handler: one dispatch on the phase per action
// instead of two (random_legal_test.cc compares it with the pick and apply()).
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
// the high byte chosen by arithmetic on a compare, not by a loop over the bits nor by a branch
// (either would be a mispredicted branch at every other random decision: GCC compiled the
// `high ? a : b` form into one).
inline int select_bit(unsigned mask, unsigned k) {
  const unsigned low_count = kBytePopcount[mask & 0xFF];
  const unsigned high = k >= low_count;  // 0 or 1
  const unsigned byte = mask >> (8 * high) & 0xFF;
  return static_cast<int>(8 * high + kByteSelect[byte][k - low_count * high]);
}

}  // namespace

// A phase with cell actions: the list would be the legal cells in display order, then
// (kHoldDrawn, `discard`) the discard; one draw among them. Without a call (below_inline(),
// the throw out of line): see apply_random().
[[gnu::always_inline]] inline CellId State::random_cell(const CellChoice& choice, bool discard,
                                                        Rng& rng) const {
  const unsigned cells = count_bits(choice.mask);
  const unsigned size = cells + (discard ? 1 : 0);
  if (size == 0) [[unlikely]]
    throw_no_legal_action();
  const uint32_t k = rng.below_inline(size);
  if (k == cells) return kNoCell;
  return display_cells(choice.player, players())[select_bit(choice.mask, k)];
}

// R7: the list is give(q) for every knocker q clockwise from the active player's left, then
// refuse. The knockers are rotated so that the active player's left is bit 0. Without a branch
// on the draw (a give or the refusal is a coin toss in random play), and without a call.
[[gnu::always_inline]] inline Action State::random_knocker_choice(Rng& rng) const {
  const int n = players();
  int from = active_ + 1;
  from &= -int{from != n};  // left_of(active_, n)
  const unsigned all = (1u << n) - 1;
  const unsigned rotated =
      ((unsigned{knockers_} >> from) | (unsigned{knockers_} << (n - from))) & all;
  const unsigned count = count_bits(rotated);
  const uint32_t k = rng.below_inline(count + 1);
  const bool refuse = k == count;
  int q = from + select_bit(rotated, k);  // in range but meaningless when refusing
  q -= n & -int{q >= n};
  return {refuse ? ActionType::kRefuse : ActionType::kGive, static_cast<uint8_t>(refuse ? 0 : q)};
}

// One switch picks the phase's choice; the draw and the pick among the cells are written once
// after it (six inlined copies, one per cell phase, made the function big enough to need a
// stack frame on every call; the rare phases have their own functions for the same reason).
Action State::random_legal_action(Rng& rng) const {
  CellChoice choice;
  bool discard = false;  // kHoldDrawn: the list ends with the discard
  switch (phase_) {
    // The two-action phases by arithmetic on the action types, not by a branch on the draw
    // (a coin toss).
    case Phase::kChooseDraw: {  // the list is [draw-pile,] draw-discard
      static_assert(int(ActionType::kDrawDiscard) == int(ActionType::kDrawPile) + 1);
      const unsigned pile = may_draw_pile();
      const uint32_t k = rng.below(1u + pile);
      return {static_cast<ActionType>(int(ActionType::kDrawDiscard) - int(pile & (k == 0))), 0};
    }
    case Phase::kKnockWindow:  // [knock, pass]
      static_assert(int(ActionType::kPass) == int(ActionType::kKnock) + 1);
      return {static_cast<ActionType>(int(ActionType::kKnock) + int(rng.below(2))), 0};
    case Phase::kChooseKnocker:
      return random_knocker_choice(rng);
    case Phase::kChooseLine:  // rare: the list
      return random_from_list(rng);
    case Phase::kRoundOver:
    case Phase::kGameOver:
      throw_nobody_to_act();
    case Phase::kSetupReveal:
      choice = cell_choice(Phase::kSetupReveal);
      break;
    case Phase::kHoldDrawn:
      choice = cell_choice(Phase::kHoldDrawn);
      discard = may_discard_drawn();
      break;
    case Phase::kRevealAfterDiscard:
      choice = cell_choice(Phase::kRevealAfterDiscard);
      break;
    case Phase::kKnockerSwap:
      choice = cell_choice(Phase::kKnockerSwap);
      break;
    case Phase::kTake:
      choice = cell_choice(Phase::kTake);
      break;
    case Phase::kPut:
      choice = cell_choice(Phase::kPut);
      break;
  }
  const CellId c = random_cell(choice, discard, rng);
  if (c == kNoCell) return Action::discard();
  return {choice.type, c};
}

// The pick of random_legal_action() and the handler of apply() in one step. Each phase draws
// exactly as random_legal_action() does and ends in a tail call of the handler that apply()
// would reach for that action, skipping apply()'s checks: random play made two jumps on the
// phase per action (one to pick, one to apply), each a likely mispredict, and a dependent
// chain through the Action between them. The switch only jumps to the phase's own function
// (apply_random_in<phase>()), so that only the phases that need registers beyond the
// scratch ones save them; the draws are below_inline() and the throws are out of line, so
// that no path makes a call before its tail call.
void State::apply_random(Rng& rng, EventList* ev) {
  switch (phase_) {
    case Phase::kSetupReveal:
      return apply_random_in<Phase::kSetupReveal>(rng, ev);
    case Phase::kChooseDraw:
      return apply_random_in<Phase::kChooseDraw>(rng, ev);
    case Phase::kKnockWindow:
      return apply_random_in<Phase::kKnockWindow>(rng, ev);
    case Phase::kChooseKnocker:
      return apply_random_in<Phase::kChooseKnocker>(rng, ev);
    case Phase::kHoldDrawn:
      return apply_random_in<Phase::kHoldDrawn>(rng, ev);
    case Phase::kRevealAfterDiscard:
      return apply_random_in<Phase::kRevealAfterDiscard>(rng, ev);
    case Phase::kKnockerSwap:
      return apply_random_in<Phase::kKnockerSwap>(rng, ev);
    case Phase::kTake:
      return apply_random_in<Phase::kTake>(rng, ev);
    case Phase::kPut:
      return apply_random_in<Phase::kPut>(rng, ev);
    case Phase::kChooseLine:
      return apply_random_in<Phase::kChooseLine>(rng, ev);
    case Phase::kRoundOver:
    case Phase::kGameOver:
      throw_nobody_to_act();
  }
}

template <Phase kPhase>
void State::apply_random_in(Rng& rng, EventList* ev) {
  if constexpr (kPhase == Phase::kChooseDraw) {  // the list is [draw-pile,] draw-discard
    const unsigned pile = may_draw_pile();
    const uint32_t k = rng.below_inline(1u + pile);
    if (pile & (k == 0)) return draw_from_pile(ev);
    return draw_from_discard(ev);
  } else if constexpr (kPhase == Phase::kKnockWindow) {  // [knock, pass], current_player()'s
    const int n = players();
    return answer_knock(first_clockwise(knock_pending_, left_of(active_, n), n),
                        rng.below_inline(2) == 0, ev);
  } else if constexpr (kPhase == Phase::kChooseKnocker) {
    return choose_knocker(random_knocker_choice(rng), ev);
  } else if constexpr (kPhase == Phase::kChooseLine) {  // rare: the list; choose_line() checks
    return choose_line(random_from_list(rng), ev);
  } else if constexpr (kPhase == Phase::kHoldDrawn) {
    const CellId c = random_cell(cell_choice(Phase::kHoldDrawn), may_discard_drawn(), rng);
    if (c == kNoCell) return discard_drawn(ev);
    return swap_drawn(c, ev);
  } else {
    const CellId c = random_cell(cell_choice(kPhase), false, rng);
    if constexpr (kPhase == Phase::kSetupReveal) return setup_reveal(c, ev);
    if constexpr (kPhase == Phase::kRevealAfterDiscard) return reveal_after_discard(c, ev);
    if constexpr (kPhase == Phase::kKnockerSwap) return knocker_swap(c, ev);
    if constexpr (kPhase == Phase::kTake) return take(c, ev);
    if constexpr (kPhase == Phase::kPut) return put(c, ev);
  }
}

void State::throw_nobody_to_act() {
  throw std::logic_error("random_legal_action: nobody has a legal action (round or game over)");
}

void State::throw_no_legal_action() {
  throw std::logic_error("random_legal_action: a phase without a legal action");
}

// The rare phases: legal_actions()[rng.below(size)] as it is.
Action State::random_from_list(Rng& rng) const {
  ActionList list;
  legal_actions(list);
  return list[rng.below(static_cast<uint32_t>(list.size()))];
}

}  // namespace allegra
