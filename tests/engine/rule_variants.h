// The rule variants the engine and bot tests play through: a one-round game of `players` with each
// on/off rule option set by a bit of `variant` (0..kRuleVariants-1): knocking, optional clearing,
// discarding a card drawn from the discard pile.
#pragma once

#include "engine/options.h"

namespace allegra::testing {

inline constexpr int kRuleVariants = 8;

inline RuleOptions one_round_variant(int players, int variant) {
  RuleOptions options;
  options.players = players;
  options.rounds = 1;
  options.knocking = variant & 1;
  options.optional_clearing = variant >> 1 & 1;
  options.discard_draw_may_discard = variant >> 2 & 1;
  return options;
}

}  // namespace allegra::testing
