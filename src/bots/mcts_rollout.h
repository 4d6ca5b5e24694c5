// The pieces of MctsBot that work on one sampled State: the fast default (rollout) policy and
// the value of a position at the end of a round. Exposed for tests and benchmarks.
//
// Rollout policy (every player, every phase), allocation-free, a few hundred ns per turn. There
// are versions (RolloutPolicy below, spec part rollout=v1..v5, docs/bots.md), each adding one
// rule to the one before, so that the search's strength can be compared across them with the
// same code; all share:
//  - a face-down cell is valued at `hidden_mean`, the mean of the cards unseen at the root (the
//    policy never looks at a sampled hidden value, so rollouts play like a player who cannot
//    peek);
//  - gain of putting card h into display cell d = value(d) - h, plus: completing a line
//    (value(d) + 2h + 2, all three cards leave), +1 per face-up h next to d in its column or row
//    (a pair towards a line) and -1 per pair the replaced face-up card breaks;
//  - draw: take the discard top if its best gain is >= 2.5 (or it completes a line), else the
//    draw pile; hold: swap into the best cell if its gain is >= 1, else discard and reveal a
//    face-down cell;
//  - takes clears; the knock steps (knocker swap, put) use the same gains;
// v1 (the policy before issue 12's rollout work) reveals random face-down cells and has no
// round-end rule: it ends a round whenever a swap or reveal happens to turn up its last card.
// v2 adds the round-end rule: a player does not fill or turn up his last face-down cell (which
// ends the round, R8; also as a knocker or in a knock's put, R8a) unless his display's expected
// score after it (face-down cells at hidden_mean) is lower than every other display's (R9: ties
// are penalised); otherwise he takes his best non-ending option (a swap into a face-up cell,
// whatever its gain, instead of a discard that must reveal the last cell). The test reads the
// other displays only when the player is down to one face-down cell.
// v3 adds useful reveals: a reveal (after a discard, or in the setup) picks a face-down cell
// where the unknown card could complete a line (two equal face-up cards next to it), else one
// next to a face-up card worth pairing (2 and more), preferring the player's own columns 0-2
// (a card in a shared column also serves a neighbour), at random among equals.
// v4 adds knocks (R7): a player knocks for a drawn card whose best gain in his display is 6 or
// more (a line, or a much better card); the active player gives the card to the knocker
// whose display offers the best take (one of its face-up cards not in his own display, by its
// best gain in his display) if that take gains at least 1 more than keeping the card (its
// best swap, or 0 for a discard and a reveal), and then takes that card. v1-v3 never knock,
// refuse every knock and take at random, so a search with them sees a knock as nearly free:
// nobody gives, and a giver would take a random card.
// v5 adds a margin to v4's round-end rule: the ender's expected score must be lower than
// every other display's by more than kEndMargin (4.5 points: the expert bot's safety margin of 2
// plus 2.5 for what each other player's last turn is expected to gain), where v2-v4 end the
// round when lowest by any amount and so end many rounds that the others' last turns turn
// against them.
// Each version from v2 on gives way when a rollout drags on (kHurryAfter actions: then only
// discards and reveals), since careful players could wait for each other forever.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/geometry.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra {

// The rollout policy's version (see above); what an mcts spec's rollout=vN part selects. The
// default stays v1: v4 won 39% against three experts at 300 iterations where v1 won 16%, but
// at 1,800 iterations it was not better (36.5% against 43.5%, 200 games), an iteration costs 2.7
// times as much, and the levels and the hint search 3,000-20,000 iterations
// (docs/strength.md, "The rollout policy").
enum class RolloutPolicy : uint8_t { kV1, kV2, kV3, kV4, kV5 };
inline constexpr RolloutPolicy kRolloutPolicies[] = {RolloutPolicy::kV1, RolloutPolicy::kV2,
                                                     RolloutPolicy::kV3, RolloutPolicy::kV4,
                                                     RolloutPolicy::kV5};
inline constexpr RolloutPolicy kDefaultRolloutPolicy = RolloutPolicy::kV1;

// "v1" .. "v5" (as in a spec), and back; nullopt for any other name.
std::string rollout_policy_name(RolloutPolicy version);
std::optional<RolloutPolicy> rollout_policy_from_name(std::string_view name);

}  // namespace allegra

namespace allegra::mcts {

// The mean value of the cards nobody can see in this state (face-down cards and draw pile),
// from the public part only; the deck mean if none is unseen.
float unseen_mean(const State& s);

// The default policy's action for s.current_player(); always legal. `scratch` is a work list.
Action policy_action(const State& s, Rng& rng, float hidden_mean, ActionList& scratch,
                     RolloutPolicy version = kDefaultRolloutPolicy);

// Plays the default policy on s until the round being played when called ends (or the game
// ends). Returns the number of actions applied.
int rollout_round(State& s, Rng& rng, float hidden_mean,
                  RolloutPolicy version = kDefaultRolloutPolicy);

// The expected score of player q's display: face-up cards at their value, face-down ones at
// `hidden_mean`, cleared cells (and the knock hole) 0; an empty display -10 (R9).
float expected_display_score(const State& s, int q, float hidden_mean);

// Value of s for every player, in [0, 1], once the round of the search has been scored (s is
// at the start of the next round or the game is over). The game's objective is winning it:
//   game over:  v_p = 0.9 * win_p + 0.1 * m_p, win_p = 1/k if p is one of k tied winners, else 0
//   otherwise:  win_p = softmax_p(-T_p / (kRoundSigma * sqrt(R))), T_p = p's total in points,
//               R = rounds still to play (from the round limit; with a point limit, also
//               (limit - highest total) / kPointsPerRound, at least 1), same v_p formula;
//   margin:     m_p = 0.5 + 0.5 * tanh((min over q != p of T_q - T_p) / kMarginScale).
// Works (as an estimate from the totals) on any state. `weights` replaces kRoundSigma and
// kMarginWeight (spec parts sigma= and margin=, docs/bots.md).
inline constexpr double kRoundSigma = 12.0;      // points; logistic scale of one round's spread
inline constexpr double kPointsPerRound = 20.0;  // a typical round score, for point limits
inline constexpr double kMarginScale = 20.0;     // points
inline constexpr double kMarginWeight = 0.1;

struct EvalWeights {
  double round_sigma = kRoundSigma;
  double margin_weight = kMarginWeight;
};
void evaluate(const State& s, std::array<double, kMaxPlayers>& values,
              const EvalWeights& weights = {});

}  // namespace allegra::mcts
