// AecEnv: one game of ALLEGRA in the shape of a PettingZoo AEC environment (agent by agent),
// without depending on PettingZoo (docs/python.md, "The environment").
//
// Agents are the seats 0..n-1 ("player_0", ...). The agent to act is the current player; the
// chance node between rounds is dealt at once, so it never selects anyone. Rewards follow
// PettingZoo: rewards() is what the last step gave each agent, cumulative() what each agent got
// since its own last step (last() reports it). When the game is over every agent is terminated
// and is selected in seat order for a "dead step" (step(None)) that removes it; the episode ends
// when no agent is left. A game that reaches max_steps decisions without ending is truncated
// (PettingZoo's truncations): every agent is then removed by dead steps in the same way. Nothing
// in the rules bounds a game's length (a policy that never turns a card up never ends a round).
// Observations and masks are relative to the observing agent (observation.h, action_index.h). The
// binding (bind_env.cc) adds the Python dictionaries.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "engine/state.h"
#include "env_core.h"
#include "observation.h"

namespace allegra::python {

class AecEnv {
 public:
  // max_steps: decisions per game before it is truncated (0: no limit).
  AecEnv(const RuleOptions& options, uint64_t seed, RewardMode mode, uint64_t max_steps);

  // A new game from `seed`; without one, from the constructor's seed at the first reset and
  // from the last seed + 1 after that.
  void reset(std::optional<uint64_t> seed);
  // The selected agent's action (a relative action index), or nullopt for a dead step. Throws
  // IllegalAction (nothing changes) for an action that is not legal, std::invalid_argument for a
  // missing action or an action in a dead step.
  void step(std::optional<int> action);

  int players() const { return state_.players(); }
  const State& state() const { return state_; }
  uint64_t seed() const { return seed_; }
  int agent_selection() const { return selected_; }  // -1 once every agent is removed
  bool terminated() const { return state_.is_terminal(); }
  bool truncated() const { return truncated_; }
  bool over() const { return terminated() || truncated(); }
  uint64_t steps() const { return steps_; }
  uint64_t max_steps() const { return max_steps_; }
  RewardMode mode() const { return mode_; }

  // Everything the environment holds, for pickling (bind_env.cc): restore() takes what the
  // accessors gave, with the state.
  struct Saved {
    State state;
    uint64_t seed = 0, steps = 0, max_steps = 0;
    bool truncated = false, reset_pending = false;
    uint8_t alive = 0;
    int selected = 0;
    std::array<float, kMaxPlayers> rewards{}, cumulative{};
  };
  Saved save() const;
  static AecEnv restore(const Saved& saved, RewardMode mode);
  bool alive(int seat) const { return alive_ >> seat & 1; }
  float reward(int seat) const { return rewards_[seat]; }
  float cumulative(int seat) const { return cumulative_[seat]; }

  void observe(int seat, std::span<float, kObservationSize> obs, std::span<uint8_t> mask) const;

 private:
  void select_after_step();

  RewardMode mode_;
  State state_;
  uint64_t seed_;
  uint64_t steps_ = 0;
  uint64_t max_steps_ = 0;
  bool truncated_ = false;
  bool reset_pending_ = true;  // the next reset() without a seed takes the constructor's
  uint8_t alive_ = 0;
  int selected_ = 0;
  std::array<float, kMaxPlayers> rewards_{};
  std::array<float, kMaxPlayers> cumulative_{};
};

}  // namespace allegra::python
