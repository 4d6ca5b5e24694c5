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
//
// The explanation is data (a reason code with its cards and numbers), not words: the text
// layer words it in the reader's language (text/hint_text.h), so any front end can show it.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "bots/bot.h"
#include "engine/public_view.h"

namespace allegra::bots {

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

// What a move does, for the person to check. The fields a code uses are named beside it;
// `mean` is always the unseen cards' mean (the expected value of a face-down card).
enum class HintReasonCode : uint8_t {
  kClears,       // card: completes a line of three `card`s, which is cleared
  kReplaceDown,  // card, mean: replaces a face-down card with `card`
  kReplace,      // old, card: replaces the face-up `old` with `card`
  kPut,          // card: puts `card` into an empty cell
  kPutUnknown,   // puts the taken face-down card, unknown to everyone
  kReveal,       // mean: turns up a face-down card
  kDiscard,      // card, mean: keeps `card` out, then turns up a face-down card
  kDrawPile,     // mean: draws from the draw pile
  kDrawDiscard,  // card: takes `card` from the discard pile
  kKnock,        // card: knocks for the active player's `card`
  kPass,         // lets the knock window pass
  kGive,         // gives the drawn card to a knocker
  kRefuse,       // card: keeps `card`
  kTake,         // card: takes the face-up `card` from the knocker's display
  kTakeDown,     // mean: takes a face-down card from the knocker's display
  kClearLine,    // clears a complete line
  kLeaveLines,   // leaves the complete lines standing
};

struct HintReason {
  HintReasonCode code = HintReasonCode::kPass;
  int8_t card = kNoCard;
  int8_t old = kNoCard;
  double mean = 0;

  bool operator==(const HintReason&) const = default;
};

// How the search's order relates to the expected points of the moves it ranks.
enum class HintOrder : uint8_t {
  kByPoints,       // nothing to say: the favourite has (about) the lowest expected score
  kEqualPoints,    // the moves are worth the same points: the search prefers the first
  kSearchPrefers,  // the favourite is worth more points now: it is preferred for what follows
};

// A hint as data: the moves best first, each with why, and the display's expected score now.
struct Hint {
  std::vector<HintMove> moves;
  std::vector<HintReason> reasons;  // one per move
  double expected_now = 0;          // the deciding player's expected display score, in points
  HintOrder order = HintOrder::kByPoints;

  // Only one move was legal: nothing was searched or compared.
  bool only_move() const { return moves.size() == 1 && moves[0].visits == 0; }
};

// The best `count` moves for view.current_player(), best first, each with its expected
// display score. One move if only one is legal. `cancel` (may be null) stops the search early;
// the moves are then those of the iterations run so far.
std::vector<HintMove> best_moves(const PublicView& view, int iterations, uint64_t seed,
                                 int count = 3, const std::atomic<bool>* cancel = nullptr,
                                 double max_seconds = kHintMaxSeconds);

// The expected score of the deciding player's display now, in points.
double expected_display_score(const PublicView& view);

// Why legal action `a` is worth what it is.
HintReason hint_reason(const PublicView& view, Action a);

// The explanation of `moves` (best first, e.g. from best_moves()): their reasons, the
// expected score now and how the search's order relates to the points.
Hint explain(const PublicView& view, std::vector<HintMove> moves);

}  // namespace allegra::bots
