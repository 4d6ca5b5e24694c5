// The state machine of ALLEGRA (state.h). Where each rule of docs/rules.md lives:
//
//   R1    the deck ............. build_deck(), shuffled_deck() (state_chance.cc);
//                                RuleOptions::effective_deck()
//   R11   setup ................ start_round() (the deal), setup_reveal(); the chance node
//                                kRoundOver: deal(), next_round() (state_chance.cc)
//   R5    draw, swap, discard .. draw_from_pile(), draw_from_discard(), swap_drawn(),
//                                discard_drawn(), reveal_after_discard(), discard_pending()
//   R6    empty draw pile ...... may_draw_pile(), pop_draw(), reshuffle_with() (state_chance.cc)
//   R7    knocking ............. may_knock(), draw_from_pile() (the window), answer_knock(),
//                                choose_knocker(); step 1: knocker_swap(), after_knocker_swap();
//                                step 2: takeable(), take(), put(), finish_put();
//                                step 3: finish_put()
//   R2-R4 clearing ............. run_clearing(), choose_line(), clear_line(),
//                                continue_after_clear(); R3 lines: find_lines() (lines.h)
//   R8    end of a round ....... check_round_end(), end_turn() (final turns), finish_round()
//   R8a   a knock takes a last . display_complete(), check_round_end(), finish_put()
//   R9    scoring .............. finish_round() with scoring.h
//   R10   end of the game ...... finish_round() with game_over(), winners_of() (scoring.h);
//                                otherwise the chance node kRoundOver waits for deal()
//
// Legality is written once per phase: cell_choice(), may_draw_pile(), may_discard_drawn() and
// complete_lines() serve both legal() (one action, the fast path of apply()) and
// legal_actions() (the list).
//
// Elsewhere: random_legal_action() and apply_random() in random_legal.cc, the hidden part
// (public_view(), resample(), sample()) in state_sample.cc, the display caches built from the
// grids (rebuild_displays()) in state_displays.cc (their cell-by-cell updates,
// sync_display_cell(), are here, next to the cell changes that call them), the chance steps in
// state_chance.cc.
#include "engine/state.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/state_cell_choice.h"

namespace allegra {
namespace {

// R11: every player reveals this many cards of his display before the first turn.
constexpr int8_t kSetupReveals = 2;
// R7: a player whose display holds this many cards or fewer may not knock.
constexpr int kMostCardsWithoutKnock = 3;

inline void emit(EventList* ev, Event e) {
  if (ev) ev->push_back(e);
}

// Appends one action of type t per set bit of the 15-bit display mask, in display order.
// Without a branch per cell: every cell is written and the count advances only on a set bit
// (random play and rollouts list cells at every decision; the loop's exit on the mask's last
// bit was a mispredicted branch per list).
inline void add_cells(ActionList& out, ActionType t, const CellId* cells, unsigned mask) {
  const size_t base = out.size();
  out.resize(base + kDisplayCells);
  Action* dst = out.data() + base;
  size_t k = 0;
  for (int d = 0; d < kDisplayCells; ++d) {
    dst[k] = {t, cells[d]};
    k += mask >> d & 1;
  }
  out.resize(base + k);
}

// Actions without an argument exist only with argument 0 (one action, one code).
constexpr unsigned kArglessTypes =
    1u << int(ActionType::kDrawPile) | 1u << int(ActionType::kDrawDiscard) |
    1u << int(ActionType::kDiscard) | 1u << int(ActionType::kKnock) | 1u << int(ActionType::kPass) |
    1u << int(ActionType::kRefuse) | 1u << int(ActionType::kLeaveLines);

// `yes` if `condition`, else `no`, by arithmetic: GCC compiles some of these ternaries into
// branches, and where the condition is a coin toss in random play that is a mispredict.
inline Phase select_phase(bool condition, Phase yes, Phase no) {
  const unsigned mask = -unsigned{condition};
  return static_cast<Phase>((unsigned(yes) & mask) | (unsigned(no) & ~mask));
}

inline uint16_t bit_of(CellId c) { return static_cast<uint16_t>(1u << cell_index(c)); }

#if defined(__SSE2__)
// Six per-player 16-bit masks in the low lanes of a register, a player per lane (lanes 6 and 7
// zero): the questions asked of every display at once are then a few lane operations.
static_assert(kMaxPlayers == 6);
inline __m128i player_lanes(const std::array<uint16_t, kMaxPlayers>& masks) {
  uint32_t players_4_5;
  std::memcpy(&players_4_5, masks.data() + 4, sizeof players_4_5);
  return _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(masks.data())),
                            _mm_cvtsi32_si128(static_cast<int>(players_4_5)));
}
// Bit p of the result: lane p of `lanes` is all ones (a lane compare's result).
inline unsigned lane_bits(__m128i lanes) {
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(lanes, lanes))) & 0xFF;
}
#endif

