#include "cli/rules_command.h"

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/cli_error.h"
#include "cli/rule_flags.h"
#include "engine/serialize.h"

namespace allegra::cli {
namespace {

struct RulesArgs {
  RuleFlags rules;
  bool json = false;
};

std::string counts_text(const DeckCounts& counts) {
  std::string out;
  for (int v = 0; v < kNumValues; ++v)
    out += fmt::format("{}{}:{}", v ? " " : "", v + kMinValue, counts[v]);
  return out;
}

std::string counts_csv(const DeckCounts& counts) {
  std::string out;
  for (int v = 0; v < kNumValues; ++v) out += fmt::format("{}{}", v ? "," : "", counts[v]);
  return out;
}

nlohmann::json rules_json(const RuleOptions& o) {
  nlohmann::json j;
  j["options"] = options_to_json(o);
  nlohmann::json deck = nlohmann::json::array();
  for (uint8_t c : o.effective_deck()) deck.push_back(c);
  j["effective_deck_counts"] = deck;
  j["deck_size"] = o.deck_size();
  j["knocking_in_effect"] = o.knocking_in_effect();
  j["small_game_removal_applies"] = o.players <= 3;
  j["cards_dealt"] = o.players * kGridCells;
  j["draw_pile_at_start"] = o.deck_size() - o.players * kGridCells - 1;
  return j;
}

void print_table(const RuleOptions& o) {
  auto row = [](std::string_view name, const std::string& value) {
    fmt::print("  {:<27}{}\n", name, value);
  };
  const int dealt = o.players * kGridCells;
  fmt::print("Rule options in force\n");
  row("players", fmt::format("{}", o.players));
  row("rounds", o.rounds == 0 ? "no limit" : fmt::format("{}", o.rounds));
  row("point limit", o.point_limit == 0 ? "none"
                                        : fmt::format("{} (the game ends after the round in "
                                                      "which a player reaches it)",
                                                      o.point_limit));
  std::string knocking = o.knocking ? "on" : "off";
  if (o.knocking && !o.knocking_in_effect()) knocking += " (not in effect with 2 players)";
  row("knocking", knocking);
  row("knocking in effect", o.knocking_in_effect() ? "yes" : "no");
  row("optional clearing", o.optional_clearing ? "yes (complete lines may be left standing)"
                                               : "no (complete lines are always cleared)");
  row("discard-draw may discard",
      o.discard_draw_may_discard ? "yes" : "no (a card from the discard pile must be swapped in)");
  row("small-game removal",
      fmt::format("{} of each value with 2 or 3 players ({})", o.small_game_removal,
                  o.players <= 3 ? "applies" : "does not apply"));
  row("deck counts (full deck)", counts_text(o.deck_counts));
  row("effective deck counts", counts_text(o.effective_deck()));
  row("effective deck size",
      fmt::format("{} cards: {} dealt, 1 starts the discard pile, {} to draw", o.deck_size(), dealt,
                  o.deck_size() - dealt - 1));
  row("as flags", fmt::format("--deck-counts {}", counts_csv(o.deck_counts)));
}

int run_rules(const RulesArgs& args) {
  const RuleOptions options = rule_options(args.rules);
  if (args.json)
    fmt::print("{}\n", rules_json(options).dump(2));
  else
    print_table(options);
  return kExitOk;
}

}  // namespace

Command add_rules_command(CLI::App& app) {
  auto args = std::make_shared<RulesArgs>();
  CLI::App* sub =
      app.add_subcommand("rules", "Show the rule options in force (effective deck included)");
  sub->add_flag("--json", args->json, "Print JSON instead of a table");
  add_rule_flags(*sub, args->rules);
  sub->footer(
      "Examples:\n"
      "  allegra rules\n"
      "  allegra rules --players 3 --json\n"
      "  allegra rules --deck-counts 8,9,9,9,9,11,11,11,9,9,9,8,8 --no-knocking");
  return {sub, [args] { return run_rules(*args); }};
}

}  // namespace allegra::cli
