#include "bots/mcts_rollout.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "bots/rollout_display.h"
#include "engine/event.h"
#include "engine/options.h"
#include "engine/unseen_cards.h"

namespace allegra::mcts {
namespace {

constexpr float kLineBonus = 2.0f;    // on top of the cards a clear removes
constexpr float kPairBonus = 1.0f;    // per face-up equal card next to the new one
constexpr float kTakeDiscard = 2.5f;  // least gain to draw the discard top
constexpr float kKeepDrawn = 1.0f;    // least gain to keep a card drawn from the pile
constexpr int kHurryAfter = 3000;     // rollout actions before the policy only discards
constexpr int kRolloutCap = 20000;    // then random actions (never reached in practice)

using Display = RolloutDisplay;

// A random cell of a 15-bit display mask (display index), or -1 if it is empty.
int random_cell(uint16_t mask, Rng& rng) {
  // Two table lookups: without -mpopcnt std::popcount is a library call.
  const int n = count_cells(mask & kGridMask) + count_cells(mask >> kGridCells);
  if (n == 0) return -1;
  unsigned m = mask;
  for (auto k = rng.below(static_cast<uint32_t>(n)); k > 0; --k) m &= m - 1;
  return std::countr_zero(m);
}

// Gain (lower display sum, lines) of putting card h into each display cell:
//  - completing a line: cur + 2h + kLineBonus (all three cards leave);
//  - else cur - h, plus kPairBonus (1) per equal face-up card next to it (cards of 2 and
//    more), minus one per pair the replaced face-up card was part of (unless it equals h);
// cur = the face-up card, or the unseen mean for a face-down one. Cells not in `cells` (and
// lane 15) get -infinity. Four cells at a time and without a branch (cell by cell, this was
// half of a search's instructions). The float operations are those of the cell-by-cell
// version, in the same order: adding or subtracting 0 where it skipped a term changes no sum.
using Gains = std::array<F4, 4>;
void all_gains(const Display& d, int h, unsigned cells, Gains& out) {
  static_assert(kPairBonus == 1.0f, "the pair counts are added as they are");
  const Neighbours nb = d.neighbours_of(h);
  const float hf = static_cast<float>(h);
  const unsigned counted = h >= 2 ? ~0u : 0u;
  const unsigned breaks = d.up & ~d.by_value[h - kMinValue];
  const F4 none = F4{} - std::numeric_limits<float>::infinity();
  for (int q = 0; q < 4; ++q) {
    F4 cur, pairs_of;
    std::memcpy(&cur, &d.cur[4 * q], sizeof cur);
    std::memcpy(&pairs_of, &d.pairs_of[4 * q], sizeof pairs_of);
    const I4 minus_pairs = lanes(nb.col0 & counted, q) + lanes(nb.col1 & counted, q) +
                           lanes(nb.before & counted, q) + lanes(nb.after & counted, q);
    const F4 broken = F4(lanes(breaks, q) & I4(pairs_of));
    const F4 plain = ((cur - hf) + __builtin_convertvector(-minus_pairs, F4)) - broken;
    const F4 line = (cur + 2.0f * hf) + kLineBonus;
    const I4 is_line = lanes(nb.line, q), in = lanes(cells, q);
    const I4 gain = (is_line & I4(line)) | (~is_line & I4(plain));
    out[q] = F4((in & gain) | (~in & I4(none)));
  }
}

struct Best {
  int index = -1;
  float gain = -1e9f;
};

// The best non-empty display cell for card h, `allowed` masking cells; ties broken uniformly
// at random with one draw (only when there is a tie). Without a branch per cell: the largest
// gain of the 16 lanes, then the mask of the cells that have it.
Best best_cell(const Display& d, int h, Rng& rng, uint16_t allowed = kDisplayMask) {
  const unsigned cells = allowed & ~d.gaps & kDisplayMask;
  // A card that is not a card value (a hidden one in a view) indexes no mask: no best cell,
  // so the caller falls back to a random legal action.
  if (cells == 0 || h < kMinValue || h > kMaxValue) return {};
  Gains g;
  all_gains(d, h, cells, g);
  auto max4 = [](F4 a, F4 b) { return F4(((a > b) & I4(a)) | (~(a > b) & I4(b))); };
  const F4 m = max4(max4(g[0], g[1]), max4(g[2], g[3]));
  const float top = std::max(std::max(m[0], m[1]), std::max(m[2], m[3]));
  I4 at_top{};
  for (int q = 0; q < 4; ++q) at_top |= (g[q] == top) & (I4{1, 2, 4, 8} << 4 * q);
  const auto ties = static_cast<uint16_t>(at_top[0] | at_top[1] | at_top[2] | at_top[3]);
  const bool tie = (ties & (ties - 1)) != 0;
  return {tie ? random_cell(ties, rng) : std::countr_zero(ties), top};
}

// legal_actions()[rng.below(size)] without building the list (the same draw).
Action random_legal(const State& s, Rng& rng, ActionList& /*scratch*/) {
  return s.random_legal_action(rng);
}

// The display last read, valid until a card of it moves (see rollout_round).
struct DisplayCache {
  int player = -1;
  Display d;
};

inline bool moves_cards(ActionType t) {
  return t == ActionType::kReveal || t == ActionType::kSwap || t == ActionType::kTake ||
         t == ActionType::kPut || t == ActionType::kClear || t == ActionType::kLeaveLines;
}

// The cells chosen are legal by construction (no is_legal() check needed): a reveal takes a
// face-down cell of the player's own display (R5, R11), a swap or a put any non-empty cell of
// it (R5, R7; the knock hole is empty, so never chosen), exactly the engine's masks.
Action policy(const State& s, Rng& rng, float hidden_mean, ActionList& scratch, bool hurry,
              DisplayCache& cache) {
  const int p = s.current_player();
  Display& d = cache.d;
  switch (s.phase()) {
    case Phase::kSetupReveal:
    case Phase::kRevealAfterDiscard: {  // only the face-down mask is needed: no read
      const int i = random_cell(s.display_down(p), rng);
      if (i < 0) return random_legal(s, rng, scratch);
      return Action::reveal(display_cells(p, s.players())[i]);
    }
    case Phase::kChooseDraw: {
      const bool pile_ok = s.draw_pile_size() > 0 || s.discard_pile_size() > 1;
      if (!pile_ok) return Action::draw_discard();
      if (hurry || s.discard_pile_size() == 0) return Action::draw_pile();
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const Best b = best_cell(d, s.discard_pile_card(0), rng);
      return b.gain >= kTakeDiscard ? Action::draw_discard() : Action::draw_pile();
    }
    case Phase::kKnockWindow:
      return Action::pass();
    case Phase::kChooseKnocker:
      return Action::refuse();
    case Phase::kHoldDrawn: {
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const Best b = best_cell(d, s.held_card(), rng);
      const bool may_discard = s.is_legal(Action::discard());
      if (may_discard && (hurry || b.gain < kKeepDrawn)) return Action::discard();
      if (b.index < 0) return random_legal(s, rng, scratch);
      return Action::swap(d.cells[b.index]);
    }
    case Phase::kKnockerSwap: {
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const Best b = best_cell(d, s.held_card(), rng);
      if (b.index < 0) return random_legal(s, rng, scratch);
      return Action::swap(d.cells[b.index]);
    }
    case Phase::kPut: {
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const Best b = best_cell(d, s.taken_card(), rng);
      if (b.index < 0) return random_legal(s, rng, scratch);
      return Action::put(d.cells[b.index]);
    }
    case Phase::kChooseLine: {
      s.legal_actions(scratch);
      for (Action a : scratch)
        if (a.type == ActionType::kClear) return a;
      return scratch.front();
    }
    case Phase::kTake:
    case Phase::kRoundOver:
    case Phase::kGameOver:
      break;
  }
  return random_legal(s, rng, scratch);
}

}  // namespace

float unseen_mean(const State& s) {
  const DeckCounts deck = s.options().effective_deck();
  const CardCounts unseen = unseen_cards(s);
  int deck_count = 0, deck_sum = 0, count = 0, sum = 0;
  for (int v = 0; v < kNumValues; ++v) {
    deck_count += deck[v];
    deck_sum += deck[v] * (v + kMinValue);
    count += unseen[v];
    sum += unseen[v] * (v + kMinValue);
  }
  if (count <= 0) return static_cast<float>(deck_sum) / static_cast<float>(deck_count);
  return static_cast<float>(sum) / static_cast<float>(count);
}

Action policy_action(const State& s, Rng& rng, float hidden_mean, ActionList& scratch) {
  DisplayCache cache;
  return policy(s, rng, hidden_mean, scratch, false, cache);
}

int rollout_round(State& s, Rng& rng, float hidden_mean) {
  const int start = s.rounds_played();
  ActionList scratch;
  DisplayCache cache;
  int n = 0;
  while (!s.is_terminal() && s.rounds_played() == start) {
    const Action a = n < kRolloutCap ? policy(s, rng, hidden_mean, scratch, n >= kHurryAfter, cache)
                                     : random_legal(s, rng, scratch);
    s.apply(a);
    if (moves_cards(a.type)) cache.player = -1;
    ++n;
  }
  return n;
}

void evaluate(const State& s, std::array<double, kMaxPlayers>& values) {
  const int n = s.players();
  std::array<double, kMaxPlayers> total{};
  double lowest = 1e18, highest = -1e18;
  for (int p = 0; p < n; ++p) {
    total[p] = 0.5 * s.total_half(p);
    lowest = std::min(lowest, total[p]);
    highest = std::max(highest, total[p]);
  }
  std::array<double, kMaxPlayers> win{};
  if (s.is_terminal()) {
    int k = 0;
    for (int p = 0; p < n; ++p) k += total[p] == lowest;
    for (int p = 0; p < n; ++p) win[p] = total[p] == lowest ? 1.0 / k : 0.0;
  } else {
    const RuleOptions& o = s.options();
    double rounds_left = 1e9;
    if (o.rounds > 0) rounds_left = o.rounds - s.rounds_played();
    if (o.point_limit > 0)
      rounds_left = std::min(rounds_left, (o.point_limit - highest) / kPointsPerRound);
    rounds_left = std::max(rounds_left, 1.0);
    const double scale = kRoundSigma * std::sqrt(rounds_left);
    double z = 0;
    for (int p = 0; p < n; ++p) {
      win[p] = std::exp(-(total[p] - lowest) / scale);
      z += win[p];
    }
    for (int p = 0; p < n; ++p) win[p] /= z;
  }
  for (int p = 0; p < n; ++p) {
    double others = 1e18;
    for (int q = 0; q < n; ++q)
      if (q != p) others = std::min(others, total[q]);
    const double m = 0.5 + 0.5 * std::tanh((others - total[p]) / kMarginScale);
    values[p] = (1.0 - kMarginWeight) * win[p] + kMarginWeight * m;
  }
}

}  // namespace allegra::mcts
