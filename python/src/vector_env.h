// VectorEnv: N games stepped together inside C++, on flat arrays the binding shows as numpy
// arrays (docs/python.md, "The vectorised environment").
//
// Each seat is either an agent (its decisions come from the caller's action array) or a bot by
// spec (make_bot), which plays inside step() until an agent is to decide. So self-play is every
// seat an agent, and "one learner against three bots" is seats {"", "random", "random", "random"}.
// After each step every game waits for one agent: current()[i] is its seat, and obs/mask row i
// is that agent's observation and legal-action mask (relative action indexes). rewards row i
// holds what the step gave every seat (absolute seats, RewardMode of env_core.h). A game that
// ends sets done[i] and starts the next at once (the observation is then the new game's).
// Game i's e-th episode is dealt from seed + i + e*N, so a single AecEnv reset with that seed
// plays the same game. Bots decide with Bot::decide(view, decision_seed(game seed, actions so
// far)), as in every game loop of the project.
//
// A game that reaches max_steps decisions (agents' and bots') without ending is truncated: it
// sets done[i] and truncated[i] and starts the next game likewise (auto-reset). reset_game(i)
// restarts one game at once.
//
// The step is built for speed (docs/bench.md, "Python environments"): the observation encoder
// computes the per-rule-set constants once, the mask row is cleared at the previous step's legal
// indexes only, the index <-> action conversions are tables or inline, and nothing is allocated.
// So the caller must not write into the output arrays (the binding hands them out read-only).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "action_index.h"
#include "bots/bot.h"
#include "engine/rng.h"
#include "engine/state.h"
#include "env_core.h"
#include "observation.h"

namespace allegra::python {

class VectorEnv {
 public:
  // seats: one spec per seat, "" for an agent; at least one agent. Throws std::invalid_argument
  // for a bad count or spec.
  // max_steps: decisions per game before it is truncated (0: no limit).
  VectorEnv(int num_envs, const RuleOptions& options, const std::vector<std::string>& seats,
            uint64_t seed, RewardMode mode, uint64_t max_steps = 0);

  void reset(uint64_t seed);
  // A seed that deals none of the games this env dealt since its last reset (game seeds are
  // seed + i + e*N): what reset() without a seed takes after the first one.
  uint64_t unused_seed() const;
  uint64_t seed() const { return seed_; }
  uint64_t max_steps() const { return max_steps_; }
  // Restarts game i alone with its next episode (as when it ends), or from `seed` if given.
  void reset_game(int i, std::optional<uint64_t> seed);
  // One action (relative index) per game for its current agent. Every action is checked before
  // any is applied: an illegal one throws IllegalAction naming the game, and nothing changes.
  void step(std::span<const int32_t> actions);
  // A uniformly random legal action per game (from the env's own Rng, seeded by reset()).
  void random_actions(std::span<int32_t> out);

  int num_envs() const { return num_envs_; }
  int players() const { return options_.players; }
  const State& state(int i) const { return games_[static_cast<size_t>(i)].state; }
  uint64_t game_seed(int i) const { return games_[static_cast<size_t>(i)].seed; }

  // The output arrays, row-major: obs (N x kObservationSize), mask (N x kNumActionIndexes),
  // rewards (N x players), done (N), current (N), episodes (N, games finished per slot).
  std::vector<float> obs;
  std::vector<uint8_t> mask;
  std::vector<float> rewards;
  std::vector<uint8_t> done;
  std::vector<int32_t> current;
  std::vector<int32_t> episodes;
  std::vector<uint8_t> truncated;  // N: the game of done[i] was truncated, not finished
  std::vector<int32_t> steps;      // N: decisions in each game so far (agents' and bots')

 private:
  struct Game {
    Game(State s, uint64_t game_seed) : state(std::move(s)), seed(game_seed) {}
    State state;
    uint64_t seed = 0;
    uint64_t actions = 0;  // applied in this game, for the bots' decision seeds
    int me = 0;            // the agent it waits for (current[i], kept apart from the array)
    // The agent's legal actions as relative indexes: the 1s of its mask row (cleared one by one
    // at the next step instead of the whole row) and random_actions()' choices.
    uint8_t legal_count = 0;
    std::array<uint16_t, kMaxActions> legal{};
    ObservationRow row;  // what its row of obs holds (observation.h)
  };
  void start_game(int i, std::optional<uint64_t> seed = std::nullopt);
  // Lets bots play game i until an agent decides or the game is over; rewards into row i.
  void play_bots(int i);
  void write_outputs(int i);

  int num_envs_;
  RuleOptions options_;
  RewardMode mode_;
  ObservationEncoder encoder_;
  // relative_index_[me][absolute index]: the relative index of an action of `me` (a table: the
  // mask converts every legal action of every game at every step).
  std::array<std::array<uint16_t, kNumActionIndexes>, kMaxPlayers> relative_index_{};
  bool has_bots_ = false;
  uint64_t seed_ = 0;
  uint64_t max_steps_ = 0;
  std::vector<std::unique_ptr<Bot>> bots_;  // per seat; null for an agent
  std::vector<Game> games_;
  Rng rng_;
};

}  // namespace allegra::python
