#include "engine/state.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "engine/public_view.h"

namespace allegra {
namespace {

constexpr int8_t kBlocker = -100;  // a face-down card or the knock hole in a row: not a gap

inline void emit(EventList* ev, Event e) {
  if (ev) ev->push_back(e);
}

// Drawing, knocking and discarding the drawn card leave every cell as it was.
inline bool changes_cells(ActionType t) {
  return t == ActionType::kReveal || t == ActionType::kSwap || t == ActionType::kTake ||
         t == ActionType::kPut || t == ActionType::kClear || t == ActionType::kLeaveLines;
}

inline uint16_t bit_of(CellId c) { return static_cast<uint16_t>(1u << cell_index(c)); }

// The full deck of these options in value order (before shuffling).
int build_deck(const RuleOptions& options, std::array<int8_t, kMaxDeck>& deck) {
  int size = 0;
  DeckCounts counts = options.effective_deck();
  for (int v = 0; v < kNumValues; ++v)
    for (int k = 0; k < counts[v]; ++k) deck[size++] = static_cast<int8_t>(v + kMinValue);
  return size;
}

// True if `cards` holds exactly the multiset `counts`.
bool same_cards(std::span<const int8_t> cards, DeckCounts counts) {
  std::array<int, kNumValues> left{};
  for (int v = 0; v < kNumValues; ++v) left[v] = counts[v];
  for (int8_t c : cards) {
    if (c < kMinValue || c > kMaxValue || left[c - kMinValue]-- == 0) return false;
  }
  return std::all_of(left.begin(), left.end(), [](int x) { return x == 0; });
}

}  // namespace

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::kSetupReveal:
      return "setup-reveal";
    case Phase::kChooseDraw:
      return "choose-draw";
    case Phase::kKnockWindow:
      return "knock-window";
    case Phase::kChooseKnocker:
      return "choose-knocker";
    case Phase::kHoldDrawn:
      return "hold-drawn";
    case Phase::kRevealAfterDiscard:
      return "reveal-after-discard";
    case Phase::kKnockerSwap:
      return "knocker-swap";
    case Phase::kTake:
      return "take";
    case Phase::kPut:
      return "put";
    case Phase::kChooseLine:
      return "choose-line";
    case Phase::kGameOver:
      return "game-over";
  }
  return "?";
}

State::State(const RuleOptions& options, uint64_t seed, EventList* events)
    : options_(options), rng_(seed) {
  if (auto error = options.validate()) throw std::invalid_argument(*error);
  std::array<int8_t, kMaxDeck> deck;
  int size = build_deck(options_, deck);
  rng_.shuffle(std::span<int8_t>(deck.data(), size));
  first_player_ = 0;
  start_round(std::span<const int8_t>(deck.data(), size), events);
}

// ------------------------------------------------------------------------------------------
// Queries

int State::face_down_count(int p) const {
  int left = left_of(p, players());
  return count_cells(face_down_[p]) + count_cells(face_down_[left] & kSharedColMask);
}

int State::card_count(int p) const {
  int left = left_of(p, players());
  return kDisplayCells - count_cells(empty_[p]) - count_cells(empty_[left] & kSharedColMask);
}

bool State::may_knock(int p) const {
  return card_count(p) > 3 && face_down_count(p) > 0 && !had_final_turn(p);
}

int State::current_player() const {
  switch (phase_) {
    case Phase::kGameOver:
      return kNoPlayer;
    case Phase::kKnockWindow: {
      int n = players();
      for (int i = 1; i < n; ++i) {
        int q = (active_ + i) % n;
        if (knock_pending_ >> q & 1) return q;
      }
      return kNoPlayer;  // unreachable: the window closes when nobody is pending
    }
    case Phase::kKnockerSwap:
      return knocker_;
    case Phase::kChooseLine:
      return clearer_;
    default:
      return active_;
  }
}

