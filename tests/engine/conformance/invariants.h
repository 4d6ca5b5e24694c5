// Invariant checker for the conformance suite: rules-level checks that must hold after every
// action of every game, written independently of the engine's implementation where that is
// cheap (card bookkeeping, line detection, legality per phase, scoring).
//
// Every check returns an empty string if it holds, else a sentence naming the first violation,
// so the same checks serve GoogleTest (conformance_test.cc) and rapidcheck (property_test.cc).
// play_checked_game() plays one seeded random game, checking after every action; its result
// names the seed, options and action index of the first violation, which is all a reproducer
// needs: State(options, seed), and action i is legal_actions()[chooser.below(size)] with
// chooser = Rng(chooser_seed(seed)).
#pragma once

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/options.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra::conformance {

// A multiset of card values: count[v - kMinValue]; `bad` counts values outside -1..11.
struct CardCounts {
  std::array<int, kNumValues> count{};
  int bad = 0;
  void add(int8_t v) {
    if (v < kMinValue || v > kMaxValue)
      ++bad;
    else
      ++count[v - kMinValue];
  }
  int total() const;
  bool operator==(const CardCounts&) const = default;
};
std::string to_text(const CardCounts& c);
CardCounts deck_of(const RuleOptions& o);  // options.effective_deck()
// Every card of the state: non-empty cells, both piles, the held, hand, taken and pending card.
CardCounts all_cards(const State& s);
// The hidden part: face-down cells, the draw pile, a hidden hand or taken card.
CardCounts hidden_cards(const State& s);
// The deck minus every card the public view shows (face-up cells, discard pile, held card,
// pending discard, a known hand or taken card). Works on a state or a view's masked state.
CardCounts unseen_cards(const State& s);

std::string describe_options(const RuleOptions& o);
std::string describe_state(const State& s);  // phase, players, piles and the diagram

// The complete lines of p's display from the rules alone (R3: rows skip cleared gaps, a
// face-down card or the knock hole blocks; columns need three face-up equal cards), as line ids
// in the engine's order (rows top to bottom, left to right, then columns).
using LineIds = boost::container::static_vector<int, kNumLineIds>;
LineIds reference_lines(const State& s, int p);
// Face-down / non-empty cells of p's display counted from cell states.
int reference_face_down(const State& s, int p);
int reference_card_count(const State& s, int p);

// --- Per-state checks ----------------------------------------------------------------------
std::string check_cards(const State& s);
std::string check_structure(const State& s);
// The list against the rules of the phase, is_legal(), duplicates, emptiness at the end.
std::string check_legal_actions(const State& s, const ActionList& legal);
// is_legal(a) for every well-formed action (all types, every relevant argument) agrees with
// the list. With `argless_nonzero`, also actions without argument given a nonzero arg.
std::string check_legality_exhaustive(const State& s, const ActionList& legal,
                                      bool argless_nonzero);
// `probes` random actions not in the list are not is_legal(); the first `applied` of them also
// have a why_illegal() reason, and apply() throws IllegalAction, appends no event and leaves
// the state == before.
std::string check_illegal_probes(const State& s, const ActionList& legal, Rng& rng, int probes,
                                 int applied);
std::string check_public_view(const State& s, const ActionList& legal);
// resample(): same public view, hidden multiset == unseen cards, same legal actions, and a
// random playout of `playout_steps` actions (0: to the end of the game) with cheap checks.
std::string check_resample(const State& s, const ActionList& legal, Rng& rng, int playout_steps);

// --- Per-action checks ---------------------------------------------------------------------
// The chance node after a round (State::kRoundOver): nobody acts, the finished table is up, the
// view and the JSON know the phase, and a deal from the Rng equals one from the same deck.
std::string check_chance_node(const State& s, Rng& rng);
std::string check_transition(const State& before, Action a, const State& after,
                             const EventList& events);

// Game-level bookkeeping: round results, totals, the end of the game.
class GameTracker {
 public:
  explicit GameTracker(const RuleOptions& o) : options_(o) {}
  std::string after_action(const State& before, const State& after, const EventList& events);
  std::string at_end(const State& s) const;
  int penalised_rounds() const { return penalised_; }
  int half_point_scores() const { return half_points_; }
  int empty_displays() const { return empty_displays_; }

 private:
  RuleOptions options_;
  std::array<int64_t, kMaxPlayers> sum_of_rounds_{};
  int rounds_seen_ = 0;
  int penalised_ = 0;
  int half_points_ = 0;
  int empty_displays_ = 0;
  bool ending_ = false;           // the round has been ended, final turns are running
  std::vector<int> final_order_;  // the final turns the rules give
  std::vector<int> final_seen_;   // the turns started or skipped since
};

// --- Whole games ---------------------------------------------------------------------------
struct CheckLevel {
  int illegal_probes = 4;          // unlisted actions checked with is_legal() per state
  int illegal_applied = 1;         // of which apply() is tried (it throws)
  int exhaustive_every = 0;        // exhaustive legality every k-th state (0: never)
  bool argless_nonzero = false;    // include nonzero args of argless actions in it
  int resample_every = 0;          // resample check every k-th state (0: never)
  int resample_playout = 12;       // steps played on from each resample
  bool full_playout_once = false;  // one resample per game is played to the end
  bool determinism = true;         // replay the game and compare state and events
  // Extra per-state checks (JSON round trip ...) every k-th state (0: never), at a seeded
  // offset, and always at the end of the game.
  int extra_state_every = 0;
  std::function<std::string(const State&, Rng&)> extra_state_check;
  // Extra check of the finished game (recording and replay ...).
  std::function<std::string(const RuleOptions&, uint64_t seed, const std::vector<Action>&,
                            const State& final_state)>
      extra_game_check;
};

struct GameStats {
  int64_t actions = 0;
  int64_t rounds = 0;
  int64_t reshuffles = 0;
  int64_t knocks = 0;           // kKnock actions
  int64_t knocks_given = 0;     // kGive actions
  int64_t hidden_takes = 0;     // a face-down card taken in a knock
  int64_t clears = 0;           // lines cleared
  int64_t line_choices = 0;     // kChooseLine decisions
  int64_t lines_left = 0;       // kLeaveLines actions
  int64_t discard_redraws = 0;  // a card drawn from the discard pile discarded again
  int64_t penalised_rounds = 0;
  int64_t half_point_scores = 0;  // odd round scores in half points (a halved negative)
  int64_t empty_displays = 0;     // round scores of a display cleared completely
  int64_t skipped_turns = 0;
  int64_t ended_early = 0;  // games ended by the point limit before the round limit
  int64_t games = 0;
  void add(const GameStats& o);
  std::string to_text() const;
};

struct GameResult {
  std::string error;  // empty: every check held
  std::vector<Action> actions;
  GameStats stats;
};

uint64_t chooser_seed(uint64_t seed);
// Plays one game of `options` from State(options, seed), each action chosen uniformly among
// legal_actions() by Rng(chooser_seed(seed)), checking after every action.
GameResult play_checked_game(const RuleOptions& options, uint64_t seed, const CheckLevel& level);

}  // namespace allegra::conformance