// R7: bit p set if p may knock, whose turn it is aside: his display holds a face-down card and
// more than three cards, and he has not had his final turn. Every player at once (a draw from
// the pile asks for all of them), without a branch.
unsigned knock_eligible(const std::array<uint16_t, kMaxPlayers>& display_down,
                        const std::array<uint16_t, kMaxPlayers>& display_empty, uint8_t final_done,
                        int players) {
  unsigned eligible = 0;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  // The display's cards with the lowest kMostCardsWithoutKnock of them taken away: a player
  // with more cards than that has some left.
  __m128i cards = _mm_andnot_si128(player_lanes(display_empty), _mm_set1_epi16(kDisplayMask));
  for (int i = 0; i < kMostCardsWithoutKnock; ++i)
    cards = _mm_and_si128(cards, _mm_sub_epi16(cards, _mm_set1_epi16(1)));
  const __m128i not_eligible =
      _mm_or_si128(_mm_cmpeq_epi16(player_lanes(display_down), zero), _mm_cmpeq_epi16(cards, zero));
  eligible = ~lane_bits(not_eligible);
#else
  for (int p = 0; p < kMaxPlayers; ++p) {
    const int cards = kDisplayCells - count_display_cells(display_empty[p]);
    eligible |= unsigned{display_down[p] != 0 && cards > kMostCardsWithoutKnock} << p;
  }
#endif
  return eligible & ~unsigned{final_done} & ((1u << players) - 1);
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
    case Phase::kRoundOver:
      return "round-over";
    case Phase::kGameOver:
      return "game-over";
  }
  return "?";
}

State::State(const RuleOptions& options, uint64_t seed, EventList* events)
    : State(options, seed, 0, events) {}

State::State(const RuleOptions& options, uint64_t seed, int first_player, EventList* events)
    : options_(options), rng_(seed) {
  if (auto error = options.validate()) throw std::invalid_argument(*error);
  set_first_player(first_player);
  std::array<int8_t, kMaxDeck> deck;
  const int size = shuffled_deck(deck);
  start_round(std::span<const int8_t>(deck.data(), size), events);
}

State::State(const RuleOptions& options, uint64_t seed, std::span<const int8_t> deck,
             EventList* events)
    : State(options, seed, 0, deck, events) {}

State::State(const RuleOptions& options, uint64_t seed, int first_player,
             std::span<const int8_t> deck, EventList* events)
    : options_(options), rng_(seed) {
  if (auto error = options.validate()) throw std::invalid_argument(*error);
  set_first_player(first_player);
  check_deck(deck);
  std::array<int8_t, kMaxDeck> scratch;
  shuffled_deck(scratch);  // the Rng advances as if it had dealt
  start_round(deck, events);
}

void State::set_first_player(int first_player) {
  if (first_player < 0 || first_player >= players())
    throw std::invalid_argument(
        fmt::format("the first player must be 0 to {}, not {}", players() - 1, first_player));
  first_player_ = static_cast<int8_t>(first_player);
}

// ------------------------------------------------------------------------------------------
// Queries

// R7: who may knock (whose turn it is aside): knock_eligible().
bool State::may_knock(int p) const {
  return knock_eligible(display_down_, display_empty_, final_done_, players()) >> p & 1;
}

int State::current_player() const {
  switch (phase_) {
    case Phase::kGameOver:
      return kNoPlayer;
    case Phase::kRoundOver:
      return kChancePlayer;
    case Phase::kKnockWindow: {
      const int n = players();
      // Clockwise from the active player's left (never the active player: he is not pending).
      return first_clockwise(knock_pending_, left_of(active_, n), n);
    }
    case Phase::kKnockerSwap:
      return knocker_;
    case Phase::kChooseLine:
      return clearer_;
    default:
      return active_;
  }
}

// R3 (lines.h): the face-up cards of p's display are candidates; cleared cells are gaps; the
// knock hole is empty but blocks a row, unlike a cleared gap.
// The display's rows are kept packed (display_rows_): a quick test of them, inline, and only a
// display that may hold a line goes on to find_lines_packed() (a call after almost every
// placement that found nothing was a third of the line search).
void State::complete_lines(int p, LineList& out) const {
  const uint16_t empty = display_empty_[p];
  const auto up = static_cast<uint16_t>(~(display_down_[p] | empty) & kDisplayMask);
  const unsigned hole = hole_ == kNoCell ? 0 : display_bit(p, players(), hole_);
  const auto gaps = static_cast<uint16_t>(empty & ~hole);
  if (!may_hold_lines(display_rows_[p], up, gaps)) return;
  find_lines_packed(display_rows_[p], display_cells(p, players()), up, gaps, values_.data(), out);
}

uint8_t State::winners() const {
  return winners_of(std::span<const int32_t>(totals_half_.data(), players()));
}

// ------------------------------------------------------------------------------------------
// Legality, once per phase

