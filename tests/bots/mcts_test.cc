// Tests of MctsBot (src/bots/mcts_bot.h) and its rollout pieces (src/bots/mcts_rollout.h).
//
// Small budgets and rounds=1 games keep them fast in the debug (ASan) build.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "bots/expert_bot.h"
#include "bots/mcts_bot.h"
#include "bots/mcts_rollout.h"
#include "bots/value_shipped.h"
#include "engine/diagram.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra {
namespace {

RuleOptions options_for(int players, int rounds = 1) {
  RuleOptions o;
  o.players = players;
  o.rounds = rounds;
  return o;
}

Action random_action(const State& s, Rng& rng) {
  const ActionList legal = s.legal_actions();
  return legal[rng.below(static_cast<uint32_t>(legal.size()))];
}

bool contains(const ActionList& list, Action a) {
  for (Action b : list)
    if (b == a) return true;
  return false;
}

// Plays one game: `bot` in seat `seat`, uniformly random players elsewhere. Checks every bot
// decision is legal and returns the bot's decisions.
std::vector<Action> play(const RuleOptions& o, uint64_t game_seed, MctsBot& bot, int seat,
                         uint64_t random_seed, State* final_state = nullptr) {
  State s(o, game_seed);
  Rng rng(random_seed);
  std::vector<Action> decisions;
  while (!s.is_terminal()) {
    Action a;
    if (s.current_player() == seat) {
      const PublicView view = s.public_view();
      a = bot.choose(view);
      EXPECT_TRUE(contains(view.legal_actions(), a))
          << "illegal " << to_text(a) << " in phase " << phase_name(s.phase());
      if (!s.is_legal(a)) break;
      decisions.push_back(a);
    } else {
      a = random_action(s, rng);
    }
    s.apply(a);
    if (s.is_chance_node()) s.deal();
  }
  if (final_state) *final_state = s;
  return decisions;
}

// Mid-game positions of random 1-round games, for the given player counts.
std::vector<State> positions(int count, uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  uint64_t game = seed * 1000;
  while (static_cast<int>(out.size()) < count) {
    RuleOptions o = options_for(2 + static_cast<int>(rng.below(5)));
    o.knocking = rng.below(4) != 0;
    o.optional_clearing = rng.below(3) == 0;
    State s(o, ++game);
    const int stop = static_cast<int>(rng.below(200));
    for (int i = 0; i < stop && !s.is_terminal(); ++i) {
      s.apply(random_action(s, rng));
      if (s.is_chance_node()) s.deal();
    }
    if (!s.is_terminal() && s.legal_actions().size() > 1) out.push_back(s);
  }
  return out;
}

TEST(MctsBot, Names) {
  EXPECT_EQ(MctsBot({.iterations = 2000}, 1).name(), "mcts:2000it");
  EXPECT_EQ(MctsBot({.seconds = 0.1}, 1).name(), "mcts:100ms");
  EXPECT_EQ(MctsBot({.iterations = 500, .threads = 2}, 1).name(), "mcts:500it:2t");
  EXPECT_EQ(MctsBot({.seconds = 1.0, .threads = 2}, 1).name(), "mcts:1000ms:2t");
  EXPECT_EQ(
      MctsBot({.iterations = 600, .value_net = &shipped_value_net(), .value_depth = 8}, 1).name(),
      "mcts:600it:net=8");
  EXPECT_EQ(MctsBot({.iterations = 1800, .end_rule = EndRule::kVeto}, 1).name(),
            "mcts:1800it:end=veto");
  EXPECT_EQ(MctsBot({.iterations = 6000, .trees = 3, .end_rule = EndRule::kVeto}, 1).name(),
            "mcts:6000it:trees=3:end=veto");
  EXPECT_THROW(MctsBot({.threads = 0}, 1), std::invalid_argument);
  EXPECT_THROW(MctsBot({.trees = 0}, 1), std::invalid_argument);
  EXPECT_THROW(MctsBot({.iterations = 0}, 1), std::invalid_argument);
}

// Legal decisions over every player count and the boolean rule options.
TEST(MctsBot, OnlyLegalActions) {
  int games = 0;
  for (int players = 2; players <= 6; ++players) {
    for (int bits = 0; bits < 8; bits += (players == 2 ? 2 : 3)) {
      RuleOptions o = options_for(players);
      o.knocking = bits & 1;
      o.optional_clearing = bits & 2;
      o.discard_draw_may_discard = bits & 4;
      const int seat = games % players;
      // Every version of the rollout policy in turn (it also biases the tree).
      const auto version = static_cast<RolloutPolicy>(games % 4);
      MctsBot bot({.iterations = 12, .rollout = version}, 100 + games);
      const auto decisions = play(o, 7 + games, bot, seat, 99 + games);
      EXPECT_FALSE(decisions.empty());
      ++games;
    }
  }
  EXPECT_GE(games, 12);
}

TEST(MctsBot, KnockDecisionsAreLegal) {
  // Decisions in every phase the root can see: knock windows, knock steps, line choices.
  int checked = 0;
  for (const State& s : positions(60, 5)) {
    MctsBot bot({.iterations = 20}, 3);
    const PublicView view = s.public_view();
    const Action a = bot.choose(view);
    EXPECT_TRUE(contains(view.legal_actions(), a));
    const auto& stats = bot.last_root_stats();
    ASSERT_EQ(stats.size(), view.legal_actions().size());
    int visits = 0;
    for (size_t i = 0; i < stats.size(); ++i) {
      visits += stats[i].visits;
      EXPECT_GE(stats[i].value, 0.0);
      EXPECT_LE(stats[i].value, 1.0);
      if (i > 0) {
        EXPECT_GE(stats[i - 1].visits, stats[i].visits);
      }
    }
    EXPECT_EQ(visits, bot.last_iterations());
    EXPECT_LE(bot.last_iterations(), 20);
    EXPECT_EQ(stats.front().action, a);
    ++checked;
  }
  EXPECT_EQ(checked, 60);
}

// Stopping once the leader cannot be caught saves iterations and never changes the decision.
TEST(MctsBot, StoppingWhenDecidedKeepsTheDecision) {
  long long full = 0, stopped = 0;
  int n = 0;
  for (const State& s : positions(40, 23)) {
    const PublicView view = s.public_view();
    if (view.legal_actions().size() < 2) continue;
    MctsBot all({.iterations = 400, .stop_when_decided = false}, 5 + n);
    MctsBot early({.iterations = 400}, 5 + n);
    EXPECT_EQ(all.choose(view), early.choose(view)) << "position " << n;
    EXPECT_EQ(all.last_iterations(), 400);
    full += all.last_iterations();
    stopped += early.last_iterations();
    ++n;
  }
  EXPECT_GE(n, 20);
  EXPECT_LT(stopped, full);
}

TEST(MctsBot, SameSeedSameDecisions) {
  for (int threads : {1, 2}) {
    const RuleOptions o = options_for(4);
    MctsBot a({.iterations = 16, .threads = threads}, 42);
    MctsBot b({.iterations = 16, .threads = threads}, 42);
    const auto da = play(o, 11, a, 1, 5);
    const auto db = play(o, 11, b, 1, 5);
    EXPECT_EQ(da, db) << "threads " << threads;
    EXPECT_FALSE(da.empty());
  }
}

// An ensemble of trees decides by its seed, its size and the budget alone: grown one after the
// other in one thread (trees=3) or by threads (3t, or 2 threads for 3 trees) it gives the same
// root statistics, which differ from one tree's with the same budget.
TEST(MctsBot, AnEnsembleDecidesAlikeWhateverThreadsGrowIt) {
  int differs_from_one_tree = 0;
  for (const State& s : positions(12, 29)) {
    const PublicView view = s.public_view();
    if (view.legal_actions().size() < 2) continue;
    MctsBot sequential({.iterations = 300, .trees = 3}, 5);
    MctsBot threaded({.iterations = 300, .threads = 3}, 5);
    MctsBot mixed({.iterations = 300, .threads = 2, .trees = 3}, 5);
    MctsBot single({.iterations = 300}, 5);
    const Action a = sequential.choose(view);
    EXPECT_EQ(threaded.choose(view), a);
    EXPECT_EQ(mixed.choose(view), a);
    single.choose(view);
    const auto stats = [](const MctsBot& bot) {
      std::vector<std::pair<uint16_t, int>> v;
      for (const auto& st : bot.last_root_stats()) v.emplace_back(st.action.code(), st.visits);
      return v;
    };
    EXPECT_EQ(stats(threaded), stats(sequential));
    EXPECT_EQ(stats(mixed), stats(sequential));
    EXPECT_EQ(threaded.last_iterations(), sequential.last_iterations());
    if (stats(single) != stats(sequential)) ++differs_from_one_tree;
  }
  EXPECT_GT(differs_from_one_tree, 0);
}

// An ensemble with a time budget shares the time among the trees a thread grows: every tree
// runs iterations and the decision is legal.
TEST(MctsBot, AnEnsembleSharesATimeBudget) {
  const State s = positions(1, 23).front();
  MctsBot bot({.seconds = 0.06, .trees = 3}, 1);
  const Action a = bot.choose(s.public_view());
  EXPECT_TRUE(contains(s.legal_actions(), a));
  EXPECT_GE(bot.last_iterations(), 3);
}

// The bot sees only the public view: two states with the same view but the hidden cards dealt
// differently get the same decision and the same root statistics from the same seed; with the
// learned value too (truncated rollouts valued by the net, value_leaf.h), with every version
// of the rollout policy, with every tree kind, and with the expert bot's choice as the root's
// prior (combinations 24-31, the last four with rollout v5); every odd combination with the
// expert's veto on round ends (end=veto); every third with other weights of the value
// (sigma=6, margin=0.3); every fifth as an ensemble of two trees (trees=2).
TEST(MctsBot, CannotSeeHiddenCards) {
  const mcts::EvalWeights kOtherWeights{.round_sigma = 6, .margin_weight = 0.3};
  for (int combination = 0; combination < 32; ++combination) {
    const ValueNet* net = combination % 8 < 4 ? nullptr : &shipped_value_net();
    const auto version =
        combination >= 28 ? RolloutPolicy::kV5 : static_cast<RolloutPolicy>(combination % 4);
    const auto tree = static_cast<TreeKind>(combination / 8 % 3);  // open, outcomes, turn
    const RootPrior prior = combination >= 24 ? RootPrior::kExpert : RootPrior::kPolicy;
    const EndRule end = combination % 2 == 1 ? EndRule::kVeto : EndRule::kSearch;
    SCOPED_TRACE(net ? "with the net" : "without the net");
    SCOPED_TRACE("rollout=" + rollout_policy_name(version));
    SCOPED_TRACE("tree=" + tree_kind_name(tree));
    SCOPED_TRACE("prior=" + root_prior_name(prior));
    SCOPED_TRACE("end=" + end_rule_name(end));
    int differing = 0;
    int n = 0;
    for (const State& s : positions(40, 17)) {
      const PublicView view = s.public_view();
      Rng r1(1000 + n), r2(2000 + n);
      const State a = State::sample(view, r1);
      const State b = State::sample(view, r2);
      ASSERT_TRUE(a.public_view() == b.public_view());
      if (!(a == b)) ++differing;
      const MctsConfig config{.iterations = 24,
                              .trees = combination % 5 == 4 ? 2 : 1,
                              .value_net = net,
                              .value_depth = 3,
                              .rollout = version,
                              .tree = tree,
                              .root_prior = prior,
                              .end_rule = end,
                              .eval = combination % 3 == 2 ? kOtherWeights : mcts::EvalWeights{}};
      MctsBot bot_a(config, 77 + n);
      MctsBot bot_b(config, 77 + n);
      const Action da = bot_a.choose(a.public_view());
      const Action db = bot_b.choose(b.public_view());
      EXPECT_EQ(da, db);
      ASSERT_EQ(bot_a.last_root_stats().size(), bot_b.last_root_stats().size());
      for (size_t i = 0; i < bot_a.last_root_stats().size(); ++i) {
        EXPECT_EQ(bot_a.last_root_stats()[i].action, bot_b.last_root_stats()[i].action);
        EXPECT_EQ(bot_a.last_root_stats()[i].visits, bot_b.last_root_stats()[i].visits);
        EXPECT_DOUBLE_EQ(bot_a.last_root_stats()[i].value, bot_b.last_root_stats()[i].value);
      }
      ++n;
    }
    EXPECT_GE(differing, 35);  // the hidden parts really were dealt differently
  }
}

// With prior=expert the root's first child, the only one a one-iteration search visits, is the
// expert bot's choice; with the rollout policy's prior it often is not.
TEST(MctsBot, ExpertPriorIsTheRootsFirstChoice) {
  int unique = 0;
  int policy_differs = 0;
  int n = 0;
  for (const State& s : positions(60, 23)) {
    const PublicView view = s.public_view();
    if (view.legal_actions().size() < 2) continue;
    const Action expert = ExpertBot(1).choose(view);
    if (!(ExpertBot(2).choose(view) == expert)) continue;  // a tie: the seed decides
    ++unique;
    MctsBot with_prior({.iterations = 1, .root_prior = RootPrior::kExpert}, 5 + n);
    EXPECT_EQ(with_prior.choose(view), expert) << "position " << n;
    MctsBot without({.iterations = 1}, 5 + n);
    if (!(without.choose(view) == expert)) ++policy_differs;
    ++n;
  }
  EXPECT_GE(unique, 30);
  EXPECT_GE(policy_differs, 5);
}

// With end=veto the search does not end a round the expert would not end: player 0 has one
// face-down card left (b3) and is far from lowest, so ending doubles his score (R9). The drawn
// -1 gains most on the face-down cell by the rollout policy's count (the unseen mean there,
// 3s and 4s elsewhere), so a small search follows that prior and ends the round; the veto plays
// its best other child.
constexpr const char* kNotLowest = R"(
draw -1
0: 3 4 3 4 | 4 3 4 ? | 3 4 3 4
1: 0 -1 0 1 | 1 0 -1 0 | 0 1 ? -1
)";

