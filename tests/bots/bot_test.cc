// The random, greedy and expert bots and the levels built on them: legality over many games
// and every rule option, determinism, blindness to hidden cards, strength in small samples,
// and make_bot() specs.
#include "bots/bot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots/evaluation.h"
#include "bots/mcts_rollout.h"
#include "engine/public_view.h"
#include "engine/rule_variants.h"
#include "engine/state.h"

namespace allegra {
namespace {

// Plays one game; every bot sees only public views. Returns the winners mask. If `log` is
// given, every decision is appended to it. Fails the test on an illegal action.
uint8_t play(const RuleOptions& options, uint64_t seed, std::vector<std::unique_ptr<Bot>>& bots,
             std::vector<Action>* log = nullptr) {
  State state(options, seed);
  int guard = 0;
  while (!state.is_terminal()) {
    const int p = state.current_player();
    const PublicView view = state.public_view();
    const Action a = bots[p]->choose(view);
    if (!state.is_legal(a)) {
      ADD_FAILURE() << bots[p]->name() << " chose illegal '" << to_text(a) << "' in phase "
                    << phase_name(state.phase()) << " (seed " << seed << ")";
      return 0;
    }
    if (log) log->push_back(a);
    state.apply(a);
    if (state.is_chance_node()) state.deal();
    if (++guard > 20000) {
      ADD_FAILURE() << "game did not end (seed " << seed << ")";
      return 0;
    }
  }
  return state.winners();
}

std::vector<std::unique_ptr<Bot>> lineup(const std::vector<std::string>& specs, int players,
                                         uint64_t seed, int offset = 0) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < players; ++p)
    bots.push_back(make_bot(specs[(p + offset) % specs.size()], seed * 31 + p));
  return bots;
}

// Every bot, every player count and every rule option (5 x 8 configurations): every game has
// an MCTS bot (a tiny budget: legality, not strength) in a rotating seat and the other bots in
// the remaining seats, until every bot has played kLegalityGames games. The release pass of
// scripts/test.sh runs the full count; the sanitizer build a tenth of it (200 games took 40 s
// of CPU there, the longest single test of that build).
#ifdef NDEBUG
constexpr int kLegalityGames = 1000;
#else
constexpr int kLegalityGames = 100;
#endif

TEST(Bots, OnlyLegalActionsOverEveryVariant) {
  const std::vector<std::string> others = {"random", "greedy", "expert", "easy", "medium"};
  // The search without and with the learned value (truncated rollouts), with the rollout
  // policy that knocks (v4; the default is v1) and with its round-end margin (v5), with the tree
  // keyed by public outcomes, with the expert's choice as the root's prior, with the
  // expert's veto on round ends, and as an ensemble of trees with other weights of the value,
  // in turns.
  const std::vector<std::string> searchers = {"mcts:3it",
                                              "mcts:3it:net=2",
                                              "mcts:3it:rollout=v4",
                                              "mcts:8it:tree=outcomes",
                                              "mcts:3it:prior=expert",
                                              "mcts:3it:rollout=v5",
                                              "mcts:3it:end=veto",
                                              "mcts:4it:trees=2:sigma=6:margin=0.3"};
  std::map<std::string, int> games_of;
  int games = 0;
  auto enough = [&] {
    for (const std::string& spec : others)
      if (games_of[spec] < kLegalityGames) return false;
    for (const std::string& spec : searchers)
      if (games_of[spec] < kLegalityGames) return false;
    return true;
  };
  for (int round_robin = 0; !enough(); ++round_robin) {
    for (int players = 2; players <= 6; ++players) {
      for (int variant = 0; variant < testing::kRuleVariants; ++variant, ++games) {
        const RuleOptions options = testing::one_round_variant(players, variant);
        const auto seed = static_cast<uint64_t>(games);
        std::vector<std::string> specs;
        const std::string& mcts = searchers[static_cast<size_t>(games / 40) % searchers.size()];
        for (int p = 0; p < players; ++p)
          specs.push_back(p == games % players ? mcts : others[(games + p) % others.size()]);
        std::vector<std::unique_ptr<Bot>> bots;
        std::set<std::string> seated(specs.begin(), specs.end());
        for (const std::string& spec : seated) ++games_of[spec];
        for (int p = 0; p < players; ++p) bots.push_back(make_bot(specs[p], seed * 31 + p));
        play(options, seed, bots);
        if (HasFailure()) return;
      }
    }
  }
  for (const auto& [spec, n] : games_of) EXPECT_GE(n, kLegalityGames) << spec;
}

