// Bot: a computer player. It sees only the public view (and through it the rule options) and
// answers every decision type with one of the view's legal actions.
//
// Nobody knows a face-down card or the draw-pile order in ALLEGRA, so the public view is all a
// bot may use; search bots deal the unseen cards themselves with State::sample(view, rng) and
// so can never see a real hidden card. Every bot is seeded: the same seed and the same views
// give the same decisions (a time budget aside, which depends on the machine); decide() makes
// each decision a pure function of the view and a per-decision seed.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/action.h"
#include "engine/public_view.h"

namespace allegra {

class Bot {
 public:
  virtual ~Bot() = default;
  // A short name for tables and logs, e.g. "greedy" or "mcts:2000it".
  virtual std::string name() const = 0;
  // One of view.legal_actions(), for view.current_player(). Callers never ask a bot when the
  // game is over. A decision with a single legal action must cost no search time.
  virtual Action choose(const PublicView& view) = 0;

  // The pure entry point: the decision depends only on the view and `decision_seed`, never on
  // earlier calls, so a game resumed from a save continues bit for bit like one played
  // straight. The game loops derive the seed from the game seed and the decision index
  // (table/decision_seed.h).
  //
  // `seat` is the player the bot decides for: the current player, or at the simultaneous node
  // (a knock window, R7) any seat that answers in it. The bot then sees the seat's decision
  // view (PublicView::decision_view: the window as it opened, made its turn), never another
  // seat's answer, whoever calls.
  Action decide(const PublicView& view, int seat, uint64_t decision_seed) {
    reseed(decision_seed);
    return choose(view.decision_view(seat));
  }
  // The same for view.current_player() (at the simultaneous node, the next seat to answer in
  // the rulebook's order).
  Action decide(const PublicView& view, uint64_t decision_seed) {
    return decide(view, view.current_player(), decision_seed);
  }
  // Restarts the bot's random stream from `seed`; a bot without one has nothing to do. A bot
  // keeps no other state between decisions that changes its choices.
  virtual void reseed(uint64_t /*seed*/) {}
  // Bounds every later decision from outside (a server: each decision has a deadline, and a
  // shutdown must not wait for a search): a search ends after `max_seconds` (0: only its own
  // budget) or as soon as `*cancel` is true (null: never), and answers with what it has found.
  // A bot that does not search decides in well under a millisecond and has nothing to bound.
  virtual void bound(double /*max_seconds*/, const std::atomic<bool>* /*cancel*/) {}
};

// A bot from a spec: "random", "greedy", "expert", "mcts" (default budget), "mcts:2000it"
// (iterations per decision), "mcts:100ms" (time per decision), or a level for people: "easy",
// "medium", "hard", "level:expert" (docs/bots.md maps levels to bots). Throws
// std::invalid_argument with a clear message for an unknown spec.
std::unique_ptr<Bot> make_bot(std::string_view spec, uint64_t seed);

// Search budgets (MCTS iterations per decision, one thread) of the levels "hard" and
// "level:expert" (docs/bots.md), both with the expert's veto on round ends (EndRule::kVeto),
// and the ensembles they are split into (MctsConfig::trees): about 35 ms and 0.1 s of CPU a
// decision on average in games against experts, 0.1 s and 0.3 s at the slowest (`allegra sim
// --times`), well under the 1 s a person accepts. Three trees of 2,000 iterations won 10.5
// points more against three experts than one tree of 6,000 (400 paired games), where 40,000
// iterations in one tree were not stronger than 20,000 (docs/strength.md "An ensemble of
// trees").
inline constexpr int kHardLevelIterations = 6000;
inline constexpr int kHardLevelTrees = 3;
inline constexpr int kExpertLevelIterations = 20000;
inline constexpr int kExpertLevelTrees = 8;

// The specs make_bot() accepts, for --help texts and error messages.
std::string bot_spec_help();

}  // namespace allegra
