// MctsBot: open-loop information-set MCTS with multi-player values (see mcts_bot.h).
//
// One iteration:
//  1. s = State::sample(view, rng): a fresh determinization of the hidden cards.
//  2. Selection from the root: a node's children are keyed by Action; only children whose
//     action is legal in s take part. Each such child's availability count goes up; the child
//     maximising UCB1 for the player to move in s,
//        mean_q + c * sqrt(ln(availability_q) / visits_q),
//     is applied (c = MctsConfig::exploration; values are in [0, 1]).
//     With TreeKind::kOutcomes the selected action's node is not the next decision node: the
//     iteration goes on from its child for the action's public outcome in s (the card turned
//     up, public_outcome.h), made if new, so each decision node stands for one public history.
//     The child of the preferred action (the rollout policy's choice in s; at the root the
//     expert bot's with RootPrior::kExpert) gets the progressive bias + bias / (visits + 1).
//  3. Expansion: if some legal action of s has no child yet, one of them (the preferred
//     action, else one at random) becomes a child and is applied, and selection stops.
//  4. Rollout: the default policy (mcts_rollout.h) plays s to the end of the round being played
//     (not of the game); the tree itself never goes past that round end either.
//  5. Evaluation: mcts::evaluate() gives every player a value in [0, 1] (win share of the game
//     or its estimate from the totals, plus a small margin term; formula in mcts_rollout.h).
//  6. Backup: each child on the path adds the value of the player who chose its action.
//
// The root action is the child with the most visits (ties: higher mean). A search with an
// iteration budget stops early once the remaining iterations could not give another child
// more visits than the leader, which saves time and never changes the decision (tree by
// tree: with several trees the merged totals are those of the shortened trees). With
// K = max(trees, threads) > 1 the search grows K trees, each from its own seed (root
// parallelism), and adds up the root children's visits and value sums; with an iteration
// budget, tree i runs iterations / K (+1 for the first iterations % K trees). Thread t grows
// trees t, t + threads, ..., so the result depends only on the seed, K and the budget, not on
// the threads that grew them (mcts:6000it:3t and mcts:6000it:trees=3 decide alike).
#include "bots/mcts_bot.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>

#include "bots/expert_bot.h"
#include "bots/mcts_rollout.h"
#include "bots/public_outcome.h"
#include "bots/value_leaf.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra {
namespace {

using Clock = std::chrono::steady_clock;

// Decision nodes (the root, and with TreeKind::kOutcomes each outcome of an action) have the
// action edges of the player to move as children. An edge keeps the statistics of its action;
// with kOutcomes its children are the decision nodes of the outcomes met after the action
// (`outcome`: public_outcome()), with kOpenLoop the edge is itself the next decision node.
struct Node {
  Action action;         // the action leading here from the parent (edges)
  uint64_t outcome = 0;  // the public outcome this decision node follows (kOutcomes)
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  int32_t visits = 0;
  int32_t avail = 0;
  double value = 0;  // sum of the values of the player who chose `action`
};

// One search tree with its own random stream. Kept between decisions to reuse its memory.
class alignas(64) Tree {
 public:
  void reset() {
    nodes_.clear();
    nodes_.push_back(Node{});
    iterations_ = 0;
  }

  // Runs iterations until `budget` is reached (no budget if `timed`) or, if `deadline` is set,
  // the time is up, or the search is cancelled. `root_preferred`: the action the bias favours
  // at the root, or nullopt for the policy's choice in each sample.
  void search(const PublicView& view, uint64_t seed, const MctsConfig& config, long long budget,
              const Clock::time_point* deadline, bool timed, std::optional<Action> root_preferred) {
    // An iteration adds at most two nodes (an edge and, with outcome trees, its outcome), so a
    // small tree of an ensemble reserves for its budget, not for the largest search: a table's
    // level:expert bot keeps 8 trees for the whole game.
    if (nodes_.capacity() == 0) {
      const long long nodes = timed ? kReservedNodes : std::min(kReservedNodes, 2 * budget + 2);
      nodes_.reserve(static_cast<size_t>(nodes));
    }
    reset();
    rng_.reseed(seed);
    hidden_mean_ = mcts::unseen_mean(view.masked());
    exploration_ = config.exploration;
    bias_ = config.policy_bias;
    eval_ = config.eval;
    stop_early_ = config.stop_when_decided && !timed;
    net_ = config.value_net;
    net_depth_ = config.value_depth;
    rollout_ = config.rollout;
    tree_ = config.tree;
    root_turn_ = view.masked().turns_in_round();
    root_preferred_ = root_preferred ? root_preferred->code() : kNoAction;
    if (net_ && !net_scratch_) net_scratch_ = std::make_unique<mcts::NetLeafScratch>();
    for (long long i = 0; timed ? true : i < budget; ++i) {
      if (deadline && i > 0 && Clock::now() >= *deadline) break;
      if (config.cancel && i % kCancelCheckEvery == 0 && config.cancel->load()) break;
      if (stop_early_ && i % kStopCheckEvery == 0 && i > 0 && decided(budget - i)) break;
      iterate(view);
      ++iterations_;
    }
  }