// R3: complete lines of p's display. Rows skip cleared gaps (the cards on either side of a gap
// are next to each other); a face-down card or the knock hole blocks. Columns need all three.
void State::complete_lines(int p, LineList& out) const {
  const uint16_t empty = display_empty(p);
  const auto up = static_cast<uint16_t>(~(display_down(p) | empty) & kDisplayMask);
  const CellId* cells = display_cells(p, players());
  uint16_t hole = 0;  // the knock hole is empty but blocks a row, unlike a cleared gap
  if (hole_ != kNoCell) {
    int d = display_index(p, players(), hole_);
    if (d >= 0) hole = static_cast<uint16_t>(1u << d);
  }
  const auto gaps = static_cast<uint16_t>(empty & ~hole);
  // 1. Rows: only a row with 3 face-up cards can hold a line.
  for (int r = 0; r < kRows; ++r) {
    const int base = r * kDisplayCols;
    const unsigned row_up = (up >> base) & 0x1F;
    if (count_cells(static_cast<uint16_t>(row_up)) < 3) continue;
    const CellId* rc = cells + base;
    if (((gaps >> base) & 0x1F) == 0) {  // the common case: no gap, three fixed windows
      for (int i = 0; i + 2 < kDisplayCols; ++i) {
        if ((row_up >> i & 7) == 7 && values_[rc[i]] == values_[rc[i + 1]] &&
            values_[rc[i]] == values_[rc[i + 2]])
          out.push_back({row_line_id(r, i), {rc[i], rc[i + 1], rc[i + 2]}});
      }
      continue;
    }
    std::array<int, kDisplayCols> seq;  // display columns of the non-gap cells
    std::array<int8_t, kDisplayCols> code;
    int len = 0;
    for (int dc = 0; dc < kDisplayCols; ++dc) {
      if (gaps >> (base + dc) & 1) continue;
      seq[len] = dc;
      code[len++] = (up >> (base + dc) & 1) ? values_[cells[base + dc]] : kBlocker;
    }
    for (int i = 0; i + 2 < len; ++i) {
      if (code[i] != kBlocker && code[i] == code[i + 1] && code[i] == code[i + 2])
        out.push_back({row_line_id(r, seq[i]),
                       {cells[base + seq[i]], cells[base + seq[i + 1]], cells[base + seq[i + 2]]}});
    }
  }
  // 2. Columns: all three cells face up and equal.
  unsigned full_columns = up & (up >> kDisplayCols) & (up >> 2 * kDisplayCols) & 0x1F;
  for (; full_columns; full_columns &= full_columns - 1) {
    const int dc = std::countr_zero(full_columns);
    int8_t v = values_[cells[dc]];
    if (v == values_[cells[kDisplayCols + dc]] && v == values_[cells[2 * kDisplayCols + dc]])
      out.push_back(
          {col_line_id(dc), {cells[dc], cells[kDisplayCols + dc], cells[2 * kDisplayCols + dc]}});
  }
}

bool State::take_is_legal(CellId c) const {
  const int n = players();
  if (c >= n * kGridCells || !in_display(knocker_, n, c)) return false;
  if (cell_state(c) == CellState::kEmpty) return false;
  // The taken card must go into another non-empty cell of the active player's display.
  int others = card_count(active_) - (in_display(active_, n, c) ? 1 : 0);
  return others > 0;
}

bool State::any_legal_take() const {
  for (int d = 0; d < kDisplayCells; ++d)
    if (take_is_legal(display_cells(knocker_, players())[d])) return true;
  return false;
}

uint8_t State::winners() const {
  int32_t best = totals_half_[0];
  for (int p = 1; p < players(); ++p) best = std::min(best, totals_half_[p]);
  uint8_t mask = 0;
  for (int p = 0; p < players(); ++p)
    if (totals_half_[p] == best) mask |= static_cast<uint8_t>(1u << p);
  return mask;
}

// ------------------------------------------------------------------------------------------
// Legal actions

void State::legal_actions(ActionList& out) const {
  out.clear();
  const int n = players();
  auto cells_of = [&](int p, bool face_down_only, ActionType type) {
    const CellId* cells = display_cells(p, n);
    unsigned mask = face_down_only ? display_down(p) : ~display_empty(p) & kDisplayMask;
    for (; mask; mask &= mask - 1) out.push_back({type, cells[std::countr_zero(mask)]});
  };
  switch (phase_) {
    case Phase::kSetupReveal:
    case Phase::kRevealAfterDiscard:
      cells_of(active_, true, ActionType::kReveal);
      break;
    case Phase::kChooseDraw:
      if (draw_count_ > 0 || discard_count_ > 1) out.push_back(Action::draw_pile());
      out.push_back(Action::draw_discard());
      break;
    case Phase::kKnockWindow:
      out.push_back(Action::knock());
      out.push_back(Action::pass());
      break;
    case Phase::kChooseKnocker:
      for (int i = 1; i < n; ++i) {
        int q = (active_ + i) % n;
        if (knockers_ >> q & 1) out.push_back(Action::give(q));
      }
      out.push_back(Action::refuse());
      break;
    case Phase::kHoldDrawn:
      cells_of(active_, false, ActionType::kSwap);
      if ((!held_from_discard_ || options_.discard_draw_may_discard) &&
          face_down_count(active_) > 0)
        out.push_back(Action::discard());
      break;
    case Phase::kKnockerSwap:
      cells_of(knocker_, false, ActionType::kSwap);
      break;
    case Phase::kTake: {
      // Any card of the knocker's display, if another card of the active display can take it.
      const CellId* cells = display_cells(knocker_, n);
      const int active_cards = card_count(active_);
      unsigned mask = ~display_empty(knocker_) & kDisplayMask;
      for (; mask; mask &= mask - 1) {
        CellId c = cells[std::countr_zero(mask)];
        if (active_cards - (in_display(active_, n, c) ? 1 : 0) > 0) out.push_back(Action::take(c));
      }
      break;
    }
    case Phase::kPut:
      cells_of(active_, false, ActionType::kPut);
      break;
    case Phase::kChooseLine: {
      LineList lines;
      complete_lines(clearer_, lines);
      for (const Line& l : lines) out.push_back(Action::clear(l.id));
      if (options_.optional_clearing) out.push_back(Action::leave_lines());
      break;
    }
    case Phase::kGameOver:
      break;
  }
}

