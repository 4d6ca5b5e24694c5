#include "bots/mcts_rollout.h"

#include <algorithm>
#include <cmath>

#include "engine/event.h"
#include "engine/lines.h"
#include "engine/options.h"
#include "engine/unseen_cards.h"

namespace allegra::mcts {
namespace {

enum : uint8_t { kDown, kUp, kGap };

constexpr float kLineBonus = 2.0f;    // on top of the cards a clear removes
constexpr float kPairBonus = 1.0f;    // per face-up equal card next to the new one
constexpr float kTakeDiscard = 2.5f;  // least gain to draw the discard top
constexpr float kKeepDrawn = 1.0f;    // least gain to keep a card drawn from the pile
constexpr int kHurryAfter = 3000;     // rollout actions before the policy only discards
constexpr int kRolloutCap = 20000;    // then random actions (never reached in practice)

// Player p's display as seen by the policy: state and value of each of the 15 cells, and for
// each cell its row neighbours with gaps skipped (index 15, a cell that never matches, for
// none), so the line and pair checks are a few table lookups.
constexpr int kNone = kDisplayCells;
constexpr int8_t kNoMatch = 100;  // code of a cell that is not face up

struct Display {
  const CellId* cells;
  std::array<uint8_t, kDisplayCells> st;
  std::array<int8_t, kDisplayCells + 1> code;             // face-up value, else kNoMatch
  std::array<std::array<uint8_t, 4>, kDisplayCells> row;  // before, before-2, after, after-2
};

// Rows skip empty cells as R3 does (row_without_gaps(), engine/lines.h); the policy treats the
// rare knock hole as a gap too.
void read_display(const State& s, int p, Display& d) {
  d.cells = display_cells(p, s.players());
  uint16_t gaps = 0;
  for (int i = 0; i < kDisplayCells; ++i) {
    const CellId c = d.cells[i];
    const CellState cs = s.cell_state(c);
    d.st[i] = cs == CellState::kFaceUp ? kUp : cs == CellState::kFaceDown ? kDown : kGap;
    d.code[i] = cs == CellState::kFaceUp ? s.cell_value(c) : kNoMatch;
    if (cs == CellState::kEmpty) gaps |= static_cast<uint16_t>(1u << i);
  }
  d.code[kNone] = kNoMatch;
  for (int r = 0; r < kRows; ++r) {
    const RowRun& run = row_without_gaps(gaps, r);
    int seq[kDisplayCols + 4];
    int len = 0;
    seq[len++] = kNone;
    seq[len++] = kNone;
    for (int i = 0; i < run.len; ++i) seq[len++] = r * kDisplayCols + run.col[i];
    seq[len++] = kNone;
    seq[len++] = kNone;
    for (int k = 2; k + 2 < len; ++k) {
      d.row[seq[k]] = {static_cast<uint8_t>(seq[k - 1]), static_cast<uint8_t>(seq[k - 2]),
                       static_cast<uint8_t>(seq[k + 1]), static_cast<uint8_t>(seq[k + 2])};
    }
  }
}

// Column (other two rows of the display column) of each display index.
constexpr auto kColumnOthers = [] {
  std::array<std::array<uint8_t, 2>, kDisplayCells> t{};
  for (int i = 0; i < kDisplayCells; ++i) {
    const int r = i / kDisplayCols, dc = i % kDisplayCols;
    t[i] = {static_cast<uint8_t>(((r + 1) % kRows) * kDisplayCols + dc),
            static_cast<uint8_t>(((r + 2) % kRows) * kDisplayCols + dc)};
  }
  return t;
}();

// Face-up cards equal to h next to display index i in its column and row. Sets *line if
// placing h at i completes a line.
inline int neighbours_equal(const Display& d, int i, int h, bool* line) {
  const auto& col = kColumnOthers[i];
  const auto& row = d.row[i];
  const bool c0 = d.code[col[0]] == h, c1 = d.code[col[1]] == h;
  const bool b0 = d.code[row[0]] == h, b1 = d.code[row[1]] == h;
  const bool a0 = d.code[row[2]] == h, a1 = d.code[row[3]] == h;
  if (line) *line = (c0 && c1) || (b0 && b1) || (b0 && a0) || (a0 && a1);
  return c0 + c1 + b0 + a0;
}

// Gain (lower display sum, lines) of putting card h into display index i.
float cell_gain(const Display& d, int i, int h, float hidden_mean) {
  const bool up = d.st[i] == kUp;
  const float cur = up ? static_cast<float>(d.code[i]) : hidden_mean;
  bool line = false;
  const int pairs = neighbours_equal(d, i, h, &line);
  if (line) return cur + 2.0f * static_cast<float>(h) + kLineBonus;
  float gain = cur - static_cast<float>(h);
  if (h >= 2) gain += kPairBonus * static_cast<float>(pairs);
  if (up && d.code[i] >= 2 && d.code[i] != h)
    gain -= kPairBonus * static_cast<float>(neighbours_equal(d, i, d.code[i], nullptr));
  return gain;
}

struct Best {
  int index = -1;
  float gain = -1e9f;
};

// The best non-empty display cell for card h (ties broken at random); `allowed` masks cells.
Best best_cell(const Display& d, int h, float hidden_mean, Rng& rng,
               uint16_t allowed = kDisplayMask) {
  Best best;
  int ties = 0;
  for (int i = 0; i < kDisplayCells; ++i) {
    if (d.st[i] == kGap || !(allowed >> i & 1)) continue;
    const float g = cell_gain(d, i, h, hidden_mean);
    if (g > best.gain) {
      best = {i, g};
      ties = 1;
    } else if (g == best.gain && rng.below(static_cast<uint32_t>(++ties)) == 0) {
      best.index = i;
    }
  }
  return best;
}

// A random face-down cell of the display, or -1.
int random_face_down(const Display& d, Rng& rng) {
  int idx[kDisplayCells];
  int n = 0;
  for (int i = 0; i < kDisplayCells; ++i)
    if (d.st[i] == kDown) idx[n++] = i;
  return n == 0 ? -1 : idx[rng.below(static_cast<uint32_t>(n))];
}

Action random_legal(const State& s, Rng& rng, ActionList& scratch) {
  s.legal_actions(scratch);
  return scratch[rng.below(static_cast<uint32_t>(scratch.size()))];
}

Action checked(const State& s, Action a, Rng& rng, ActionList& scratch) {
  return s.is_legal(a) ? a : random_legal(s, rng, scratch);
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

Action policy(const State& s, Rng& rng, float hidden_mean, ActionList& scratch, bool hurry,
              DisplayCache& cache) {
  const int p = s.current_player();
  Display& d = cache.d;
  switch (s.phase()) {
    case Phase::kSetupReveal:
    case Phase::kRevealAfterDiscard: {
      if (cache.player != p) read_display(s, cache.player = p, d);
      const int i = random_face_down(d, rng);
      if (i < 0) return random_legal(s, rng, scratch);
      return checked(s, Action::reveal(d.cells[i]), rng, scratch);
    }
    case Phase::kChooseDraw: {
      const bool pile_ok = s.draw_pile_size() > 0 || s.discard_pile_size() > 1;
      if (!pile_ok) return Action::draw_discard();
      if (hurry || s.discard_pile_size() == 0) return Action::draw_pile();
      if (cache.player != p) read_display(s, cache.player = p, d);
      const Best b = best_cell(d, s.discard_pile_card(0), hidden_mean, rng);
      return b.gain >= kTakeDiscard ? Action::draw_discard() : Action::draw_pile();
    }
    case Phase::kKnockWindow:
      return Action::pass();
    case Phase::kChooseKnocker:
      return Action::refuse();
    case Phase::kHoldDrawn: {
      if (cache.player != p) read_display(s, cache.player = p, d);
      const Best b = best_cell(d, s.held_card(), hidden_mean, rng);
      const bool may_discard = s.is_legal(Action::discard());
      if (may_discard && (hurry || b.gain < kKeepDrawn)) return Action::discard();
      if (b.index < 0) return random_legal(s, rng, scratch);
      return checked(s, Action::swap(d.cells[b.index]), rng, scratch);
    }
    case Phase::kKnockerSwap: {
      if (cache.player != p) read_display(s, cache.player = p, d);
      const Best b = best_cell(d, s.held_card(), hidden_mean, rng);
      if (b.index < 0) return random_legal(s, rng, scratch);
      return checked(s, Action::swap(d.cells[b.index]), rng, scratch);
    }
    case Phase::kPut: {
      if (cache.player != p) read_display(s, cache.player = p, d);
      const Best b = best_cell(d, s.taken_card(), hidden_mean, rng);
      if (b.index < 0) return random_legal(s, rng, scratch);
      return checked(s, Action::put(d.cells[b.index]), rng, scratch);
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