TEST(MctsBot, TheExpertVetoesARoundEndItWouldNotMake) {
  RuleOptions options;
  options.players = 2;
  options.rounds = 1;
  State s = position_from_diagram(options, kNotLowest);
  s.apply(Action::draw_pile());
  const PublicView view = s.public_view();
  const Action end_here = Action::swap(make_cell(0, 1, 3));
  ASSERT_TRUE(s.is_legal(end_here));
  int ended = 0;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    MctsBot search({.iterations = 40}, seed);
    if (search.choose(view) == end_here) ++ended;
    MctsBot vetoed({.iterations = 40, .end_rule = EndRule::kVeto}, seed);
    const Action a = vetoed.choose(view);
    EXPECT_FALSE(a == end_here || a == Action::discard()) << to_text(a) << ", seed " << seed;
  }
  EXPECT_GE(ended, 5);  // without the veto the search does end it here
}

// Positions of 4-player expert games in which the player to move has one face-down card
// left, so that one action may end the round.
std::vector<State> last_card_positions(int count) {
  std::vector<State> out;
  ExpertBot expert(3);
  for (uint64_t game = 1; static_cast<int>(out.size()) < count; ++game) {
    State s(options_for(4), game);
    while (!s.is_terminal() && static_cast<int>(out.size()) < count) {
      const PublicView view = s.public_view();
      if (!s.in_final_round() && s.face_down_count(s.current_player()) == 1 &&
          view.legal_actions().size() > 1)
        out.push_back(s);
      s.apply(expert.choose(view));
      if (s.is_chance_node()) s.deal();
    }
  }
  return out;
}

