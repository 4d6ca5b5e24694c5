#include "engine/options_json.h"

#include <fmt/format.h>

#include <limits>
#include <stdexcept>

#include "engine/json_read.h"

namespace allegra {

using nlohmann::json;
using namespace json_read;  // NOLINT(google-build-using-namespace)

namespace {

Action action_from_json_at(const json& j, const std::string& path, int players) {
  const std::string& text = string(j, path);
  if (text.size() > 16) fail(path, "not an action (too long)");
  std::string error;
  auto a = action_from_text(text, players, &error);
  if (!a) fail(path, error);
  return *a;
}

}  // namespace

json options_to_json(const RuleOptions& o) {
  json counts = json::array();
  for (uint8_t c : o.deck_counts) counts.push_back(c);
  return {{"players", o.players},
          {"rounds", o.rounds},
          {"point_limit", o.point_limit},
          {"knocking", o.knocking},
          {"optional_clearing", o.optional_clearing},
          {"discard_draw_may_discard", o.discard_draw_may_discard},
          {"deck_counts", counts},
          {"small_game_removal", o.small_game_removal}};
}

RuleOptions options_from_json(const json& j, const std::string& path) {
  object(j, path,
         {"players", "rounds", "point_limit", "knocking", "optional_clearing",
          "discard_draw_may_discard", "deck_counts", "small_game_removal"});
  RuleOptions o;
  constexpr int64_t kIntMin = std::numeric_limits<int>::min();
  constexpr int64_t kIntMax = std::numeric_limits<int>::max();
  auto get_int = [&](std::string_view key, int& out) {
    if (auto it = j.find(key); it != j.end())
      out = static_cast<int>(integer(*it, at(path, key), kIntMin, kIntMax));
  };
  auto get_bool = [&](std::string_view key, bool& out) {
    if (auto it = j.find(key); it != j.end()) out = boolean(*it, at(path, key));
  };
  get_int("players", o.players);
  get_int("rounds", o.rounds);
  get_int("point_limit", o.point_limit);
  get_bool("knocking", o.knocking);
  get_bool("optional_clearing", o.optional_clearing);
  get_bool("discard_draw_may_discard", o.discard_draw_may_discard);
  get_int("small_game_removal", o.small_game_removal);
  if (auto it = j.find("deck_counts"); it != j.end()) {
    std::string p = at(path, "deck_counts");
    const auto& a = array(*it, p, kNumValues);
    if (a.size() != kNumValues)
      fail(p, fmt::format("must have {} counts (values {}..{}), got {}", kNumValues, kMinValue,
                          kMaxValue, a.size()));
    for (size_t v = 0; v < a.size(); ++v)
      o.deck_counts[v] = static_cast<uint8_t>(integer(a[v], at(p, v), 0, 255));
  }
  if (auto error = o.validate()) fail(path, *error);
  return o;
}

json action_to_json(Action a) { return to_text(a); }

Action action_from_json(const json& j, int players) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw std::invalid_argument(fmt::format("action_from_json: bad player count {}", players));
  return action_from_json_at(j, "action", players);
}

void to_json(json& j, const RuleOptions& options) { j = options_to_json(options); }
void from_json(const json& j, RuleOptions& options) { options = options_from_json(j); }
void to_json(json& j, const Action& a) { j = action_to_json(a); }

}  // namespace allegra
