// MctsBot: Monte Carlo tree search over the public state, for every player count.
//
// Face-down cards and the draw pile are unknown to everyone, so every iteration starts from a
// fresh State::sample() of the public view (information-set search): the tree is keyed by
// actions (open loop) or by actions and what they turn up (TreeKind below), children are used
// only where legal in the iteration's sample, and the search never sees a real hidden card. Each
// player maximises his own value (multi-player backups): winning the game, with the score margin as
// a tie-break.
// A round that has gone on for more than 45 own turns is left to the expert bot, which ends it
// (its finish rule): no rule forces a round to end, and the search would wait for ever for
// another player to end a round it leads.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.h"
#include "bots/mcts_rollout.h"

namespace allegra {

class ValueNet;

// How the tree follows what the actions turn up (spec part tree=open|outcomes, docs/bots.md).
// kOpenLoop: children keyed by the action alone, so everything after a card-revealing action
// (a draw from the pile, a reveal, a replaced face-down card) is averaged over the cards it
// may turn up: one statistic for "where to put the drawn card" whatever the card was, and one
// for the others' knock answers. kOutcomes: after each action the tree branches on its public
// outcome (public_outcome.h), so every decision in the tree is taken knowing what a player
// would know then.
// kTurnOutcomes: the same within the turn being decided (the root player's, or the one he
// answers a knock in), open loop after it.
enum class TreeKind : uint8_t { kOpenLoop, kOutcomes, kTurnOutcomes };
inline constexpr TreeKind kDefaultTreeKind = TreeKind::kOpenLoop;
std::string tree_kind_name(TreeKind kind);  // "open", "outcomes", "turn"
std::optional<TreeKind> tree_kind_from_name(std::string_view name);

// Which action the progressive bias favours at the root (spec part prior=policy|expert).
// kPolicy: the rollout policy's choice in each iteration's sample, as at every other node.
// kExpert: the expert bot's choice (expert_bot.h), asked once per decision from the public
// view; it knocks, answers knocks and ends rounds as a strong player would, which the cheap
// rollout policy does not. Deeper nodes keep the policy's choice (an expert call costs ~40 us,
// several iterations).
enum class RootPrior : uint8_t { kPolicy, kExpert };
inline constexpr RootPrior kDefaultRootPrior = RootPrior::kPolicy;
std::string root_prior_name(RootPrior prior);  // "policy", "expert"
std::optional<RootPrior> root_prior_from_name(std::string_view name);

// Who decides to end the round at the root (spec part end=search|veto). kSearch: the most
// visited child, whatever it does. kVeto: when that child would end the round (its last
// face-down card filled or turned up) and the expert bot, asked from the same public view,
// would not, the most visited child that does not end it is played instead. The search values
// an end through rollouts whose players play their last turns weakly, so it ends rounds it
// does not win (docs/strength.md "The expert's veto on round ends").
enum class EndRule : uint8_t { kSearch, kVeto };
inline constexpr EndRule kDefaultEndRule = EndRule::kSearch;
std::string end_rule_name(EndRule rule);  // "search", "veto"
std::optional<EndRule> end_rule_from_name(std::string_view name);

struct MctsConfig {
  int iterations = 1000;  // per decision, when seconds == 0
  double seconds = 0;     // per decision; > 0 overrides iterations (not deterministic)
  int threads = 1;        // root-parallel trees merged at the end; 1 = deterministic
  // Independent trees that share the budget and whose root statistics are added up (root
  // parallelism without threads, spec part trees=K); the search grows max(trees, threads)
  // trees, each thread its share of them. An ensemble of smaller trees decides more steadily
  // than one large tree whose early statistics steer the rest of its growth (docs/strength.md
  // "An ensemble of trees").
  int trees = 1;
  double exploration = 0.2;  // values are in [0, 1]; tuned against the rollout policy
  // Progressive bias towards the rollout policy's choice at every tree node: that child's UCB
  // score gets + policy_bias / (visits + 1), and it is expanded first. 0 = plain UCB1.
  double policy_bias = 2.0;
  // Stop an iteration budget early once the remaining iterations cannot change the most
  // visited root child: the same decision, less time. Off for full root statistics (hints).
  bool stop_when_decided = true;
  // A time cap on an iteration budget, in seconds (0 = none): the budget decides, the cap only
  // guards against a slow machine (a hint that must answer within a second).
  double max_seconds = 0;
  // Set from another thread to end the search early (a hint the person cancelled).
  const std::atomic<bool>* cancel = nullptr;
  // The learned value (value_leaf.h): if set, rollouts stop after value_depth plies and the net
  // values the position (spec option :net / :net=K). Not owned; must outlive the bot.
  const ValueNet* value_net = nullptr;
  int value_depth = 0;
  // The default policy of the rollouts and of the progressive bias (mcts_rollout.h; spec part
  // rollout=v1|v2|v3|v4).
  RolloutPolicy rollout = kDefaultRolloutPolicy;
  TreeKind tree = kDefaultTreeKind;          // spec part tree=open|outcomes
  RootPrior root_prior = kDefaultRootPrior;  // spec part prior=policy|expert
  EndRule end_rule = kDefaultEndRule;        // spec part end=search|veto
  // The value at a rollout's end (mcts::evaluate, mcts_rollout.h): the spread of one round's
  // totals in points (spec part sigma=) and the weight of the score margin (spec part margin=).
  // The learned value (:net) keeps its own formula.
  mcts::EvalWeights eval{};
};

class MctsBot : public Bot {
 public:
  MctsBot(const MctsConfig& config, uint64_t seed);
  ~MctsBot() override;
  std::string name() const override;
  Action choose(const PublicView& view) override;
  void reseed(uint64_t seed) override;
  // The bound is the shorter of `max_seconds` and the spec's own time; `cancel` replaces the
  // config's.
  void bound(double max_seconds, const std::atomic<bool>* cancel) override;

  // Statistics of the last choose(): iterations run and each root action's visits and mean
  // value for the deciding player (best first), e.g. for hints in a user interface.
  struct RootStat {
    Action action;
    int visits;
    double value;
  };
  const std::vector<RootStat>& last_root_stats() const;
  long long last_iterations() const;

 private:
  void veto_round_end(const PublicView& view);  // EndRule::kVeto, on the sorted statistics
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace allegra
