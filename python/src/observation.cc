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

// A cell's key (kCellPatterns) from its grid's masks and card, branch-free: whether a cell is face
// up is a coin toss to the branch predictor, and the mispredictions cost more than the rest of the
// vector. A face-down card is masked out here: the vector never depends on it.
inline int cell_key(unsigned down, unsigned empty, const int8_t* values, int i) {
  const unsigned is_empty = empty >> i & 1;
  const int up = -static_cast<int>(1 - ((down >> i & 1) | is_empty));  // all 1s if face up
  const int value = values[i] - kMinValue;
  return (value & up) | ((kKeyDown + static_cast<int>(is_empty)) & ~up);
}

// Re-encodes the cells of g in `changed` (bits row*4+col; all 12 for a new grid) from the grid's
// masks and cards, and their keys in g.seen. A step changes one cell or a few (a reveal, a swap, a
// cleared line), so the others are left alone.
template <class Grid>
void encode_cells(Grid& g, unsigned changed, unsigned down, unsigned empty, const int8_t* values) {
  for (; changed != 0; changed &= changed - 1) {
    const int i = __builtin_ctz(changed);
    const int key = cell_key(down, empty, values, i);
    g.seen.remove(static_cast<unsigned>(g.keys[static_cast<size_t>(i)]));
    g.seen.add(static_cast<unsigned>(key));
    g.keys[static_cast<size_t>(i)] = static_cast<int8_t>(key);
    std::memcpy(g.cells.data() + i * kCellFeatures, kCellPatterns[static_cast<size_t>(key)].data(),
                sizeof(float) * kCellFeatures);
  }
}

// The cells (bits) whose cards differ between two grids' 12 values, a word at a time: each byte of
// a ^ b that is not 0 gives its top bit (without carries between bytes), and a multiplication
// gathers the eight top bits into one byte.
inline unsigned nonzero_bytes(uint64_t x) {
  constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  const uint64_t top = (((x & kLow7) + kLow7) | x) & ~kLow7;
  return static_cast<unsigned>(((top >> 7) * 0x0102040810204080ULL) >> 56);
}
inline unsigned differing_cells(const int8_t* a, const int8_t* b) {
  uint64_t a0, b0;
  uint32_t a1, b1;
  std::memcpy(&a0, a, 8);
  std::memcpy(&b0, b, 8);
  std::memcpy(&a1, a + 8, 4);
  std::memcpy(&b1, b + 8, 4);
  return nonzero_bytes(a0 ^ b0) | nonzero_bytes(a1 ^ b1) << 8;
}

