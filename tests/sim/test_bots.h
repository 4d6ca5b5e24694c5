// Local bots for the sim tests, so they do not depend on src/bots: a uniformly random legal
// action (engine Rng), and a slightly smarter one.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "bots/bot.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "sim/match.h"

namespace allegra::sim::testing {

class LocalBot : public Bot {
 public:
  LocalBot(std::string spec, uint64_t seed) : spec_(std::move(spec)), rng_(seed) {}
  std::string name() const override { return spec_; }
  Action choose(const PublicView& view) override {
    const ActionList legal = view.legal_actions();
    if (spec_ == "smart" && view.phase() == Phase::kHoldDrawn) return smart_hold(view, legal);
    return legal[rng_.below(static_cast<uint32_t>(legal.size()))];
  }

 private:
  // Swap the held card for the cell it improves most (a face-down cell counts as 5), or
  // discard it if it improves nothing.
  static Action smart_hold(const PublicView& view, const ActionList& legal) {
    const State& s = view.masked();
    const int held = s.held_card();
    Action best = legal.front();
    int best_gain = -1000;
    bool can_discard = false;
    for (Action a : legal) {
      if (a.type == ActionType::kDiscard) can_discard = true;
      if (a.type != ActionType::kSwap) continue;
      const CellId c = a.arg;
      const int old = s.cell_state(c) == CellState::kFaceDown ? 5 : s.cell_value(c);
      if (old - held > best_gain) {
        best_gain = old - held;
        best = a;
      }
    }
    if (best_gain <= 0 && can_discard) return Action::discard();
    return best;
  }

  std::string spec_;
  Rng rng_;
};

// "random" (also "random2", "random3": the same bot under another name) and "smart" (random,
// but keeps a drawn card only where it lowers the display).
inline std::unique_ptr<Bot> make_local_bot(std::string_view spec, uint64_t seed) {
  if (spec == "random" || spec == "random2" || spec == "random3" || spec == "smart")
    return std::make_unique<LocalBot>(std::string(spec), seed);
  throw std::invalid_argument("unknown bot spec '" + std::string(spec) + "'");
}

inline const BotFactory kLocalFactory = make_local_bot;

}  // namespace allegra::sim::testing
