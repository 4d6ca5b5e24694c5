// TableModel: what the screen shows of a game, taken from the public view only.
//
// A front end must never see a hidden card, so the model is built from a PublicView (face-down
// cells carry no value) plus what the session knows about the seats (names, kind) and the log.
// It is a plain value: tests build one from a position and check what gets drawn. apply()
// keeps its cells in step with an action's events, which is how the end of a round is shown
// with every card turned up although the engine has already dealt the next round.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/public_view.h"

namespace allegra::tui {

struct CellView {
  CellState state = CellState::kFaceDown;
  int8_t value = kHiddenValue;  // the card of a face-up cell; kHiddenValue otherwise
};

struct TableModel {
  int players = 0;
  int viewer = 0;       // the seat drawn at the bottom of the screen
  int you = kNoPlayer;  // the one person at this keyboard, whom texts call "you" (Voice)
  std::vector<std::string> names;
  std::vector<int32_t> totals_half;                // game totals so far, in half points
  std::vector<std::vector<int32_t>> round_scores;  // per finished round, per player (half points)

  int round = 0;   // 0-based
  int rounds = 0;  // 0: no round limit
  Phase phase = Phase::kSetupReveal;
  int current = kNoPlayer;  // who decides now (kNoPlayer: nobody, e.g. between rounds)
  int active = kNoPlayer;   // whose turn it is
  int knocker = kNoPlayer;
  uint8_t knockers = 0;  // bit p: p knocked in this turn
  int ender = kNoPlayer;
  std::array<CellView, kMaxCells> cells{};

  int draw_count = 0;
  int8_t discard_top = kNoCard;
  int8_t held = kNoCard;  // the drawn card while it is held
  bool held_from_discard = false;
  int8_t hand = kNoCard;  // the knocker's hand card (kHiddenValue if face down)
  int8_t taken = kNoCard;

  std::string status;              // whose turn it is and what is being decided
  std::vector<std::string> log;    // what happened, oldest first
  std::vector<std::string> notes;  // replaces the log when set: hints, round results, summary

  const CellView& cell(CellId c) const { return cells[c]; }
  // Keeps the cells in step with one event of an apply() (reveals, placements, clears).
  void apply(const Event& e);
};

// The model of `view`; names has one entry per seat; viewer is drawn at the bottom.
TableModel make_model(const PublicView& view, const std::vector<std::string>& names, int viewer);

}  // namespace allegra::tui