TEST(Bots, SameSeedSameDecisions) {
  RuleOptions options;
  options.players = 5;
  options.rounds = 1;
  const std::vector<std::string> specs = {"random", "greedy", "expert", "easy", "medium"};
  std::vector<Action> first, second;
  auto a = lineup(specs, 5, 42);
  auto b = lineup(specs, 5, 42);
  play(options, 7, a, &first);
  play(options, 7, b, &second);
  EXPECT_EQ(first, second);
  EXPECT_GT(first.size(), 20u);
}

// Positions with the same public view but the hidden cards dealt differently: a bot with the
// same seed makes the same decision (it cannot see the hidden cards).
TEST(Bots, BlindToHiddenCards) {
  for (const char* spec : {"random", "greedy", "expert", "easy", "medium", "mcts:6it:net=2"}) {
    RuleOptions options;
    options.players = 4;
    State state(options, 99);
    auto driver = make_bot("random", 5);
    for (int step = 0; step < 300 && !state.is_terminal(); ++step) {
      const PublicView view = state.public_view();
      Rng rng(step);
      const State other = State::sample(view, rng);
      ASSERT_EQ(other.public_view(), view);
      auto x = make_bot(spec, 11);
      auto y = make_bot(spec, 11);
      EXPECT_EQ(x->choose(view), y->choose(other.public_view())) << spec << " step " << step;
      state.apply(driver->choose(view));
      if (state.is_chance_node()) state.deal();
    }
  }
}

double win_share(const std::string& hero, const std::string& villain, int games, int rounds,
                 uint64_t base_seed) {
  RuleOptions options;
  options.players = 4;
  options.rounds = rounds;
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    const int seat = g % 4;
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < 4; ++p)
      bots.push_back(make_bot(p == seat ? hero : villain, base_seed + 10u * g + p));
    if (play(options, base_seed + g, bots) >> seat & 1) ++wins;
  }
  return static_cast<double>(wins) / games;
}

TEST(Bots, GreedyBeatsRandom) {
  const double share = win_share("greedy", "random", 200, 1, 500);
  EXPECT_GT(share, 0.60) << share;
}

TEST(Bots, ExpertBeatsGreedy) {
  // 25% is parity with four players.
  const double share = win_share("expert", "greedy", 300, 1, 900);
  EXPECT_GT(share, 0.33) << share;
}

TEST(Bots, SingleLegalActionReturnsIt) {
  RuleOptions options;
  options.players = 3;
  State state(options, 3);
  auto driver = make_bot("random", 1);
  int checked = 0;
  for (int step = 0; step < 2000 && !state.is_terminal(); ++step) {
    const PublicView view = state.public_view();
    const ActionList legal = view.legal_actions();
    if (legal.size() == 1) {
      for (const char* spec : {"random", "greedy", "expert", "easy", "medium"})
        EXPECT_EQ(make_bot(spec, 1)->choose(view), legal[0]);
      ++checked;
    }
    state.apply(driver->choose(view));
    if (state.is_chance_node()) state.deal();
  }
  EXPECT_GT(checked, 0);
}