// R7 step 2: any card of the knocker's display, if another card of the active player's display
// can take its place (the taken card goes into a non-empty cell other than its own).
// The rare case of takeable() (state.h): the active player holds one card or none.
uint16_t State::takeable_from_few() const {
  const int n = players();
  const int active_cards = card_count(active_);
  uint16_t mask = occupied(knocker_);
  if (active_cards == 0) return 0;
  const CellId* cells = display_cells(knocker_, n);
  for (unsigned m = mask; m; m &= m - 1) {
    const int d = std::countr_zero(m);
    if (in_display(active_, n, cells[d])) mask &= static_cast<uint16_t>(~(1u << d));
  }
  return mask;
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  const int n = players();
  switch (phase_) {
    case Phase::kChooseDraw:
      if (may_draw_pile()) out.push_back(Action::draw_pile());
      out.push_back(Action::draw_discard());
      return;
    case Phase::kKnockWindow:
      out.push_back(Action::knock());
      out.push_back(Action::pass());
      return;
    case Phase::kChooseKnocker:
      for (int i = 1, q = left_of(active_, n); i < n; ++i, q = left_of(q, n))
        if (knockers_ >> q & 1) out.push_back(Action::give(q));
      out.push_back(Action::refuse());
      return;
    case Phase::kChooseLine: {
      LineList lines;
      complete_lines(clearer_, lines);
      for (const Line& l : lines) out.push_back(Action::clear(l.id));
      if (options_.optional_clearing) out.push_back(Action::leave_lines());
      return;
    }
    case Phase::kRoundOver:  // chance: deal(), not a player's action
    case Phase::kGameOver:
      return;
    case Phase::kSetupReveal:
      return add_cell_actions(Phase::kSetupReveal, out);
    case Phase::kHoldDrawn:
      return add_cell_actions(Phase::kHoldDrawn, out);
    case Phase::kRevealAfterDiscard:
      return add_cell_actions(Phase::kRevealAfterDiscard, out);
    case Phase::kKnockerSwap:
      return add_cell_actions(Phase::kKnockerSwap, out);
    case Phase::kTake:
      return add_cell_actions(Phase::kTake, out);
    case Phase::kPut:
      return add_cell_actions(Phase::kPut, out);
  }
}

// The list of a phase with cell actions (constant `phase`: see cell_choice()).
[[gnu::always_inline]] inline void State::add_cell_actions(Phase phase, ActionList& out) const {
  const CellChoice choice = cell_choice(phase);
  add_cells(out, choice.type, display_cells(choice.player, players()), choice.mask);
  if (phase == Phase::kHoldDrawn && may_discard_drawn()) out.push_back(Action::discard());
}

bool State::legal(Action a) const {
  using T = ActionType;
  if (a.arg != 0 && (kArglessTypes >> (static_cast<unsigned>(a.type) & 31) & 1)) return false;
  switch (phase_) {
    case Phase::kChooseDraw:
      return (a.type == T::kDrawPile && may_draw_pile()) || a.type == T::kDrawDiscard;
    case Phase::kKnockWindow:
      return a.type == T::kKnock || a.type == T::kPass;
    case Phase::kChooseKnocker:
      return legal_knocker_choice(a);
    case Phase::kChooseLine: {
      if (a.type == T::kLeaveLines) return options_.optional_clearing;
      if (a.type != T::kClear) return false;
      LineList lines;
      complete_lines(clearer_, lines);
      return std::any_of(lines.begin(), lines.end(), [&](const Line& l) { return l.id == a.arg; });
    }
    case Phase::kRoundOver:
    case Phase::kGameOver:
      return false;
    case Phase::kHoldDrawn:
      if (a.type == T::kDiscard) return may_discard_drawn();
      return legal_cell(Phase::kHoldDrawn, a);
    case Phase::kSetupReveal:
      return legal_cell(Phase::kSetupReveal, a);
    case Phase::kRevealAfterDiscard:
      return legal_cell(Phase::kRevealAfterDiscard, a);
    case Phase::kKnockerSwap:
      return legal_cell(Phase::kKnockerSwap, a);
    case Phase::kTake:
      return legal_cell(Phase::kTake, a);
    case Phase::kPut:
      return legal_cell(Phase::kPut, a);
  }
  return false;
}

// R7: the active player gives the card to a knocker or refuses.
bool State::legal_knocker_choice(Action a) const {
  using T = ActionType;
  return a.type == T::kRefuse ||
         (a.type == T::kGive && a.arg < players() && (knockers_ >> a.arg & 1));
}

// A cell action in a phase with cell actions (constant `phase`: see cell_choice()).
[[gnu::always_inline]] inline bool State::legal_cell(Phase phase, Action a) const {
  const int n = players();
  const CellChoice choice = cell_choice(phase);
  if (a.type != choice.type || a.arg >= n * kGridCells) return false;
  return (choice.mask & display_bit(choice.player, n, a.arg)) != 0;
}