bool ends_round(const State& s, Action a) {
  State after = s;
  after.apply(a);
  return after.ender() == s.current_player();
}

// end=veto changes a decision only about the round's end: where it differs from the plain
// search (same seed, same tree), the plain search ends the round and the veto does not, and
// that happens in positions of expert games.
TEST(MctsBot, TheVetoChangesOnlyRoundEnds) {
  int vetoed = 0;
  int n = 0;
  for (const State& s : last_card_positions(150)) {
    const PublicView view = s.public_view();
    const Action plain = MctsBot({.iterations = 30}, 40 + n).choose(view);
    const Action veto =
        MctsBot({.iterations = 30, .end_rule = EndRule::kVeto}, 40 + n).choose(view);
    ++n;
    if (veto == plain) continue;
    EXPECT_TRUE(ends_round(s, plain) && !ends_round(s, veto)) << to_text(veto);
    ++vetoed;
  }
  EXPECT_GE(vetoed, 3);
}

TEST(MctsBot, SingleLegalActionCostsNoSearch) {
  // Random games until enough positions with exactly one legal action are found (e.g. a put
  // with one free cell, or a draw with both piles nearly empty).
  int found = 0;
  Rng rng(3);
  MctsBot bot({.iterations = 1000000}, 1);  // a search would be very visible
  for (uint64_t game = 1; game < 400 && found < 20; ++game) {
    RuleOptions o = options_for(2 + static_cast<int>(game % 5));
    State s(o, game);
    while (!s.is_terminal() && found < 20) {
      const ActionList legal = s.legal_actions();
      if (legal.size() == 1) {
        const Action a = bot.choose(s.public_view());
        EXPECT_EQ(a, legal[0]);
        EXPECT_EQ(bot.last_iterations(), 0);
        ++found;
      }
      s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
      if (s.is_chance_node()) s.deal();
    }
  }
  EXPECT_GT(found, 0);
}

