// BotPolicy: which bots a client may order over the protocol, and how long a decision may take.
//
// What: a table's bots (`create`'s seats and zombie_bot, the creator's `bot` message) cost the
// server's CPU, so a client may only name the levels for people (docs/bots.md: easy, medium,
// hard, level:expert, with their other spellings) unless the server is started with
// `--bot-specs any` for a trusted deployment; then any spec of docs/bots.md is accepted whose
// own time and threads per decision are within the caps. Every decision, whatever its spec, also
// ends at the deadline `max_decision` (BotWorker bounds the bot), so an iteration budget or a
// table restored from an older log cannot hold a bot thread longer.
//
// Why here and not in make_bot(): the bots layer knows what a spec costs, the server decides what
// a stranger may spend. Tables restored from the store are not checked again (a log written
// before this policy, e.g. with zombie_bot "greedy", still resumes); their decisions are bounded
// by the deadline like any other.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace allegra::server {

struct BotPolicy {
  bool any_spec = false;  // --bot-specs any
  // The deadline of every bot decision (--bot-max-ms); with any_spec also the largest time
  // budget a spec may ask for (mcts:<N>ms).
  std::chrono::milliseconds max_decision{2'000};
  int max_threads = 1;  // with any_spec: the largest thread count a spec may ask for (:<T>t)
};

// The level specs a client may always name (the spellings of docs/bots.md).
bool is_level_spec(std::string_view spec);

// Why `spec` may not be ordered under `policy` (a sentence that says what is allowed), or
// nullopt if it may. A spec make_bot() does not know is refused elsewhere (bad_options); this
// only judges what a known spec costs.
std::optional<std::string> bot_spec_refusal(const BotPolicy& policy, std::string_view spec);

// The default zombie_bot: a level (the expert's play at under a millisecond a decision).
inline constexpr std::string_view kDefaultZombieBot = "medium";

}  // namespace allegra::server