std::string State::why_illegal(Action a) const {
  if (legal(a)) return {};
  if (phase_ == Phase::kGameOver)
    return fmt::format("'{}' is not legal: the game is over", to_text(a));
  if (phase_ == Phase::kRoundOver)
    return fmt::format("'{}' is not legal: round {} is over and the next round must be dealt first",
                       to_text(a), round_ + 1);
  std::string list;
  for (Action b : legal_actions()) list += (list.empty() ? "" : ", ") + to_text(b);
  return fmt::format("'{}' is not legal now: player {} is to act in phase {} (legal: {})",
                     to_text(a), current_player(), phase_name(phase_), list);
}

// ------------------------------------------------------------------------------------------
// Applying actions: one handler per phase, in rulebook order

// One switch checks and applies (legal() is the same checks for is_legal() and why_illegal()):
// a second dispatch on the phase was a second mispredicted jump per action in random play.
// Every case ends in a tail call of its handler, so that this dispatch needs no stack frame of
// its own (the handlers run the R8 check themselves: after_cells_changed()).
void State::apply(Action a, EventList* ev) {
  using T = ActionType;
  if (a.arg != 0 && (kArglessTypes >> (static_cast<unsigned>(a.type) & 31) & 1)) [[unlikely]]
    throw_illegal(a);
  switch (phase_) {
    case Phase::kSetupReveal:
      if (!legal_cell(Phase::kSetupReveal, a)) break;
      return setup_reveal(a.arg, ev);
    case Phase::kChooseDraw:
      if (a.type == T::kDrawPile && may_draw_pile()) return draw_from_pile(ev);
      if (a.type != T::kDrawDiscard) break;
      return draw_from_discard(ev);
    case Phase::kKnockWindow:
      if (a.type != T::kKnock && a.type != T::kPass) break;
      return answer_knock(current_player(), a.type == T::kKnock, ev);
    case Phase::kChooseKnocker:
      if (!legal_knocker_choice(a)) break;
      return choose_knocker(a, ev);
    case Phase::kHoldDrawn:
      if (a.type == T::kDiscard) {
        if (!may_discard_drawn()) break;
        return discard_drawn(ev);
      }
      if (!legal_cell(Phase::kHoldDrawn, a)) break;
      return swap_drawn(a.arg, ev);
    case Phase::kRevealAfterDiscard:
      if (!legal_cell(Phase::kRevealAfterDiscard, a)) break;
      return reveal_after_discard(a.arg, ev);
    case Phase::kKnockerSwap:
      if (!legal_cell(Phase::kKnockerSwap, a)) break;
      return knocker_swap(a.arg, ev);
    case Phase::kTake:  // take_checked() checks (takeable() may call: no stack frame here)
      return take_checked(a, ev);
    case Phase::kPut:
      if (!legal_cell(Phase::kPut, a)) break;
      return put(a.arg, ev);
    case Phase::kChooseLine:  // rare: choose_line() checks
      return choose_line(a, ev);
    case Phase::kRoundOver:
    case Phase::kGameOver:
      break;
  }
  throw_illegal(a);
}

void State::throw_illegal(Action a) const { throw IllegalAction(why_illegal(a)); }

// R8: after any action, a complete display ends the round. Only actions that change cells
// can complete one.
void State::after_cells_changed(EventList* ev) {
  if (phase_ != Phase::kGameOver && phase_ != Phase::kRoundOver) check_round_end(ev);
}

void State::place_face_up(CellId c, int8_t v) {
  int p = cell_owner(c);
  uint16_t b = bit_of(c);
  values_[c] = v;
  face_down_[p] &= static_cast<uint16_t>(~b);
  empty_[p] &= static_cast<uint16_t>(~b);
  sync_display_cell<false>(c, v);
}

void State::make_empty(CellId c) {
  int p = cell_owner(c);
  uint16_t b = bit_of(c);
  face_down_[p] &= static_cast<uint16_t>(~b);
  empty_[p] |= b;
  sync_display_cell<true>(c, 0);
}

void State::reveal(CellId c) {
  face_down_[cell_owner(c)] &= static_cast<uint16_t>(~bit_of(c));
  sync_display_cell<false>(c, values_[c]);
}

// Every cell change leaves the cell face up or empty; none turns one face down (only a deal
// does: rebuild_displays()). The row's byte is stored as a byte (display_place() has its
// offset in display_rows_), not read, masked and written back as a word. Both places are read
// before either is written: for a cell of columns 0-2 they are the same place and the second
// writes the same values again, so no load waits for the other place's store.
template <bool kEmpty>
void State::sync_display_cell(CellId c, int8_t card) {
  static_assert(std::endian::native == std::endian::little, "row byte dcol is bits 8*dcol");
  const auto& places = display_places(players(), c);
  const detail::DisplayPlace& first = places[0];
  const detail::DisplayPlace& second = places[1];
  auto masks = [&](const detail::DisplayPlace& place) {
    const auto down = static_cast<uint16_t>(display_down_[place.player] & ~place.bit);
    const uint16_t empty = display_empty_[place.player];
    return std::pair{down, static_cast<uint16_t>(kEmpty ? empty | place.bit : empty & ~place.bit)};
  };
  const auto [first_down, first_empty] = masks(first);
  const auto [second_down, second_empty] = masks(second);
  auto* row_bytes = reinterpret_cast<uint8_t*>(display_rows_.data());
  row_bytes[first.row_byte] =
      kEmpty ? row_sentinel(first.row, first.dcol) : static_cast<uint8_t>(card);
  row_bytes[second.row_byte] =
      kEmpty ? row_sentinel(second.row, second.dcol) : static_cast<uint8_t>(card);
  display_down_[first.player] = first_down;
  display_empty_[first.player] = first_empty;
  display_down_[second.player] = second_down;
  display_empty_[second.player] = second_empty;
}