TEST(MctsBot, TimeBudget) {
  const State s = positions(1, 23).front();
  MctsBot bot({.seconds = 0.05}, 1);
  const Action a = bot.choose(s.public_view());
  EXPECT_TRUE(contains(s.legal_actions(), a));
  EXPECT_GT(bot.last_iterations(), 0);
}

TEST(MctsBot, BeatsRandomWithTwoPlayers) {
  const RuleOptions o = options_for(2);
  int wins = 0;
  const int games = 40;
  for (int g = 0; g < games; ++g) {
    MctsBot bot({.iterations = 300}, 500 + g);
    State end(o, 1);
    play(o, 300 + g, bot, g % 2, 700 + g, &end);
    ASSERT_TRUE(end.is_terminal());
    if (end.winners() == (1u << (g % 2))) ++wins;
  }
  EXPECT_GT(wins, games * 3 / 4) << wins << " of " << games;
  RecordProperty("wins", wins);
}

TEST(MctsRollout, EndsTheRoundOnly) {
  Rng rng(9);
  for (const State& start : positions(30, 31)) {
    State s = start;
    const int before = s.rounds_played();
    const float mean = mcts::unseen_mean(s);
    EXPECT_GT(mean, -1.0f);
    EXPECT_LT(mean, 11.0f);
    const int actions = mcts::rollout_round(s, rng, mean);
    EXPECT_GT(actions, 0);
    EXPECT_EQ(s.rounds_played(), before + 1);
    std::array<double, kMaxPlayers> v{};
    mcts::evaluate(s, v);
    double sum = 0;
    for (int p = 0; p < s.players(); ++p) {
      EXPECT_GE(v[p], 0.0);
      EXPECT_LE(v[p], 1.0);
      sum += v[p];
    }
    // Win shares sum to 1, margins add at most kMarginWeight per player.
    EXPECT_GE(sum, 1.0 - mcts::kMarginWeight - 1e-9);
  }
}

