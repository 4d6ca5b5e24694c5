// GamePrinter: a game as readable text, one short block per turn, from the engine's events.
//
// Used by `selfplay` and by `replay --print`. The driver calls begin_game() once, begin_round()
// after every deal (the first one and each new one), on_events() with the events of every
// apply() and deal, end_round() with the state at the end of each round (the chance node
// State::kRoundOver, or the game's end), and end_game() at the end. A turn's events (draw,
// knocks, swaps, clears, ...) are buffered and told when the next turn starts, by the one
// narrator (text::Narrator, Telling::kEverything) in the translator's language: the turn number,
// then its sentences wrapped into a block, so ~300 actions of a round become a few dozen blocks.
// At the end of each round the finished table is drawn from the state itself (every card face
// up) and the scores shown.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/record.h"
#include "engine/state.h"
#include "text/narrator.h"
#include "text/translator.h"

namespace allegra::cli {

class GamePrinter {
 public:
  // `tr` (the language of the sentences) must outlive the printer.
  GamePrinter(std::FILE* out, const text::Translator& tr) : out_(out), tr_(&tr) {}

  // `seats`: the players' names (and bot specs) when the record keeps them, told in a
  // "Players: P0 Anna, P1 Bea (medium), ..." line; the turns keep the short P0, P1, ...
  void begin_game(const State& initial, int game_number, uint64_t seed,
                  std::span<const RecordSeat> seats = {});
  void begin_round(const State& state);
  void on_events(std::span<const Event> events);
  // The round is over and scored: `finished` is the state right after its last action (round
  // over or game over). Prints the table and the scores; nothing if no round was scored.
  void end_round(const State& finished);
  void end_game(const State& final_state, int actions);

 private:
  void on_event(const Event& e);
  void flush_turn();
  void flush_setup();
  void line(const std::string& text);
  // `sentences` joined and wrapped, the first line after `lead`, the others indented as deep.
  void block(const std::string& lead, const std::vector<std::string>& sentences);

  std::FILE* out_;
  const text::Translator* tr_;
  std::optional<text::Narrator> narrator_;  // made by begin_game(), with the seats "P0", "P1", ...
  int players_ = 0;
  int rounds_ = 0;  // 0: no round limit
  int round_ = 0;
  int turn_ = 0;
  bool in_setup_ = false;
  std::vector<Event> setup_events_;
  std::vector<Event> turn_events_;
  int turn_player_ = kNoPlayer;
  int ender_ = kNoPlayer;
  int end_reveals_ = 0;
  std::vector<Event> scored_;
  std::vector<int32_t> totals_half_;
};

// "P1" or "P1, P3" from a winners bit mask.
std::string winners_text(uint8_t mask, int players);

// The --quiet line of a finished game.
std::string game_summary_line(int game_number, uint64_t seed, const State& final_state,
                              int actions);

}  // namespace allegra::cli
