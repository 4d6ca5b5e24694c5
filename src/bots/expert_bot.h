// ExpertBot: the strategy a strong human plays, written out (the steps are in expert_bot.cc
// and docs/bots.md). One ply like the greedy bot (bots/one_ply.h), with a much richer value of
// a position: line building, the neighbours' displays, the round-end penalty and the card it
// leaves its left neighbour on the discard pile.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "bots/one_ply.h"

namespace allegra {

struct ExpertConfig {
  double opponents = 1.0;  // weight of the opponents' expected scores, split among them
  double potential = 0.5;  // weight of line potential (bots::line_potential)
  double discard = 1.0;    // weight of what the left neighbour gains from the discard top
  double hurry = 0.4;      // points per face-down card when well ahead (negative: behind)
  double margin = 2.0;     // safety margin, points, for being lowest alone
  double last_turn = 2.5;  // expected improvement of a player's last turn
  double knock_margin = 0.5;
  double patience = 15;  // own turns in a round before it pushes to end the round
  double finish = 3;     // after finish x patience own turns it ends the round (step 11)
  double noise = 0.0;    // random error (points) on every action's value; 0 = none
};

class ExpertBot : public bots::OnePlyBot {
 public:
  explicit ExpertBot(uint64_t seed, const ExpertConfig& config = {}, std::string name = "expert");
  std::string name() const override { return name_; }
  // Step 11: true once the player to move in s has had more than finish x patience turns in
  // the round, so that the bot ends it at its next placement or reveal.
  static bool round_overdue(const State& s, const ExpertConfig& config = {});

 protected:
  double value(const bots::Board& after) const override;
  double discard_cost(int8_t top) const override;
  double knock_margin() const override { return config_.knock_margin; }
  void prepare() override;

 private:
  // A player's expected score minus the worth of his unfinished lines.
  double player_value(const bots::Board& b, int p, double horizon) const;
  double horizon(const bots::Board& b) const;

  ExpertConfig config_;
  std::string name_;
  std::array<double, kNumValues> discard_cost_{};
};

}  // namespace allegra
