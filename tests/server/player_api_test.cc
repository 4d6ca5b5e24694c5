// The players' pages over HTTP (docs/accounts.md, "Profiles, histories and leaderboards"): the
// JSON shapes of the contract, the figures from stored games, bad queries refused naming the
// parameter, and the leaderboard's "me". Through Accounts::handle, as http_server.cc calls it,
// on a real SqliteStore.
#include "server/player_api.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "rating/skill_rating.h"
#include "server/accounts.h"
#include "server/game_players.h"
#include "server/sqlite_store.h"
#include "server/store_backends.h"
#include "wire/protocol_schema.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ::testing::HasSubstr;

class PlayerApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = backend_.open();
    accounts_.emplace(*store_, *store_, hasher_, AccountOptions{});
  }
  void TearDown() override {
    accounts_.reset();
    store_.reset();
  }
  ApiReply get(const std::string& target, const std::string& cookie = "") {
    const size_t q = target.find('?');
    ApiRequest r{"GET",
                 target.substr(0, q),
                 cookie,
                 "",
                 "h:1",
                 "",
                 "",
                 "10.0.0.1",
                 q == std::string::npos ? "" : target.substr(q + 1)};
    std::optional<ApiReply> reply;
    accounts_->handle(r, [&](ApiReply a) { reply = std::move(a); });
    EXPECT_TRUE(reply.has_value());
    if (reply) expect_schema_shape(r.path, *reply);
    return reply.value_or(ApiReply{});
  }
  // Every answer has the shape the schema's $defs give it (the web's types are generated from
  // them): ApiError for a refusal, else the answer of its path.
  static void expect_schema_shape(const std::string& path, const ApiReply& reply) {
    std::string definition = "ApiError";
    if (reply.status == 200) {
      if (path == "/api/me") {
        definition = "ApiMe";
      } else if (path == "/api/leaderboard") {
        definition = "ApiLeaderboardAnswer";
      } else if (path.ends_with("/games")) {
        definition = "ApiHistory";
      } else {
        definition = "ApiProfileAnswer";
      }
    }
    const json body = json::parse(reply.body, nullptr, false);
    EXPECT_EQ(wire::testing::ProtocolSchema::get().problems(body, definition),
              std::vector<std::string>{})
        << path << " as " << definition << ": " << reply.body;
  }
  json get_json(const std::string& target, const std::string& cookie = "") {
    const ApiReply r = get(target, cookie);
    EXPECT_EQ(r.status, 200) << target << ": " << r.body;
    return json::parse(r.body);
  }
  // A finished game: its record (seat names; "bot" for bot seats) and its players' rows.
  void finish_game(const std::string& id, const std::vector<std::optional<PlayerId>>& players,
                   const std::vector<int>& totals, bool rated, int64_t at_ms) {
    json seats = json::array();
    std::vector<EndSeat> end;
    for (size_t i = 0; i < players.size(); ++i) {
      json s = {
          {"name", players[i] ? "P" + std::to_string(*players[i]) : "Bot " + std::to_string(i)}};
      if (!players[i]) s["bot"] = "medium";
      seats.push_back(s);
      end.push_back({players[i], totals[i], false, 3, totals[i] / 3 - 2, totals[i]});
    }
    store_->save_game(id, id.substr(0, id.find('-')), json{{"seats", seats}}.dump() + "\n");
    store_game_players(*store_, id, end, rated, at_ms);
    store_->commit();
  }

  store_testing::SqliteStoreBackend backend_;  // a scratch folder and its server.sqlite
  std::unique_ptr<SqliteStore> store_;
  PasswordHasher hasher_{0, 0, [](std::function<void()> f) { f(); }};
  std::optional<Accounts> accounts_;
};

// Every error code the server's /api/ answers can carry (api_error_reply's calls in src/server)
// is in the schema's ApiErrorCode, which the web's types are generated from, and the other way
// round: a new code without its place in the schema (and a text on the web) fails here.
TEST(PlayerApiCodes, EveryApiErrorCodeOfTheSourcesIsTheSchemas) {
  std::set<std::string> used;
  const std::regex call(R"re(api_error_reply\(\s*[0-9]+,\s*"([a-z_]+)")re");
  const fs::path dir = fs::path(ALLEGRA_SOURCE_DIR) / "src" / "server";
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".cc") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (std::sregex_iterator it(text.begin(), text.end(), call), end; it != end; ++it)
      used.insert((*it)[1]);
  }
  used.insert({"name_problem", "weak_password"});  // given by a variable (accounts.cc)
  std::set<std::string> schema;
  for (const json& code :
       wire::testing::ProtocolSchema::get().document().at("$defs").at("ApiErrorCode").at("enum"))
    schema.insert(code.get<std::string>());
  EXPECT_EQ(used, schema);
}

