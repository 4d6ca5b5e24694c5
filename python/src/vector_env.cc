#include "vector_env.h"

#include <algorithm>
#include <stdexcept>

#include "action_index.h"
#include "engine/public_view.h"
#include "table/decision_seed.h"

namespace allegra::python {

VectorEnv::VectorEnv(int num_envs, const RuleOptions& options,
                     const std::vector<std::string>& seats, uint64_t seed, RewardMode mode,
                     uint64_t max_steps)
    : num_envs_(num_envs),
      options_(options),
      mode_(mode),
      encoder_(options),
      max_steps_(max_steps) {
  if (num_envs < 1) throw std::invalid_argument("num_envs must be at least 1");
  if (auto error = options.validate()) throw std::invalid_argument(*error);
  if (static_cast<int>(seats.size()) != options.players)
    throw std::invalid_argument("seats must name one bot spec (or None for an agent) per player: " +
                                std::to_string(options.players) + " expected, got " +
                                std::to_string(seats.size()));
  for (size_t p = 0; p < seats.size(); ++p)
    bots_.push_back(seats[p].empty() ? nullptr : make_bot(seats[p], p));
  for (int me = 0; me < options.players; ++me)
    for (int index = 0; index < kNumActionIndexes; ++index)
      relative_index_[static_cast<size_t>(me)][static_cast<size_t>(index)] =
          static_cast<uint16_t>(action_index(
              to_relative(kIndexActions[static_cast<size_t>(index)], me, options.players)));
  has_bots_ = std::any_of(bots_.begin(), bots_.end(), [](const auto& b) { return b != nullptr; });
  if (std::all_of(bots_.begin(), bots_.end(), [](const auto& b) { return b != nullptr; }))
    throw std::invalid_argument("seats must leave at least one seat to an agent (None)");
  const auto n = static_cast<size_t>(num_envs);
  obs.assign(n * kObservationSize, 0.0f);
  mask.assign(n * kNumActionIndexes, 0);
  rewards.assign(n * static_cast<size_t>(options.players), 0.0f);
  done.assign(n, 0);
  current.assign(n, 0);
  episodes.assign(n, 0);
  truncated.assign(n, 0);
  steps.assign(n, 0);
  reset(seed);
}

void VectorEnv::reset(uint64_t seed) {
  seed_ = seed;
  rng_.reseed(seed ^ 0x6a09e667f3bcc908ULL);
  games_.clear();
  games_.reserve(static_cast<size_t>(num_envs_));
  std::fill(episodes.begin(), episodes.end(), 0);
  std::fill(truncated.begin(), truncated.end(), uint8_t{0});
  std::fill(steps.begin(), steps.end(), 0);
  std::fill(rewards.begin(), rewards.end(), 0.0f);
  std::fill(done.begin(), done.end(), uint8_t{0});
  std::fill(mask.begin(), mask.end(), uint8_t{0});
  for (int i = 0; i < num_envs_; ++i) {
    games_.emplace_back(State(options_, seed + static_cast<uint64_t>(i)),
                        seed + static_cast<uint64_t>(i));
    play_bots(i);
    steps[static_cast<size_t>(i)] = static_cast<int32_t>(games_[static_cast<size_t>(i)].actions);
    write_outputs(i);
  }
}

uint64_t VectorEnv::unused_seed() const {
  const int most = *std::max_element(episodes.begin(), episodes.end());
  return seed_ + static_cast<uint64_t>(most + 1) * static_cast<uint64_t>(num_envs_);
}

void VectorEnv::start_game(int i, std::optional<uint64_t> seed) {
  Game& g = games_[static_cast<size_t>(i)];
  g.seed = seed ? *seed
                : seed_ + static_cast<uint64_t>(i) +
                      static_cast<uint64_t>(episodes[static_cast<size_t>(i)]) *
                          static_cast<uint64_t>(num_envs_);
  g.state = State(options_, g.seed);
  g.actions = 0;
}

void VectorEnv::reset_game(int i, std::optional<uint64_t> seed) {
  const auto row = static_cast<size_t>(i);
  start_game(i, seed);
  std::fill_n(rewards.begin() + static_cast<std::ptrdiff_t>(row * static_cast<size_t>(players())),
              players(), 0.0f);
  done[row] = 0;
  truncated[row] = 0;
  play_bots(i);
  steps[row] = static_cast<int32_t>(games_[row].actions);
  write_outputs(i);
}

void VectorEnv::play_bots(int i) {
  if (!has_bots_) return;
  Game& g = games_[static_cast<size_t>(i)];
  float* r = rewards.data() + static_cast<size_t>(i) * static_cast<size_t>(players());
  while (!g.state.is_terminal() && (max_steps_ == 0 || g.actions < max_steps_)) {
    const int p = g.state.current_player();
    Bot* bot = bots_[static_cast<size_t>(p)].get();
    if (!bot) return;
    // In a knock window the view shows no answer and the bot sees its seat's decision view.
    const Action a = bot->decide(PublicView(g.state), p, table::decision_seed(g.seed, g.actions));
    advance(g.state, a, mode_, r);
    ++g.actions;
  }
}

void VectorEnv::write_outputs(int i) {
  const auto row = static_cast<size_t>(i);
  Game& g = games_[row];
  const State& s = g.state;
  const int me = s.current_player();
  g.me = me;
  current[row] = me;
  // The full State: the encoder reads only its public part (observation.h).
  encoder_.encode(
      s, me,
      std::span<float, kObservationSize>(obs.data() + row * kObservationSize, kObservationSize),
      g.row);
  // The mask row: the last step's 1s cleared, the new legal indexes set and kept.
  uint8_t* m = mask.data() + row * kNumActionIndexes;
  for (int k = 0; k < g.legal_count; ++k) m[g.legal[static_cast<size_t>(k)]] = 0;
  ActionList legal;
  s.legal_actions(legal);
  const auto& relative = relative_index_[static_cast<size_t>(me)];
  g.legal_count = static_cast<uint8_t>(legal.size());
  for (size_t k = 0; k < legal.size(); ++k) {
    const uint16_t index = relative[static_cast<size_t>(action_index(legal[k]))];
    g.legal[k] = index;
    m[index] = 1;
  }
}

void VectorEnv::step(std::span<const int32_t> actions) {
  if (static_cast<int>(actions.size()) != num_envs_)
    throw std::invalid_argument("step needs one action per game: " + std::to_string(num_envs_) +
                                " expected, got " + std::to_string(actions.size()));
  for (int i = 0; i < num_envs_; ++i) {
    const int32_t a = actions[static_cast<size_t>(i)];
    if (a < 0 || a >= kNumActionIndexes ||
        !mask[static_cast<size_t>(i) * kNumActionIndexes + static_cast<size_t>(a)]) {
      const auto rel = action_of_index(a);
      throw IllegalAction("game " + std::to_string(i) + ": action " + std::to_string(a) +
                          (rel ? " (" + to_text(*rel) + ")" : std::string(" (no action)")) +
                          " is not legal for player " +
                          std::to_string(games_[static_cast<size_t>(i)].me) + " (see the mask)");
    }
  }
  std::fill(rewards.begin(), rewards.end(), 0.0f);
  const int n = players();
  for (int i = 0; i < num_envs_; ++i) {
    const auto row = static_cast<size_t>(i);
    Game& g = games_[row];
    const Action a = to_absolute(kIndexActions[static_cast<size_t>(actions[row])], g.me, n);
    advance(g.state, a, mode_, rewards.data() + row * static_cast<size_t>(n));
    ++g.actions;
    play_bots(i);
    truncated[row] = !g.state.is_terminal() && max_steps_ > 0 && g.actions >= max_steps_;
    done[row] = g.state.is_terminal() || truncated[row] ? 1 : 0;
    if (done[row]) {
      ++episodes[row];
      start_game(i);
      play_bots(i);  // in "win" mode a new game gives nothing before the agent decides
    }
    steps[row] = static_cast<int32_t>(std::min<uint64_t>(g.actions, INT32_MAX));
    write_outputs(i);
  }
}

void VectorEnv::random_actions(std::span<int32_t> out) {
  for (int i = 0; i < num_envs_; ++i) {
    const Game& g = games_[static_cast<size_t>(i)];
    out[static_cast<size_t>(i)] = g.legal[rng_.below(g.legal_count)];
  }
}

}  // namespace allegra::python
