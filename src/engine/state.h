// State: the complete game of ALLEGRA as one state machine over small actions.
//
// Rules source: ../shared/rules/allegra-rules.{de,en}.txt (the German text is the original),
// plus the project's rulings R1-R11 and R8a recorded in docs/rules.md. Every choice a player
// makes is an explicit Action; legal_actions() lists exactly the legal ones of
// current_player(), and apply() rejects anything else and leaves the state unchanged.
// Random play (benchmarks, random rollouts) can pick without the list (random_legal_action())
// and pick and apply in one step (apply_random()), with the same draws as the list's pick.
//
// Chance, the OpenSpiel way: a round that is not the last ends in its own phase, kRoundOver
// (the final reveal done, the round scored, last_round() filled, every card face up on the
// table as it finished). That is the chance node: is_chance_node() is true, current_player()
// is kChancePlayer, legal_actions() is empty and apply() refuses with a sentence; the next
// round's deal is a separate step, deal(), which takes the one chance outcome (the deck order)
// from the state's own Rng or from a recorded deck. So a front end can show the finished table
// before dealing, and a replay imposes the recorded deck at the very step where it was drawn.
// The last round goes straight to kGameOver. The first round is dealt at construction (there
// is no finished table to show before it): from the Rng, or from a recorded deck with the
// second constructor. A deal from a recorded deck advances the Rng exactly as dealing from the
// Rng would, so both leave equal states when the deck is the one the Rng gives.
//
// Implementation notes:
//  - Chance is a seeded Rng inside the state (deals, reshuffles), so the same seed and the same
//    decisions replay the same game bit for bit. A replay can instead impose a recorded deck
//    order (deal(deck), the deck constructor) or reshuffle order (reshuffle_with). A reshuffle
//    stays inside the draw that needs it (it is not a decision point of anyone's).
//  - Nobody knows a face-down card or the draw-pile order, so there is one public view for all
//    players; resample() redraws exactly that hidden part, for search bots.
//  - The state is a flat ~600-byte value with no heap memory; copying it is a memcpy.
//  - The knock window (R7) is a simultaneous node, as in OpenSpiel's simultaneous-move games:
//    is_simultaneous_node() is true, deciding_players() names every eligible player still to
//    answer, legal_actions(seat) and apply(seat, action) take each one's answer. An answer is
//    sealed: the state keeps it (knockers(), for saves) but no PublicView shows it, and no
//    event reports it, until the last eligible player has answered; then the window resolves
//    and reports every answer at once, in the rulebook's order (clockwise from the active
//    player's left). Who has answered is public (knock_pending()); what, not (docs/rules.md R7).
//    For turn-based code (search bots, random play, records, the Python AEC env) the node also
//    reads as turns: current_player() is the first seat still to answer in the rulebook's
//    order, and apply(action) is apply(current_player(), action). The answers being sealed, it
//    does not matter in which order they come in.
#pragma once

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/geometry.h"
#include "engine/lines.h"
#include "engine/options.h"
#include "engine/rng.h"
#include "engine/scoring.h"

