#include "server/player_api.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <vector>

#include "rating/skill_rating.h"

namespace allegra::server {

using nlohmann::json;

namespace {

constexpr int kDefaultGames = 20, kMaxGames = 50;
constexpr int kDefaultBoard = 100, kMaxBoard = 100;
constexpr int kAroundMe = 5;       // rows above and below "me"
constexpr size_t kFavourites = 5;  // favourite opponents listed

ApiReply no_such_player() {
  return api_error_reply(404, "no_such_player", "there is no player with this id");
}

// A whole decimal integer (optional leading '-'), nothing else.
std::optional<int64_t> whole_number(std::string_view text) {
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

// A query parameter: its default when absent; a problem naming it when not a whole number in
// [low, high].
struct Param {
  int64_t value = 0;
  std::optional<ApiReply> problem;
};
Param int_param(std::string_view query, std::string_view key, int64_t fallback, int64_t low,
                int64_t high) {
  const std::optional<std::string_view> text = query_value(query, key);
  if (!text) return {fallback, std::nullopt};
  const std::optional<int64_t> v = whole_number(*text);
  if (!v || *v < low || *v > high) {
    return {0, api_error_reply(400, "bad_query",
                               fmt::format("{}: a whole number from {} to {}", key, low, high))};
  }
  return {*v, std::nullopt};
}

int display(const rating::Skill& skill) { return static_cast<int>(rating::display_rating(skill)); }

// The "player summary" of the contract, each player read once per request.
class Summaries {
 public:
  explicit Summaries(PlayerStore& players) : players_(players) {}
  std::optional<PlayerRecord> record(PlayerId id) {
    auto it = cache_.find(id);
    if (it == cache_.end()) it = cache_.emplace(id, players_.player(id)).first;
    return it->second;
  }
  json summary(PlayerId id) {
    const std::optional<PlayerRecord> p = record(id);
    if (!p) return nullptr;
    return player_summary(*p);
  }

 private:
  PlayerStore& players_;
  std::unordered_map<PlayerId, std::optional<PlayerRecord>> cache_;
};

// The seats of a game's record ({name, bot} each), empty if the record is gone or unreadable.
struct RecordSeatName {
  std::string name;
  bool bot = false;
};
std::vector<RecordSeatName> record_seats(Store& store, const std::string& game_id) {
  std::vector<RecordSeatName> seats;
  const std::optional<std::string> text = store.game(game_id);
  if (!text) return seats;
  const json j = json::parse(text->substr(0, text->find('\n')), nullptr, false);
  if (!j.is_object() || !j.contains("seats") || !j["seats"].is_array()) return seats;
  for (const json& s : j["seats"]) {
    RecordSeatName seat;
    if (s.is_object() && s.contains("name") && s["name"].is_string()) seat.name = s["name"];
    seat.bot = s.is_object() && s.contains("bot");
    seats.push_back(std::move(seat));
  }
  return seats;
}

}  // namespace

json player_summary(const PlayerRecord& p) {
  return {{"id", p.id},
          {"name", p.guest || p.deleted ? json(nullptr) : json(p.name)},
          {"guest", p.guest},
          {"deleted", p.deleted},
          {"rating",
           {{"display", display(p.skill)},
            {"provisional", rating::is_provisional(p.skill, p.rated_games)},
            {"games", p.rated_games}}}};
}

std::optional<std::string_view> query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const size_t eq = pair.find('=');
    if (pair.substr(0, eq) == key)
      return eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

ApiReply PlayerApi::handle(std::string_view path, std::string_view query,
                           std::optional<PlayerId> viewer) {
  if (path == "/api/leaderboard") return leaderboard(query, viewer);
  // /api/players/{id} or /api/players/{id}/games
  std::string_view rest = path.substr(std::string_view("/api/players/").size());
  const bool games_list = rest.ends_with("/games");
  if (games_list) rest.remove_suffix(std::string_view("/games").size());
  const std::optional<int64_t> id = whole_number(rest);
  if (!id || *id <= 0 || rest.starts_with('-') || rest.starts_with('0')) {
    if (rest.find('/') != std::string_view::npos)
      return api_error_reply(404, "not_found", "no such endpoint");
    return no_such_player();
  }
  return games_list ? games(*id, query) : profile(*id);
}

// 1. The player (404 if unknown; a deleted one shows as such, with his figures).
// 2. The figures over his games (those stored since schema 5 for places and rounds).
// 3. The rating history, the favourite opponents, the per-count ratings.
ApiReply PlayerApi::profile(PlayerId id) {
  Summaries summaries(players_);
  const std::optional<PlayerRecord> p = summaries.record(id);
  if (!p) return no_such_player();
  const std::vector<GameSeat> games = players_.player_games(id);  // oldest first
  int wins = 0, rounds = 0, round_sum = 0;
  std::optional<int> best;
  // Opponents: games together and the latest game's position (ties: the most recent first).
  std::map<PlayerId, std::pair<int, size_t>> met;
  for (size_t i = 0; i < games.size(); ++i) {
    const GameSeat& g = games[i];
    if (g.place == 1) ++wins;
    if (g.rounds > 0) {
      rounds += g.rounds;
      round_sum += g.round_sum_half;
      best = best ? std::min(*best, g.best_round_half) : g.best_round_half;
    }
    for (const GameSeat& other : players_.game_seats(g.game_id)) {
      if (other.player == id) continue;
      auto& [count, latest] = met[other.player];
      ++count;
      latest = i;
    }
  }
  std::vector<std::pair<PlayerId, std::pair<int, size_t>>> favourites(met.begin(), met.end());
  std::sort(favourites.begin(), favourites.end(), [](const auto& a, const auto& b) {
    return a.second.first != b.second.first ? a.second.first > b.second.first
                                            : a.second.second > b.second.second;
  });
  if (favourites.size() > kFavourites) favourites.resize(kFavourites);
  json favourite_list = json::array();
  for (const auto& [other, seen] : favourites)
    favourite_list.push_back({{"player", summaries.summary(other)}, {"games", seen.first}});
  json history = json::array();
  for (const RatingChange& c : players_.rating_history(id)) {
    history.push_back({{"game", c.game_id},
                       {"at_ms", c.at_ms},
                       {"before", display(c.before)},
                       {"after", display(c.after)}});
  }
  json counts = json::array();
  for (int n = 2; n <= 6; ++n) {
    const auto [skill, count_games] = players_.count_skill(id, n);
    if (count_games == 0) continue;
    counts.push_back({{"players", n},
                      {"display", display(skill)},
                      {"provisional", rating::is_provisional(skill, count_games)},
                      {"games", count_games}});
  }
  const json stats = {
      {"games", games.size()},
      {"rated_games", p->rated_games},
      {"wins", wins},
      {"rounds", rounds},
      {"average_round_half",
       rounds > 0 ? json(static_cast<int>(std::lround(static_cast<double>(round_sum) / rounds)))
                  : json(nullptr)},
      {"best_round_half", best ? json(*best) : json(nullptr)}};
  return api_json_reply(200, {{"profile",
                               {{"player", summaries.summary(id)},
                                {"created_ms", p->created_ms},
                                {"stats", stats},
                                {"rating_history", std::move(history)},
                                {"favourite_opponents", std::move(favourite_list)},
                                {"count_ratings", std::move(counts)}}}});
}

ApiReply PlayerApi::games(PlayerId id, std::string_view query) {
  const Param before = int_param(query, "before", std::numeric_limits<int64_t>::max(), 1,
                                 std::numeric_limits<int64_t>::max());
  if (before.problem) return *before.problem;
  const Param limit = int_param(query, "limit", kDefaultGames, 1, kMaxGames);
  if (limit.problem) return *limit.problem;
  Summaries summaries(players_);
  if (!summaries.record(id)) return no_such_player();
  // One more than asked: whether there is a next page.
  std::vector<GameSeat> games =
      players_.recent_games(id, before.value, static_cast<int>(limit.value) + 1);
  json next_before = nullptr;
  if (games.size() > static_cast<size_t>(limit.value)) {
    games.resize(static_cast<size_t>(limit.value));
    next_before = games.back().finished_ms;
  }
  std::unordered_map<std::string, const RatingChange*> changes;
  const std::vector<RatingChange> history = players_.rating_history(id);
  for (const RatingChange& c : history) changes[c.game_id] = &c;
  json list = json::array();
  for (const GameSeat& g : games) {
    const std::vector<GameSeat> seated = players_.game_seats(g.game_id);
    const std::vector<RecordSeatName> names = record_seats(store_, g.game_id);
    const int seats = std::max<int>(g.players, static_cast<int>(names.size()));
    json opponents = json::array();
    for (int s = 0; s < seats; ++s) {
      if (s == g.seat) continue;
      json o = {{"seat", s}, {"player", nullptr}};
      for (const GameSeat& other : seated)
        if (other.seat == s) o["player"] = summaries.summary(other.player);
      if (static_cast<size_t>(s) < names.size()) {
        o["name"] = names[static_cast<size_t>(s)].name;
        o["bot"] = names[static_cast<size_t>(s)].bot;
      } else {
        o["name"] = "";
        o["bot"] = false;
      }
      opponents.push_back(std::move(o));
    }
    json rating = nullptr;
    if (auto it = changes.find(g.game_id); it != changes.end())
      rating = {{"before", display(it->second->before)}, {"after", display(it->second->after)}};
    list.push_back({{"id", g.game_id},
                    {"finished_ms", g.finished_ms},
                    {"players", seats},
                    {"seat", g.seat},
                    {"place", g.place},
                    {"total_half", g.total_half},
                    {"rounds", g.rounds},
                    {"rated", g.rated},
                    {"rating", std::move(rating)},
                    {"opponents", std::move(opponents)}});
  }
  return api_json_reply(200, {{"games", std::move(list)}, {"next_before", next_before}});
}

ApiReply PlayerApi::leaderboard(std::string_view query, std::optional<PlayerId> viewer) {
  const Param count = int_param(query, "players", 0, 0, 6);
  if (count.problem || count.value == 1) {
    return api_error_reply(400, "bad_query", "players: 0 (overall) or a player count from 2 to 6");
  }
  const Param offset = int_param(query, "offset", 0, 0, std::numeric_limits<int>::max());
  if (offset.problem) return *offset.problem;
  const Param limit = int_param(query, "limit", kDefaultBoard, 1, kMaxBoard);
  if (limit.problem) return *limit.problem;
  // The whole board once: its size, the page and "me" come from the same ranking.
  const std::vector<LeaderboardRow> board =
      players_.leaderboard(static_cast<int>(count.value), 0, std::numeric_limits<int>::max());
  Summaries summaries(players_);
  auto row_json = [&](const LeaderboardRow& r) {
    return json{
        {"rank", r.rank}, {"player", summaries.summary(r.player)}, {"games", r.rated_games}};
  };
  json rows = json::array();
  const size_t from = std::min(board.size(), static_cast<size_t>(offset.value));
  const size_t to = std::min(board.size(), from + static_cast<size_t>(limit.value));
  for (size_t i = from; i < to; ++i) rows.push_back(row_json(board[i]));
  json me = nullptr, around = json::array();
  if (viewer) {
    for (size_t i = 0; i < board.size(); ++i) {
      if (board[i].player != *viewer) continue;
      me = row_json(board[i]);
      const size_t low = i >= kAroundMe ? i - kAroundMe : 0;
      const size_t high = std::min(board.size(), i + kAroundMe + 1);
      for (size_t k = low; k < high; ++k) around.push_back(row_json(board[k]));
      break;
    }
  }
  return api_json_reply(200, {{"leaderboard",
                               {{"players", count.value},
                                {"total", board.size()},
                                {"offset", offset.value},
                                {"rows", std::move(rows)},
                                {"me", std::move(me)},
                                {"around_me", std::move(around)}}}});
}

}  // namespace allegra::server