TEST(MctsRollout, EvaluateWinShares) {
  // A finished 3-round game: the winner's value is the largest.
  RuleOptions o = options_for(3, 2);
  State s(o, 4);
  Rng rng(4);
  while (!s.is_terminal()) {
    mcts::rollout_round(s, rng, mcts::unseen_mean(s));
    if (s.is_chance_node()) s.deal();
  }
  std::array<double, kMaxPlayers> v{};
  mcts::evaluate(s, v);
  const uint8_t winners = s.winners();
  for (int p = 0; p < 3; ++p)
    for (int q = 0; q < 3; ++q)
      if ((winners >> p & 1) && !(winners >> q & 1)) {
        EXPECT_GT(v[p], v[q] + 0.5);
      }
}

// The weights of the value (spec parts sigma= and margin=): with no margin the values are win
// shares summing to 1; a smaller spread makes the leader's estimated win chance larger.
TEST(MctsRollout, EvaluateWeights) {
  RuleOptions o = options_for(4, 3);
  State s(o, 11);
  Rng rng(11);
  mcts::rollout_round(s, rng, mcts::unseen_mean(s));
  ASSERT_FALSE(s.is_terminal());
  int leader = 0;
  for (int p = 1; p < 4; ++p)
    if (s.total_half(p) < s.total_half(leader)) leader = p;
  ASSERT_LT(s.total_half(leader), s.total_half((leader + 1) % 4));
  std::array<double, kMaxPlayers> tight{}, wide{};
  mcts::evaluate(s, tight, {.round_sigma = 4, .margin_weight = 0});
  mcts::evaluate(s, wide, {.round_sigma = 40, .margin_weight = 0});
  EXPECT_NEAR(tight[0] + tight[1] + tight[2] + tight[3], 1.0, 1e-9);
  EXPECT_NEAR(wide[0] + wide[1] + wide[2] + wide[3], 1.0, 1e-9);
  EXPECT_GT(tight[leader], wide[leader]);
  EXPECT_GT(wide[leader], 0.25);
}

}  // namespace
}  // namespace allegra