  const std::vector<Node>& nodes() const { return nodes_; }
  long long iterations() const { return iterations_; }

 private:
  static constexpr uint16_t kNoAction = 0xFFFF;  // no Action has this code
  static constexpr long long kReservedNodes = 1 << 16;
  static constexpr long long kStopCheckEvery = 16;
  static constexpr long long kCancelCheckEvery = 16;

  // True if the `remaining` iterations cannot change which root child has the most visits
  // (the action chosen), so stopping now gives the same decision as the whole budget.
  bool decided(long long remaining) const {
    long long best = 0, second = 0;
    for (int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) {
      const long long v = nodes_[c].visits;
      if (v > best) {
        second = best;
        best = v;
      } else if (v > second) {
        second = v;
      }
    }
    return best > second + remaining;
  }

  void iterate(const PublicView& view) {
    State s = State::sample(view, rng_);
    const int start_round = s.rounds_played();
    path_.clear();
    int32_t node = 0;
    bool expanded = false;
    while (!expanded && !s.is_terminal() && s.rounds_played() == start_round) {
      s.legal_actions(legal_);
      const int mover = s.current_player();
      const uint16_t preferred = preferred_action(s, node);
      // Children legal in this sample; which legal actions already have a child.
      uint32_t has_child = 0;
      int32_t best = -1;
      double best_score = -1e300;
      candidates_.clear();
      for (int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
        const uint16_t code = nodes_[c].action.code();
        for (size_t k = 0; k < legal_.size(); ++k) {
          if (legal_[k].code() == code) {
            has_child |= 1u << k;
            candidates_.push_back(c);
            break;
          }
        }
      }
      for (int32_t c : candidates_) ++nodes_[c].avail;
      const auto n_legal = static_cast<uint32_t>(legal_.size());
      const uint32_t untried = (n_legal == 32 ? ~0u : (1u << n_legal) - 1) & ~has_child;
      if (untried) {
        // Expand the policy's action if untried, else a random untried action.
        int index = -1;
        for (size_t k = 0; k < legal_.size(); ++k)
          if ((untried >> k & 1) && legal_[k].code() == preferred) index = static_cast<int>(k);
        if (index < 0) {
          int pick = static_cast<int>(rng_.below(static_cast<uint32_t>(std::popcount(untried))));
          uint32_t m = untried;
          for (; pick > 0; --pick) m &= m - 1;
          index = std::countr_zero(m);
        }
        const Action a = legal_[static_cast<size_t>(index)];
        Node child;
        child.action = a;
        child.avail = 1;
        child.next_sibling = nodes_[node].first_child;
        const auto id = static_cast<int32_t>(nodes_.size());
        nodes_.push_back(child);
        nodes_[node].first_child = id;
        best = id;
        expanded = true;
      } else {
        for (int32_t c : candidates_) {
          const Node& ch = nodes_[c];
          double score =
              ch.value / ch.visits +
              exploration_ * std::sqrt(std::log(static_cast<double>(ch.avail)) / ch.visits);
          if (ch.action.code() == preferred) score += bias_ / (ch.visits + 1);
          if (score > best_score) {
            best_score = score;
            best = c;
          }
        }
      }
      path_.push_back({best, mover});
      s.apply(nodes_[best].action);
      node = !expanded && splits(s)
                 ? outcome_node(best, mcts::public_outcome(s, nodes_[best].action))
                 : best;
    }
    if (net_) {
      mcts::evaluate_with_net(s, start_round, rng_, hidden_mean_, *net_, net_depth_, *net_scratch_,
                              values_, rollout_);
    } else {
      if (!s.is_terminal() && s.rounds_played() == start_round)
        mcts::rollout_round(s, rng_, hidden_mean_, rollout_);
      mcts::evaluate(s, values_, eval_);
    }
    for (const Step& step : path_) {
      Node& n = nodes_[step.node];
      ++n.visits;
      n.value += values_[step.mover];
    }
  }

