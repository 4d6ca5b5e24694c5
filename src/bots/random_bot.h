// RandomBot: a uniformly random legal action, from its own seeded Rng.
#pragma once

#include <cstdint>
#include <string>

#include "bots/bot.h"
#include "engine/rng.h"

namespace allegra {

class RandomBot : public Bot {
 public:
  explicit RandomBot(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  Action choose(const PublicView& view) override;
  void reseed(uint64_t seed) override { rng_.reseed(seed); }

 private:
  Rng rng_;
};

}  // namespace allegra