bool State::legal(Action a) const {
  const int n = players();
  using T = ActionType;
  // Actions without an argument exist only with argument 0 (one action, one code).
  constexpr unsigned kArgless = 1u << int(T::kDrawPile) | 1u << int(T::kDrawDiscard) |
                                1u << int(T::kDiscard) | 1u << int(T::kKnock) |
                                1u << int(T::kPass) | 1u << int(T::kRefuse) |
                                1u << int(T::kLeaveLines);
  if (a.arg != 0 && static_cast<unsigned>(a.type) < 32 &&
      (kArgless >> static_cast<unsigned>(a.type) & 1))
    return false;
  auto cell_ok = [&](int p, bool face_down_only) {
    if (a.arg >= n * kGridCells || !in_display(p, n, a.arg)) return false;
    CellState s = cell_state(a.arg);
    return s == CellState::kFaceDown || (!face_down_only && s == CellState::kFaceUp);
  };
  switch (phase_) {
    case Phase::kSetupReveal:
    case Phase::kRevealAfterDiscard:
      return a.type == T::kReveal && cell_ok(active_, true);
    case Phase::kChooseDraw:
      return (a.type == T::kDrawPile && (draw_count_ > 0 || discard_count_ > 1)) ||
             a.type == T::kDrawDiscard;
    case Phase::kKnockWindow:
      return a.type == T::kKnock || a.type == T::kPass;
    case Phase::kChooseKnocker:
      return a.type == T::kRefuse || (a.type == T::kGive && a.arg < n && (knockers_ >> a.arg & 1));
    case Phase::kHoldDrawn:
      return (a.type == T::kSwap && cell_ok(active_, false)) ||
             (a.type == T::kDiscard && (!held_from_discard_ || options_.discard_draw_may_discard) &&
              face_down_count(active_) > 0);
    case Phase::kKnockerSwap:
      return a.type == T::kSwap && cell_ok(knocker_, false);
    case Phase::kTake:
      return a.type == T::kTake && take_is_legal(a.arg);
    case Phase::kPut:
      return a.type == T::kPut && cell_ok(active_, false);
    case Phase::kChooseLine: {
      if (a.type == T::kLeaveLines) return options_.optional_clearing;
      if (a.type != T::kClear) return false;
      LineList lines;
      complete_lines(clearer_, lines);
      return std::any_of(lines.begin(), lines.end(), [&](const Line& l) { return l.id == a.arg; });
    }
    case Phase::kGameOver:
      return false;
  }
  return false;
}

std::string State::why_illegal(Action a) const {
  if (legal(a)) return {};
  if (phase_ == Phase::kGameOver)
    return fmt::format("'{}' is not legal: the game is over", to_text(a));
  std::string list;
  for (Action b : legal_actions()) list += (list.empty() ? "" : ", ") + to_text(b);
  return fmt::format("'{}' is not legal now: player {} is to act in phase {} (legal: {})",
                     to_text(a), current_player(), phase_name(phase_), list);
}

// ------------------------------------------------------------------------------------------
// Applying actions

void State::apply(Action a, EventList* events) {
  if (!legal(a)) [[unlikely]]
    throw_illegal(a);
  apply_unchecked(a, events);
}

void State::throw_illegal(Action a) const { throw IllegalAction(why_illegal(a)); }

void State::place_face_up(CellId c, int8_t v) {
  int p = cell_owner(c);
  uint16_t b = bit_of(c);
  values_[c] = v;
  face_down_[p] &= static_cast<uint16_t>(~b);
  empty_[p] &= static_cast<uint16_t>(~b);
}

