#include "bots/greedy_bot.h"

#include <utility>

namespace allegra {

GreedyBot::GreedyBot(uint64_t seed, double noise, std::string name)
    : OnePlyBot(seed, noise), name_(std::move(name)) {}

// Lower expected display score is better; nothing else counts.
double GreedyBot::value(const bots::Board& after) const {
  return -after.score(ctx().me, ctx().stats.mean);
}

}  // namespace allegra
