// Rule-option flags shared by every subcommand that plays or shows a game.
//
// add_rule_flags() adds --players, --rounds, --point-limit, --no-knocking,
// --optional-clearing, --discard-draw-may-discard, --deck-counts and --small-game-removal to a
// CLI11 (sub)command under the help heading "Rule options"; rule_options() turns the parsed
// values into a RuleOptions checked by RuleOptions::validate().
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "engine/options.h"

namespace allegra::cli {

struct RuleFlags {
  int players = RuleOptions{}.players;
  int rounds = RuleOptions{}.rounds;
  int point_limit = 0;
  bool no_knocking = false;
  bool optional_clearing = false;
  bool discard_draw_may_discard = false;
  std::string deck_counts;  // empty: the default deck
  int small_game_removal = RuleOptions{}.small_game_removal;
  // Set by add_rule_flags: whether --rounds was given decides what --point-limit implies.
  CLI::Option* rounds_option = nullptr;
  CLI::Option* deck_counts_option = nullptr;
};

// Adds the rule flags to `app`, writing into `flags` (which must outlive the parse).
void add_rule_flags(CLI::App& app, RuleFlags& flags);

// The options the flags describe, validated. Throws CliError with a one-line message.
RuleOptions rule_options(const RuleFlags& flags);

// Parses "8,9,9,..." (13 comma-separated counts for the values -1..11). Throws CliError.
DeckCounts parse_deck_counts(std::string_view text);

}  // namespace allegra::cli