void State::make_empty(CellId c) {
  int p = cell_owner(c);
  uint16_t b = bit_of(c);
  face_down_[p] &= static_cast<uint16_t>(~b);
  empty_[p] |= b;
}

void State::reveal(CellId c) { face_down_[cell_owner(c)] &= static_cast<uint16_t>(~bit_of(c)); }

// R6: drawing from the empty draw pile first turns the discard pile, all but its top card,
// into a new shuffled draw pile.
int8_t State::pop_draw(EventList* ev) {
  if (draw_count_ == 0) {
    int moved = discard_count_ - 1;
    std::copy_n(discard_.begin(), moved, draw_.begin());
    discard_[0] = discard_[moved];
    discard_count_ = 1;
    draw_count_ = static_cast<uint8_t>(moved);
    rng_.shuffle(std::span<int8_t>(draw_.data(), moved));
    emit(ev, {.type = EventType::kReshuffled, .count = moved});
  }
  return draw_[--draw_count_];
}

void State::apply_unchecked(Action a, EventList* ev) {
  const int n = players();
  const auto me = static_cast<int8_t>(current_player());
  switch (a.type) {
    case ActionType::kReveal:
      reveal(a.arg);
      emit(ev,
           {.type = EventType::kRevealed, .player = me, .value = values_[a.arg], .cell = a.arg});
      if (phase_ == Phase::kSetupReveal) {
        // R11: each player, clockwise from the first player, reveals two cards; no clearing.
        if (--setup_reveals_left_ == 0) {
          if (++setup_players_done_ == n) {
            begin_turn(first_player_, ev);
          } else {
            active_ = static_cast<int8_t>(left_of(active_, n));
            setup_reveals_left_ = 2;
          }
        }
      } else {
        run_clearing(active_, AfterClear::kEndTurn, ev);
      }
      break;
    case ActionType::kDrawPile: {
      held_ = pop_draw(ev);
      held_from_discard_ = false;
      emit(ev, {.type = EventType::kDrew, .player = me, .value = held_, .aux = 0});
      // R7: every other eligible player may knock for a card drawn from the draw pile.
      knock_pending_ = knockers_ = 0;
      if (options_.knocking_in_effect()) {
        for (int q = 0; q < n; ++q)
          if (q != active_ && may_knock(q)) knock_pending_ |= static_cast<uint8_t>(1u << q);
      }
      phase_ = knock_pending_ ? Phase::kKnockWindow : Phase::kHoldDrawn;
      break;
    }
    case ActionType::kDrawDiscard:
      held_ = discard_[--discard_count_];
      held_from_discard_ = true;
      emit(ev, {.type = EventType::kDrew, .player = me, .value = held_, .aux = 1});
      phase_ = Phase::kHoldDrawn;
      break;
    case ActionType::kKnock:
    case ActionType::kPass:
      knock_pending_ &= static_cast<uint8_t>(~(1u << me));
      if (a.type == ActionType::kKnock) knockers_ |= static_cast<uint8_t>(1u << me);
      emit(ev, {.type = a.type == ActionType::kKnock ? EventType::kKnocked : EventType::kPassed,
                .player = me});
      if (!knock_pending_) phase_ = knockers_ ? Phase::kChooseKnocker : Phase::kHoldDrawn;
      break;
    case ActionType::kGive:
      knocker_ = static_cast<int8_t>(a.arg);
      emit(ev, {.type = EventType::kKnockGiven, .player = knocker_});
      phase_ = Phase::kKnockerSwap;
      break;
    case ActionType::kRefuse:
      emit(ev, {.type = EventType::kKnockRefused, .player = me});
      phase_ = Phase::kHoldDrawn;
      break;
    case ActionType::kSwap: {
      CellId c = a.arg;
      bool was_down = cell_state(c) == CellState::kFaceDown;
      int8_t old = values_[c];
      int8_t card = held_;
      held_ = kNoCard;
      if (phase_ == Phase::kHoldDrawn) {
        // R5: the drawn card lies face up; the replaced card is discarded after clearing.
        pending_discard_ = old;
        pending_discard_from_ = c;
        place_face_up(c, card);
        emit(ev, {.type = EventType::kPlaced, .player = me, .value = card, .cell = c});
        run_clearing(active_, AfterClear::kFinishSwap, ev);
      } else {
        // R7 (a): the knocker swaps the given card in and holds the replaced one.
        hand_ = old;
        hand_known_ = !was_down;
        place_face_up(c, card);
        emit(ev, {.type = EventType::kToHand,
                  .player = me,
                  .value = hand_known_ ? old : kHiddenValue,
                  .cell = c});
        emit(ev, {.type = EventType::kPlaced, .player = me, .value = card, .cell = c});
        run_clearing(knocker_, AfterClear::kAfterKnockerSwap, ev);
      }
      break;
    }
    case ActionType::kDiscard:
      push_discard(held_);
      emit(ev, {.type = EventType::kDiscarded, .player = me, .value = held_});
      held_ = kNoCard;
      phase_ = Phase::kRevealAfterDiscard;
      break;
    case ActionType::kTake: {
      // R7 (b): the active player takes a card of the knocker's display, leaving a hole.
      CellId c = a.arg;
      taken_known_ = cell_state(c) == CellState::kFaceUp;
      taken_ = values_[c];
      make_empty(c);
      hole_ = c;
      emit(ev, {.type = EventType::kToHand,
                .player = me,
                .value = taken_known_ ? taken_ : kHiddenValue,
                .cell = c});
      phase_ = Phase::kPut;
      break;
    }
    case ActionType::kPut: {
      CellId c = a.arg;
      pending_discard_ = values_[c];
      pending_discard_from_ = c;
      place_face_up(c, taken_);
      emit(ev, {.type = EventType::kPlaced, .player = me, .value = taken_, .cell = c});
      taken_ = kNoCard;
      taken_known_ = false;
      run_clearing(active_, AfterClear::kFinishPut, ev);
      break;
    }
    case ActionType::kClear: {
      LineList lines;
      complete_lines(clearer_, lines);
      for (const Line& l : lines) {
        if (l.id == a.arg) {
          clear_line(clearer_, l, ev);
          break;
        }
      }
      run_clearing(clearer_, after_clear_, ev);
      break;
    }
    case ActionType::kLeaveLines:
      emit(ev, {.type = EventType::kLinesLeft, .player = me});
      continue_after_clear(ev);
      break;
  }
  // R8: after any action, a display without face-down cards ends the round. Only actions
  // that change cells can do that.
  if (phase_ != Phase::kGameOver && phase_ != Phase::kSetupReveal && changes_cells(a.type))
    check_round_end(ev);
}

