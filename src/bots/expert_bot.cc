// The expert's strategy, step by step. Every decision is one ply (bots/one_ply.h: each legal
// action is tried on the public board, chance averaged exactly over the unseen cards); the
// steps below are how it values the position an action leads to, and so how it plays.
//
//  1. Count the unseen cards: a face-down card or the next card of the draw pile is worth
//     their mean. Every display's expected score follows (a cleared cell is 0, an empty
//     display -10).
//  2. Build lines: a pair of equal face-up cards in a row (gaps ignored) or a column of a
//     display, around the corner included, with room for a third card, is worth the points a
//     completion would clear times the chance of finding a third (more unseen copies, more
//     chance). Pairs of low cards are not worth building. The worth fades as the round nears
//     its end (fewer turns to finish the line) and is small in the final turns.
//  3. Value the shared columns for everybody they touch: a card in its column 3 also lies in
//     its right neighbour's display, a card in its display column 0 in its left neighbour's.
//     The value of a position is its own expected score and line worth against the others'
//     (their sum, weighted 1/(n-1) each, at most 3/4): it avoids helping a neighbour's score or
//     line and prefers hurting them.
//  4. Draw: the discard-pile top if its best placement beats the mean, over the unseen cards,
//     of the best thing to do with a card from the draw pile.
//  5. Do not hand the left neighbour (who plays next and may take the discard-pile top) a
//     useful card: what he would gain by taking the card it leaves on top, beyond what he
//     expects from the draw pile, counts against the action.
//  6. Knock when the card, put into its best cell, is worth more than what the active player
//     takes in return (he takes its lowest card into his worst cell): a completed or advanced
//     line, or a card much better than its worst one. Give a knocked card when the best card
//     it can take from the knocker's display (after he has swapped) beats keeping the card,
//     his own gain counted against it.
//  7. Time the round end. Revealing its last face-down card ends the round, and the ender who
//     is not lowest alone doubles his score (R9): it estimates everybody's final score (the
//     others still get a last turn, worth a few points each, with the spread of their
//     face-down cards) and charges the expected penalty, so it ends the round only when it is
//     strictly lowest by a safety margin. The same estimate tells when a neighbour who runs
//     out is likely to be penalised.
//  8. Hurry when ahead: with a lead of more than the margin each face-down card left costs a
//     little (it reveals and fills quickly to end the round while ahead); when behind, the
//     opposite (it keeps the round going).
// 10. Patience: after about `patience` turns of its own in a round, the end penalty counts
//     less and less, and so do lines and the others' scores, and finishing the round is pushed (two
//     careful players would otherwise wait for each other forever: nobody is forced to end a
//     round).
// 11. Finish: after `finish` x `patience` own turns every face-down card of its display costs
//     kOverdueCost points, so it ends the round at its next placement or reveal, penalised or
//     not. Patience alone does not guarantee an end: a player lowest alone can wait for ever
//     while the other, facing a doubled score if he ends it, keeps improving a card that the
//     first spoils again (found with two players, a shared face-down card and level:expert).
//  9. A decision with one legal action returns at once; ties are broken by the seeded Rng.
#include "bots/expert_bot.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "engine/scoring.h"

