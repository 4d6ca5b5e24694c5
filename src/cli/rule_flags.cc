#include "cli/rule_flags.h"

#include <fmt/format.h>

#include <charconv>

#include "cli/cli_error.h"
#include "cli/number_flags.h"

namespace allegra::cli {
namespace {

constexpr const char* kGroup = "Rule options";

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

void add_rule_flags(CLI::App& app, RuleFlags& flags) {
  app.add_option("--players", flags.players, "Number of players, 2 to 6")
      ->capture_default_str()
      ->check(whole_number(kMinPlayers, kMaxPlayers))
      ->group(kGroup);
  flags.rounds_option =
      app.add_option("--rounds", flags.rounds,
                     "Rounds per game; 0 = no round limit (then --point-limit is needed)")
          ->capture_default_str()
          ->check(whole_number(0, 1000))
          ->group(kGroup);
  app.add_option("--point-limit", flags.point_limit,
                 "End the game after the round in which a player reaches P points; 0 = none. "
                 "Without --rounds this also removes the round limit")
      ->capture_default_str()
      ->check(whole_number(0, 100000))
      ->group(kGroup);
  app.add_flag("--no-knocking", flags.no_knocking,
               "Play without knocking (never in effect "
               "with 2 players anyway)")
      ->group(kGroup);
  app.add_flag("--optional-clearing", flags.optional_clearing,
               "A complete line may be left standing instead of being cleared")
      ->group(kGroup);
  app.add_flag("--discard-draw-may-discard", flags.discard_draw_may_discard,
               "A card drawn from the discard pile may be discarded again")
      ->group(kGroup);
  flags.deck_counts_option = app.add_option("--deck-counts", flags.deck_counts,
                                            "13 comma-separated card counts for the values -1..11 "
                                            "(default 8,9,9,9,9,11,11,11,9,9,9,8,8)")
                                 ->group(kGroup);
  app.add_option("--small-game-removal", flags.small_game_removal,
                 "Cards of each value removed from the deck with 2 or 3 players")
      ->capture_default_str()
      ->check(whole_number(0, 50))
      ->group(kGroup);
}

DeckCounts parse_deck_counts(std::string_view text) {
  DeckCounts counts{};
  int index = 0;
  std::string_view rest = text;
  for (;;) {
    size_t comma = rest.find(',');
    std::string_view item = trim(rest.substr(0, comma));
    if (index >= kNumValues)
      throw CliError(fmt::format(
          "--deck-counts needs exactly {} comma-separated counts (values -1..11), got more in '{}'",
          kNumValues, text));
    int value = -1;
    auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || value < 0 ||
        value > kMaxDeck)
      throw CliError(fmt::format("--deck-counts: '{}' is not a card count 0-{} (in '{}')", item,
                                 kMaxDeck, text));
    counts[index++] = static_cast<uint8_t>(value);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (index != kNumValues)
    throw CliError(
        fmt::format("--deck-counts needs exactly {} comma-separated counts (values -1..11), got {}",
                    kNumValues, index));
  return counts;
}

RuleOptions rule_options(const RuleFlags& flags) {
  RuleOptions o;
  o.players = flags.players;
  o.rounds = flags.rounds;
  o.point_limit = flags.point_limit;
  // A point limit alone means "play until someone reaches it".
  if (flags.point_limit != 0 &&
      (flags.rounds_option == nullptr || flags.rounds_option->count() == 0))
    o.rounds = 0;
  o.knocking = !flags.no_knocking;
  o.optional_clearing = flags.optional_clearing;
  o.discard_draw_may_discard = flags.discard_draw_may_discard;
  if (flags.deck_counts_option != nullptr && flags.deck_counts_option->count() > 0)
    o.deck_counts = parse_deck_counts(flags.deck_counts);
  o.small_game_removal = flags.small_game_removal;
  if (auto error = o.validate()) throw CliError(fmt::format("invalid rule options: {}", *error));
  return o;
}

}  // namespace allegra::cli
