#include "bots/value_features.h"

#include <algorithm>
#include <cassert>

#include "engine/geometry.h"
#include "engine/unseen_cards.h"

namespace allegra {
namespace {

// Appends to a span, so every field below is written in order and counted once.
struct Writer {
  float* p;
  void put(float v) { *p++ = v; }
  void one_hot(int index, int size) {
    for (int i = 0; i < size; ++i) put(i == index ? 1.0f : 0.0f);
  }
  void card(int8_t v) {  // present, value/10 (an absent or hidden card gives 0, 0)
    const bool known = v != kNoCard && v >= kMinValue && v <= kMaxValue;
    put(known ? 1.0f : 0.0f);
    put(known ? static_cast<float>(v) / 10.0f : 0.0f);
  }
};

int relative(int seat, int subject, int n) {
  return seat < 0 || seat >= n ? -1 : (seat - subject + n) % n;
}

}  // namespace

void encode_value_features(const State& s, int subject, std::span<float, kValueFeatures> out) {
  const int n = s.players();
  Writer w{out.data()};
  const CardCounts unseen = unseen_cards(s);
  int unseen_count = 0, unseen_sum = 0;
  for (int v = 0; v < kNumValues; ++v) {
    unseen_count += std::max(unseen[v], 0);
    unseen_sum += std::max(unseen[v], 0) * (v + kMinValue);
  }
  const float mean =
      unseen_count > 0 ? static_cast<float>(unseen_sum) / static_cast<float>(unseen_count) : 5.0f;

  const CellId* own = display_cells(subject, n);
  for (int i = 0; i < kDisplayCells; ++i) {
    const CellState cs = s.cell_state(own[i]);
    w.put(cs == CellState::kFaceUp ? 1.0f : 0.0f);
    w.put(cs == CellState::kFaceDown ? 1.0f : 0.0f);
    w.put(cs == CellState::kEmpty ? 1.0f : 0.0f);
    w.put(cs == CellState::kFaceUp ? static_cast<float>(s.cell_value(own[i])) / 10.0f : 0.0f);
  }
  for (int r = 1; r < kMaxPlayers; ++r) {
    if (r >= n) {
      for (int k = 0; k < kValueOtherFeatures; ++k) w.put(0.0f);
      continue;
    }
    const CellId* cells = display_cells((subject + r) % n, n);
    int down = 0, cards = 0, up_sum = 0;
    for (int i = 0; i < kDisplayCells; ++i) {
      const CellState cs = s.cell_state(cells[i]);
      down += cs == CellState::kFaceDown;
      cards += cs != CellState::kEmpty;
      if (cs == CellState::kFaceUp) up_sum += s.cell_value(cells[i]);
    }
    w.put(static_cast<float>(down) / 15.0f);
    w.put(static_cast<float>(cards) / 15.0f);
    w.put(static_cast<float>(up_sum) / 30.0f);
    w.put((static_cast<float>(up_sum) + static_cast<float>(down) * mean) / 30.0f);
  }
  w.one_hot(static_cast<int>(s.phase()), 12);
  w.one_hot(n - 2, 5);
  const bool deciding = !s.is_terminal() && !s.is_chance_node();
  w.one_hot(deciding ? relative(s.current_player(), subject, n) : -1, kMaxPlayers);
  w.one_hot(relative(s.active_player(), subject, n), kMaxPlayers);
  w.one_hot(relative(s.ender(), subject, n), kMaxPlayers);
  w.put(s.had_final_turn(subject) ? 1.0f : 0.0f);
  w.put((s.knock_pending() >> subject & 1) ? 1.0f : 0.0f);
  // An open knock window's answers are sealed (R7): no view shows them, nor do the features.
  const unsigned knockers = s.is_simultaneous_node() ? 0u : s.knockers();
  w.put((knockers >> subject & 1) ? 1.0f : 0.0f);
  w.card(s.held_card());
  w.card(s.discard_pile_size() > 0 ? s.discard_pile_card(0) : kNoCard);
  int deck_size = 0;
  for (uint8_t c : s.options().effective_deck()) deck_size += c;
  w.put(static_cast<float>(s.draw_pile_size()) / static_cast<float>(deck_size));
  w.put(static_cast<float>(s.discard_pile_size()) / static_cast<float>(deck_size));
  for (int v = 0; v < kNumValues; ++v) w.put(static_cast<float>(unseen[v]) / 12.0f);
  w.put(mean / 10.0f);
  w.put(static_cast<float>(s.turns_in_round()) / 100.0f);
  w.put(static_cast<float>(s.setup_reveals_left()) / 2.0f);
  w.put(static_cast<float>(s.round()) / 10.0f);
  double lowest_other = 1e9;
  for (int p = 0; p < n; ++p)
    if (p != subject) lowest_other = std::min(lowest_other, 0.5 * s.total_half(p));
  w.put(static_cast<float>(0.5 * s.total_half(subject) / 100.0));
  w.put(static_cast<float>(lowest_other / 100.0));
  assert(w.p == out.data() + kValueFeatures);
}

}  // namespace allegra