// --- R11: setup ---------------------------------------------------------------------------

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
  for (int i = 0, k = 0; i < kGridCells; ++i) {  // k = i*n + j, no division per card
    for (int j = 0, p = first_player_; j < n; ++j, ++k, p = left_of(p, n))
      values_[p * kGridCells + i] = deck[k];
  }
  discard_count_ = 0;
  push_discard(deck[dealt]);
  // The rest of the deck, top first, is the draw pile, whose top is its last card: reversed,
  // eight cards at a time (a byte swap of a word).
  const int draw = static_cast<int>(deck.size()) - dealt - 1;
  draw_count_ = static_cast<uint8_t>(draw);
  const int8_t* rest = deck.data() + dealt + 1;
  int i = 0;
  for (; i + 8 <= draw; i += 8) {
    uint64_t word;
    std::memcpy(&word, rest + i, sizeof word);
    word = __builtin_bswap64(word);
    std::memcpy(&draw_[draw - 8 - i], &word, sizeof word);
  }
  for (; i < draw; ++i) draw_[draw - 1 - i] = rest[i];
  // The display caches of a table all face down (what rebuild_displays() would find).
  display_rows_ = {};
  display_down_ = {};
  display_empty_ = {};
  for (int p = 0; p < n; ++p) {
    for (int r = 0; r < kRows; ++r) display_rows_[p][r] = pack_row(0, 0, r);
    display_down_[p] = kDisplayMask;
  }
  ender_ = kNoPlayer;
  final_done_ = 0;
  final_turns_left_ = -1;
  final_next_ = 0;
  turns_in_round_ = 0;
  held_ = hand_ = taken_ = pending_discard_ = kNoCard;
  hand_known_ = taken_known_ = held_from_discard_ = false;
  after_clear_ = AfterClear::kEndTurn;
  knock_pending_ = knockers_ = 0;
  knocker_ = clearer_ = kNoPlayer;
  hole_ = pending_discard_from_ = kNoCell;
  phase_ = Phase::kSetupReveal;
  active_ = first_player_;
  setup_reveals_left_ = kSetupReveals;
  setup_players_done_ = 0;
  emit(ev, {.type = EventType::kRoundStarted,
            .player = first_player_,
            .card = deck[dealt],
            .round = static_cast<int16_t>(round_)});
}

// R11: each player, clockwise from the first player, reveals two cards; no clearing.
void State::setup_reveal(CellId c, EventList* ev) {
  reveal(c);
  emit(ev, {.type = EventType::kRevealed, .player = active_, .card = values_[c], .cell = c});
  if (--setup_reveals_left_ > 0) return;
  const int n = players();
  if (++setup_players_done_ == n) {
    begin_turn(first_player_, ev);
    after_cells_changed(ev);  // nothing is cleared in the setup; the R8 check once turns begin
  } else {
    active_ = static_cast<int8_t>(left_of(active_, n));
    setup_reveals_left_ = kSetupReveals;
  }
}

void State::begin_turn(int p, EventList* ev) {
  active_ = static_cast<int8_t>(p);
  phase_ = Phase::kChooseDraw;
  if (turns_in_round_ < std::numeric_limits<int16_t>::max()) ++turns_in_round_;
  emit(ev, {.type = EventType::kTurnStarted, .player = active_});
}

// --- R5, R6: drawing ----------------------------------------------------------------------

// R5, R7: a card from the draw pile is shown to all; every other eligible player may knock
// for it.
void State::draw_from_pile(EventList* ev) {
  const int n = players();
  held_ = pop_draw(ev);
  held_from_discard_ = false;
  emit(ev, {.type = EventType::kDrew, .player = active_, .card = held_, .pile = Pile::kDraw});
  knock_pending_ = knockers_ = 0;
  if (options_.knocking_in_effect()) {
    const unsigned eligible = knock_eligible(display_down_, display_empty_, final_done_, n);
    knock_pending_ = static_cast<uint8_t>(eligible & ~(1u << active_));
  }
  phase_ = select_phase(knock_pending_ != 0, Phase::kKnockWindow, Phase::kHoldDrawn);
}

// R5: the top of the discard pile; nobody may knock for it.
void State::draw_from_discard(EventList* ev) {
  held_ = discard_[--discard_count_];
  held_from_discard_ = true;
  emit(ev, {.type = EventType::kDrew, .player = active_, .card = held_, .pile = Pile::kDiscard});
  phase_ = Phase::kHoldDrawn;
}

