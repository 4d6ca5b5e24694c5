// State::random_legal_action() is legal_actions()[rng.below(size)] without the list: on every
// position of random games (2-6 players, the rule variants that change the lists) it returns the
// same action and leaves the Rng in the same state as the pick from the list.
// State::apply_random() is apply(random_legal_action()) in one step: on every position of random
// games (2-6 players, every on/off rule option, a small deck that reshuffles, games of several
// rounds) it leaves the same state, the same Rng and the same events.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "engine/rule_variants.h"
#include "engine/state.h"

namespace allegra {
namespace {

// Plays `games` whole games with both pickers side by side; returns the actions compared.
int compare_games(const RuleOptions& o, int games) {
  int compared = 0;
  for (int g = 0; g < games; ++g) {
    State s(o, 1000 + static_cast<uint64_t>(g));
    Rng list_rng(g * 31 + 7), fast_rng(g * 31 + 7);
    while (!s.is_terminal()) {
      if (s.is_chance_node()) {
        EXPECT_THROW(s.random_legal_action(fast_rng), std::logic_error);
        s.deal();
        continue;
      }
      const ActionList legal = s.legal_actions();
      const Action expected = legal[list_rng.below(static_cast<uint32_t>(legal.size()))];
      const Action got = s.random_legal_action(fast_rng);
      EXPECT_EQ(got, expected) << to_text(got) << " vs " << to_text(expected) << " in phase "
                               << phase_name(s.phase());
      EXPECT_EQ(list_rng, fast_rng);
      if (got != expected) return compared;
      s.apply(got);
      ++compared;
    }
    EXPECT_THROW(s.random_legal_action(fast_rng), std::logic_error);
  }
  return compared;
}

TEST(RandomLegalAction, SameAsThePickFromTheList) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    RuleOptions o;
    o.players = players;
    EXPECT_GT(compare_games(o, 40), 1000) << players << " players";
  }
}

TEST(RandomLegalAction, SameWithTheRuleVariants) {
  RuleOptions o;
  o.players = 4;
  o.optional_clearing = true;
  o.discard_draw_may_discard = true;
  EXPECT_GT(compare_games(o, 40), 1000);
  o.knocking = false;
  o.players = 3;
  EXPECT_GT(compare_games(o, 40), 1000);
}

// Plays `games` whole games twice side by side, one by random_legal_action() and apply(), one
// by apply_random(), each with its own policy Rng and event list; returns the actions compared
// (and counts the reshuffles of the draw pile in `reshuffles`).
int compare_one_step(const RuleOptions& o, int games, uint64_t first_seed,
                     int* reshuffles = nullptr) {
  int compared = 0;
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = first_seed + static_cast<uint64_t>(g);
    State two_steps(o, seed), one_step(o, seed);
    Rng pick_rng(seed * 17 + 3), one_step_rng(seed * 17 + 3);
    EventList pick_events, one_step_events;
    while (!two_steps.is_terminal()) {
      if (two_steps.is_chance_node()) {
        EXPECT_THROW(one_step.apply_random(one_step_rng), std::logic_error);
        two_steps.deal();
        one_step.deal();
        continue;
      }
      pick_events.clear();
      one_step_events.clear();
      const Action a = two_steps.random_legal_action(pick_rng);
      two_steps.apply(a, &pick_events);
      one_step.apply_random(one_step_rng, &one_step_events);
      ++compared;
      if (reshuffles)
        *reshuffles += static_cast<int>(
            std::count_if(pick_events.begin(), pick_events.end(),
                          [](const Event& e) { return e.type == EventType::kReshuffled; }));
      const bool same = one_step == two_steps && one_step_rng == pick_rng &&
                        std::equal(one_step_events.begin(), one_step_events.end(),
                                   pick_events.begin(), pick_events.end());
      EXPECT_TRUE(same) << "after " << to_text(a) << ", action " << compared << " of game " << seed;
      if (!same) return compared;
    }
    EXPECT_TRUE(one_step.is_terminal());
    EXPECT_THROW(one_step.apply_random(one_step_rng), std::logic_error);
  }
  return compared;
}

TEST(ApplyRandom, SameAsPickThenApplyForEveryPlayerCountAndRuleOption) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    for (int variant = 0; variant < testing::kRuleVariants; ++variant) {
      const RuleOptions o = testing::one_round_variant(players, variant);
      EXPECT_GT(compare_one_step(o, 25, 100), 1500) << players << " players, variant " << variant;
    }
  }
}

TEST(ApplyRandom, SameOverWholeGamesAndReshuffles) {
  RuleOptions o;  // three rounds: the deals between them
  EXPECT_GT(compare_one_step(o, 20, 500), 10000);
  // Seven cards beyond the deal: the draw pile runs out every few turns (reshuffles); optional
  // clearing and discard-pile discards on.
  for (int players : {2, 3, 5}) {
    RuleOptions small;
    small.players = players;
    small.rounds = 2;
    small.optional_clearing = true;
    small.discard_draw_may_discard = true;
    small.small_game_removal = 0;
    small.deck_counts = {};
    for (int k = 0; k < players * kGridCells + 7; ++k) ++small.deck_counts[k % kNumValues];
    int reshuffles = 0;
    EXPECT_GT(compare_one_step(small, 20, 900, &reshuffles), 1000) << players << " players";
    EXPECT_GT(reshuffles, 20) << players << " players";
  }
}

}  // namespace
}  // namespace allegra
