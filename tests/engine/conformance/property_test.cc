// rapidcheck property: for arbitrary seeds and rule options (player count, every rule switch,
// round and point limits, small-game removal, arbitrary deck counts), random play never breaks
// an invariant of invariants.h. One game in five also gets the deep checks (resample, exhaustive
// legality, serialization). rapidcheck prints the generated options and seed of a failure.
#ifdef ALLEGRA_HAVE_RAPIDCHECK

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>

#include "engine/conformance/invariants.h"
#include "engine/conformance/suite_config.h"

using namespace allegra;               // NOLINT(google-build-using-namespace)
using namespace allegra::conformance;  // NOLINT(google-build-using-namespace)

// rc::gen::inRange scales with the size parameter; draw the choices at full size instead, so
// every player count and option is equally likely from the first test on (shrinking still
// works toward the low end).
template <typename T>
T uniform(T lo, T hi_exclusive) {
  return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(lo, hi_exclusive));
}

RC_GTEST_PROP(ConformanceProperty, RandomPlayNeverBreaksAnInvariant, ()) {
  RuleOptions o;
  o.players = uniform(kMinPlayers, kMaxPlayers + 1);
  o.knocking = uniform(0, 2) == 1;
  o.optional_clearing = uniform(0, 2) == 1;
  o.discard_draw_may_discard = uniform(0, 2) == 1;
  const int rounds[] = {0, 1, 2, 3};
  o.rounds = rounds[uniform(0, 4)];
  const int limits[] = {0, 0, 25, 80};
  o.point_limit = o.rounds == 0 ? uniform(1, 121) : limits[uniform(0, 4)];
  o.small_game_removal = uniform(0, 5);
  switch (uniform(0, 3)) {
    case 0:
      break;  // the standard deck
    case 1:   // arbitrary counts per value
      for (auto& c : o.deck_counts) c = static_cast<uint8_t>(uniform(0, 14));
      break;
    default: {  // just enough cards for the deal plus a few: constant reshuffling
      const int extra = uniform(2, 12);
      const int size = o.players * kGridCells + extra;
      o.deck_counts = {};
      for (int k = 0; k < size; ++k) ++o.deck_counts[k % kNumValues];
      if (o.players <= 3)
        for (auto& c : o.deck_counts) c = static_cast<uint8_t>(c + o.small_game_removal);
      break;
    }
  }
  RC_PRE(!o.validate());
  const auto seed = *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<uint64_t>());
  const bool deep = uniform(0, 5) == 0;
  RC_TAG(o.players, deep);
  GameResult r = play_checked_game(o, seed, deep ? deep_level() : cheap_level());
  if (!r.error.empty()) RC_FAIL(r.error);
}

#endif  // ALLEGRA_HAVE_RAPIDCHECK