// R6: drawing from the empty draw pile first turns the discard pile, all but its top card,
// into a new shuffled draw pile.
int8_t State::pop_draw(EventList* ev) {
  if (draw_count_ == 0) {
    int moved = discard_count_ - kDiscardTopStays;
    std::copy_n(discard_.begin(), moved, draw_.begin());
    discard_[0] = discard_[moved];
    discard_count_ = kDiscardTopStays;
    draw_count_ = static_cast<uint8_t>(moved);
    rng_.shuffle(std::span<int8_t>(draw_.data(), moved));
    emit(ev, {.type = EventType::kReshuffled, .cards = static_cast<int16_t>(moved)});
  }
  return draw_[--draw_count_];
}

// --- R7: the knock window and the choice of a knocker -------------------------------------

// R7: the eligible players answer one at a time, clockwise from the active player's left.
// Without a branch on the answer or on the window's end (coin tosses in random play).
void State::answer_knock(int p, bool knock, EventList* ev) {
  knock_pending_ &= static_cast<uint8_t>(~(1u << p));
  knockers_ |= static_cast<uint8_t>(unsigned{knock} << p);
  emit(ev, {.type = knock ? EventType::kKnocked : EventType::kPassed,
            .player = static_cast<int8_t>(p)});
  const Phase after = select_phase(knockers_ != 0, Phase::kChooseKnocker, Phase::kHoldDrawn);
  phase_ = select_phase(knock_pending_ != 0, Phase::kKnockWindow, after);
}

// R7: the active player gives the card to one knocker, or to none and goes on as in R5.
// Without a branch on the choice (a coin toss in random play; the next phase's dispatch is
// the one jump that depends on it).
void State::choose_knocker(Action a, EventList* ev) {
  const bool give = a.type == ActionType::kGive;
  knocker_ = static_cast<int8_t>(give ? int{a.arg} : kNoPlayer);
  if (ev) {
    if (give)
      ev->push_back({.type = EventType::kGave, .player = active_, .knocker = knocker_});
    else
      ev->push_back({.type = EventType::kRefused, .player = active_});
  }
  phase_ = select_phase(give, Phase::kKnockerSwap, Phase::kHoldDrawn);
}

// --- R5: swap, or discard and reveal ------------------------------------------------------

// R5: the drawn card lies face up; the replaced card is discarded after the clearing.
void State::swap_drawn(CellId c, EventList* ev) {
  const int8_t card = held_;
  held_ = kNoCard;
  pending_discard_ = values_[c];
  pending_discard_from_ = c;
  place_face_up(c, card);
  emit(ev, {.type = EventType::kSwapped,
            .player = active_,
            .card = card,
            .old_card = pending_discard_,
            .cell = c});
  if (run_clearing(active_, AfterClear::kFinishSwap, ev)) return;
  discard_pending(ev);
  end_turn(ev);
}

void State::discard_drawn(EventList* ev) {
  push_discard(held_);
  emit(ev, {.type = EventType::kDiscarded, .player = active_, .card = held_});
  held_ = kNoCard;
  phase_ = Phase::kRevealAfterDiscard;
}

// R5, R4: the revealed card may complete lines.
void State::reveal_after_discard(CellId c, EventList* ev) {
  reveal(c);
  emit(ev, {.type = EventType::kRevealed, .player = active_, .card = values_[c], .cell = c});
  if (run_clearing(active_, AfterClear::kEndTurn, ev)) return;
  end_turn(ev);
}

// R5: the replaced card goes onto the discard pile after the clearing, so it ends on top.
void State::discard_pending(EventList* ev) {
  push_discard(pending_discard_);
  emit(ev, {.type = EventType::kDiscarded,
            .player = active_,
            .card = pending_discard_,
            .cell = pending_discard_from_});
  pending_discard_ = kNoCard;
  pending_discard_from_ = kNoCell;
}

// --- R7: a given knock, steps 1-3 ---------------------------------------------------------

// R7 step 1: the knocker swaps the given card in and holds the replaced one (hidden if it was
// face down); then he clears (R4).
void State::knocker_swap(CellId c, EventList* ev) {
  const int8_t card = held_;
  held_ = kNoCard;
  hand_ = values_[c];
  hand_known_ = !(face_down_[cell_owner(c)] & bit_of(c));  // no branch on the cell's state
  place_face_up(c, card);
  emit(ev, {.type = EventType::kKnockerSwapped,
            .player = knocker_,
            .card = card,
            .old_card = hand_known_ ? hand_ : kHiddenValue,
            .cell = c});
  if (run_clearing(knocker_, AfterClear::kAfterKnockerSwap, ev)) return;
  after_knocker_swap(ev);
}