namespace allegra {

inline constexpr int kMaxActions = 32;  // the most any decision offers is 16 (swap or discard)
using ActionList = boost::container::static_vector<Action, kMaxActions>;
// No card in that place (held card, hand card, ...). kHiddenValue (event.h) instead means a
// card is there but its value is hidden.
inline constexpr int8_t kNoCard = -127;

// What the game is waiting for.
enum class Phase : uint8_t {
  kSetupReveal,         // the setup player reveals a face-down card of his display (2 each)
  kChooseDraw,          // the active player draws from the draw or the discard pile
  kKnockWindow,         // simultaneous: every eligible player knocks or passes (sealed)
  kChooseKnocker,       // the active player gives the card to a knocker or refuses
  kHoldDrawn,           // the active player swaps the drawn card in, or discards it
  kRevealAfterDiscard,  // the active player reveals a face-down card after discarding
  kKnockerSwap,         // the knocker swaps the given card into his display
  kTake,                // the active player takes a card of the knocker's display
  kPut,                 // the active player puts it into his own display
  kChooseLine,          // the clearing player chooses which complete line to clear
  kRoundOver,           // chance: the round is over and scored; deal() deals the next one
  kGameOver,
};
std::string_view phase_name(Phase p);

enum class CellState : uint8_t { kFaceDown, kFaceUp, kEmpty };

// Thrown by apply() for an action that is not legal now; the state is unchanged.
class IllegalAction : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class PublicView;

// current_player() at the chance node (kRoundOver): nobody decides; deal() is the next step.
inline constexpr int kChancePlayer = -2;

class State {
 public:
  // A new game, every chance event drawn from `seed`; the deal is reported to `events`.
  // Throws std::invalid_argument if the options do not validate.
  State(const RuleOptions& options, uint64_t seed, EventList* events = nullptr);
  // The same with another player first in round 1 (R11: a rematch moves the dealer on; then
  // one seat to the left each round as usual). The deal is the same shuffled deck, dealt from
  // `first_player` on. Also throws std::invalid_argument for a player out of range.
  State(const RuleOptions& options, uint64_t seed, int first_player, EventList* events = nullptr);
  // A new game whose first round is dealt from a recorded deck order, top card first (dealing
  // convention: docs/record-format.md); the Rng advances as if it had dealt. Throws
  // std::invalid_argument for bad options or a deck that is not exactly the deck's cards.
  State(const RuleOptions& options, uint64_t seed, std::span<const int8_t> deck_top_first,
        EventList* events = nullptr);
  // The same with another player first in round 1 (see above).
  State(const RuleOptions& options, uint64_t seed, int first_player,
        std::span<const int8_t> deck_top_first, EventList* events = nullptr);

  // --- The state machine -------------------------------------------------------------------
  // kNoPlayer once the game is over, kChancePlayer at the chance node (kRoundOver); at the
  // simultaneous node, the first seat still to answer in the rulebook's order (the node read as
  // turns: see the top of this file).
  int current_player() const;
  bool is_terminal() const { return phase_ == Phase::kGameOver; }
  // The round is over and scored, the game is not: the next step is deal(), not apply().
  bool is_chance_node() const { return phase_ == Phase::kRoundOver; }
  // The knock window (R7): every seat of deciding_players() answers, in any order, with
  // apply(seat, action); nobody sees another's answer before the last one is in.
  bool is_simultaneous_node() const { return phase_ == Phase::kKnockWindow; }
  // Bit p: p must decide now. At the simultaneous node every seat still to answer; at the
  // chance node and at the game's end nobody; else current_player() alone.
  uint8_t deciding_players() const;
  // The legal actions of `seat` now: empty unless it is one of deciding_players().
  void legal_actions(int seat, ActionList& out) const;
  ActionList legal_actions(int seat) const {
    ActionList out;
    legal_actions(seat, out);
    return out;
  }
  bool is_legal(int seat, Action a) const;
  // Empty if `seat` may take `a` now, else the reason in a sentence.
  std::string why_illegal(int seat, Action a) const;
  // `seat` takes `a`: at the simultaneous node its sealed answer (no event until the window
  // resolves; the last answer resolves it and reports every answer), else the same as
  // apply(a) for the current player. Throws IllegalAction (state unchanged) otherwise.
  void apply(int seat, Action a, EventList* events = nullptr);
  void legal_actions(ActionList& out) const;
  ActionList legal_actions() const {
    ActionList out;
    legal_actions(out);
    return out;
  }
  // legal_actions()[rng.below(n)], n the list's size, without building the list: the same
  // action and the same one draw from `rng` (random play: selfplay, the bench signature,
  // benchmarks). Throws std::logic_error at the chance node and at the game's end.
  Action random_legal_action(Rng& rng) const;
  bool is_legal(Action a) const { return legal(a); }
  // Empty if `a` is legal now, else the reason in a sentence.
  std::string why_illegal(Action a) const;
  // Applies a legal action; throws IllegalAction (state unchanged) otherwise. Appends what
  // happened to `events` if given.
  void apply(Action a, EventList* events = nullptr);
  // apply(random_legal_action(rng), events) as one step: the same action, the same one draw
  // from `rng`, the same state and events after it, but one dispatch on the phase instead of
  // two and no legality check (the pick is legal by construction). For random play (the
  // benchmarks, random rollouts). Throws std::logic_error at the chance node and at the
  // game's end.
  void apply_random(Rng& rng, EventList* events = nullptr);