// R2-R4: clear complete lines of p's display, one at a time, looking again after each (the
// cascade). The player chooses when more than one line is complete, or always when clearing
// is optional; otherwise the only line is cleared at once.
void State::run_clearing(int p, AfterClear then, EventList* ev) {
  clearer_ = static_cast<int8_t>(p);
  after_clear_ = then;
  for (;;) {
    LineList lines;
    complete_lines(p, lines);
    if (lines.empty()) break;
    if (options_.optional_clearing || lines.size() > 1) {
      phase_ = Phase::kChooseLine;
      return;
    }
    clear_line(p, lines[0], ev);
  }
  continue_after_clear(ev);
}

void State::clear_line(int p, const Line& line, EventList* ev) {
  int8_t v = values_[line.cells[0]];
  for (CellId c : line.cells) {
    push_discard(v);
    make_empty(c);
  }
  emit(ev, {.type = EventType::kCleared,
            .player = static_cast<int8_t>(p),
            .value = v,
            .aux = static_cast<uint8_t>(line.id),
            .cells = line.cells});
}

void State::continue_after_clear(EventList* ev) {
  clearer_ = kNoPlayer;
  auto discard_pending = [&] {
    push_discard(pending_discard_);
    emit(ev, {.type = EventType::kDiscarded,
              .player = active_,
              .value = pending_discard_,
              .cell = pending_discard_from_});
    pending_discard_ = kNoCard;
    pending_discard_from_ = kNoCell;
  };
  switch (after_clear_) {
    case AfterClear::kFinishSwap:
      discard_pending();
      end_turn(ev);
      break;
    case AfterClear::kEndTurn:
      end_turn(ev);
      break;
    case AfterClear::kAfterKnockerSwap:
      if (card_count(knocker_) == 0 || !any_legal_take()) {
        // The knocker's clear emptied his display (or nothing can be taken): his hand card
        // goes onto the discard pile and the turn ends.
        push_discard(hand_);
        emit(ev, {.type = EventType::kDiscarded, .player = knocker_, .value = hand_});
        end_turn(ev);
      } else {
        phase_ = Phase::kTake;
      }
      break;
    case AfterClear::kFinishPut:
      discard_pending();
      // R8a.2: the end of step 2. The active player whose display is now complete ends the
      // round before the knocker's put-back.
      if (ender_ == kNoPlayer && display_complete(active_)) set_ender(active_, ev);
      // R7 step 3: the knocker fills the hole with his hand card, face up; no clearing now.
      place_face_up(hole_, hand_);
      emit(ev, {.type = EventType::kPlaced, .player = knocker_, .value = hand_, .cell = hole_});
      hole_ = kNoCell;
      end_turn(ev);
      break;
  }
}

