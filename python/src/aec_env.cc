#include "aec_env.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "action_index.h"
#include "engine/public_view.h"

namespace allegra::python {

AecEnv::AecEnv(const RuleOptions& options, uint64_t seed, RewardMode mode, uint64_t max_steps)
    : mode_(mode), state_(options, seed), seed_(seed), max_steps_(max_steps) {
  reset(seed);
  reset_pending_ = true;
}

void AecEnv::reset(std::optional<uint64_t> seed) {
  seed_ = seed ? *seed : reset_pending_ ? seed_ : seed_ + 1;
  reset_pending_ = false;
  state_ = State(state_.options(), seed_);
  steps_ = 0;
  truncated_ = false;
  alive_ = static_cast<uint8_t>((1u << players()) - 1);
  rewards_ = {};
  cumulative_ = {};
  selected_ = state_.current_player();
}

void AecEnv::step(std::optional<int> action) {
  if (over()) {
    if (action)
      throw std::invalid_argument(std::string("the game is ") +
                                  (truncated_ ? "truncated" : "over") +
                                  ": a terminated or truncated agent steps with None");
    if (selected_ < 0) throw std::invalid_argument("no agent is left: call reset()");
    alive_ = static_cast<uint8_t>(alive_ & ~(1u << selected_));
    rewards_ = {};
    select_after_step();
    return;
  }
  if (!action)
    throw std::invalid_argument("step(None) is only for a terminated or truncated agent");
  const int me = selected_;
  const auto rel = action_of_index(*action);
  if (!rel)
    throw IllegalAction("action " + std::to_string(*action) + " is not an action index 0.." +
                        std::to_string(kNumActionIndexes - 1));
  const Action a = to_absolute(*rel, me, players());
  if (!state_.is_legal(a))
    throw IllegalAction("action " + std::to_string(*action) + " (" + to_text(*rel) +
                        " relative to player " + std::to_string(me) +
                        ") is not legal: " + state_.why_illegal(a));
  cumulative_[me] = 0;
  rewards_ = {};
  advance(state_, a, mode_, rewards_.data());
  ++steps_;
  truncated_ = !state_.is_terminal() && max_steps_ > 0 && steps_ >= max_steps_;
  for (int p = 0; p < players(); ++p) cumulative_[p] += rewards_[p];
  select_after_step();
}

AecEnv::Saved AecEnv::save() const {
  return Saved{state_,         seed_,  steps_,    max_steps_, truncated_,
               reset_pending_, alive_, selected_, rewards_,   cumulative_};
}

AecEnv AecEnv::restore(const Saved& saved, RewardMode mode) {
  AecEnv env(saved.state.options(), saved.seed, mode, saved.max_steps);
  env.state_ = saved.state;
  env.steps_ = saved.steps;
  env.truncated_ = saved.truncated;
  env.reset_pending_ = saved.reset_pending;
  env.alive_ = saved.alive;
  env.selected_ = saved.selected;
  env.rewards_ = saved.rewards;
  env.cumulative_ = saved.cumulative;
  return env;
}

void AecEnv::select_after_step() {
  if (!over()) {
    selected_ = state_.current_player();
    return;
  }
  selected_ = -1;
  for (int p = 0; p < players(); ++p)
    if (alive(p)) {
      selected_ = p;
      break;
    }
}

void AecEnv::observe(int seat, std::span<float, kObservationSize> obs,
                     std::span<uint8_t> mask) const {
  const PublicView view(state_);
  std::fill(obs.begin(), obs.end(), 0.0f);
  encode_observation(view.masked(), seat, obs);
  if (!over() && seat == state_.current_player())
    encode_action_mask(view.masked(), mask);
  else
    std::fill(mask.begin(), mask.end(), uint8_t{0});
}

}  // namespace allegra::python