// Whether two runs of `size` bytes differ, in 8-byte words (a library memcmp call costs more than
// the comparison of a few dozen bytes); the last word may overlap the one before.
inline bool bytes_differ(const void* a, const void* b, size_t size) {
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  uint64_t diff = 0;
  size_t k = 0;
  for (; k + 8 <= size; k += 8) {
    uint64_t u, v;
    std::memcpy(&u, x + k, 8);
    std::memcpy(&v, y + k, 8);
    diff |= u ^ v;
  }
  if (k < size) {  // size >= 8 here (the callers compare whole grids)
    uint64_t u, v;
    std::memcpy(&u, x + size - 8, 8);
    std::memcpy(&v, y + size - 8, 8);
    diff |= u ^ v;
  }
  return diff != 0;
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
  if (keep > 8 && bytes_differ(row.pile_.data(), pile.data(), keep - 1))
    keep = 0;
  else if (keep > 0 && keep <= 8 && std::memcmp(row.pile_.data(), pile.data(), keep - 1) != 0)
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

bool ObservationEncoder::update_grids(const State& s, ObservationRow& row, bool first) const {
  const int n = players_;
  std::array<uint16_t, 2 * kMaxPlayers> masks{};
  for (int p = 0; p < n; ++p) {
    const uint16_t empty = s.grid_empty(p);
    masks[static_cast<size_t>(p)] = static_cast<uint16_t>(s.grid_down(p) & ~empty);
    masks[static_cast<size_t>(kMaxPlayers + p)] = empty;
  }
  // The grids are contiguous, seat by seat: all six are compared and kept, in a fixed number of
  // words (the seats the table lacks hold no cards, and a change there would only cost a look).
  const int8_t* values = s.grid_values(0).data();
  constexpr size_t kValueBytes = kMaxPlayers * kGridCells;
  if (!first && !bytes_differ(masks.data(), row.masks_.data(), sizeof(masks)) &&
      !bytes_differ(values, row.values_.data(), kValueBytes))
    return false;
  row.grids_seen_ = {};
  unsigned masks_changed = 0;  // bit p: grid p's face-down or empty cells changed
  for (int p = 0; p < n; ++p) {
    const auto down = static_cast<size_t>(p), empty = static_cast<size_t>(kMaxPlayers + p);
    ObservationRow::Grid& g = row.grids_[static_cast<size_t>(p)];
    const int8_t* v = values + p * kGridCells;
    const unsigned changed = first ? kGridMask
                                   : (masks[down] ^ row.masks_[down]) |
                                         (masks[empty] ^ row.masks_[empty]) |
                                         differing_cells(v, row.values_.data() + p * kGridCells);
    if (first) g.seen = {.low = kGridCells, .high = 0};  // keys all 0 until their first encoding
    if (changed != 0) {
      ++g.version;
      encode_cells(g, changed, masks[down], masks[empty], v);
    }
    row.grids_seen_.add(g.seen);
    if (masks[down] != row.masks_[down] || masks[empty] != row.masks_[empty])
      masks_changed |= 1u << p;
  }
  // A display is a grid and its left neighbour's shared column: its counts change with either.
  for (int p = 0; p < n; ++p) {
    if (!first && !(masks_changed >> p & 1) && !(masks_changed >> left_of(p, n) & 1)) continue;
    row.face_down_[static_cast<size_t>(p)] =
        static_cast<float>(display_count(s.display_down(p))) / kDisplayCells;
    row.cards_[static_cast<size_t>(p)] =
        static_cast<float>(kDisplayCells - display_count(s.display_empty(p))) / kDisplayCells;
  }
  row.masks_ = masks;
  std::memcpy(row.values_.data(), values, kValueBytes);
  return true;
}

void ObservationEncoder::encode(const State& s, int me, std::span<float, kObservationSize> span,
                                ObservationRow& row) const {
  const int n = players_;
  float* out = span.data();
  // The last 1s of the sparse fields go (a new vector: the whole tail, and the constant fields).
  const bool first = row.seat_ < 0;
  if (first) {
    zero_tail(out);
    std::copy(rules_.begin(), rules_.end(), out + kRules);
  } else {
    for (int k = 0; k < row.ones_count_; ++k) out[row.ones_[static_cast<size_t>(k)]] = 0.0f;
  }
  row.ones_count_ = 0;
  auto one = [&](int index) {
    out[index] = 1.0f;
    row.ones_[row.ones_count_++] = static_cast<uint16_t>(index);
  };

  // Cells and display counts, seat by seat from the observer: written if a grid changed or the
  // vector held another seat's observation (then every grid is copied, as the seats rotate).
  const bool same_seat = row.seat_ == me;
  row.seat_ = me;
  const bool grids_changed = update_grids(s, row, first);
  if (grids_changed || !same_seat) {
    for (int r = 0; r < n; ++r) {
      const int owner = absolute_seat(r, me, n);
      const ObservationRow::Grid& g = row.grids_[static_cast<size_t>(owner)];
      if (!same_seat || row.written_[static_cast<size_t>(r)] != g.version) {
        std::memcpy(out + kCells + r * kGridFloats, g.cells.data(), sizeof(float) * kGridFloats);
        row.written_[static_cast<size_t>(r)] = g.version;
      }
      out[kFaceDown + r] = row.face_down_[static_cast<size_t>(owner)];
      out[kCards + r] = row.cards_[static_cast<size_t>(owner)];
    }
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
  // The per-seat flags and totals, written when they or the observer changed. In the knock window
  // the answers given so far are sealed (R7: the engine keeps them, no PublicView shows them),
  // and this encoder reads the full State, so it hides them the same way.
  const unsigned knockers = s.phase() == Phase::kKnockWindow ? 0u : s.knockers();
  uint32_t flags = knockers | static_cast<uint32_t>(s.knock_pending()) << 8;
  std::array<int32_t, kMaxPlayers> totals{};
  for (int p = 0; p < n; ++p) {
    flags |= static_cast<uint32_t>(s.had_final_turn(p)) << (16 + p);
    totals[static_cast<size_t>(p)] = s.total_half(p);
  }
  const bool seats_changed =
      flags != row.flags_ || bytes_differ(totals.data(), row.totals_.data(), sizeof(totals));
  if (seats_changed) {  // rare: a knock, a final turn, a round's end
    row.flags_ = flags;
    row.totals_ = totals;
    for (int p = 0; p < n; ++p)
      row.seat_fields_[static_cast<size_t>(p)] = {
          static_cast<float>(flags >> p & 1), static_cast<float>(flags >> (8 + p) & 1),
          static_cast<float>(flags >> (16 + p) & 1),
          static_cast<float>(totals[static_cast<size_t>(p)]) / (kHalfPoints * 100.0f)};
  }
  if (!same_seat || seats_changed) {
    for (int r = 0; r < n; ++r) {
      const auto& f = row.seat_fields_[static_cast<size_t>(absolute_seat(r, me, n))];
      out[kKnocked + r] = f[0];
      out[kKnockPending + r] = f[1];
      out[kFinalDone + r] = f[2];
      out[kTotals + r] = f[3];
    }
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

  // The unseen cards (engine/unseen_cards.h): the deck minus every card in sight (the face-down
  // and empty keys 13 and 14 are counted too, unused); written when the counts changed.
  count_discard_pile(pile, row);
  detail::KeyCounts seen = row.grids_seen_;
  seen.add(row.pile_seen_);
  auto see = [&](int8_t v) {
    if (v >= kMinValue && v <= kMaxValue) seen.add(static_cast<unsigned>(v - kMinValue));
  };
  see(s.held_card());
  see(s.pending_discard());
  if (s.hand_card_known()) see(s.hand_card());
  if (s.taken_card_known()) see(s.taken_card());
  if (first || !(seen == row.unseen_seen_)) {
    row.unseen_seen_ = seen;
    for (int v = 0; v < kNumValues; ++v)
      out[kUnseen + v] =
          static_cast<float>(deck_[static_cast<size_t>(v)] - seen[static_cast<unsigned>(v)]) /
          12.0f;
  }
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