  // The code of the action the progressive bias favours at `node` in s (kNoAction: none).
  uint16_t preferred_action(const State& s, int32_t node) {
    if (bias_ <= 0) return kNoAction;
    if (node == 0 && root_preferred_ != kNoAction) return root_preferred_;
    return mcts::policy_action(s, rng_, hidden_mean_, scratch_, rollout_).code();
  }

  // True if the tree branches on the public outcome of the action just applied to s.
  bool splits(const State& s) const {
    return tree_ == TreeKind::kOutcomes ||
           (tree_ == TreeKind::kTurnOutcomes && s.turns_in_round() == root_turn_);
  }

  // The decision node under `edge` for `outcome`, made if it is new.
  int32_t outcome_node(int32_t edge, uint64_t outcome) {
    for (int32_t c = nodes_[edge].first_child; c >= 0; c = nodes_[c].next_sibling)
      if (nodes_[c].outcome == outcome) return c;
    Node n;
    n.outcome = outcome;
    n.next_sibling = nodes_[edge].first_child;
    const auto id = static_cast<int32_t>(nodes_.size());
    nodes_.push_back(n);
    nodes_[edge].first_child = id;
    return id;
  }

  struct Step {
    int32_t node;
    int mover;
  };

  std::vector<Node> nodes_;
  std::vector<Step> path_;
  std::vector<int32_t> candidates_;
  ActionList legal_;
  ActionList scratch_;
  std::array<double, kMaxPlayers> values_{};
  Rng rng_;
  float hidden_mean_ = 5;
  double exploration_ = 0.2;
  double bias_ = 2.0;
  mcts::EvalWeights eval_;
  bool stop_early_ = true;
  long long iterations_ = 0;
  const ValueNet* net_ = nullptr;
  int net_depth_ = 0;
  RolloutPolicy rollout_ = kDefaultRolloutPolicy;
  TreeKind tree_ = kDefaultTreeKind;
  int root_turn_ = 0;
  uint16_t root_preferred_ = kNoAction;
  std::unique_ptr<mcts::NetLeafScratch> net_scratch_;  // made once, reused by every search
};

std::string format_seconds(double seconds) {
  const double ms = seconds * 1000.0;
  if (ms == std::floor(ms)) return fmt::format("{}ms", static_cast<long long>(ms));
  return fmt::format("{}ms", ms);
}

}  // namespace

std::string tree_kind_name(TreeKind kind) {
  switch (kind) {
    case TreeKind::kOutcomes:
      return "outcomes";
    case TreeKind::kTurnOutcomes:
      return "turn";
    case TreeKind::kOpenLoop:
      break;
  }
  return "open";
}

std::optional<TreeKind> tree_kind_from_name(std::string_view name) {
  if (name == "open") return TreeKind::kOpenLoop;
  if (name == "outcomes") return TreeKind::kOutcomes;
  if (name == "turn") return TreeKind::kTurnOutcomes;
  return std::nullopt;
}

std::string root_prior_name(RootPrior prior) {
  return prior == RootPrior::kExpert ? "expert" : "policy";
}

std::optional<RootPrior> root_prior_from_name(std::string_view name) {
  if (name == "policy") return RootPrior::kPolicy;
  if (name == "expert") return RootPrior::kExpert;
  return std::nullopt;
}

std::string end_rule_name(EndRule rule) { return rule == EndRule::kVeto ? "veto" : "search"; }

std::optional<EndRule> end_rule_from_name(std::string_view name) {
  if (name == "search") return EndRule::kSearch;
  if (name == "veto") return EndRule::kVeto;
  return std::nullopt;
}

namespace {

// True if the player to move in s ends the round (R8) by playing a; s is any sample of the
// view: whether a display runs out of face-down cards is public.
bool ends_round(const State& s, Action a) {
  if (s.in_final_round()) return false;
  State after = s;
  after.apply(a);
  return after.ender() == s.current_player();
}

}  // namespace