// R7 after step 1: if the knocker's clear emptied his display (or nothing can be taken),
// steps 2 and 3 are skipped: his hand card goes onto the discard pile and the turn ends.
void State::after_knocker_swap(EventList* ev) {
  if (card_count(knocker_) == 0 || takeable() == 0) {
    push_discard(hand_);
    emit(ev, {.type = EventType::kDiscarded, .player = knocker_, .card = hand_});
    end_turn(ev);
  } else {
    phase_ = Phase::kTake;
    check_round_end(ev);  // R8: the knocker's swap may have completed a display
  }
}

// R7 step 2: the active player takes a card of the knocker's display (takeable()), leaving a
// hole (R8a: the hole ends nobody's display until step 3 fills it).
void State::take_checked(Action a, EventList* ev) {
  if (!legal_cell(Phase::kTake, a)) throw_illegal(a);
  take(a.arg, ev);
}

void State::take(CellId c, EventList* ev) {
  taken_known_ = !(face_down_[cell_owner(c)] & bit_of(c));  // takeable(): not empty
  taken_ = values_[c];
  make_empty(c);
  hole_ = c;  // no R8 check now: the hole ends nobody's display before the put-back (R8a.3)
  emit(ev, {.type = EventType::kTook,
            .player = active_,
            .card = taken_known_ ? taken_ : kHiddenValue,
            .cell = c});
  phase_ = Phase::kPut;
}

// R7 step 2: ... and puts it face up into his own display; he clears (R4).
void State::put(CellId c, EventList* ev) {
  pending_discard_ = values_[c];
  pending_discard_from_ = c;
  place_face_up(c, taken_);
  emit(ev, {.type = EventType::kPut,
            .player = active_,
            .card = taken_,
            .old_card = pending_discard_,
            .cell = c});
  taken_ = kNoCard;
  taken_known_ = false;
  if (run_clearing(active_, AfterClear::kFinishPut, ev)) return;
  finish_put(ev);
}

// R7 step 2 ends with the discard of the replaced card. R8a.2: an active player whose display
// is complete now ends the round, before the put-back. R7 step 3: the knocker fills the hole
// with his hand card, face up; nothing is cleared now. R8a.3: end_turn() then looks for a
// complete display clockwise from the active player.
void State::finish_put(EventList* ev) {
  discard_pending(ev);
  if (ender_ == kNoPlayer && display_complete(active_)) set_ender(active_, ev);
  place_face_up(hole_, hand_);
  emit(ev, {.type = EventType::kPutBack, .player = knocker_, .card = hand_, .cell = hole_});
  hole_ = kNoCell;
  end_turn(ev);
}

// --- R2-R4: clearing ----------------------------------------------------------------------

// R2-R4: clear complete lines of p's display, one at a time, looking again after each (the
// cascade). The player chooses when more than one line is complete, or always when clearing
// is optional; otherwise the only line is cleared at once.
// Returns true at such a choice (phase kChooseLine: choose_line() goes on with `then`, see
// continue_after_clear()), false once no line is left: then the caller goes on with `then`'s
// step itself (a direct call: the switch of continue_after_clear() was a mispredicted jump).
// Every placement ends here, so R8's check after the card moved runs here at a pause
// (after_cells_changed()); otherwise the turn goes on to end_turn(), which checks before the
// next turn, or (a knock) to the take, where after_knocker_swap() checks.
bool State::run_clearing(int p, AfterClear then, EventList* ev) {
  clearer_ = static_cast<int8_t>(p);
  after_clear_ = then;
  for (;;) {
    LineList lines;
    complete_lines(p, lines);
    if (lines.empty()) break;
    if (options_.optional_clearing || lines.size() > 1) {
      phase_ = Phase::kChooseLine;
      after_cells_changed(ev);
      return true;
    }
    clear_line(p, lines[0], ev);
  }
  clearer_ = kNoPlayer;
  return false;
}

// R2, R3: the clearing player clears the line he chose and the cascade goes on, or (optional
// clearing) leaves the lines standing, which also stops the cascade.
void State::choose_line(Action a, EventList* ev) {
  if (!legal(a)) throw_illegal(a);
  if (a.type == ActionType::kLeaveLines) {
    emit(ev, {.type = EventType::kLinesLeft, .player = clearer_});
    return continue_after_clear(ev);
  }
  LineList lines;
  complete_lines(clearer_, lines);
  for (const Line& l : lines) {
    if (l.id == a.arg) {
      clear_line(clearer_, l, ev);
      break;
    }
  }
  if (!run_clearing(clearer_, after_clear_, ev)) continue_after_clear(ev);
}

// R3: cleared cards go onto the discard pile.
void State::clear_line(int p, const Line& line, EventList* ev) {
  int8_t v = values_[line.cells[0]];
  for (CellId c : line.cells) {
    push_discard(v);
    make_empty(c);
  }
  emit(ev, {.type = EventType::kCleared,
            .player = static_cast<int8_t>(p),
            .card = v,
            .line = static_cast<uint8_t>(line.id),
            .cells = line.cells});
}