TEST(BotFactory, KnownSpecs) {
  for (const char* spec :
       {"random", "greedy", "expert", "easy", "medium", "hard", "level:expert", "level:easy",
        "level:medium", "level:hard", "mcts", "mcts:200it", "mcts:50ms", "mcts:200it:2t",
        "mcts:50ms:1t", "mcts:200it:net", "mcts:200it:2t:net=0", "mcts:50ms:net=12"}) {
    auto bot = make_bot(spec, 1);
    ASSERT_NE(bot, nullptr) << spec;
    EXPECT_FALSE(bot->name().empty()) << spec;
  }
  EXPECT_EQ(make_bot("greedy", 1)->name(), "greedy");
  EXPECT_EQ(make_bot("expert", 1)->name(), "expert");
  EXPECT_EQ(make_bot("easy", 1)->name(), "easy");
  EXPECT_EQ(make_bot("medium", 1)->name(), "medium");
  EXPECT_EQ(make_bot("mcts:200it:net", 1)->name(), "mcts:200it:net=8");
  EXPECT_EQ(make_bot("mcts:200it:2t:net=0", 1)->name(), "mcts:200it:2t:net=0");
  for (const char* spec :
       {"mcts:200it:rollout=v1", "mcts:200it:2t:net:rollout=v3", "mcts:50ms:rollout=v2:2t"})
    EXPECT_NE(make_bot(spec, 1), nullptr) << spec;
  // The tree kind shows in the name unless it is the default (so a name is a spec).
  EXPECT_EQ(make_bot("mcts:200it:tree=open", 1)->name(), "mcts:200it");
  EXPECT_EQ(make_bot("mcts:200it:tree=turn", 1)->name(), "mcts:200it:tree=turn");
  EXPECT_EQ(make_bot("mcts:200it:c=0.2:bias=2", 1)->name(), "mcts:200it");
  EXPECT_EQ(make_bot("mcts:200it:prior=policy", 1)->name(), "mcts:200it");
  EXPECT_EQ(make_bot("mcts:200it:c=0.3:prior=expert:2t", 1)->name(),
            "mcts:200it:2t:prior=expert:c=0.3");
  EXPECT_EQ(make_bot("mcts:200it:end=search", 1)->name(), "mcts:200it");
  EXPECT_EQ(make_bot("mcts:200it:end=veto:prior=expert", 1)->name(),
            "mcts:200it:prior=expert:end=veto");
  EXPECT_EQ(make_bot("mcts:200it:bias=0.5:c=0.35", 1)->name(), "mcts:200it:c=0.35:bias=0.5");
  EXPECT_EQ(make_bot("mcts:200it:sigma=12:margin=0.1", 1)->name(), "mcts:200it");
  EXPECT_EQ(make_bot("mcts:200it:margin=0.3:sigma=6.5:end=veto", 1)->name(),
            "mcts:200it:end=veto:sigma=6.5:margin=0.3");
  EXPECT_EQ(make_bot("mcts:200it:trees=1", 1)->name(), "mcts:200it");
  EXPECT_EQ(make_bot("mcts:200it:end=veto:trees=4:2t", 1)->name(),
            "mcts:200it:2t:trees=4:end=veto");
  EXPECT_EQ(make_bot("mcts:200it:tree=outcomes:2t:rollout=v4", 1)->name(),
            "mcts:200it:2t:rollout=v4:tree=outcomes");
  EXPECT_EQ(make_bot("mcts:200it:2t:net:rollout=v4:tree=outcomes", 1)->name(),
            "mcts:200it:2t:net=8:rollout=v4:tree=outcomes");
  // The rollout policy shows in the name unless it is the default (so a name is a spec).
  for (RolloutPolicy v : kRolloutPolicies) {
    const std::string spec = "mcts:200it:rollout=" + rollout_policy_name(v);
    EXPECT_EQ(make_bot(spec, 1)->name(), v == kDefaultRolloutPolicy ? "mcts:200it" : spec);
    EXPECT_EQ(make_bot(make_bot(spec + ":net", 1)->name(), 1)->name(),
              make_bot(spec + ":net", 1)->name());
  }
}

