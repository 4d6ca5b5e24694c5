#include "observation.h"

#include <algorithm>

#include "action_index.h"

namespace allegra::python {

namespace {

// A card value / 10, from a table: a division per cell costs more than the rest of its features.
constexpr auto kValueTenths = [] {
  std::array<float, kNumValues> t{};
  for (int v = kMinValue; v <= kMaxValue; ++v) t[v - kMinValue] = static_cast<float>(v) / 10.0f;
  return t;
}();

// Appends fields in kObservationFields order. field() zeroes its field first; seat_field() zeroes
// only the seats of the table (the others are never written, so they stay zero: see the header).
// Writing only what changes, instead of zeroing the whole vector first, matters: the vector
// environment is bound by these stores.
class Writer {
 public:
  Writer(std::span<float, kObservationSize> out, int players) : out_(out.data()), n_(players) {}
  float* field(int size) {
    float* f = out_ + pos_;
    std::fill(f, f + size, 0.0f);
    pos_ += size;
    return f;
  }
  float* seat_field() {
    float* f = out_ + pos_;
    std::fill(f, f + n_, 0.0f);
    pos_ += kMaxPlayers;
    return f;
  }
  float* unzeroed(int size) {
    float* f = out_ + pos_;
    pos_ += size;
    return f;
  }
  // A card value -1..11 as present flag + one-hot, or nothing when there is no card.
  void card(int8_t v, bool present, bool hidden_flag, bool hidden, int size) {
    float* f = field(size);
    if (!present) return;
    *f++ = 1.0f;
    if (hidden_flag) *f++ = hidden ? 1.0f : 0.0f;
    if (!hidden && v >= kMinValue && v <= kMaxValue) f[v - kMinValue] = 1.0f;
  }

 private:
  float* out_;
  int n_;
  int pos_ = 0;
};

void one_hot_seat(float* f, int p, int me, int n) {
  if (p >= 0 && p < n) f[relative_seat(p, me, n)] = 1.0f;
}

}  // namespace

void encode_observation(const State& s, int me, std::span<float, kObservationSize> out) {
  const int n = s.players();
  Writer w(out, n);
  const CellId hole = s.hole();

  // The unseen cards (engine/unseen_cards.h), counted here on the way through the cells: the
  // deck minus every card in sight.
  const DeckCounts deck = s.options().effective_deck();
  int deck_size = 0;
  std::array<int, kNumValues> unseen_count{};
  for (int v = 0; v < kNumValues; ++v) {
    unseen_count[v] = deck[v];
    deck_size += deck[v];
  }
  auto see = [&](int8_t v) {
    if (v >= kMinValue && v <= kMaxValue) --unseen_count[v - kMinValue];
  };

  float* cells = w.unzeroed(kMaxPlayers * kGridCells * kCellFeatures);  // every feature written
  for (int r = 0; r < n; ++r) {
    const int owner = absolute_seat(r, me, n);
    for (int i = 0; i < kGridCells; ++i) {
      const auto c = static_cast<CellId>(owner * kGridCells + i);
      float* f = cells + (r * kGridCells + i) * kCellFeatures;
      const CellState cs = s.cell_state(c);
      float value = 0.0f;
      if (cs == CellState::kFaceUp) {
        const int8_t v = s.cell_value(c);
        see(v);
        value = kValueTenths[static_cast<size_t>(v - kMinValue)];
      }
      f[0] = cs == CellState::kFaceUp ? 1.0f : 0.0f;
      f[1] = cs == CellState::kFaceDown ? 1.0f : 0.0f;
      f[2] = cs == CellState::kEmpty ? 1.0f : 0.0f;
      f[3] = value;
      f[4] = c == hole ? 1.0f : 0.0f;
    }
  }
  w.field(12)[static_cast<int>(s.phase())] = 1.0f;
  w.field(5)[n - kMinPlayers] = 1.0f;
  one_hot_seat(w.seat_field(), s.active_player(), me, n);
  one_hot_seat(w.seat_field(), s.current_player(), me, n);
  one_hot_seat(w.seat_field(), s.knocker(), me, n);
  float* knocked = w.seat_field();
  float* pending = w.seat_field();
  // In the knock window every eligible player answers at once (R7, PublicView::knock_answer):
  // the earlier answers of the engine's round are not shown.
  const uint8_t knockers = s.phase() == Phase::kKnockWindow ? 0 : s.knockers();
  for (int p = 0; p < n; ++p) {
    if (knockers >> p & 1) knocked[relative_seat(p, me, n)] = 1.0f;
    if (s.knock_pending() >> p & 1) pending[relative_seat(p, me, n)] = 1.0f;
  }
  one_hot_seat(w.seat_field(), s.ender(), me, n);
  float* final_done = w.seat_field();
  float* totals = w.seat_field();
  float* face_down = w.seat_field();
  float* cards = w.seat_field();
  for (int p = 0; p < n; ++p) {
    const int r = relative_seat(p, me, n);
    final_done[r] = s.had_final_turn(p) ? 1.0f : 0.0f;
    totals[r] = static_cast<float>(s.total_half(p)) / (kHalfPoints * 100.0f);
    face_down[r] = static_cast<float>(s.face_down_count(p)) / kDisplayCells;
    cards[r] = static_cast<float>(s.card_count(p)) / kDisplayCells;
  }
  w.card(s.held_card(), s.held_card() != kNoCard, false, false, 14);
  w.field(1)[0] = s.held_card() != kNoCard && s.held_from_discard() ? 1.0f : 0.0f;
  const bool has_discard = s.discard_pile_size() > 0;
  w.card(has_discard ? s.discard_pile_card(0) : kNoCard, has_discard, false, false, 14);
  w.card(s.hand_card(), s.hand_card() != kNoCard, true, !s.hand_card_known(), 15);
  w.card(s.taken_card(), s.taken_card() != kNoCard, true, !s.taken_card_known(), 15);
  w.card(s.pending_discard(), s.pending_discard() != kNoCard, false, false, 14);
  float* piles = w.field(2);
  piles[0] = static_cast<float>(s.draw_pile_size()) / static_cast<float>(deck_size);
  piles[1] = static_cast<float>(s.discard_pile_size()) / static_cast<float>(deck_size);
  float* round = w.field(3);
  round[0] = static_cast<float>(s.round()) / 10.0f;
  round[1] = s.in_final_round() ? 1.0f : 0.0f;
  round[2] = static_cast<float>(s.rounds_played()) / 10.0f;
  float* clock = w.field(2);
  clock[0] = static_cast<float>(s.turns_in_round()) / 100.0f;
  clock[1] = static_cast<float>(s.setup_reveals_left()) / 2.0f;
  float* rules = w.field(4);
  rules[0] = s.options().knocking_in_effect() ? 1.0f : 0.0f;
  rules[1] = s.options().optional_clearing ? 1.0f : 0.0f;
  rules[2] = s.options().discard_draw_may_discard ? 1.0f : 0.0f;
  rules[3] = static_cast<float>(s.options().rounds) / 10.0f;
  float* unseen = w.field(kNumValues);
  for (int i = 0; i < s.discard_pile_size(); ++i) see(s.discard_pile_card(i));
  see(s.held_card());
  see(s.pending_discard());
  if (s.hand_card_known()) see(s.hand_card());
  if (s.taken_card_known()) see(s.taken_card());
  for (int v = 0; v < kNumValues; ++v) unseen[v] = static_cast<float>(unseen_count[v]) / 12.0f;
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
