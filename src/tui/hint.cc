#include "tui/hint.h"

#include <algorithm>

#include "bots/mcts_bot.h"

namespace allegra::tui {

std::vector<HintMove> best_moves(const PublicView& view, int iterations, uint64_t seed, int count) {
  const ActionList legal = view.legal_actions();
  if (legal.size() == 1) return {{legal[0], 1.0, 0}};
  MctsConfig config;
  config.iterations = std::max(iterations, 1);
  config.stop_when_decided = false;
  MctsBot bot(config, seed);
  const Action chosen = bot.choose(view);
  std::vector<HintMove> out;
  for (const MctsBot::RootStat& s : bot.last_root_stats())
    out.push_back({s.action, s.value, s.visits});
  std::stable_sort(out.begin(), out.end(),
                   [](const HintMove& a, const HintMove& b) { return a.visits > b.visits; });
  // The bot's own choice first (it is the most visited one; this guards against ties).
  auto it =
      std::find_if(out.begin(), out.end(), [&](const HintMove& m) { return m.action == chosen; });
  if (it != out.end()) std::rotate(out.begin(), it, it + 1);
  if (out.empty()) out.push_back({chosen, 0, 0});
  if (static_cast<int>(out.size()) > count) out.resize(static_cast<size_t>(count));
  return out;
}

}  // namespace allegra::tui
