// Evaluation helpers shared by the one-ply bots (greedy, expert): what can be said about a
// position from public information alone.
//
// - CardStats: the unseen cards (engine/unseen_cards.h: the effective deck minus every visible
//   card: face-up cells, the whole discard pile, the held, hand, taken and pending cards). A
//   face-down card or a card still to be drawn is, for everyone, one of them: its expected value is
//   their mean.
// - Board: a light copy of the table with only what is public (face-down cells have no value),
//   on which a bot tries its candidate actions: place, reveal as, clear the complete lines.
//   Lines are the engine's (find_lines(), engine/lines.h: rows skip cleared gaps; a face-down
//   card, an unknown card or the knock hole blocks; columns need three face-up cards).
// - line_potential(): how much a display's unfinished lines are worth (pairs of equal face-up
//   cards with room for a third).
//
// Nothing here ever sees a hidden value: a Board is built from the masked state of a
// PublicView.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/event.h"
#include "engine/state.h"

namespace allegra::bots {

// The multiset of cards nobody can see.
struct CardStats {
  std::array<int, kNumValues> count{};  // index value - kMinValue
  int total = 0;
  double mean = 0;
  double variance = 0;

  double prob(int value) const {
    return total ? static_cast<double>(count[value - kMinValue]) / total : 0.0;
  }
  int copies(int value) const { return count[value - kMinValue]; }

  // The unseen cards of a masked state (a PublicView's masked()).
  static CardStats unseen(const State& masked);
  // Statistics of an explicit set of cards (e.g. the discard pile about to be reshuffled).
  static CardStats of(std::span<const int8_t> cards);

 private:
  void finish();
};

// Cell values on a Board besides the card values -1..11.
inline constexpr int8_t kDownCard = kHiddenValue;  // face down: a card, value unknown
inline constexpr int8_t kUnknownUp = -120;         // face up, but its value is not public

// The public table, cheap to copy.
class Board {
 public:
  static Board from(const State& masked);

  int players() const { return n_; }
  int8_t value(CellId c) const { return v_[c]; }
  bool is_down(CellId c) const { return down_[cell_owner(c)] >> cell_index(c) & 1; }
  bool is_empty(CellId c) const { return empty_[cell_owner(c)] >> cell_index(c) & 1; }
  // Face up with a known value.
  bool is_known_up(CellId c) const { return !is_down(c) && !is_empty(c) && v_[c] >= kMinValue; }
  CellId hole() const { return hole_; }

  // Puts a card face up into cell c (kUnknownUp for a card whose value is not public).
  void place(CellId c, int8_t value);
  // Empties cell c as a cleared cell (a gap in a row).
  void remove(CellId c);
  // Empties cell c as the knock hole (blocks rows until the hand card is put into it).
  void make_hole(CellId c);
  void fill_hole(int8_t value);

  int face_down(int p) const;  // face-down cells of p's display
  int cards(int p) const;      // non-empty cells of p's display
  // Expected display score of p: face-down and unknown face-up cards valued at `mean`;
  // an empty display scores -10 (R9).
  double score(int p, double mean) const;
  // Complete lines of p's display, as State::complete_lines.
  void complete_lines(int p, LineList& out) const;
  // Clears the complete lines of p's display with the cascade, the highest card first when
  // there is a choice. Returns the value of the last cleared card, or kNoCard if none.
  int8_t clear_lines(int p);
  // The value of the line's card (its three cards are equal).
  int8_t line_value(const Line& l) const { return v_[l.cells[0]]; }
  void clear_line(const Line& l);

 private:
  int n_ = 0;
  std::array<int8_t, kMaxCells> v_{};
  std::array<uint16_t, kMaxPlayers> down_{};
  std::array<uint16_t, kMaxPlayers> empty_{};
  CellId hole_ = kNoCell;
};

// The worth of p's unfinished lines, in points: for every row window (three consecutive
// non-gap cells) and column of p's display holding exactly two equal face-up cards of value v
// and a third card that could be replaced (face down or another value), the points a
// completion would clear (2v + the third card) times the chance of finding a third v, which
// grows with the unseen copies of v. Rows count their best window only. Values v < 1 are
// not worth building (clearing low cards gains nothing).
double line_potential(const Board& b, int p, const CardStats& stats);

}  // namespace allegra::bots