  // --- Chance ------------------------------------------------------------------------------
  // At the chance node: deals the next round from the state's Rng (R11: the first player's
  // left neighbour begins). Reports kRoundStarted. Throws IllegalAction elsewhere.
  void deal(EventList* events = nullptr);
  // The same with a recorded deck order, top card first (dealing convention:
  // docs/record-format.md); the Rng advances as deal() would advance it. Throws IllegalAction
  // away from the chance node, std::invalid_argument for a deck that is not the deck's cards.
  void deal(std::span<const int8_t> deck_top_first, EventList* events = nullptr);
  // The draw pile is empty and the active player is about to draw: rebuild it from the discard
  // pile (all but its top card) in this order, top first, instead of shuffling.
  void reshuffle_with(std::span<const int8_t> pile_top_first, EventList* events = nullptr);
  // True if drawing from the draw pile now would first reshuffle the discard pile into it.
  bool draw_needs_reshuffle() const { return phase_ == Phase::kChooseDraw && draw_count_ == 0; }

  // --- Hidden information ------------------------------------------------------------------
  PublicView public_view() const;
  // A copy whose hidden part (face-down cards, draw-pile order, a face-down card in a hand)
  // is redrawn uniformly from the unseen cards; its public view equals this one's. The sealed
  // answers of an open knock window are kept.
  State resample(Rng& rng) const;

  // --- Queries -----------------------------------------------------------------------------
  const RuleOptions& options() const { return options_; }
  int players() const { return options_.players; }
  Phase phase() const { return phase_; }
  int round() const { return round_; }  // 0-based index of the round being played
  int first_player() const { return first_player_; }
  int dealer() const { return right_of(first_player_, players()); }
  int active_player() const { return active_; }
  int knocker() const { return knocker_; }
  int clearer() const { return clearer_; }
  int ender() const { return ender_; }
  bool in_final_round() const { return ender_ != kNoPlayer; }
  bool had_final_turn(int p) const { return final_done_ >> p & 1; }
  int setup_reveals_left() const { return setup_reveals_left_; }
  // Turns begun in the round being played, the current one included (0 during the setup): a
  // public clock, so that a bot can notice a round that drags on without keeping a counter of
  // its own (bots are pure functions of the view and a seed: docs/bots.md).
  int turns_in_round() const { return turns_in_round_; }
  // The knock window (R7). Public: who may answer, who still must, in which order.
  uint8_t knock_pending() const { return knock_pending_; }  // bit p: p must still answer
  // Bit p: p answers in the open knock window (answered or not); 0 outside it.
  uint8_t knock_window_seats() const;
  // 0-based place of `seat` among knock_window_seats() in the rulebook's order (clockwise from
  // the active player's left): the order in which the answers are reported; -1 if `seat` is
  // not in the window.
  int knock_order(int seat) const;
  // Bit p: p knocked. In an open window, the sealed answers given so far (hidden information:
  // a PublicView shows none).
  uint8_t knockers() const { return knockers_; }