TEST(BotFactory, UnknownSpecs) {
  for (const char* spec :
       {"xyz", "", "Random", "mcts:100it:2t:net:1", "level:", "level:insane", "greedy:1"}) {
    try {
      make_bot(spec, 1);
      ADD_FAILURE() << "accepted '" << spec << "'";
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("unknown bot '" + std::string(spec) + "': expected one of ", 0), 0u)
          << what;
    }
  }
  EXPECT_NE(bot_spec_help().find("mcts:<N>it"), std::string::npos);
}

// A spec from a save file may hold escape codes: the error shows them escaped, never sends
// them to the terminal (found by fuzz_bot_spec).
TEST(BotFactory, ControlCharactersInASpecAreShownEscaped) {
  const std::pair<const char*, const char*> cases[] = {
      {"\x1b[31mevil", "unknown bot \"\\x1b[31mevil\": expected one of "},
      {"mcts:1\nit", "bot \"mcts:1\\nit\": iterations must be a whole number"},
      {"mcts:5it:\x7ft", "got \"\\x7f\""},
  };
  for (const auto& [spec, want] : cases) {
    try {
      make_bot(spec, 1);
      ADD_FAILURE() << "accepted a spec with a control character";
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(want), std::string::npos) << what;
      EXPECT_TRUE(std::none_of(what.begin(), what.end(), [](char c) {
        return (c >= 0 && c < 0x20) || c == 0x7F;
      })) << what;
    }
  }
}