// R8a.1: a display is complete when it has no face-down card and no hole waiting for the
// knocker's put-back (that cell is neither turned over nor cleared).
bool State::display_complete(int p) const {
  if (face_down_[p] != 0 || (face_down_[left_of(p, players())] & kSharedColMask) != 0) return false;
  return hole_ == kNoCell || !in_display(p, players(), hole_);
}

// R8: the first complete display, the active player's first, then clockwise, ends the round.
// R8a.3: between a knock's take and the put-back nobody ends it here (the end of step 2 names
// the active player, continue_after_clear); after the put-back this check runs again.
void State::check_round_end(EventList* ev) {
  if (ender_ != kNoPlayer || hole_ != kNoCell) return;
  const int n = players();
  for (int i = 0, p = active_; i < n; ++i, p = left_of(p, n)) {
    if (display_complete(p)) {
      set_ender(p, ev);
      return;
    }
  }
}

void State::set_ender(int p, EventList* ev) {
  ender_ = static_cast<int8_t>(p);
  emit(ev, {.type = EventType::kRoundEndTriggered, .player = ender_});
}

void State::begin_turn(int p, EventList* ev) {
  active_ = static_cast<int8_t>(p);
  phase_ = Phase::kChooseDraw;
  emit(ev, {.type = EventType::kTurnStarted, .player = active_});
}

// Ends the active player's turn and finds the next one. R8: once the round has been ended,
// every other player has one more turn clockwise from the active player's left, the active
// player last if he did not end it; a player without a face-down card is skipped.
void State::end_turn(EventList* ev) {
  const int n = players();
  check_round_end(ev);
  held_ = hand_ = taken_ = pending_discard_ = kNoCard;
  hand_known_ = taken_known_ = held_from_discard_ = false;
  after_clear_ = AfterClear::kEndTurn;
  knock_pending_ = knockers_ = 0;
  knocker_ = kNoPlayer;
  hole_ = pending_discard_from_ = kNoCell;
  if (ender_ == kNoPlayer) {
    begin_turn(left_of(active_, n), ev);
    return;
  }
  if (final_turns_left_ < 0) {  // the turn in which the round was ended
    final_turns_left_ = static_cast<int8_t>(n);
    final_next_ = static_cast<int8_t>(left_of(active_, n));
  } else {
    final_done_ |= static_cast<uint8_t>(1u << active_);
  }
  while (final_turns_left_ > 0) {
    int p = final_next_;
    final_next_ = static_cast<int8_t>(left_of(p, n));
    --final_turns_left_;
    if (p == ender_ || face_down_count(p) == 0) {
      final_done_ |= static_cast<uint8_t>(1u << p);
      if (p != ender_)
        emit(ev, {.type = EventType::kTurnSkipped, .player = static_cast<int8_t>(p)});
      continue;
    }
    begin_turn(p, ev);
    return;
  }
  finish_round(ev);
}

// R8-R10: turn every face-down card up (nothing is cleared any more), score, and either end
// the game or deal the next round.
void State::finish_round(EventList* ev) {
  const int n = players();
  // 1. The end-of-round reveal.
  for (int p = 0; p < n; ++p) {
    for (int i = 0; i < kGridCells; ++i) {
      if (face_down_[p] >> i & 1) {
        auto c = static_cast<CellId>(p * kGridCells + i);
        emit(ev, {.type = EventType::kRevealed, .value = values_[c], .cell = c});
      }
    }
    face_down_[p] = 0;
  }
  // 2. Raw scores: the sum of the display, -10 for an empty display (R9).
  RoundResult result;
  result.ender = ender_;
  for (int p = 0; p < n; ++p) {
    int sum = 0;
    for (int d = 0; d < kDisplayCells; ++d) {
      CellId c = display_cell(p, n, d);
      if (!(empty_[cell_owner(c)] & bit_of(c))) sum += values_[c];
    }
    result.raw_half[p] = card_count(p) == 0 ? -20 : 2 * sum;
    result.score_half[p] = result.raw_half[p];
  }
  // 3. The ender must be strictly lowest alone, else his positive score doubles and his
  //    negative score halves.
  bool strictly_lowest = true;
  for (int p = 0; p < n; ++p)
    if (p != ender_ && result.raw_half[p] <= result.raw_half[ender_]) strictly_lowest = false;
  if (!strictly_lowest && result.raw_half[ender_] != 0) {
    result.penalised = true;
    int32_t raw = result.raw_half[ender_];
    result.score_half[ender_] = raw > 0 ? 2 * raw : raw / 2;
  }
  // 4. Totals.
  for (int p = 0; p < n; ++p) {
    totals_half_[p] += result.score_half[p];
    emit(ev, {.type = EventType::kRoundScored,
              .player = static_cast<int8_t>(p),
              .aux = static_cast<uint8_t>(result.penalised && p == ender_),
              .count = result.raw_half[p],
              .score = result.score_half[p]});
  }
  last_round_ = result;
  ++rounds_played_;
  // 5. The game ends after the last round or the round in which someone reached the limit.
  bool over = options_.rounds > 0 && rounds_played_ >= options_.rounds;
  if (options_.point_limit > 0)
    for (int p = 0; p < n; ++p) over = over || totals_half_[p] >= 2 * options_.point_limit;
  if (over) {
    phase_ = Phase::kGameOver;
    emit(ev, {.type = EventType::kGameOver, .score = winners()});
    return;
  }
  deal_next_round(ev);
}

