// Helpers shared by serialize_test.cc and record_test.cc: rule-option variants and seeded
// random play.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/options.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra::serialize_test {

struct Variant {
  std::string name;
  RuleOptions options;
};

// A deck of 12n+3 cards (just above the minimum of 12n+2), so that random games reshuffle.
inline RuleOptions tiny_deck_options(int players) {
  RuleOptions o;
  o.players = players;
  o.small_game_removal = 0;
  int total = players * kGridCells + 3;
  for (int v = 0; v < kNumValues; ++v)
    o.deck_counts[v] = static_cast<uint8_t>(total / kNumValues + (v < total % kNumValues ? 1 : 0));
  return o;
}

// Every rule option switched at least once, for `players` players.
inline std::vector<Variant> variants(int players) {
  std::vector<Variant> out;
  RuleOptions base;
  base.players = players;
  out.push_back({"default", base});
  RuleOptions o = base;
  o.knocking = false;
  out.push_back({"no-knocking", o});
  o = base;
  o.optional_clearing = true;
  out.push_back({"optional-clearing", o});
  o = base;
  o.discard_draw_may_discard = true;
  o.rounds = 1;
  out.push_back({"discard-draw-may-discard, 1 round", o});
  o = base;
  o.rounds = 0;
  o.point_limit = 60;
  out.push_back({"point limit 60", o});
  o = base;
  o.rounds = 2;
  o.point_limit = 40;
  o.small_game_removal = 3;
  o.optional_clearing = true;
  o.discard_draw_may_discard = true;
  out.push_back({"2 rounds or 40 points, removal 3, all variants", o});
  out.push_back({"tiny deck", tiny_deck_options(players)});
  return out;
}

// A uniformly random legal action.
inline Action random_action(const State& s, Rng& rng) {
  ActionList legal = s.legal_actions();
  return legal[rng.below(static_cast<uint32_t>(legal.size()))];
}

inline constexpr int kMaxGameSteps = 50000;

}  // namespace allegra::serialize_test
