#include "bots/mcts_rollout.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "bots/rollout_display.h"
#include "engine/event.h"
#include "engine/options.h"
#include "engine/scoring.h"
#include "engine/unseen_cards.h"

namespace allegra {

std::string rollout_policy_name(RolloutPolicy version) {
  // A table, not "v" + std::to_string(...), which GCC 12 flags with a false -Wrestrict.
  static constexpr std::string_view kNames[] = {"v1", "v2", "v3", "v4", "v5"};
  return std::string(kNames[static_cast<int>(version)]);
}

std::optional<RolloutPolicy> rollout_policy_from_name(std::string_view name) {
  for (const RolloutPolicy v : kRolloutPolicies)
    if (name == rollout_policy_name(v)) return v;
  return std::nullopt;
}

}  // namespace allegra

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

// What a version of the policy does beyond v1 (mcts_rollout.h).
struct Rules {
  bool round_end = false;       // v2 on: no round end unless lowest alone
  bool useful_reveals = false;  // v3 on: reveals where a card helps
  bool knocks = false;          // v4 on: knock, give and take by the gains
  float end_margin = 0;         // v5: points by which the ender must be lowest
};
// v5's margin: the expert bot's safety margin (2 points) plus what the others' last turns are
// expected to gain (ExpertConfig::last_turn, 2.5), since every other player still plays once
// after the round is ended (R8).
constexpr float kEndMargin = 4.5f;
constexpr Rules rules_of(RolloutPolicy v) {
  return {.round_end = v != RolloutPolicy::kV1,
          .useful_reveals = v >= RolloutPolicy::kV3,
          .knocks = v >= RolloutPolicy::kV4,
          .end_margin = v == RolloutPolicy::kV5 ? kEndMargin : 0.0f};
}

constexpr float kKnockGain = 6.0f;   // v4: least gain of the offered card to knock for it
constexpr float kGiveMargin = 1.0f;  // v4: a take must beat keeping the card by this much

// v4: the best gain in p's display `mine` of a card taken from knocker k's display (one of its
// face-up cards not in p's display: a face-down one is unknown, so it is not counted), and
// the cell holding it (kNoCell if none).
struct Take {
  CellId cell = kNoCell;
  float gain = -1e9f;
};
Take best_take(const State& s, const Display& mine, int k, float hidden_mean, Rng& rng) {
  Display theirs;
  theirs.read(s, k, hidden_mean);
  const int p = s.current_player();
  const int n = s.players();
  Take best;
  for (int v = kMinValue; v <= kMaxValue; ++v) {
    for (unsigned m = theirs.by_value[v - kMinValue]; m; m &= m - 1) {
      const CellId c = theirs.cells[std::countr_zero(m)];
      if (in_display(p, n, c)) continue;  // taking it would change p's own display
      const float gain = best_cell(mine, v, rng).gain;
      if (gain > best.gain) best = {c, gain};
      break;  // the same value elsewhere gains the same
    }
  }
  return best;
}

// Face-down cells of a 15-bit display mask.
inline int count_display_cells(uint16_t mask) {
  return count_cells(mask & kGridMask) + count_cells(mask >> kGridCells);
}

// The round-end rule (v2) for the player to move, p, when his display has exactly one
// face-down cell, `last` (display index): filling or turning it up ends the round (R8, R8a).
struct LastCell {
  int last = -1;   // -1: the rule does not apply (an ender already, or not one cell left)
  float mine = 0;  // p's expected display score now
};

LastCell last_cell(const State& s, uint16_t down, int p, float hidden_mean) {
  if (s.in_final_round() || down == 0 || (down & (down - 1)) != 0) return {};
  return {std::countr_zero(down), expected_display_score(s, p, hidden_mean)};
}

// True if p ends the round lowest alone (R9: a tie is penalised) by more than `margin` points
// with his display worth `mine` after the action, the other displays valued as they are, except
// that `delta` points are added to the neighbour who shares p's display cell `cell` (a card
// placed in a shared column is in two displays; -1: no cell changes, e.g. a reveal).
bool ends_lowest_alone(const State& s, int p, float hidden_mean, float mine, int cell, float delta,
                       float margin) {
  const int n = s.players();
  const int col = cell % kDisplayCols;
  // Display column 0 is the left neighbour's column 3 (his display column 4); p's own
  // column 3 (display column 4) is his right neighbour's display column 0.
  const int sharer = col == 0 ? left_of(p, n) : col == kDisplayCols - 1 ? right_of(p, n) : -1;
  for (int q = 0; q < n; ++q) {
    if (q == p) continue;
    const float other = expected_display_score(s, q, hidden_mean) + (q == sharer ? delta : 0.0f);
    if (!(mine + margin < other)) return false;
  }
  return true;
}