  CellState cell_state(CellId c) const {
    const int p = cell_owner(c);
    const auto b = static_cast<uint16_t>(1u << cell_index(c));
    if (empty_[p] & b) return CellState::kEmpty;
    return (face_down_[p] & b) ? CellState::kFaceDown : CellState::kFaceUp;
  }
  // 15-bit masks of p's display (bit row*5 + display column): face-down and empty cells.
  uint16_t display_down(int p) const { return display_down_[p]; }
  uint16_t display_empty(int p) const { return display_empty_[p]; }
  // The card in a cell; only meaningful if it is not empty. Hidden information if face down.
  int8_t cell_value(CellId c) const { return values_[c]; }
  // p's own grid at once (bit / index row*4 + column): face-down and empty cells, and the cards
  // (as cell_value: hidden information where face down). For encoders that compare whole grids.
  uint16_t grid_down(int p) const { return face_down_[p]; }
  uint16_t grid_empty(int p) const { return empty_[p]; }
  std::span<const int8_t, kGridCells> grid_values(int p) const {
    return std::span<const int8_t, kGridCells>(values_.data() + p * kGridCells, kGridCells);
  }
  CellId hole() const { return hole_; }  // the cell emptied by a knock take, or kNoCell
  int face_down_count(int p) const { return count_display_cells(display_down_[p]); }  // p's display
  // Non-empty cells of p's display.
  int card_count(int p) const { return kDisplayCells - count_display_cells(display_empty_[p]); }
  bool may_knock(int p) const;  // R7 eligibility, ignoring whose turn it is
  void complete_lines(int p, LineList& out) const;

  int draw_pile_size() const { return draw_count_; }
  int8_t draw_pile_card(int i) const { return draw_[draw_count_ - 1 - i]; }  // 0 = top
  int discard_pile_size() const { return discard_count_; }
  int8_t discard_pile_card(int i) const { return discard_[discard_count_ - 1 - i]; }  // 0 = top
  // The discard pile at once, bottom card first (the top is the last).
  std::span<const int8_t> discard_pile() const { return {discard_.data(), discard_count_}; }
  // The drawn card while it is held (phases kKnockWindow..kKnockerSwap), else kNoCard.
  int8_t held_card() const { return held_; }
  bool held_from_discard() const { return held_from_discard_; }
  int8_t hand_card() const { return hand_; }  // the knocker's hand card during a knock
  bool hand_card_known() const { return hand_known_; }
  int8_t taken_card() const { return taken_; }  // the active player's taken card (kPut)
  bool taken_card_known() const { return taken_known_; }
  int8_t pending_discard() const { return pending_discard_; }  // waits for a clear to end
  CellId pending_discard_from() const { return pending_discard_from_; }

  int rounds_played() const { return rounds_played_; }
  int32_t total_half(int p) const { return totals_half_[p]; }
  const RoundResult& last_round() const { return last_round_; }
  // Bit p set: p has the lowest total (only meaningful once the game is over).
  uint8_t winners() const;

  // A state consistent with `view`: its hidden part drawn uniformly from the unseen cards.
  static State sample(const PublicView& view, Rng& rng);

  // Exact equality of everything that is live (empty cells and popped pile slots aside),
  // hidden part and Rng included.
  bool operator==(const State& o) const;

 private:
  friend struct StateCodec;       // JSON serialization (state_codec.h)
  friend struct PositionBuilder;  // hand-built positions (diagram.cc)
  friend class PublicView;
  State() = default;

  enum class AfterClear : uint8_t { kFinishSwap, kEndTurn, kAfterKnockerSwap, kFinishPut };

