#include "observation.h"

#include <algorithm>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "action_index.h"

namespace allegra::python {

namespace {

// Each field's offset, checked against the table at compile time.
constexpr int kCells = observation_offset("cells");
constexpr int kTail = observation_offset("phase");  // everything after the cells
constexpr int kPhase = observation_offset("phase");
constexpr int kPlayersField = observation_offset("players");
constexpr int kActive = observation_offset("active");
constexpr int kCurrent = observation_offset("current");
constexpr int kKnocker = observation_offset("knocker");
constexpr int kKnocked = observation_offset("knocked");
constexpr int kKnockPending = observation_offset("knock_pending");
constexpr int kEnder = observation_offset("ender");
constexpr int kFinalDone = observation_offset("final_turn_done");
constexpr int kTotals = observation_offset("totals");
constexpr int kFaceDown = observation_offset("face_down");
constexpr int kCards = observation_offset("cards");
constexpr int kHeld = observation_offset("held");
constexpr int kHeldFromDiscard = observation_offset("held_from_discard");
constexpr int kDiscardTop = observation_offset("discard_top");
constexpr int kHand = observation_offset("hand");
constexpr int kTaken = observation_offset("taken");
constexpr int kPendingDiscard = observation_offset("pending_discard");
constexpr int kPiles = observation_offset("piles");
constexpr int kRound = observation_offset("round");
constexpr int kClock = observation_offset("clock");
constexpr int kRules = observation_offset("rules");
constexpr int kUnseen = observation_offset("unseen");
static_assert(kCells == 0 && kTail == kMaxPlayers * kGridCells * kCellFeatures);
static_assert(kUnseen + kNumValues == kObservationSize);

// A cell's five features by key: 0..12 face up with value key-1, 13 face down, 14 empty (the
// hole flag is set apart: at most one cell has it). A table lookup and two stores per cell
// instead of a division and five computed stores.
constexpr int kKeyDown = kNumValues;
constexpr int kKeyEmpty = kNumValues + 1;
constexpr auto kCellPatterns = [] {
  std::array<std::array<float, kCellFeatures>, kNumValues + 2> t{};
  for (int v = kMinValue; v <= kMaxValue; ++v)
    t[v - kMinValue] = {1.0f, 0.0f, 0.0f, static_cast<float>(v) / 10.0f, 0.0f};
  t[kKeyDown] = {0.0f, 1.0f, 0.0f, 0.0f, 0.0f};
  t[kKeyEmpty] = {0.0f, 0.0f, 1.0f, 0.0f, 0.0f};
  return t;
}();

// The cells of a display mask (15 bits).
int display_count(uint16_t display) {
  return allegra::detail::kPopcount12[display & kGridMask] +
         allegra::detail::kPopcount12[display >> kGridCells];
}

// Zeroes everything after the cells, in 16-byte stores: std::fill became a `rep stos`, whose
// start-up cost as much as the stores.
#if defined(__GNUC__) && !defined(__clang__)
// (GCC turns the loop into a memset, expanded inline as that same `rep stos`, unless told not to.)
__attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif
void zero_tail(float* out) {
  constexpr int kSize = kObservationSize - kTail;
#if defined(__SSE2__)
  const __m128 zero = _mm_setzero_ps();
  int k = 0;
  for (; k + 4 <= kSize; k += 4) _mm_storeu_ps(out + kTail + k, zero);
  for (; k < kSize; ++k) out[kTail + k] = 0.0f;
#else
  std::fill(out + kTail, out + kObservationSize, 0.0f);
#endif
}

// Encodes a grid's cells (the grid's own down/empty masks and cards) into g, branch-free: whether
// a cell is face up is a coin toss to the branch predictor, and the mispredictions cost more than
// the rest of the vector.
template <class Grid>
void encode_grid(Grid& g) {
  const unsigned down = g.down, empty = g.empty;
  g.seen = {};
  float* f = g.cells.data();
  for (int i = 0; i < kGridCells; ++i, f += kCellFeatures) {
    const unsigned is_empty = empty >> i & 1;
    const int up = -static_cast<int>(1 - ((down >> i & 1) | is_empty));  // all 1s if face up
    // A face-down card is masked out here: the vector never depends on it.
    const int value = g.values[static_cast<size_t>(i)] - kMinValue;
    const int key = (value & up) | ((kKeyDown + static_cast<int>(is_empty)) & ~up);
    std::memcpy(f, kCellPatterns[static_cast<size_t>(key)].data(), sizeof(float) * kCellFeatures);
    g.seen.add(static_cast<unsigned>(key));
  }
}

}  // namespace

ObservationEncoder::ObservationEncoder(const RuleOptions& o) : players_(o.players) {
  const DeckCounts deck = o.effective_deck();
  int size = 0;
  for (int v = 0; v < kNumValues; ++v) {
    deck_[static_cast<size_t>(v)] = deck[v];
    size += deck[v];
  }
  deck_size_ = static_cast<float>(size);
  rules_ = {o.knocking_in_effect() ? 1.0f : 0.0f, o.optional_clearing ? 1.0f : 0.0f,
            o.discard_draw_may_discard ? 1.0f : 0.0f, static_cast<float>(o.rounds) / 10.0f};
}

// Between two steps the discard pile changes at its top (a discard, a draw from it), or is rebuilt
// (a reshuffle, a new round): the bottom part both piles share keeps its counts, and only the
// cards above it are counted again.
void ObservationEncoder::count_discard_pile(std::span<const int8_t> pile, ObservationRow& row) {
  const size_t cached = row.pile_size_;
  size_t keep = std::min(cached, pile.size());
  if (keep > 0 && std::memcmp(row.pile_.data(), pile.data(), keep - 1) != 0)
    keep = 0;
  else if (keep > 0 && row.pile_[keep - 1] != pile[keep - 1])
    --keep;
  if (keep == 0)
    row.pile_seen_ = {};
  else
    for (size_t i = keep; i < cached; ++i)
      row.pile_seen_.remove(static_cast<unsigned>(row.pile_[i] - kMinValue));
  for (size_t i = keep; i < pile.size(); ++i) {
    row.pile_seen_.add(static_cast<unsigned>(pile[i] - kMinValue));
    row.pile_[i] = pile[i];
  }
  row.pile_size_ = static_cast<uint8_t>(pile.size());
}

void ObservationEncoder::encode(const State& s, int me,
                                std::span<float, kObservationSize> span) const {
  ObservationRow row;
  encode(s, me, span, row);
}

void ObservationEncoder::encode(const State& s, int me, std::span<float, kObservationSize> span,
                                ObservationRow& row) const {
  const int n = players_;
  float* out = span.data();
  // The last 1s of the sparse fields go (a new vector: the whole tail).
  const bool written = row.seat_ >= 0;
  if (written)
    for (int k = 0; k < row.ones_count_; ++k) out[row.ones_[static_cast<size_t>(k)]] = 0.0f;
  else
    zero_tail(out);
  row.ones_count_ = 0;
  auto one = [&](int index) {
    out[index] = 1.0f;
    row.ones_[row.ones_count_++] = static_cast<uint16_t>(index);
  };

  // The unseen cards (engine/unseen_cards.h): the deck minus every card in sight, counted on the
  // way (the face-down and empty keys 13 and 14 are counted too, unused).
  detail::KeyCounts seen;

  // Cells, seat by seat from the observer: each grid re-encoded if it changed, copied if it
  // changed or the vector held another seat's observation.
  const bool same_seat = row.seat_ == me;
  row.seat_ = me;
  for (int r = 0; r < n; ++r) {
    const int owner = absolute_seat(r, me, n);
    const uint16_t empty = s.grid_empty(owner);
    const uint16_t down = static_cast<uint16_t>(s.grid_down(owner) & ~empty);
    const auto values = s.grid_values(owner);
    ObservationRow::Grid& g = row.grids_[static_cast<size_t>(owner)];
    if (!g.valid || g.down != down || g.empty != empty ||
        std::memcmp(g.values.data(), values.data(), kGridCells) != 0) {
      g.down = down;
      g.empty = empty;
      std::memcpy(g.values.data(), values.data(), kGridCells);
      g.valid = true;
      ++g.version;
      encode_grid(g);
    }
    seen.add(g.seen);
    if (!same_seat || row.written_[static_cast<size_t>(r)] != g.version) {
      std::memcpy(out + kCells + r * kGridFloats, g.cells.data(), sizeof(float) * kGridFloats);
      row.written_[static_cast<size_t>(r)] = g.version;
    }
    out[kFaceDown + r] = static_cast<float>(display_count(s.display_down(owner))) / kDisplayCells;
    out[kCards + r] =
        static_cast<float>(kDisplayCells - display_count(s.display_empty(owner))) / kDisplayCells;
  }
  if (const CellId hole = s.hole(); hole != kNoCell)
    one(kCells +
        (relative_seat(cell_owner(hole), me, n) * kGridCells + cell_index(hole)) * kCellFeatures +
        4);

  one(kPhase + static_cast<int>(s.phase()));
  one(kPlayersField + n - kMinPlayers);
  auto seat = [&](int field, int p) {
    if (p >= 0 && p < n) one(field + relative_seat(p, me, n));
  };
  seat(kActive, s.active_player());
  seat(kCurrent, s.current_player());
  seat(kKnocker, s.knocker());
  seat(kEnder, s.ender());
  // A card value -1..11 as present flag (+ hidden flag) + one-hot; nothing when there is no card.
  auto card = [&](int field, int8_t v, bool hidden_flag, bool hidden) {
    if (v == kNoCard) return;
    one(field++);
    if (hidden_flag) {
      if (hidden) one(field);
      ++field;
    }
    if (!hidden && v >= kMinValue && v <= kMaxValue) one(field + v - kMinValue);
  };
  // In the knock window every eligible player answers at once (R7, PublicView::knock_answer):
  // the earlier answers of the engine's round are not shown.
  const unsigned knockers = s.phase() == Phase::kKnockWindow ? 0u : s.knockers();
  const unsigned pending = s.knock_pending();
  for (int r = 0; r < n; ++r) {
    const int p = absolute_seat(r, me, n);
    out[kKnocked + r] = static_cast<float>(knockers >> p & 1);
    out[kKnockPending + r] = static_cast<float>(pending >> p & 1);
    out[kFinalDone + r] = s.had_final_turn(p) ? 1.0f : 0.0f;
    out[kTotals + r] = static_cast<float>(s.total_half(p)) / (kHalfPoints * 100.0f);
  }
  const auto pile = s.discard_pile();
  card(kHeld, s.held_card(), false, false);
  out[kHeldFromDiscard] = s.held_card() != kNoCard && s.held_from_discard() ? 1.0f : 0.0f;
  card(kDiscardTop, pile.empty() ? kNoCard : pile.back(), false, false);
  card(kHand, s.hand_card(), true, !s.hand_card_known());
  card(kTaken, s.taken_card(), true, !s.taken_card_known());
  card(kPendingDiscard, s.pending_discard(), false, false);
  out[kPiles] = static_cast<float>(s.draw_pile_size()) / deck_size_;
  out[kPiles + 1] = static_cast<float>(pile.size()) / deck_size_;
  out[kRound] = static_cast<float>(s.round()) / 10.0f;
  out[kRound + 1] = s.in_final_round() ? 1.0f : 0.0f;
  out[kRound + 2] = static_cast<float>(s.rounds_played()) / 10.0f;
  out[kClock] = static_cast<float>(s.turns_in_round()) / 100.0f;
  out[kClock + 1] = static_cast<float>(s.setup_reveals_left()) / 2.0f;
  std::copy(rules_.begin(), rules_.end(), out + kRules);

  count_discard_pile(pile, row);
  seen.add(row.pile_seen_);
  auto see = [&](int8_t v) {
    if (v >= kMinValue && v <= kMaxValue) seen.add(static_cast<unsigned>(v - kMinValue));
  };
  see(s.held_card());
  see(s.pending_discard());
  if (s.hand_card_known()) see(s.hand_card());
  if (s.taken_card_known()) see(s.taken_card());
  for (int v = 0; v < kNumValues; ++v)
    out[kUnseen + v] =
        static_cast<float>(deck_[static_cast<size_t>(v)] - seen[static_cast<unsigned>(v)]) / 12.0f;
}

void encode_observation(const State& s, int seat, std::span<float, kObservationSize> out) {
  ObservationEncoder(s.options()).encode(s, seat, out);
}

void encode_action_mask(const State& s, std::span<uint8_t> out) {
  std::fill(out.begin(), out.end(), uint8_t{0});
  const int me = s.current_player();
  if (me < 0) return;
  ActionList legal;
  s.legal_actions(legal);
  for (Action a : legal) out[action_index(to_relative(a, me, s.players()))] = 1;
}

}  // namespace allegra::python