TEST_F(PlayerApiTest, AProfileAndItsHistoryShowTheStoredGamesFiguresAndRatingChanges) {
  std::vector<PlayerId> p;
  for (int i = 0; i < 4; ++i) p.push_back(store_->create_guest(100 + i));
  ASSERT_TRUE(store_->claim(p[1], "Anna", "anna", "anna", "hash"));
  store_->commit();
  finish_game("AAAAAA-1", {p[0], p[1], p[2], p[3]}, {30, 12, 60, 90}, true, 1000);
  finish_game("AAAAAA-2", {p[0], std::nullopt, p[1]}, {6, 20, 40}, false, 2000);

  const json profile = get_json("/api/players/" + std::to_string(p[0])).at("profile");
  EXPECT_EQ(profile["player"],
            (json{{"id", p[0]},
                  {"name", nullptr},
                  {"guest", true},
                  {"deleted", false},
                  {"rating",
                   {{"display", rating::display_rating(store_->player(p[0])->skill)},
                    {"provisional", true},
                    {"games", 1}}}}));
  EXPECT_EQ(profile["created_ms"], 100);
  EXPECT_EQ(profile["stats"], (json{{"games", 2},
                                    {"rated_games", 1},
                                    {"wins", 1},
                                    {"rounds", 6},
                                    {"average_round_half", 6},  // (30 + 6) / 6
                                    {"best_round_half", 0}}));  // 6 / 3 - 2
  ASSERT_EQ(profile["rating_history"].size(), 1u);
  EXPECT_EQ(profile["rating_history"][0]["game"], "AAAAAA-1");
  EXPECT_EQ(profile["rating_history"][0]["before"], 1000);
  // Anna twice (the most recent game too), the others once.
  ASSERT_EQ(profile["favourite_opponents"].size(), 3u);
  EXPECT_EQ(profile["favourite_opponents"][0]["player"]["name"], "Anna");
  EXPECT_EQ(profile["favourite_opponents"][0]["games"], 2);
  EXPECT_EQ(profile["count_ratings"],
            (json::array({{{"players", 4},
                           {"display", rating::display_rating(store_->count_skill(p[0], 4).first)},
                           {"provisional", true},
                           {"games", 1}}})));

  // The history: newest first, paged by the game's end.
  const json page1 = get_json("/api/players/" + std::to_string(p[0]) + "/games?limit=1");
  ASSERT_EQ(page1["games"].size(), 1u);
  const json& unrated = page1["games"][0];
  EXPECT_EQ(unrated["id"], "AAAAAA-2");
  EXPECT_EQ(unrated["players"], 3);
  EXPECT_EQ(unrated["place"], 1);
  EXPECT_EQ(unrated["rated"], false);
  EXPECT_EQ(unrated["rating"], nullptr);
  EXPECT_EQ(unrated["opponents"][0],
            (json{{"seat", 1}, {"player", nullptr}, {"name", "Bot 1"}, {"bot", true}}));
  EXPECT_EQ(unrated["opponents"][1]["player"]["name"], "Anna");
  EXPECT_EQ(page1["next_before"], 2000);
  const json page2 = get_json("/api/players/" + std::to_string(p[0]) + "/games?before=2000");
  ASSERT_EQ(page2["games"].size(), 1u);
  const json& rated = page2["games"][0];
  EXPECT_EQ(rated["id"], "AAAAAA-1");
  EXPECT_EQ(rated["place"], 2);
  EXPECT_EQ(rated["total_half"], 30);
  EXPECT_EQ(rated["rounds"], 3);
  EXPECT_EQ(rated["rated"], true);
  EXPECT_EQ(rated["rating"]["before"], 1000);
  EXPECT_EQ(rated["rating"]["after"], profile["rating_history"][0]["after"]);
  EXPECT_EQ(rated["opponents"].size(), 3u);
  EXPECT_EQ(page2["next_before"], nullptr);

  // A deleted player's page is still there, nameless.
  store_->delete_player(p[1]);
  store_->commit();
  const json gone = get_json("/api/players/" + std::to_string(p[1])).at("profile");
  EXPECT_EQ(gone["player"]["name"], nullptr);
  EXPECT_EQ(gone["player"]["deleted"], true);
  EXPECT_EQ(gone["stats"]["games"], 2);
}