  // The phases in rulebook order (index at the top of state.cc).
  void start_round(std::span<const int8_t> deck_top_first, EventList* ev);  // R11
  void setup_reveal(CellId c, EventList* ev);                               // R11
  void begin_turn(int p, EventList* ev);
  void draw_from_pile(EventList* ev);                        // R5, R6, R7
  void draw_from_discard(EventList* ev);                     // R5
  int8_t pop_draw(EventList* ev);                            // R6
  void answer_knock(int p, bool knock, EventList* ev);       // R7
  void close_knock_window(EventList* ev);                    // R7
  void choose_knocker(Action a, EventList* ev);              // R7
  void swap_drawn(CellId c, EventList* ev);                  // R5
  void discard_drawn(EventList* ev);                         // R5
  void reveal_after_discard(CellId c, EventList* ev);        // R5
  void knocker_swap(CellId c, EventList* ev);                // R7 step 1
  void after_knocker_swap(EventList* ev);                    // R7 step 1 -> 2
  void take_checked(Action a, EventList* ev);                // R7 step 2: checks a, take()s
  void take(CellId c, EventList* ev);                        // R7 step 2
  void put(CellId c, EventList* ev);                         // R7 step 2
  void finish_put(EventList* ev);                            // R7 step 2 end, R8a, step 3
  bool run_clearing(int p, AfterClear then, EventList* ev);  // R2-R4: true at a choice
  void choose_line(Action a, EventList* ev);                 // R2, R3
  void clear_line(int p, const Line& line, EventList* ev);
  void continue_after_clear(EventList* ev);
  void discard_pending(EventList* ev);  // R5: the replaced card, after the clearing
  void end_turn(EventList* ev);         // R8: final turns
  void check_round_end(EventList* ev);  // R8, R8a
  bool display_complete(int p) const;   // R8a.1
  void set_ender(int p, EventList* ev);
  void finish_round(EventList* ev);                       // R8 reveal, R9, R10
  int shuffled_deck(std::array<int8_t, kMaxDeck>& deck);  // R1, from the Rng
  void check_deck(std::span<const int8_t> deck) const;
  void set_first_player(int first_player);  // R11: round 1's first player, checked
  void next_round();                        // R11: the round counter and the next first player

  // Legality, written once per phase (legal() and legal_actions() both use these).
  struct CellChoice {
    ActionType type;  // the cell action of the phase
    int player;       // whose display the cells are in
    uint16_t mask;    // 15-bit display mask of the legal cells
  };
  CellChoice cell_choice(Phase phase) const;
  void add_cell_actions(Phase phase, ActionList& out) const;
  bool legal_cell(Phase phase, Action a) const;
  // The draw of random_legal_action() in a phase with cell actions: the cell, or kNoCell for
  // the discard (kHoldDrawn with `discard`: the list's last action) (random_legal.cc).
  CellId random_cell(const CellChoice& choice, bool discard, Rng& rng) const;
  // random_legal_action() of the phases without cell actions (random_legal.cc).
  Action random_knocker_choice(Rng& rng) const;
  [[gnu::noinline]] Action random_from_list(Rng& rng) const;
  // apply_random() in phase kPhase (random_legal.cc).
  template <Phase kPhase>
  [[gnu::noinline]] void apply_random_in(Rng& rng, EventList* ev);
  [[noreturn, gnu::cold, gnu::noinline]] static void throw_nobody_to_act();
  [[noreturn, gnu::cold, gnu::noinline]] static void throw_no_legal_action();
  bool may_draw_pile() const;      // R6
  bool may_discard_drawn() const;  // R5
  uint16_t occupied(int p) const { return ~display_empty(p) & kDisplayMask; }
  // R7 step 2 (inline: apply() checks a take with it; the rest in takeable_from_few()).
  uint16_t takeable() const {
    return card_count(active_) > 1 ? occupied(knocker_) : takeable_from_few();
  }
  uint16_t takeable_from_few() const;
  bool legal(Action a) const;  // the fast check behind apply() and is_legal()
  bool legal_knocker_choice(Action a) const;
  // Row r of p's display as the line search reads it (complete_lines()).
  uint64_t row_cards(int p, int left, int r) const;

