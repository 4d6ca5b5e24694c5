// `allegra sim`: G games between a lineup of bots (seats rotated), statistics per bot as a
// table, JSON or CSV; optionally every game recorded as JSON lines.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/command.h"
#include "sim/match.h"

namespace allegra::cli {

Command add_sim_command(CLI::App& app);

// Shared with `allegra rate`: the bot specs of a comma-separated list, each checked with
// make_bot() (CliError naming the flag and the spec otherwise).
std::vector<std::string> parse_bot_list(const std::string& flag, const std::string& text);

// make_bot() as a sim::BotFactory.
sim::BotFactory bot_factory();

// Validators of the shared count flags (--games, --threads): at least 1.
void check_at_least(const std::string& flag, long long value, long long minimum);

// Adds --seed with the CLI's non-negative check.
CLI::Option* add_seed_option(CLI::App& sub, uint64_t& seed, const std::string& help);

}  // namespace allegra::cli