// The cells p may put card h into under the round-end rule: all, unless h in his last
// face-down cell would end the round with p not lowest alone (then all but that cell).
uint16_t fillable_cells(const State& s, const Display& d, int p, int h, const LastCell& lc,
                        float hidden_mean, float margin) {
  // A card that is no card value (hidden, in a view) has no gains: no restriction either.
  if (lc.last < 0 || h < kMinValue || h > kMaxValue) return kDisplayMask;
  const bool line = (d.neighbours_of(h).line >> lc.last & 1) != 0;
  // A completed line takes the card and its two equals away (R3); the rule ignores what
  // clearing does to the neighbours' displays.
  const float after =
      lc.mine - hidden_mean + (line ? -2.0f * static_cast<float>(h) : static_cast<float>(h));
  if (ends_lowest_alone(s, p, hidden_mean, after, lc.last, static_cast<float>(h) - hidden_mean,
                        margin))
    return kDisplayMask;
  return static_cast<uint16_t>(kDisplayMask & ~(1u << lc.last));
}

// The display index where p puts card h that he must place (the knocker's swap, the put after
// a knock's take): the best cell, under the round-end rule (v2 and later) the best that does not
// end the round penalised, any if all would; -1 if none (the caller falls back to a random
// legal action).
int placing_cell(const State& s, const Display& d, int p, int h, bool round_end, float margin,
                 float hidden_mean, Rng& rng) {
  uint16_t cells = kDisplayMask;
  if (round_end)
    cells = fillable_cells(s, d, p, h, last_cell(s, d.down, p, hidden_mean), hidden_mean, margin);
  Best b = best_cell(d, h, rng, cells);
  if (b.index < 0 && cells != kDisplayMask) b = best_cell(d, h, rng);
  return b.index;
}

// v3: the face-down cell of p's display to turn up. An unknown card there completes a line
// when it equals two face-up cards next to it (a chance of a free clear), or makes a pair
// with an equal card of 2 and more next to it; the first kind is preferred, then the second,
// then any; within a kind p's own columns 0-2 (display columns 1-3) come first, since a card
// in a shared column also lies in a neighbour's display and helps his lines as much as p's.
int useful_reveal(const Display& d, Rng& rng) {
  constexpr uint16_t kUnshared = 0b01110'01110'01110;
  uint16_t line = 0, pair = 0;
  for (int v = kMinValue; v <= kMaxValue; ++v) {
    const uint16_t m = d.by_value[v - kMinValue];
    if (m == 0) continue;
    const Neighbours nb = d.neighbours(m);
    if ((m & (m - 1)) != 0) line |= nb.line;
    if (v >= 2) pair |= nb.col0 | nb.col1 | nb.before | nb.after;
  }
  for (const uint16_t kind : {line, pair, static_cast<uint16_t>(kDisplayMask)}) {
    const auto cells = static_cast<uint16_t>(d.down & kind);
    if (cells == 0) continue;
    const auto own = static_cast<uint16_t>(cells & kUnshared);
    return random_cell(own ? own : cells, rng);
  }
  return -1;
}

inline bool moves_cards(ActionType t) {
  return t == ActionType::kReveal || t == ActionType::kSwap || t == ActionType::kTake ||
         t == ActionType::kPut || t == ActionType::kClear || t == ActionType::kLeaveLines;
}

