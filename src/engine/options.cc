#include "engine/options.h"

#include <fmt/format.h>

namespace allegra {

DeckCounts RuleOptions::effective_deck() const {
  DeckCounts counts = deck_counts;
  if (players <= 3) {
    for (auto& c : counts)
      c = static_cast<uint8_t>(c > small_game_removal ? c - small_game_removal : 0);
  }
  return counts;
}

int RuleOptions::deck_size() const {
  int total = 0;
  for (uint8_t c : effective_deck()) total += c;
  return total;
}

std::optional<std::string> RuleOptions::validate() const {
  if (players < kMinPlayers || players > kMaxPlayers)
    return fmt::format("players must be {} to {}, got {}", kMinPlayers, kMaxPlayers, players);
  if (rounds < 0 || rounds > 1000) return fmt::format("rounds must be 0 to 1000, got {}", rounds);
  if (point_limit < 0 || point_limit > 100000)
    return fmt::format("point limit must be 0 to 100000, got {}", point_limit);
  if (rounds == 0 && point_limit == 0)
    return std::string("with no round limit (rounds 0) a point limit is required");
  if (small_game_removal < 0 || small_game_removal > 50)
    return fmt::format("small-game removal must be 0 to 50, got {}", small_game_removal);
  int full = 0;
  for (uint8_t c : deck_counts) full += c;
  if (full > kMaxDeck) return fmt::format("deck has {} cards, at most {} allowed", full, kMaxDeck);
  // The deal needs 12 cards a player, one discard starter and at least one card to draw.
  int needed = players * kGridCells + 2;
  if (deck_size() < needed)
    return fmt::format("deck has {} cards for {} players, at least {} needed", deck_size(), players,
                       needed);
  return std::nullopt;
}

std::string options_text(const RuleOptions& o) {
  std::string s = fmt::format("{} players, ", o.players);
  if (o.rounds == 0)
    s += fmt::format("until {} points", o.point_limit);
  else if (o.point_limit > 0)
    s += fmt::format("{} round{} or {} points", o.rounds, o.rounds == 1 ? "" : "s", o.point_limit);
  else
    s += fmt::format("{} round{}", o.rounds, o.rounds == 1 ? "" : "s");
  s += o.knocking_in_effect() ? ", knocking" : ", no knocking";
  if (o.optional_clearing) s += ", optional clearing";
  if (o.discard_draw_may_discard) s += ", discard-pile card may be discarded";
  s += fmt::format(", {} cards", o.deck_size());
  return s;
}

}  // namespace allegra