  void place_face_up(CellId c, int8_t v);
  void make_empty(CellId c);
  void push_discard(int8_t v) { discard_[discard_count_++] = v; }
  void reveal(CellId c);
  // The display caches (below) of cell c's one or two displays, after the cell was made face
  // up (showing `card`) or empty (kEmpty; `card` unused).
  template <bool kEmpty>
  void sync_display_cell(CellId c, int8_t card);
  // The display caches of every display, from the grids (a deal, the final reveal, a state
  // built from a diagram or JSON).
  void rebuild_displays();
  // R8: the round-end check after a card moves (the end of run_clearing() and of the setup).
  void after_cells_changed(EventList* ev);

  [[noreturn, gnu::cold, gnu::noinline]] void throw_illegal(Action a) const;

  RuleOptions options_;
  Rng rng_;
  // Table. values_ holds the card of every non-empty cell (face-down ones too).
  std::array<int8_t, kMaxCells> values_{};
  std::array<uint16_t, kMaxPlayers> face_down_{};  // bit row*4+col of each owner's grid
  std::array<uint16_t, kMaxPlayers> empty_{};      // cleared cells and the hole
  // The same table seen display by display, kept in step with the grids by every cell change
  // (sync_display_cell()), because the hot questions are asked of displays: which cells are
  // face down or empty (legal cells, knocking, the round's end) and which lines are complete
  // (after every placement). Row r of p's display is one word as the line search reads it
  // (pack_row(), lines.h: byte dc the face-up card at display column dc, else a sentinel).
  // Derived: never compared or serialised; StateCodec::validate() checks that it agrees.
  std::array<std::array<uint64_t, kRows>, kMaxPlayers> display_rows_{};
  std::array<uint16_t, kMaxPlayers> display_down_{};   // 15-bit display masks (bit row*5+dcol)
  std::array<uint16_t, kMaxPlayers> display_empty_{};  // cleared cells and the hole
  std::array<int8_t, kMaxDeck> draw_{};                // top at draw_[draw_count_-1]
  std::array<int8_t, kMaxDeck> discard_{};             // top at discard_[discard_count_-1]
  uint8_t draw_count_ = 0;
  uint8_t discard_count_ = 0;

  // Progress of the game and the round.
  Phase phase_ = Phase::kSetupReveal;
  int16_t round_ = 0;
  int16_t rounds_played_ = 0;
  int8_t first_player_ = 0;
  int8_t active_ = 0;              // whose turn (or, in setup, who reveals)
  int8_t setup_reveals_left_ = 0;  // for the setup player
  int8_t setup_players_done_ = 0;
  int8_t ender_ = kNoPlayer;      // who ended the round (R8)
  uint8_t final_done_ = 0;        // bit p: p had (or skipped) his last turn
  int8_t final_turns_left_ = -1;  // -1: the ending turn has not finished yet
  int8_t final_next_ = 0;         // next seat to consider for a final turn
  int16_t turns_in_round_ = 0;    // turns begun in this round (see turns_in_round())

  // The turn in progress.
  int8_t held_ = kNoCard;  // the drawn card
  bool held_from_discard_ = false;
  uint8_t knock_pending_ = 0;   // bit p: p still to answer in the knock window
  uint8_t knockers_ = 0;        // bit p: p knocked (sealed while the window is open)
  int8_t knocker_ = kNoPlayer;  // the knocker who was given the card
  int8_t hand_ = kNoCard;       // the knocker's hand card (R7 step 1)
  bool hand_known_ = false;
  int8_t taken_ = kNoCard;  // the card the active player took (R7 step 2)
  bool taken_known_ = false;
  CellId hole_ = kNoCell;             // where it was taken from
  int8_t pending_discard_ = kNoCard;  // replaced card, discarded after clearing
  CellId pending_discard_from_ = kNoCell;
  int8_t clearer_ = kNoPlayer;  // whose display is being cleared (kChooseLine)
  AfterClear after_clear_ = AfterClear::kEndTurn;

  // Scores.
  std::array<int32_t, kMaxPlayers> totals_half_{};
  RoundResult last_round_{};
};

}  // namespace allegra
