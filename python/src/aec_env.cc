#include "aec_env.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "action_index.h"
#include "engine/public_view.h"

namespace allegra::python {

AecEnv::AecEnv(const RuleOptions& options, uint64_t seed, RewardMode mode)
    : mode_(mode), state_(options, seed), seed_(seed) {
  reset(seed);
}

void AecEnv::reset(std::optional<uint64_t> seed) {
  seed_ = seed ? *seed : seed_ + 1;
  state_ = State(state_.options(), seed_);
  alive_ = static_cast<uint8_t>((1u << players()) - 1);
  rewards_ = {};
  cumulative_ = {};
  selected_ = state_.current_player();
}

void AecEnv::step(std::optional<int> action) {
  if (state_.is_terminal()) {
    if (action) throw std::invalid_argument("the game is over: a terminated agent steps with None");
    if (selected_ < 0) throw std::invalid_argument("no agent is left: call reset()");
    alive_ = static_cast<uint8_t>(alive_ & ~(1u << selected_));
    rewards_ = {};
    select_after_step();
    return;
  }
  if (!action) throw std::invalid_argument("step(None) is only for a terminated agent");
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
  for (int p = 0; p < players(); ++p) cumulative_[p] += rewards_[p];
  select_after_step();
}

void AecEnv::select_after_step() {
  if (!state_.is_terminal()) {
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
  if (seat == state_.current_player())
    encode_action_mask(view.masked(), mask);
  else
    std::fill(mask.begin(), mask.end(), uint8_t{0});
}

}  // namespace allegra::python