void State::deal_next_round(EventList* ev) {
  ++round_;
  first_player_ = static_cast<int8_t>(left_of(first_player_, players()));  // R11
  std::array<int8_t, kMaxDeck> deck;
  int size = build_deck(options_, deck);
  rng_.shuffle(std::span<int8_t>(deck.data(), size));
  start_round(std::span<const int8_t>(deck.data(), size), ev);
}

// R11 and the dealing convention of docs/record-format.md: deck[k] for k < 12n goes to player
// (first + k) mod n, grid cell k / n in reading order; deck[12n] starts the discard pile; the
// rest is the draw pile, deck[12n+1] on top.
void State::start_round(std::span<const int8_t> deck, EventList* ev) {
  const int n = players();
  values_.fill(0);
  face_down_.fill(0);
  empty_.fill(0);
  for (int p = 0; p < n; ++p) face_down_[p] = kGridMask;
  const int dealt = n * kGridCells;
  for (int k = 0; k < dealt; ++k) {
    int p = (first_player_ + k) % n;
    values_[p * kGridCells + k / n] = deck[k];
  }
  discard_count_ = 0;
  push_discard(deck[dealt]);
  draw_count_ = static_cast<uint8_t>(deck.size() - dealt - 1);
  for (int i = 0; i < draw_count_; ++i) draw_[draw_count_ - 1 - i] = deck[dealt + 1 + i];
  ender_ = kNoPlayer;
  final_done_ = 0;
  final_turns_left_ = -1;
  final_next_ = 0;
  held_ = hand_ = taken_ = pending_discard_ = kNoCard;
  hand_known_ = taken_known_ = held_from_discard_ = false;
  after_clear_ = AfterClear::kEndTurn;
  knock_pending_ = knockers_ = 0;
  knocker_ = clearer_ = kNoPlayer;
  hole_ = pending_discard_from_ = kNoCell;
  phase_ = Phase::kSetupReveal;
  active_ = first_player_;
  setup_reveals_left_ = 2;
  setup_players_done_ = 0;
  emit(ev, {.type = EventType::kRoundStarted,
            .player = first_player_,
            .value = deck[dealt],
            .count = round_});
}

// ------------------------------------------------------------------------------------------
// Chance control

void State::redeal(std::span<const int8_t> deck, EventList* events) {
  if (phase_ != Phase::kSetupReveal || setup_players_done_ != 0 || setup_reveals_left_ != 2)
    throw std::invalid_argument("redeal: only at the start of a round, before any reveal");
  if (static_cast<int>(deck.size()) != options_.deck_size() ||
      !same_cards(deck, options_.effective_deck()))
    throw std::invalid_argument(fmt::format(
        "redeal: the deck order must hold exactly the {} cards of the deck", options_.deck_size()));
  start_round(deck, events);
}

void State::reshuffle_with(std::span<const int8_t> pile, EventList* events) {
  if (!draw_needs_reshuffle() || discard_count_ < 2)
    throw std::invalid_argument("reshuffle: only when the draw pile is empty and a draw is next");
  DeckCounts counts{};
  for (int i = 0; i + 1 < discard_count_; ++i) ++counts[discard_[i] - kMinValue];
  if (static_cast<int>(pile.size()) != discard_count_ - 1 || !same_cards(pile, counts))
    throw std::invalid_argument(
        "reshuffle: the new pile must hold exactly the discard pile's cards except its top");
  int moved = discard_count_ - 1;
  // Advance the Rng exactly as pop_draw() would have, so a replay ends bit-identical.
  std::array<int8_t, kMaxDeck> scratch;
  std::copy_n(discard_.begin(), moved, scratch.begin());
  rng_.shuffle(std::span<int8_t>(scratch.data(), moved));
  discard_[0] = discard_[moved];
  discard_count_ = 1;
  draw_count_ = static_cast<uint8_t>(moved);
  for (int i = 0; i < moved; ++i) draw_[moved - 1 - i] = pile[i];
  emit(events, {.type = EventType::kReshuffled, .count = moved});
}

