#include "server/player_export.h"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "server/sqlite_store.h"

namespace allegra::server {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {
constexpr const char* kPlayersFormat = "allegra-players";

json skill_json(const rating::Skill& s) { return {{"mu", s.mu}, {"sigma", s.sigma}}; }
}  // namespace

void export_players(PlayerStore& players, const fs::path& dir) {
  const fs::path file = dir / "players.json";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (fs::exists(file, ec)) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    const json old = json::parse(text.str(), nullptr, false);
    if (!old.is_object() || old.value("format", "") != kPlayersFormat)
      throw StoreError(
          fmt::format("'{}' is not a players file of allegra: not overwritten (move it "
                      "away or export into another folder)",
                      file.string()));
  }
  json list = json::array();
  for (const PlayerRecord& p : players.players()) {
    json history = json::array();
    for (const RatingChange& c : players.rating_history(p.id)) {
      history.push_back({{"game", c.game_id},
                         {"before", skill_json(c.before)},
                         {"after", skill_json(c.after)},
                         {"at", c.at_ms}});
    }
    json games = json::array();
    for (const GameSeat& g : players.player_games(p.id))
      games.push_back({{"game", g.game_id}, {"seat", g.seat}});
    list.push_back({{"id", p.id},
                    {"guest", p.guest},
                    {"name", p.guest || p.deleted ? json(nullptr) : json(p.name)},
                    {"created", p.created_ms},
                    {"deleted", p.deleted},
                    {"skill", skill_json(p.skill)},
                    {"rated_games", p.rated_games},
                    {"ratings", history},
                    {"games", games}});
  }
  const fs::path temporary = dir / ".players.json.tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << json{{"format", kPlayersFormat}, {"version", 1}, {"players", list}}.dump(1) << '\n';
    if (!out) throw StoreError(fmt::format("cannot write '{}'", temporary.string()));
  }
  fs::rename(temporary, file, ec);
  if (ec) throw StoreError(fmt::format("cannot write '{}': {}", file.string(), ec.message()));
}

}  // namespace allegra::server