void State::continue_after_clear(EventList* ev) {
  clearer_ = kNoPlayer;
  switch (after_clear_) {
    case AfterClear::kFinishSwap:
      discard_pending(ev);
      end_turn(ev);
      break;
    case AfterClear::kEndTurn:
      end_turn(ev);
      break;
    case AfterClear::kAfterKnockerSwap:
      after_knocker_swap(ev);
      break;
    case AfterClear::kFinishPut:
      finish_put(ev);
      break;
  }
}

// --- R8, R8a: the end of a round ----------------------------------------------------------

// R8a.1: a display is complete when it has no face-down card and no hole waiting for the
// knocker's put-back (that cell is neither turned over nor cleared).
bool State::display_complete(int p) const {
  if (display_down_[p] != 0) return false;
  return hole_ == kNoCell || !in_display(p, players(), hole_);
}

// R8: the first complete display, the active player's first, then clockwise, ends the round.
// R8a.3: between a knock's take and the put-back nobody ends it here (the end of step 2 names
// the active player, finish_put()); after the put-back this check runs again.
// Every display at once, without a branch per player (it runs after every action that moves a
// card): the display masks are kept (display_down_), so a complete display is a zero mask.
void State::check_round_end(EventList* ev) {
  if (ender_ != kNoPlayer || hole_ != kNoCell) return;
  const int n = players();
#if defined(__SSE2__)  // the six masks compared with zero at once
  unsigned complete = lane_bits(_mm_cmpeq_epi16(player_lanes(display_down_), _mm_setzero_si128()));
#else
  unsigned complete = 0;
  for (int p = 0; p < kMaxPlayers; ++p) complete |= unsigned{display_down_[p] == 0} << p;
#endif
  complete &= (1u << n) - 1;
  if (complete) set_ender(first_clockwise(static_cast<uint8_t>(complete), active_, n), ev);
}

void State::set_ender(int p, EventList* ev) {
  ender_ = static_cast<int8_t>(p);
  emit(ev, {.type = EventType::kRoundEnded, .player = ender_});
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
    if (p == ender_ || display_down_[p] == 0) {
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
// the game or wait at the chance node for the next round's deal (deal()).
void State::finish_round(EventList* ev) {
  const int n = players();
  // 1. R8: the end-of-round reveal.
  for (int p = 0; p < n; ++p) {
    for (int i = 0; i < kGridCells; ++i) {
      if (face_down_[p] >> i & 1) {
        auto c = static_cast<CellId>(p * kGridCells + i);
        emit(ev, {.type = EventType::kFinalRevealed, .card = values_[c], .cell = c});
      }
    }
    face_down_[p] = 0;
  }
  rebuild_displays();
  // 2. R9: the display scores (a column-3 card counts in both displays it lies in).
  std::array<int32_t, kMaxPlayers> raw{};
  uint8_t empty_displays = 0;
  for (int p = 0; p < n; ++p) {
    int sum = 0;
    for (int d = 0; d < kDisplayCells; ++d) {
      CellId c = display_cell(p, n, d);
      if (!(empty_[cell_owner(c)] & bit_of(c))) sum += values_[c];
    }
    raw[p] = display_score_half(sum, card_count(p));
    if (card_count(p) == 0) empty_displays |= static_cast<uint8_t>(1u << p);
  }
  // 3. R9: the ender's penalty.
  const RoundResult result =
      score_round(std::span<const int32_t>(raw.data(), n), ender_, empty_displays);
  // 4. Totals.
  for (int p = 0; p < n; ++p) {
    totals_half_[p] += result.score_half[p];
    emit(ev, {.type = EventType::kRoundScored,
              .player = static_cast<int8_t>(p),
              .penalised = result.penalised && p == ender_,
              .empty_display = card_count(p) == 0,
              .display_half = static_cast<int16_t>(result.raw_half[p]),
              .score_half = static_cast<int16_t>(result.score_half[p])});
  }
  last_round_ = result;
  ++rounds_played_;
  // 5. R10: the game ends after the last round or the round in which someone reached the limit.
  if (game_over(options_, rounds_played_, std::span<const int32_t>(totals_half_.data(), n))) {
    phase_ = Phase::kGameOver;
    emit(ev, {.type = EventType::kGameOver, .winners = winners()});
    return;
  }
  // 6. The chance node: the finished table stays as it is until deal().
  phase_ = Phase::kRoundOver;
}

bool State::operator==(const State& o) const {
  if (!(options_ == o.options_ && rng_ == o.rng_ && face_down_ == o.face_down_ &&
        empty_ == o.empty_ && draw_count_ == o.draw_count_ && discard_count_ == o.discard_count_ &&
        phase_ == o.phase_ && round_ == o.round_ && rounds_played_ == o.rounds_played_ &&
        first_player_ == o.first_player_ && active_ == o.active_ &&
        setup_reveals_left_ == o.setup_reveals_left_ &&
        setup_players_done_ == o.setup_players_done_ && ender_ == o.ender_ &&
        final_done_ == o.final_done_ && final_turns_left_ == o.final_turns_left_ &&
        final_next_ == o.final_next_ && turns_in_round_ == o.turns_in_round_ && held_ == o.held_ &&
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
