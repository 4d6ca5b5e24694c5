#include "engine/state_check.h"

#include <fmt/format.h>

#include "engine/scoring.h"
#include "engine/state_codec.h"

namespace allegra {

namespace {

// Half points of a round are bounded: a display holds at most 15 cards of -1..11, and the
// ender's penalty doubles (at most 2*330) or halves.
constexpr int32_t kMinRoundHalf = -30;
constexpr int32_t kMaxRoundHalf = 660;

}  // namespace

std::optional<std::string> StateCodec::validate(const State& s) {
  using R = std::optional<std::string>;
  auto bad = [](std::string_view field, const std::string& what) -> R {
    return fmt::format("{}: {}", field, what);
  };
  const RuleOptions& o = s.options_;
  if (auto e = o.validate()) return bad("options", *e);
  const int n = o.players;
  const auto all = static_cast<uint8_t>((1u << n) - 1);
  const Phase ph = s.phase_;
  if (static_cast<int>(ph) >= StateCodec::kNumPhases) return bad("phase", "out of range");
  const std::string_view phase = phase_name(ph);
  auto is_player = [&](int p) { return p >= 0 && p < n; };
  auto is_card = [](int8_t v) { return v >= kMinValue && v <= kMaxValue; };
  auto card_or_none = [&](int8_t v) { return v == kNoCard || is_card(v); };

  // 1. Ranges (the reader checks these already; a state built in memory may not).
  const uint64_t* w = s.rng_.words();
  if ((w[0] | w[1] | w[2] | w[3]) == 0) return bad("rng", "an all-zero generator state");
  if (s.round_ < 0 || s.rounds_played_ < 0) return bad("round", "negative");
  if (!is_player(s.first_player_)) return bad("first_player", "out of range");
  if (!is_player(s.active_)) return bad("active", "out of range");
  if (s.setup_reveals_left_ < 0 || s.setup_reveals_left_ > 2)
    return bad("setup_reveals_left", "must be 0..2");
  if (s.setup_players_done_ < 0 || s.setup_players_done_ > n)
    return bad("setup_players_done", "out of range");
  if (s.ender_ != kNoPlayer && !is_player(s.ender_)) return bad("ender", "out of range");
  if (s.final_done_ & ~all) return bad("final_done", "names a player who is not in the game");
  if (s.final_turns_left_ < -1 || s.final_turns_left_ > n)
    return bad("final_turns_left", "out of range");
  if (!is_player(s.final_next_)) return bad("final_next", "out of range");
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p >= n &&
        (s.face_down_[p] || s.empty_[p] || s.totals_half_[p] || s.last_round_.raw_half[p] ||
         s.last_round_.score_half[p] || (s.last_round_.empty_display >> p & 1)))
      return bad("grids", fmt::format("player {} is not in the game", p));
    if ((s.face_down_[p] | s.empty_[p]) & ~kGridMask) return bad("grids", "mask out of range");
    if (s.face_down_[p] & s.empty_[p])
      return bad(fmt::format("grids[{}]", p), "a cell is both face down and empty");
  }
  for (int c = 0; c < n * kGridCells; ++c)
    if (s.cell_state(static_cast<CellId>(c)) != CellState::kEmpty && !is_card(s.values_[c]))
      return bad(fmt::format("grids[{}][{}].value", c / kGridCells, c % kGridCells),
                 "not a card value");
  {  // the display caches are derived from the grids: a change that missed them shows here
    State rebuilt = s;
    rebuilt.rebuild_displays();
    if (rebuilt.display_rows_ != s.display_rows_ || rebuilt.display_down_ != s.display_down_ ||
        rebuilt.display_empty_ != s.display_empty_)
      return bad("grids", "the display caches disagree with the grids");
  }
  if (s.draw_count_ > kMaxDeck || s.discard_count_ > kMaxDeck)
    return bad("draw_pile", "too many cards");
  for (int i = 0; i < s.draw_count_; ++i)
    if (!is_card(s.draw_[i])) return bad("draw_pile", "not a card value");
  for (int i = 0; i < s.discard_count_; ++i)
    if (!is_card(s.discard_[i])) return bad("discard_pile", "not a card value");
  if (!card_or_none(s.held_)) return bad("held", "not a card value");
  if (!card_or_none(s.hand_)) return bad("hand", "not a card value");
  if (!card_or_none(s.taken_)) return bad("taken", "not a card value");
  if (!card_or_none(s.pending_discard_)) return bad("pending_discard", "not a card value");
  if ((s.knock_pending_ | s.knockers_) & ~all)
    return bad("knockers", "names a player who is not in the game");
  if (s.knocker_ != kNoPlayer && !is_player(s.knocker_)) return bad("knocker", "out of range");
  if (s.clearer_ != kNoPlayer && !is_player(s.clearer_)) return bad("clearer", "out of range");
  if (s.hole_ != kNoCell && s.hole_ >= n * kGridCells) return bad("hole", "out of range");
  if (s.pending_discard_from_ != kNoCell && s.pending_discard_from_ >= n * kGridCells)
    return bad("pending_discard_from", "out of range");
  if (static_cast<int>(s.after_clear_) >= static_cast<int>(StateCodec::kAfterClearNames.size()))
    return bad("after_clear", "out of range");
  if (s.last_round_.ender != kNoPlayer && !is_player(s.last_round_.ender))
    return bad("last_round.ender", "out of range");

  // 2. Card conservation: the table holds exactly the deck.
  {
    std::array<int, kNumValues> held{};
    auto add = [&](int8_t v) {
      if (v != kNoCard) ++held[v - kMinValue];
    };
    for (int c = 0; c < n * kGridCells; ++c)
      if (s.cell_state(static_cast<CellId>(c)) != CellState::kEmpty) add(s.values_[c]);
    for (int i = 0; i < s.draw_count_; ++i) add(s.draw_[i]);
    for (int i = 0; i < s.discard_count_; ++i) add(s.discard_[i]);
    add(s.held_);
    add(s.hand_);
    add(s.taken_);
    add(s.pending_discard_);
    DeckCounts deck = o.effective_deck();
    for (int v = 0; v < kNumValues; ++v)
      if (held[v] != deck[v])
        return bad("cards", fmt::format("the deck has {} cards of value {}, the state holds {} "
                                        "(cells, piles, held, hand, taken and pending discard)",
                                        deck[v], v + kMinValue, held[v]));
  }

  // 3. What the phase implies about the turn in progress.
  using AC = State::AfterClear;
  const AC ac = s.after_clear_;
  const bool setup = ph == Phase::kSetupReveal;
  const bool over = ph == Phase::kGameOver;
  // The round has been played to its end and scored: the chance node, or the game's end.
  const bool ended = over || ph == Phase::kRoundOver;
  const bool line = ph == Phase::kChooseLine;
  const bool knock_clear = line && (ac == AC::kAfterKnockerSwap || ac == AC::kFinishPut);
  auto expect = [&](std::string_view field, bool present, bool expected) -> R {
    if (present == expected) return std::nullopt;
    return bad(field,
               fmt::format("{} in phase {}{}", expected ? "required" : "must be absent", phase,
                           line ? fmt::format(" (after clear: {})",
                                              StateCodec::kAfterClearNames[static_cast<int>(ac)])
                                : ""));
  };
  const bool knock_turn =
      ph == Phase::kKnockerSwap || ph == Phase::kTake || ph == Phase::kPut || knock_clear;
  R r;
  if ((r = expect("held", s.held_ != kNoCard,
                  ph == Phase::kKnockWindow || ph == Phase::kChooseKnocker ||
                      ph == Phase::kHoldDrawn || ph == Phase::kKnockerSwap)))
    return r;
  if ((r = expect("knocker", s.knocker_ != kNoPlayer, knock_turn))) return r;
  if ((r = expect("hand", s.hand_ != kNoCard,
                  ph == Phase::kTake || ph == Phase::kPut || knock_clear)))
    return r;
  if ((r = expect("taken", s.taken_ != kNoCard, ph == Phase::kPut))) return r;
  if ((r = expect("hole", s.hole_ != kNoCell, ph == Phase::kPut || (line && ac == AC::kFinishPut))))
    return r;
  const bool pending = line && (ac == AC::kFinishSwap || ac == AC::kFinishPut);
  if ((r = expect("pending_discard", s.pending_discard_ != kNoCard, pending))) return r;
  if ((r = expect("pending_discard_from", s.pending_discard_from_ != kNoCell, pending))) return r;
  if ((r = expect("clearer", s.clearer_ != kNoPlayer, line))) return r;
  if ((r = expect("knock_pending", s.knock_pending_ != 0, ph == Phase::kKnockWindow))) return r;
  if (s.hand_known_ && s.hand_ == kNoCard) return bad("hand_known", "true without a hand card");
  if (s.taken_known_ && s.taken_ == kNoCard) return bad("taken_known", "true without a taken card");

  const bool knocking_now = knock_turn || s.knockers_ || s.knock_pending_ ||
                            ph == Phase::kKnockWindow || ph == Phase::kChooseKnocker;
  if (knocking_now && !o.knocking_in_effect())
    return bad("knockers", "a knock, but knocking is not in effect with these options");
  if ((s.knock_pending_ | s.knockers_) >> s.active_ & 1)
    return bad("knockers", "the active player cannot knock for his own card");
  if (s.knock_pending_ & s.knockers_) return bad("knock_pending", "a player already knocked");
  if (ph == Phase::kChooseKnocker && !s.knockers_)
    return bad("knockers", "somebody must have knocked in phase choose-knocker");
  if ((setup || ended || ph == Phase::kChooseDraw) && s.knockers_)
    return bad("knockers", fmt::format("must be empty in phase {}", phase));
  if (knocking_now && s.held_from_discard_)
    return bad("held_from_discard", "knocking is only for a card from the draw pile");
  if (s.knocker_ != kNoPlayer) {
    if (s.knocker_ == s.active_) return bad("knocker", "the active player cannot be the knocker");
    if (!(s.knockers_ >> s.knocker_ & 1)) return bad("knocker", "did not knock");
  }
  if (s.hole_ != kNoCell) {
    if (s.cell_state(s.hole_) != CellState::kEmpty) return bad("hole", "the hole must be empty");
    if (!in_display(s.knocker_, n, s.hole_)) return bad("hole", "must be in the knocker's display");
  }
  if (s.pending_discard_from_ != kNoCell && !in_display(s.active_, n, s.pending_discard_from_))
    return bad("pending_discard_from", "must be in the active player's display");
  if (line) {
    int expected = ac == AC::kAfterKnockerSwap ? s.knocker_ : s.active_;
    if (s.clearer_ != expected)
      return bad("clearer", fmt::format("must be player {} (after clear: {})", expected,
                                        StateCodec::kAfterClearNames[static_cast<int>(ac)]));
    LineList lines;
    s.complete_lines(s.clearer_, lines);
    if (lines.empty() || (!o.optional_clearing && lines.size() < 2))
      return bad("clearer", fmt::format("the display of player {} offers no choice of lines",
                                        static_cast<int>(s.clearer_)));
  }

  // 4. Setup, round progress and the end of the round.
  auto face_up_cells = [&] {
    int up = 0;
    for (int p = 0; p < n; ++p) up += kGridCells - count_cells(s.face_down_[p] | s.empty_[p]);
    return up;
  };
  if (setup) {
    if (s.setup_reveals_left_ < 1 || s.setup_players_done_ >= n)
      return bad("setup_reveals_left", "inconsistent with phase setup-reveal");
    if (s.active_ != (s.first_player_ + s.setup_players_done_) % n)
      return bad("active", "must be the first player's seat plus the players done with setup");
    for (int p = 0; p < n; ++p)
      if (s.empty_[p]) return bad(fmt::format("grids[{}]", p), "no cell is empty during setup");
    int expected_up = 2 * s.setup_players_done_ + 2 - s.setup_reveals_left_;
    if (face_up_cells() != expected_up)
      return bad("grids", fmt::format("{} cards should be face up during this setup, {} are",
                                      expected_up, face_up_cells()));
    if (s.ender_ != kNoPlayer || s.final_done_ || s.final_turns_left_ != -1 || s.final_next_)
      return bad("ender", "the round cannot be ending during setup");
    if (s.discard_count_ != 1)
      return bad("discard_pile", "holds exactly the starter card during setup");
    if (s.held_from_discard_) return bad("held_from_discard", "must be false during setup");
  } else if (s.setup_reveals_left_ != 0 || s.setup_players_done_ != n) {
    return bad("setup_reveals_left", fmt::format("setup is over in phase {}", phase));
  }
  if (ended) {
    const std::string_view once = over ? "once the game is over" : "once the round is over";
    for (int p = 0; p < n; ++p)
      if (s.face_down_[p])
        return bad(fmt::format("grids[{}]", p), fmt::format("no card is face down {}", once));
    if (s.rounds_played_ != s.round_ + 1)
      return bad("rounds_played", fmt::format("must be round + 1 {}", once));
    if (s.ender_ == kNoPlayer || s.last_round_.ender != s.ender_)
      return bad("ender", fmt::format("must be the ender of the last round {}", once));
    if (s.final_turns_left_ != 0 || s.final_done_ != all)
      return bad("final_done", fmt::format("every player has had his final turn {}", once));
  } else {
    if (s.rounds_played_ != s.round_)
      return bad("rounds_played", "must equal round while a round is played");
  }
  if (!setup && !ended) {
    if (s.ender_ == kNoPlayer) {
      for (int p = 0; p < n; ++p)
        if (s.face_down_count(p) == 0 && s.hole_ == kNoCell)  // R8a: not before the put-back
          return bad("ender", fmt::format("player {} has no face-down card, so the round must "
                                          "have been ended",
                                          p));
      if (s.final_done_ || s.final_turns_left_ != -1 || s.final_next_)
        return bad("final_done", "no final turns before the round is ended");
    } else {
      if (s.face_down_count(s.ender_) != 0)
        return bad("ender", "the ender's display has a face-down card");
      if (s.final_turns_left_ == -1) {
        if (s.final_done_ || s.final_next_)
          return bad("final_done", "no final turns before the ending turn is over");
      } else {
        if (s.final_turns_left_ >= n) return bad("final_turns_left", "out of range");
        if (s.active_ != right_of(s.final_next_, n))
          return bad("final_next", "must be the seat after the active player");
        if (s.final_done_ >> s.active_ & 1)
          return bad("final_done", "the active player already had his final turn");
      }
    }
    if (ph == Phase::kChooseDraw && s.discard_count_ == 0)
      return bad("discard_pile", "cannot be empty when a player is to draw");
  }

  // 5. Scores.
  const int rp = s.rounds_played_;
  auto in_bounds = [&](int32_t total, int rounds) {
    return total >= int64_t{kMinRoundHalf} * rounds && total <= int64_t{kMaxRoundHalf} * rounds;
  };
  // R10, the engine's own rule (scoring.h), over the first n totals.
  auto game_over_after = [&](const std::array<int32_t, kMaxPlayers>& totals, int rounds) {
    return game_over(o, rounds, std::span<const int32_t>(totals.data(), n));
  };
  for (int p = 0; p < n; ++p)
    if (!in_bounds(s.totals_half_[p], rp))
      return bad(fmt::format("totals_half[{}]", p), fmt::format("impossible after {} rounds", rp));
  const RoundResult& lr = s.last_round_;
  if (rp == 0) {
    if (!(lr == RoundResult{})) return bad("last_round", "must be empty before the first round");
  } else {
    if (lr.ender == kNoPlayer) return bad("last_round.ender", "required after a round");
    for (int p = 0; p < n; ++p) {
      int32_t raw = lr.raw_half[p];
      if (raw % 2 != 0 || raw < kMinRoundHalf || raw > kMaxRoundHalf / 2)
        return bad(fmt::format("last_round.raw_half[{}]", p), "not a possible display sum");
    }
    // R9, the engine's own rule (scoring.h): the scores and the penalty from the raw sums.
    const RoundResult expected =
        score_round(std::span<const int32_t>(lr.raw_half.data(), n), lr.ender, lr.empty_display);
    if (!(expected == lr))
      return bad("last_round", "the scores and the penalty do not follow from the raw sums");
    // R9: an empty display scores the empty-display value; at the round's end the grids are
    // the finished table, whose empty displays the flags must name exactly.
    const bool finished_table = ph == Phase::kRoundOver || ph == Phase::kGameOver;
    for (int p = 0; p < n; ++p) {
      const bool empty = (lr.empty_display >> p & 1) != 0;
      if (empty && lr.raw_half[p] != kEmptyDisplayHalf)
        return bad(fmt::format("last_round.empty_display[{}]", p),
                   "an empty display scores the empty-display value");
      if (finished_table && empty != (s.card_count(p) == 0))
        return bad(fmt::format("last_round.empty_display[{}]", p),
                   empty ? "the display is not empty" : "the display is empty");
    }
    std::array<int32_t, kMaxPlayers> before{};
    for (int p = 0; p < n; ++p) {
      before[p] = s.totals_half_[p] - lr.score_half[p];
      if (!in_bounds(before[p], rp - 1))
        return bad(fmt::format("totals_half[{}]", p), "inconsistent with last_round");
    }
    if (game_over_after(before, rp - 1))
      return bad("rounds_played", "the game would have ended a round earlier");
  }
  if (game_over_after(s.totals_half_, rp) != over)
    return bad("phase", over ? "the game cannot be over yet"
                             : "the game must be over after these rounds and totals");

  // 6. Someone can act (at the chance node the deal is next, which is always possible).
  if (!ended) {
    if (s.current_player() == kNoPlayer) return bad("phase", "nobody is to act");
    if (s.legal_actions().empty()) return bad("phase", "the player to act has no legal action");
  }
  return std::nullopt;
}

std::optional<std::string> validate_state(const State& s) { return StateCodec::validate(s); }

}  // namespace allegra
