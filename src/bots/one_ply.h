// OnePlyBot: the decision machinery shared by the greedy and the expert bot.
//
// For every legal action it works out, on a public Board (evaluation.h), the position the
// action leads to, and values it with the subclass's value(); it plays the best, ties broken
// by its seeded Rng. Chance inside the ply is averaged exactly over the unseen cards: a reveal
// is the mean over every value the card may have (with the clears each would cause), a card
// from the draw pile the mean over the cards it may be of the best thing to do with each. It
// never builds a determinization, so it cannot see a hidden card, and the sampled values of
// one cannot sway it.
//
// How each decision is modelled:
//  - draw: the discard-pile top, swapped into its best cell, against the draw pile's mean
//    over the unseen cards of the best of swapping or discarding and revealing;
//  - swap or discard: each cell (the line clears included), or the best reveal;
//  - knock: swap the card into one's best cell, then the active player takes one's lowest
//    card into his worst cell and one's replaced card fills the hole (R7); knock if that beats
//    passing by knock_margin();
//  - give or refuse: give to a knocker if the best take from his display (after he has put
//    the card into his worst cell) beats the best swap or discard;
//  - knocker's swap, take, put, which line to clear: each option, the rest of the knock as
//    above.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "bots/bot.h"
#include "bots/evaluation.h"
#include "engine/rng.h"

namespace allegra::bots {

// How many turns the player to move has had in the current round, this one included, read off
// the public turn count (State::turns_in_round()): turns go round the table, so a player's k-th
// turn is one of the turns (k-1)n+1 .. kn. A bot keeps no counter of its own, so its decisions
// depend on the view alone.
int own_turns_in_round(const State& s);

class OnePlyBot : public Bot {
 public:
  Action choose(const PublicView& view) override;
  void reseed(uint64_t seed) override { rng_.reseed(seed); }
  // The value of every legal action, in view.legal_actions() order, without noise (for the
  // greedy bot: minus the expected display score after the action; a knock without
  // knock_margin()). For explaining a move.
  std::vector<double> action_values(const PublicView& view);

 protected:
  // noise: standard deviation (points) of a random error added to every action's value, for
  // weaker levels; 0 for none.
  OnePlyBot(uint64_t seed, double noise);

  // What the bot knows while it decides.
  struct Context {
    const State* state = nullptr;  // the masked state of the view
    int me = 0;
    int n = 0;
    CardStats stats;
    Board board;  // the position now
  };
  const Context& ctx() const { return ctx_; }

  // The worth of `after` for the deciding player (higher is better), after his action.
  virtual double value(const Board& after) const = 0;
  // The cost of leaving `top` (kNoCard: unknown) on the discard pile at the end of one's turn:
  // the next player may take it.
  virtual double discard_cost(int8_t /*top*/) const { return 0.0; }
  // How much better than passing a knock must be.
  virtual double knock_margin() const = 0;
  // Called once per decision after the context is set, before any value().
  virtual void prepare() {}

  Rng& rng() { return rng_; }
  // own_turns_in_round() of the position being decided.
  int turns_in_round() const;

 private:
  // margin: a knock must beat passing by knock_margin() (for choosing, not for explaining).
  std::vector<double> evaluate(const State& s, const ActionList& legal, bool margin);
  double reveal_value(const Board& b, CellId c, bool clear) const;
  double best_reveal(const Board& b, bool clear) const;
  // Best value of holding a drawn card `v`: a swap or (if allowed) a discard and reveal.
  // `reveal`: best_reveal(b, true) if already known (NaN: work it out).
  double hold_value(const Board& b, int8_t v, bool may_discard, Action* best,
                    double reveal = std::numeric_limits<double>::quiet_NaN()) const;
  // The rest of a knock after the knocker's swap: the active player takes the knocker's
  // lowest card into his own worst cell; the hand card fills the hole.
  void take_response(Board& b, int active, int knocker, int8_t hand) const;
  // The knocker `k` swaps `card` into his best cell; returns his hand card.
  int8_t knocker_swap(Board& b, int k, int8_t card) const;
  // The active player's best take and put from knocker k's display (hand fills the hole).
  double best_take(const Board& b, int k, int8_t hand, Action* take) const;
  double put_value(const Board& b, CellId x, int8_t card, int8_t hand) const;

  Rng rng_;
  double noise_;
  Context ctx_;
};

}  // namespace allegra::bots