namespace allegra {

using bots::Board;
using bots::line_potential;

// Step 11: points per own face-down card once a round is overdue; more than any card can gain
// (a line of 12s is 36 points, the largest swing of one placement), so ending comes first.
constexpr double kOverdueCost = 50.0;

ExpertBot::ExpertBot(uint64_t seed, const ExpertConfig& config, std::string name)
    : OnePlyBot(seed, config.noise), config_(config), name_(std::move(name)) {}

bool ExpertBot::round_overdue(const State& s, const ExpertConfig& config) {
  return bots::own_turns_in_round(s) > config.finish * config.patience;
}

// Step 2: the share of line worth still in play, from the fewest face-down cards anybody has.
double ExpertBot::horizon(const Board& b) const {
  const State& s = *ctx().state;
  if (s.in_final_round()) return 0.1;
  int fewest = kDisplayCells;
  for (int p = 0; p < ctx().n; ++p) fewest = std::min(fewest, b.face_down(p));
  return std::clamp(fewest / 3.0, 0.25, 1.0);
}

double ExpertBot::player_value(const Board& b, int p, double h) const {
  double v = b.score(p, ctx().stats.mean);
  if (config_.potential > 0 && h > 0)
    v -= config_.potential * h * line_potential(b, p, ctx().stats);
  return v;
}

void ExpertBot::prepare() {
  // Step 5: what the left neighbour gains from each card left on the discard pile, beyond
  // what he expects from the draw pile.
  discard_cost_.fill(0.0);
  const State& s = *ctx().state;
  const int n = ctx().n, me = ctx().me;
  const int left = left_of(me, n);
  if (config_.discard <= 0 || s.active_player() != me) return;
  if (s.in_final_round() && (s.had_final_turn(left) || left == s.ender())) return;
  const Board& b = ctx().board;
  const double h = horizon(b);
  const double before = player_value(b, left, h);
  std::array<double, kNumValues> gain{};
  const CellId* cells = display_cells(left, n);
  for (int i = 0; i < kNumValues; ++i) {
    double best = 0;
    for (int d = 0; d < kDisplayCells; ++d) {
      if (b.is_empty(cells[d])) continue;
      Board t = b;
      t.place(cells[d], static_cast<int8_t>(i + kMinValue));
      t.clear_lines(left);
      best = std::max(best, before - player_value(t, left, h));
    }
    gain[i] = best;
  }
  double expected = 0;
  for (int i = 0; i < kNumValues; ++i) expected += ctx().stats.prob(i + kMinValue) * gain[i];
  const double weight = config_.discard * std::min(0.75, config_.opponents / (n - 1));
  for (int i = 0; i < kNumValues; ++i)
    discard_cost_[i] = weight * std::max(0.0, gain[i] - expected);
}

double ExpertBot::discard_cost(int8_t top) const {
  if (top < kMinValue || top > kMaxValue) return 0.0;
  return discard_cost_[top - kMinValue];
}

double ExpertBot::value(const Board& b) const {
  const State& s = *ctx().state;
  const int n = ctx().n, me = ctx().me;
  const double mean = ctx().stats.mean;
  const double h = horizon(b);
  // Step 10: a round that drags on (the bot counts its own turns) weighs the end penalty
  // less and less and pushes to finish: two careful players must not wait for each other
  // forever.
  const double pressure =
      std::clamp((turns_in_round() - config_.patience) / config_.patience, 0.0, 1.0);
  std::array<double, kMaxPlayers> score{}, pv{};
  for (int p = 0; p < n; ++p) {
    score[p] = b.score(p, mean);
    pv[p] = score[p];
    if (config_.potential > 0 && h > 0 && pressure < 1)
      pv[p] -= config_.potential * h * (1.0 - pressure) * line_potential(b, p, ctx().stats);
  }

  // Step 7: who ends the round (already, or because of this action: the active player first,
  // then clockwise), and the expected penalty of the ender.
  int ender = s.ender();
  const bool already = ender != kNoPlayer;
  const int active = s.active_player();
  if (!already) {
    uint8_t complete = 0;
    for (int p = 0; p < n; ++p)
      if (b.face_down(p) == 0) complete |= static_cast<uint8_t>(1u << p);
    ender = first_clockwise(complete, active, n);
  }
  if (ender != kNoPlayer) {
    auto gets_turn = [&](int q) {
      if (q == ender || b.face_down(q) == 0 || s.had_final_turn(q)) return false;
      if (q == active && already) return false;  // this is his last turn
      return true;
    };
    const double var = ctx().stats.variance;
    const double fe = score[ender];
    const double ve = b.face_down(ender) * var;
    double lowest = 1.0;
    for (int q = 0; q < n && lowest > 1e-6; ++q) {
      if (q == ender) continue;
      const double fq = score[q] - (gets_turn(q) ? config_.last_turn : 0.0);
      const double sd = std::sqrt(ve + b.face_down(q) * var);
      const double diff = fq - fe - 0.5;  // strictly lower: ties are not alone
      if (sd < 1e-9) {
        lowest *= diff >= 0 ? 1.0 : 0.0;
      } else {
        lowest *= 0.5 * std::erfc(-(diff - config_.margin) / (sd * std::sqrt(2.0)));
      }
    }
    const double penalty = penalised_score(fe) - fe;  // R9: doubled or halved
    pv[ender] += (1.0 - lowest) * penalty * (1.0 - pressure);
  } else if (config_.hurry != 0) {
    // Step 8: hurry when ahead, dawdle when behind.
    double best_other = 1e9;
    for (int q = 0; q < n; ++q)
      if (q != me) best_other = std::min(best_other, score[q]);
    const double lead = best_other - score[me] - config_.margin;
    const double push = std::max(std::clamp(lead / 5.0, -1.0, 1.0), 2.0 * pressure);
    pv[me] += config_.hurry * push * b.face_down(me);
  }

  // Step 11: an overdue round is ended at the first chance.
  if (round_overdue(s, config_)) pv[me] += kOverdueCost * b.face_down(me);

  // Step 3: own value against the others'.
  double others = 0;
  for (int q = 0; q < n; ++q)
    if (q != me) others += pv[q];
  // Never as much as its own score (with two players hurting both equally would be neutral,
  // and two bots could trade a card back and forth forever), and less as the round drags on.
  const double weight = std::min(0.75, config_.opponents / (n - 1)) * (1.0 - pressure);
  return -pv[me] + weight * others;
}

}  // namespace allegra