// ------------------------------------------------------------------------------------------
// Hidden information

PublicView State::public_view() const { return PublicView(*this); }

State State::resample(Rng& rng) const { return sample(public_view(), rng); }

// 1. Count the unseen cards: the deck minus every card anyone can see.
// 2. Shuffle them and deal them into the hidden places: face-down cells in CellId order, a
//    hidden hand card, a hidden taken card, then the draw pile.
// 3. Give the copy a fresh Rng so that not even future reshuffles follow the real game.
State State::sample(const PublicView& view, Rng& rng) {
  State s = view.masked();
  const int n = s.players();
  std::array<int, kNumValues> unseen{};
  DeckCounts deck = s.options_.effective_deck();
  for (int v = 0; v < kNumValues; ++v) unseen[v] = deck[v];
  auto see = [&](int8_t v) {
    if (v != kNoCard && v != kHiddenValue) --unseen[v - kMinValue];
  };
  for (int c = 0; c < n * kGridCells; ++c)
    if (s.cell_state(static_cast<CellId>(c)) == CellState::kFaceUp) see(s.values_[c]);
  for (int i = 0; i < s.discard_count_; ++i) see(s.discard_[i]);
  see(s.held_);
  see(s.pending_discard_);
  see(s.hand_);
  see(s.taken_);

  std::array<int8_t, kMaxDeck> pool;
  int size = 0;
  for (int v = 0; v < kNumValues; ++v) {
    if (unseen[v] < 0) throw std::logic_error("resample: more cards seen than the deck holds");
    for (int k = 0; k < unseen[v]; ++k) pool[size++] = static_cast<int8_t>(v + kMinValue);
  }
  rng.shuffle(std::span<int8_t>(pool.data(), size));

  int next = 0;
  auto draw_hidden = [&]() -> int8_t {
    if (next >= size) throw std::logic_error("resample: fewer unseen cards than hidden places");
    return pool[next++];
  };
  for (int c = 0; c < n * kGridCells; ++c)
    if (s.cell_state(static_cast<CellId>(c)) == CellState::kFaceDown) s.values_[c] = draw_hidden();
  if (s.hand_ == kHiddenValue) s.hand_ = draw_hidden();
  if (s.taken_ == kHiddenValue) s.taken_ = draw_hidden();
  for (int i = 0; i < s.draw_count_; ++i) s.draw_[i] = draw_hidden();
  if (next != size) throw std::logic_error("resample: unseen cards left over");
  s.rng_.reseed(rng.next());
  return s;
}

bool State::operator==(const State& o) const {
  if (!(options_ == o.options_ && rng_ == o.rng_ && face_down_ == o.face_down_ &&
        empty_ == o.empty_ && draw_count_ == o.draw_count_ && discard_count_ == o.discard_count_ &&
        phase_ == o.phase_ && round_ == o.round_ && rounds_played_ == o.rounds_played_ &&
        first_player_ == o.first_player_ && active_ == o.active_ &&
        setup_reveals_left_ == o.setup_reveals_left_ &&
        setup_players_done_ == o.setup_players_done_ && ender_ == o.ender_ &&
        final_done_ == o.final_done_ && final_turns_left_ == o.final_turns_left_ &&
        final_next_ == o.final_next_ && held_ == o.held_ &&
        held_from_discard_ == o.held_from_discard_ && knock_pending_ == o.knock_pending_ &&
        knockers_ == o.knockers_ && knocker_ == o.knocker_ && hand_ == o.hand_ &&
        hand_known_ == o.hand_known_ && taken_ == o.taken_ && taken_known_ == o.taken_known_ &&
        hole_ == o.hole_ && pending_discard_ == o.pending_discard_ &&
        pending_discard_from_ == o.pending_discard_from_ && clearer_ == o.clearer_ &&
        after_clear_ == o.after_clear_ && totals_half_ == o.totals_half_ &&
        last_round_ == o.last_round_))
    return false;
  for (int c = 0; c < players() * kGridCells; ++c)
    if (cell_state(static_cast<CellId>(c)) != CellState::kEmpty && values_[c] != o.values_[c])
      return false;
  return std::equal(draw_.begin(), draw_.begin() + draw_count_, o.draw_.begin()) &&
         std::equal(discard_.begin(), discard_.begin() + discard_count_, o.discard_.begin());
}

}  // namespace allegra
