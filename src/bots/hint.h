// Hints: what the strongest bot would play, and why, from the public view only.
//
// Which moves are best comes from the MCTS search of the level:expert bot (its root
// statistics, MctsBot::last_root_stats), run with an iteration budget that answers within a
// second on the release build (bench/hint_bench.cc, docs/bench.md), a time cap as a safety for
// slow machines, and a flag to cancel it from another thread (the person pressed Esc or q).
// Each of the top moves is then explained in points a person can check: the expected score
// of the player's display after the move, averaged exactly over the unseen cards by the
// greedy bot's one-ply evaluation (bots/one_ply.h), and what the move does (replaces a
// face-down card worth the unseen cards' mean, completes a line, ...). Neither the search nor
// the evaluation sees a hidden card.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "engine/public_view.h"
#include "tui/translator.h"

namespace allegra::tui {

// The search budget of the hint: the most visited move settles well before it (the runner-up
// moves are ranked too: no early stop), and the slowest positions answer in about half a
// second on the release build (docs/bench.md).
inline constexpr int kHintIterations = 3000;
// The search runs root-parallel on this many threads (deterministic for a given budget).
inline constexpr int kHintThreads = 2;
// The time cap on that budget: a slow machine still answers within a second.
inline constexpr double kHintMaxSeconds = 0.9;

struct HintMove {
  Action action;
  double value = 0;     // the searching player's mean value (about the chance to win), 0..1
  int visits = 0;       // 0: the only legal move, nothing was searched
  double expected = 0;  // the player's expected display score after the move, in points
};

// The best `count` moves for view.current_player(), best first, each with its expected
// display score. One move if only one is legal. `cancel` (may be null) stops the search early;
// the moves are then those of the iterations run so far.
std::vector<HintMove> best_moves(const PublicView& view, int iterations, uint64_t seed,
                                 int count = 3, const std::atomic<bool>* cancel = nullptr,
                                 double max_seconds = kHintMaxSeconds);

// The expected score of the deciding player's display now, in points.
double expected_display_score(const PublicView& view);

// The lines a person reads: a title with the display's expected score now, then for each
// move its button label and short form with the expected score after it, and why. names: one
// per seat; you: the seat texts call "you" (kNoPlayer if none).
std::vector<std::string> explain_hint(const PublicView& view, const std::vector<HintMove>& moves,
                                      const Translator& tr, const std::vector<std::string>& names,
                                      int you = kNoPlayer);

// Why a move is worth what it is, in one sentence: "replaces a face-down card (expected 6.3)
// with the 2", "completes a line of three 7: it is cleared", ...
std::string hint_reason(const PublicView& view, Action a, const Translator& tr);

// A score or mean rounded to one decimal, as a number argument of a text: each language
// writes it its own way ("6.3", "6,3"; "6" for 6.0).
double one_decimal(double points);

}  // namespace allegra::tui
