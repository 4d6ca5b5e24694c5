// `allegra sim`: G games between a lineup of bots (seats rotated), statistics per bot as a
// table, JSON or CSV; optionally every game recorded as JSON lines.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_error.h"
#include "cli/command.h"
#include "sim/match.h"
#include "sim/progress.h"
#include "sim/simulation.h"

namespace allegra::cli {

Command add_sim_command(CLI::App& app);

// Shared with `allegra rate`: the bot specs of a comma-separated list, each checked with
// make_bot() (CliError naming the flag and the spec otherwise).
std::vector<std::string> parse_bot_list(const std::string& flag, const std::string& text);

// make_bot() as a sim::BotFactory.
sim::BotFactory bot_factory();

// Adds --seed with the CLI's seed check (a whole number from 0 to 2^64-1).
CLI::Option* add_seed_option(CLI::App& sub, uint64_t& seed, const std::string& help);

// Shared with `allegra rate`: returns run(callbacks), a simulation or rating of `games` games,
// with a progress bar labelled `label` on stderr unless `no_progress`. A bot's illegal action
// or endless round (sim::BotError) becomes a CliError.
template <class Run>
auto run_games(const std::string& label, int games, bool no_progress, sim::SimCallbacks callbacks,
               Run run) {
  std::optional<sim::ProgressBar> progress;
  if (!no_progress) {
    progress.emplace(stderr, label, games);
    callbacks.progress = [&](int done, int) { progress->update(done); };
  }
  try {
    auto result = run(callbacks);
    if (progress) progress->finish();
    return result;
  } catch (const sim::BotError& e) {
    throw CliError(e.what());
  }
}

}  // namespace allegra::cli