TEST_F(PlayerApiTest, UnknownPlayersAndBadQueryValuesAreRefusedNamingTheProblem) {
  const PlayerId a = store_->create_guest(1);
  store_->commit();
  const std::string games = "/api/players/" + std::to_string(a) + "/games";
  for (const char* target : {"/api/players/999", "/api/players/abc", "/api/players/0",
                             "/api/players/-3", "/api/players/999/games"}) {
    const ApiReply r = get(target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_THAT(r.body, HasSubstr("no_such_player")) << target;
  }
  const std::pair<std::string, const char*> bad[] = {{games + "?limit=0", "limit"},
                                                     {games + "?limit=51", "limit"},
                                                     {games + "?limit=x", "limit"},
                                                     {games + "?limit=", "limit"},
                                                     {games + "?before=-5", "before"},
                                                     {games + "?before=1e9", "before"},
                                                     {"/api/leaderboard?players=1", "players"},
                                                     {"/api/leaderboard?players=7", "players"},
                                                     {"/api/leaderboard?offset=-1", "offset"},
                                                     {"/api/leaderboard?limit=101", "limit"}};
  for (const auto& [target, parameter] : bad) {
    const ApiReply r = get(target);
    EXPECT_EQ(r.status, 400) << target;
    const json body = json::parse(r.body);
    EXPECT_EQ(body["error"], "bad_query") << target;
    EXPECT_THAT(body["message"].get<std::string>(), HasSubstr(parameter)) << target;
  }
  EXPECT_EQ(get(games + "?limit=50&unknown=1").status, 200);
  EXPECT_EQ(get("/api/leaderboard?players=6&offset=3&limit=1").status, 200);
}

TEST_F(PlayerApiTest, TheLeaderboardPagesEstablishedPlayersAndShowsMeAndAroundMe) {
  // Me: a guest of this browser, established; 14 others with ratings around mine.
  const ApiReply first = get("/api/me");
  const std::string cookie = first.set_cookies.at(0).substr(0, first.set_cookies.at(0).find(';'));
  const PlayerId me = json::parse(first.body)["player"]["id"];
  store_->set_skill(me, {30, 4}, 12);
  for (int i = 0; i < 14; ++i) store_->set_skill(store_->create_guest(1), {23.0 + i, 4}, 20);
  store_->set_skill(store_->create_guest(1), {50, 4}, 3);  // provisional: not listed
  store_->commit();
  const json board = get_json("/api/leaderboard?limit=3&offset=1", cookie).at("leaderboard");
  EXPECT_EQ(board["players"], 0);
  EXPECT_EQ(board["total"], 15);
  EXPECT_EQ(board["offset"], 1);
  ASSERT_EQ(board["rows"].size(), 3u);
  EXPECT_EQ(board["rows"][0]["rank"], 2);
  EXPECT_EQ(board["rows"][0]["games"], 20);
  // mu 30 ranks below the seven others with mu 30..36: 8th (ties: fewer games after).
  EXPECT_EQ(board["me"]["rank"], 8);
  EXPECT_EQ(board["me"]["player"]["id"], me);
  ASSERT_EQ(board["around_me"].size(), 11u);
  EXPECT_EQ(board["around_me"][0]["rank"], 3);
  EXPECT_EQ(board["around_me"][5]["player"]["id"], me);
  EXPECT_EQ(board["around_me"][10]["rank"], 13);
  // Without the cookie, or on a board he is not on: no "me".
  const json anonymous = get_json("/api/leaderboard").at("leaderboard");
  EXPECT_EQ(anonymous["me"], nullptr);
  EXPECT_EQ(anonymous["around_me"], json::array());
  EXPECT_EQ(anonymous["rows"].size(), 15u);
  EXPECT_EQ(get_json("/api/leaderboard?players=4", cookie)["leaderboard"]["me"], nullptr);
}

}  // namespace
}  // namespace allegra::server