struct MctsBot::Impl {
  MctsConfig config;
  Rng rng;
  std::vector<Tree> trees;
  std::unique_ptr<ExpertBot> expert;  // the root prior (RootPrior::kExpert); overdue rounds
  std::vector<RootStat> stats;
  long long iterations = 0;
  double bound_seconds = 0;  // bound(): a cap from outside on every decision's time
};

MctsBot::MctsBot(const MctsConfig& config, uint64_t seed) : impl_(std::make_unique<Impl>()) {
  if (config.threads < 1) throw std::invalid_argument("mcts: threads must be at least 1");
  if (config.trees < 1) throw std::invalid_argument("mcts: trees must be at least 1");
  if (config.seconds < 0) throw std::invalid_argument("mcts: seconds must not be negative");
  if (config.max_seconds < 0) throw std::invalid_argument("mcts: max_seconds must not be negative");
  if (config.seconds == 0 && config.iterations < 1)
    throw std::invalid_argument("mcts: iterations must be at least 1");
  if (!(config.exploration >= 0)) throw std::invalid_argument("mcts: exploration must be >= 0");
  if (!(config.eval.round_sigma > 0)) throw std::invalid_argument("mcts: sigma must be > 0");
  if (!(config.eval.margin_weight >= 0 && config.eval.margin_weight <= 1))
    throw std::invalid_argument("mcts: margin must be from 0 to 1");
  if (config.value_depth < 0) throw std::invalid_argument("mcts: value_depth must be >= 0");
  impl_->config = config;
  impl_->rng.reseed(seed);
  impl_->trees.resize(static_cast<size_t>(std::max(config.trees, config.threads)));
  if (config.root_prior == RootPrior::kExpert) impl_->expert = std::make_unique<ExpertBot>(seed);
}

MctsBot::~MctsBot() = default;

void MctsBot::reseed(uint64_t seed) { impl_->rng.reseed(seed); }

void MctsBot::bound(double max_seconds, const std::atomic<bool>* cancel) {
  if (max_seconds < 0) throw std::invalid_argument("mcts: a bound must not be negative");
  impl_->bound_seconds = max_seconds;
  impl_->config.cancel = cancel;
}

std::string MctsBot::name() const {
  const MctsConfig& c = impl_->config;
  std::string n =
      c.seconds > 0 ? "mcts:" + format_seconds(c.seconds) : fmt::format("mcts:{}it", c.iterations);
  if (c.threads > 1) n += fmt::format(":{}t", c.threads);
  if (c.trees > 1) n += fmt::format(":trees={}", c.trees);
  if (c.value_net) n += fmt::format(":net={}", c.value_depth);
  if (c.rollout != kDefaultRolloutPolicy) n += ":rollout=" + rollout_policy_name(c.rollout);
  if (c.tree != kDefaultTreeKind) n += ":tree=" + tree_kind_name(c.tree);
  if (c.root_prior != kDefaultRootPrior) n += ":prior=" + root_prior_name(c.root_prior);
  if (c.end_rule != kDefaultEndRule) n += ":end=" + end_rule_name(c.end_rule);
  if (c.exploration != MctsConfig{}.exploration) n += fmt::format(":c={}", c.exploration);
  if (c.policy_bias != MctsConfig{}.policy_bias) n += fmt::format(":bias={}", c.policy_bias);
  if (c.eval.round_sigma != mcts::kRoundSigma) n += fmt::format(":sigma={}", c.eval.round_sigma);
  if (c.eval.margin_weight != mcts::kMarginWeight)
    n += fmt::format(":margin={}", c.eval.margin_weight);
  return n;
}

