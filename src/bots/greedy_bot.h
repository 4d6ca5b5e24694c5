// GreedyBot: one ply, minimising its own expected display score (docs/bots.md).
//
// Every legal action is tried on the public board (bots/one_ply.h): face-down cells count at
// the mean of the unseen cards, a cleared cell 0, a card still to be drawn the mean; clears
// are taken as the rules make them. It knocks if the knock, the active player's take
// included, improves its expected score by more than a point, and gives a knocked card if the
// best take from the knocker's display beats keeping the card. It ignores its neighbours, the
// round end and line building. Ties are broken by its seeded Rng. With noise > 0 every
// action's value gets a random error of that many points (the "easy" level).
#pragma once

#include <cstdint>
#include <string>

#include "bots/one_ply.h"

namespace allegra {

class GreedyBot : public bots::OnePlyBot {
 public:
  explicit GreedyBot(uint64_t seed, double noise = 0.0, std::string name = "greedy");
  std::string name() const override { return name_; }

 protected:
  double value(const bots::Board& after) const override;
  double knock_margin() const override { return 1.0; }

 private:
  std::string name_;
};

}  // namespace allegra
