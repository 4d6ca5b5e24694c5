#include "observation.h"

#include <algorithm>

#include "action_index.h"
#include "engine/unseen_cards.h"

namespace allegra::python {

namespace {

// Appends fields in kObservationFields order; each put_* call writes exactly its field's size.
class Writer {
 public:
  explicit Writer(std::span<float, kObservationSize> out) : out_(out.data()) {
    std::fill(out.begin(), out.end(), 0.0f);
  }
  float* field(int size) {
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
  int pos_ = 0;
};

void one_hot_seat(float* f, int p, int me, int n) {
  if (p >= 0 && p < n) f[relative_seat(p, me, n)] = 1.0f;
}

}  // namespace

void encode_observation(const State& s, int me, std::span<float, kObservationSize> out) {
  Writer w(out);
  const int n = s.players();
  const CellId hole = s.hole();

  float* cells = w.field(kMaxPlayers * kGridCells * kCellFeatures);
  for (int r = 0; r < n; ++r) {
    const int owner = absolute_seat(r, me, n);
    for (int i = 0; i < kGridCells; ++i) {
      const auto c = static_cast<CellId>(owner * kGridCells + i);
      float* f = cells + (r * kGridCells + i) * kCellFeatures;
      switch (s.cell_state(c)) {
        case CellState::kFaceUp:
          f[0] = 1.0f;
          f[3] = static_cast<float>(s.cell_value(c)) / 10.0f;
          break;
        case CellState::kFaceDown:
          f[1] = 1.0f;
          break;
        case CellState::kEmpty:
          f[2] = 1.0f;
          break;
      }
      if (c == hole) f[4] = 1.0f;
    }
  }
  w.field(12)[static_cast<int>(s.phase())] = 1.0f;
  w.field(5)[n - kMinPlayers] = 1.0f;
  one_hot_seat(w.field(kMaxPlayers), s.active_player(), me, n);
  one_hot_seat(w.field(kMaxPlayers), s.current_player(), me, n);
  one_hot_seat(w.field(kMaxPlayers), s.knocker(), me, n);
  float* knocked = w.field(kMaxPlayers);
  float* pending = w.field(kMaxPlayers);
  for (int p = 0; p < n; ++p) {
    if (s.knockers() >> p & 1) knocked[relative_seat(p, me, n)] = 1.0f;
    if (s.knock_pending() >> p & 1) pending[relative_seat(p, me, n)] = 1.0f;
  }
  one_hot_seat(w.field(kMaxPlayers), s.ender(), me, n);
  float* final_done = w.field(kMaxPlayers);
  float* totals = w.field(kMaxPlayers);
  float* face_down = w.field(kMaxPlayers);
  float* cards = w.field(kMaxPlayers);
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
  const auto deck = static_cast<float>(s.options().deck_size());
  float* piles = w.field(2);
  piles[0] = static_cast<float>(s.draw_pile_size()) / deck;
  piles[1] = static_cast<float>(s.discard_pile_size()) / deck;
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
  const CardCounts counts = unseen_cards(s);
  for (int v = 0; v < kNumValues; ++v) unseen[v] = static_cast<float>(counts[v]) / 12.0f;
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