Action MctsBot::choose(const PublicView& view) {
  Impl& im = *impl_;
  im.stats.clear();
  im.iterations = 0;
  const ActionList legal = view.legal_actions();
  if (legal.empty()) throw std::logic_error("mcts: no legal action (is the game over?)");
  if (legal.size() == 1) {
    im.stats.push_back({legal[0], 0, 0.0});
    return legal[0];
  }
  // An overdue round (more own turns than the expert bot's finish rule allows) is ended the
  // expert's way: two players can wait for each other forever (expert_bot.cc, step 11), and a
  // search whose rollouts end rounds carelessly would wait for the other to end it.
  if (ExpertBot::round_overdue(view.masked())) {
    if (!im.expert) im.expert = std::make_unique<ExpertBot>(0);
    im.expert->reseed(im.rng.next());
    const Action a = im.expert->choose(view);
    im.stats.push_back({a, 0, 0.0});
    return a;
  }
  const MctsConfig& c = im.config;
  const int threads = c.threads;
  const int tree_count = static_cast<int>(im.trees.size());  // max(trees, threads)
  std::vector<uint64_t> seeds(static_cast<size_t>(tree_count));
  for (auto& s : seeds) s = im.rng.next();
  std::optional<Action> root_preferred;
  if (im.expert) {
    im.expert->reseed(im.rng.next());
    root_preferred = im.expert->choose(view);
  }
  Clock::time_point deadline;
  const bool timed = c.seconds > 0;
  double limit = timed ? c.seconds : c.max_seconds;
  if (im.bound_seconds > 0 && (limit == 0 || im.bound_seconds < limit)) limit = im.bound_seconds;
  if (limit > 0)
    deadline = Clock::now() +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limit));
  // Thread t grows trees t, t + threads, ... one after the other; with a time limit they share
  // the thread's time equally.
  auto run = [&](int t) {
    const int mine = (tree_count - t + threads - 1) / threads;
    const Clock::time_point start = Clock::now();
    for (int i = t, k = 1; i < tree_count; i += threads, ++k) {
      const long long budget = c.iterations / tree_count + (i < c.iterations % tree_count ? 1 : 0);
      const Clock::time_point tree_deadline = start + (deadline - start) * k / mine;
      im.trees[static_cast<size_t>(i)].search(view, seeds[static_cast<size_t>(i)], c, budget,
                                              limit > 0 ? &tree_deadline : nullptr, timed,
                                              root_preferred);
    }
  };
  if (threads == 1) {
    run(0);
  } else {
    std::vector<std::thread> pool;
    pool.reserve(static_cast<size_t>(threads - 1));
    for (int t = 1; t < threads; ++t) pool.emplace_back(run, t);
    run(0);
    for (auto& th : pool) th.join();
  }

  // Merge the root children of all trees, in the order of the legal list.
  std::vector<long long> visits(legal.size(), 0);
  std::vector<double> value(legal.size(), 0.0);
  for (const Tree& tree : im.trees) {
    im.iterations += tree.iterations();
    const auto& nodes = tree.nodes();
    for (int32_t ch = nodes[0].first_child; ch >= 0; ch = nodes[ch].next_sibling) {
      for (size_t k = 0; k < legal.size(); ++k) {
        if (legal[k] == nodes[ch].action) {
          visits[k] += nodes[ch].visits;
          value[k] += nodes[ch].value;
          break;
        }
      }
    }
  }
  for (size_t k = 0; k < legal.size(); ++k)
    im.stats.push_back({legal[k], static_cast<int>(visits[k]),
                        visits[k] > 0 ? value[k] / static_cast<double>(visits[k]) : 0.0});
  std::stable_sort(im.stats.begin(), im.stats.end(), [](const RootStat& a, const RootStat& b) {
    if (a.visits != b.visits) return a.visits > b.visits;
    return a.value > b.value;
  });
  if (c.end_rule == EndRule::kVeto) veto_round_end(view);
  return im.stats.front().action;
}

// EndRule::kVeto: if the chosen child ends the round and the expert would not, the most
// visited child that does not end it moves to the front (the statistics stay as searched).
void MctsBot::veto_round_end(const PublicView& view) {
  Impl& im = *impl_;
  const State s = State::sample(view, im.rng);
  if (!ends_round(s, im.stats.front().action)) return;
  if (!im.expert) im.expert = std::make_unique<ExpertBot>(0);
  im.expert->reseed(im.rng.next());
  if (ends_round(s, im.expert->choose(view))) return;
  const auto keep = std::find_if(im.stats.begin(), im.stats.end(), [&](const RootStat& st) {
    return st.visits > 0 && !ends_round(s, st.action);
  });
  if (keep != im.stats.end()) std::rotate(im.stats.begin(), keep, keep + 1);
}

const std::vector<MctsBot::RootStat>& MctsBot::last_root_stats() const { return impl_->stats; }

long long MctsBot::last_iterations() const { return impl_->iterations; }

}  // namespace allegra