// The cells chosen are legal by construction (no is_legal() check needed): a reveal takes a
// face-down cell of the player's own display (R5, R11), a swap or a put any non-empty cell of
// it (R5, R7; the knock hole is empty, so never chosen), exactly the engine's masks.
Action policy(const State& s, Rng& rng, float hidden_mean, ActionList& scratch, bool hurry,
              DisplayCache& cache, Rules rules) {
  const int p = s.current_player();
  Display& d = cache.d;
  // The round-end rule gives way when a rollout drags on (two careful players could wait for
  // each other forever: nobody is forced to end a round).
  const bool round_end = rules.round_end && !hurry;
  switch (s.phase()) {
    case Phase::kSetupReveal:
    case Phase::kRevealAfterDiscard: {
      if (rules.useful_reveals && !hurry) {
        if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
        const int i = useful_reveal(d, rng);
        if (i >= 0) return Action::reveal(d.cells[i]);
        return random_legal(s, rng, scratch);
      }
      // v1: only the face-down mask is needed, no read.
      const int i = random_cell(s.display_down(p), rng);
      if (i < 0) return random_legal(s, rng, scratch);
      return Action::reveal(display_cells(p, s.players())[i]);
    }
    case Phase::kChooseDraw: {
      const bool pile_ok = s.draw_pile_size() > 0 || s.discard_pile_size() > 1;
      if (!pile_ok) return Action::draw_discard();
      if (hurry || s.discard_pile_size() == 0) return Action::draw_pile();
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const int top = s.discard_pile_card(0);
      uint16_t cells = kDisplayMask;
      if (round_end) {
        const LastCell lc = last_cell(s, d.down, p, hidden_mean);
        cells = fillable_cells(s, d, p, top, lc, hidden_mean, rules.end_margin);
      }
      const Best b = best_cell(d, top, rng, cells);
      return b.gain >= kTakeDiscard ? Action::draw_discard() : Action::draw_pile();
    }
    case Phase::kKnockWindow: {
      if (!rules.knocks || hurry) return Action::pass();
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const Best b = best_cell(d, s.held_card(), rng);
      return b.gain >= kKnockGain && s.is_legal(Action::knock()) ? Action::knock() : Action::pass();
    }
    case Phase::kChooseKnocker: {
      if (!rules.knocks || hurry) return Action::refuse();
      // Give the card to the knocker whose display offers the best take, if that take beats
      // keeping the card (its best swap, or about nothing for a discard and a reveal).
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const float keep = std::max(best_cell(d, s.held_card(), rng).gain, 0.0f);
      int best_knocker = -1;
      float best_gain = keep + kGiveMargin;
      for (unsigned m = s.knockers(); m; m &= m - 1) {
        const int k = std::countr_zero(m);
        const Take t = best_take(s, d, k, hidden_mean, rng);
        if (t.gain >= best_gain) {
          best_gain = t.gain;
          best_knocker = k;
        }
      }
      const Action give = Action::give(best_knocker);
      return best_knocker >= 0 && s.is_legal(give) ? give : Action::refuse();
    }
    case Phase::kTake: {
      if (!rules.knocks) break;
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const Take t = best_take(s, d, s.knocker(), hidden_mean, rng);
      const Action take = Action::take(t.cell);
      if (t.cell != kNoCell && s.is_legal(take)) return take;
      break;
    }
    case Phase::kHoldDrawn: {
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const bool may_discard = s.is_legal(Action::discard());
      if (round_end) {
        const LastCell lc = last_cell(s, d.down, p, hidden_mean);
        if (lc.last >= 0) {
          // Discarding must turn up the last cell; swapping into it fills it: both end the
          // round. The best non-ending option is a swap into a face-up cell, whatever its gain.
          const int h = s.held_card();
          const Best b =
              best_cell(d, h, rng, fillable_cells(s, d, p, h, lc, hidden_mean, rules.end_margin));
          const bool may_end_by_reveal =
              may_discard &&
              ends_lowest_alone(s, p, hidden_mean, lc.mine, -1, 0.0f, rules.end_margin);
          if (may_end_by_reveal && b.gain < kKeepDrawn) return Action::discard();
          if (b.index >= 0) return Action::swap(d.cells[b.index]);
        }
      }
      const Best b = best_cell(d, s.held_card(), rng);
      if (may_discard && (hurry || b.gain < kKeepDrawn)) return Action::discard();
      if (b.index < 0) return random_legal(s, rng, scratch);
      return Action::swap(d.cells[b.index]);
    }
    case Phase::kKnockerSwap: {  // R8a.4: the knocker's swap into his last cell ends the round
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const int i =
          placing_cell(s, d, p, s.held_card(), round_end, rules.end_margin, hidden_mean, rng);
      if (i < 0) return random_legal(s, rng, scratch);
      return Action::swap(d.cells[i]);
    }
    case Phase::kPut: {  // R8a.2: a put into his last cell ends the round
      if (cache.player != p) d.read(s, cache.player = p, hidden_mean);
      const int i =
          placing_cell(s, d, p, s.taken_card(), round_end, rules.end_margin, hidden_mean, rng);
      if (i < 0) return random_legal(s, rng, scratch);
      return Action::put(d.cells[i]);
    }
    case Phase::kChooseLine: {
      s.legal_actions(scratch);
      for (Action a : scratch)
        if (a.type == ActionType::kClear) return a;
      return scratch.front();
    }
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

float expected_display_score(const State& s, int q, float hidden_mean) {
  const auto down = s.display_down(q);
  const auto present = static_cast<uint16_t>(~s.display_empty(q) & kDisplayMask);
  if (present == 0) return static_cast<float>(kEmptyDisplayPoints);
  const CellId* cells = display_cells(q, s.players());
  // The cards in whole points first: equal displays give bit-equal scores (a tie is a tie).
  int up = 0;
  for (unsigned m = present & ~down; m; m &= m - 1) up += s.cell_value(cells[std::countr_zero(m)]);
  return static_cast<float>(up) + static_cast<float>(count_display_cells(down)) * hidden_mean;
}

Action policy_action(const State& s, Rng& rng, float hidden_mean, ActionList& scratch,
                     RolloutPolicy version) {
  DisplayCache cache;
  return policy(s, rng, hidden_mean, scratch, false, cache, rules_of(version));
}

int rollout_round(State& s, Rng& rng, float hidden_mean, RolloutPolicy version) {
  const Rules rules = rules_of(version);
  const int start = s.rounds_played();
  ActionList scratch;
  DisplayCache cache;
  int n = 0;
  while (!s.is_terminal() && s.rounds_played() == start) {
    const Action a = n < kRolloutCap
                         ? policy(s, rng, hidden_mean, scratch, n >= kHurryAfter, cache, rules)
                         : random_legal(s, rng, scratch);
    s.apply(a);
    if (moves_cards(a.type)) cache.player = -1;
    ++n;
  }
  return n;
}

void evaluate(const State& s, std::array<double, kMaxPlayers>& values, const EvalWeights& weights) {
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
    const double scale = weights.round_sigma * std::sqrt(rounds_left);
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
    values[p] = (1.0 - weights.margin_weight) * win[p] + weights.margin_weight * m;
  }
}

}  // namespace allegra::mcts