// A spec of a known bot with a bad parameter says which parameter and its allowed range.
TEST(BotFactory, BadParametersSayWhy) {
  const std::pair<const char*, const char*> cases[] = {
      {"mcts:0it",
       "bot 'mcts:0it': iterations must be a whole number from 1 to 100000000, got '0'"},
      {"mcts:-5it", "iterations must be a whole number from 1 to 100000000, got '-5'"},
      {"mcts:abcit", "iterations must be a whole number from 1 to 100000000, got 'abc'"},
      {"mcts:1e3it", "got '1e3'"},
      {"mcts:it", "iterations must be a whole number from 1 to 100000000, got ''"},
      {"mcts:200000000it", "got '200000000'"},
      {"mcts:0ms", "milliseconds must be a whole number from 1 to 3600000, got '0'"},
      {"mcts:12", "the budget '12' must be iterations (e.g. 2000it) or milliseconds"},
      {"mcts:", "the budget '' must be iterations"},
      {"mcts:100it:0t", "threads must be a whole number from 1 to 256, got '0'"},
      {"mcts:100it:2", "the part '2' must be threads (e.g. 2t)"},
      {"mcts:100it:net=x", "(net=K) must be a whole number from 0 to 1000, got 'x'"},
      {"mcts:100it:net=-1", "got '-1'"},
      {"mcts:100it:net:net", "'net' is given twice"},
      {"mcts:100it:net:2t", "the part '2t' must be threads (e.g. 2t), once, before net"},
      {"mcts:100it:nett", "the part 'nett' must be net or net=K"},
      {"mcts:100it:netto=3", "the part 'netto=3' must be net or net=K"},
      {"mcts:100it:rollout=v9", "the part 'rollout=v9' must be rollout=v1, v2, v3, v4 or v5"},
      {"mcts:100it:rollout", "the part 'rollout' must be rollout=v1"},
      {"mcts:100it:rollout=v2:rollout=v2", "v4 or v5, once"},
      {"mcts:100it:net:rollout=v1:1", "the part '1' must be threads"},
      {"mcts:100it:tree=closed",
       "the part 'tree=closed' must be tree=open, tree=outcomes or tree=turn"},
      {"mcts:100it:tree", "the part 'tree' must be tree=open, tree=outcomes or tree=turn, once"},
      {"mcts:100it:tree=open:tree=open", "or tree=turn, once"},
      {"mcts:100it:2t:net:rollout=v4:tree=outcomes:c=1:bias=1:x", "unknown bot"},
      {"mcts:100it:c=", "the exploration (c) must be a number from 0 to 10, got ''"},
      {"mcts:100it:c=-1", "got '-1'"},
      {"mcts:100it:c=11", "got '11'"},
      {"mcts:100it:c=1e3", "got '1e3'"},
      {"mcts:100it:c=nan", "got 'nan'"},
      {"mcts:100it:bias=0.5x", "the policy bias (bias) must be a number from 0 to 100, got '0.5x'"},
      {"mcts:100it:c=1:c=2", "'c=' is given twice"},
      {"mcts:100it:bias=1:bias=1", "'bias=' is given twice"},
      {"mcts:100it:prior=human", "the part 'prior=human' must be prior=policy or prior=expert"},
      {"mcts:100it:prior", "the part 'prior' must be prior=policy or prior=expert, once"},
      {"mcts:100it:prior=expert:prior=expert", "prior=expert, once"},
      {"mcts:100it:end=expert", "the part 'end=expert' must be end=search or end=veto"},
      {"mcts:100it:end", "the part 'end' must be end=search or end=veto, once"},
      {"mcts:100it:end=veto:end=search", "end=veto, once"},
      {"mcts:100it:2t:net:rollout=v4:tree=outcomes:c=1:bias=1:prior=expert:end=veto:x",
       "unknown bot"},
      {"mcts:100it:sigma=0.1",
       "the round's spread in points (sigma) must be a number from 0.5 to 1000, got '0.1'"},
      {"mcts:100it:sigma=", "(sigma) must be a number from 0.5 to 1000, got ''"},
      {"mcts:100it:sigma=2000", "got '2000'"},
      {"mcts:100it:sigma=6:sigma=6", "'sigma=' is given twice"},
      {"mcts:100it:margin=1.5", "the margin's weight (margin) must be a number from 0 to 1"},
      {"mcts:100it:margin=0:margin=0", "'margin=' is given twice"},
      {"mcts:100it:trees=0",
       "the number of trees (trees) must be a whole number from 1 to 256, got '0'"},
      {"mcts:100it:trees=", "got ''"},
      {"mcts:100it:trees=2.5", "got '2.5'"},
      {"mcts:100it:trees=300", "got '300'"},
      {"mcts:100it:trees=2:trees=2", "'trees=' is given twice"},
      {"mcts:100it:2t:net:rollout=v4:tree=outcomes:c=1:bias=1:prior=expert:end=veto:sigma=6:"
       "margin=0:trees=2:x",
       "unknown bot"},
  };
  for (const auto& [spec, want] : cases) {
    try {
      make_bot(spec, 1);
      ADD_FAILURE() << "accepted '" << spec << "'";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
  }
}

// The evaluation helpers against the engine: the unseen cards and the lines.
TEST(Evaluation, UnseenCardsAndLinesMatchTheEngine) {
  RuleOptions options;
  options.players = 3;
  options.optional_clearing = true;
  State state(options, 17);
  auto driver = make_bot("random", 2);
  int steps = 0;
  for (; steps < 3000 && !state.is_terminal(); ++steps) {
    const int step = steps;
    const PublicView view = state.public_view();
    const State& m = view.masked();
    const bots::CardStats st = bots::CardStats::unseen(m);
    int hidden = m.draw_pile_size();
    for (int p = 0; p < 3; ++p)
      for (int i = 0; i < kGridCells; ++i)
        if (m.cell_state(make_cell(p, i / kGridCols, i % kGridCols)) == CellState::kFaceDown)
          ++hidden;
    if (m.hand_card() == kHiddenValue) ++hidden;
    if (m.taken_card() == kHiddenValue) ++hidden;
    ASSERT_EQ(st.total, hidden) << "step " << step;
    const bots::Board board = bots::Board::from(m);
    for (int p = 0; p < 3; ++p) {
      LineList ours, engine;
      board.complete_lines(p, ours);
      m.complete_lines(p, engine);
      ASSERT_EQ(ours.size(), engine.size());
      for (size_t i = 0; i < ours.size(); ++i) EXPECT_EQ(ours[i].id, engine[i].id);
    }
    state.apply(driver->choose(view));
    if (state.is_chance_node()) state.deal();
  }
  EXPECT_GT(steps, 500);
}

}  // namespace
}  // namespace allegra
