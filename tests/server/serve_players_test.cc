// Signed-in people at a real `allegra serve` over WebSockets (issue 29 §1, §2, §5): four guests,
// each with the session cookie a browser gets at its first visit (GET /api/me) sent on the
// upgrade with the page's Origin, play a rated game of 4 to its end; a seat is got back by the
// player's cookie alone (a reload or another browser), and not by another player's; the ratings
// are in each player's profile and history; a kill -9 after the end and a restart (which
// replays the log) leave them as they were, counted once; the first guest claims his account and
// signs in from a second browser; and "play again" invites the others, whose open connections
// receive the invitation.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/signed_in_browser.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;

class ServePlayersTest : public CliFixture {};

TEST_F(ServePlayersTest, ARatedGameOfFourSignedInPeopleAfterAReloadAndAKill9) {
  std::string code;
  std::vector<SignedInBrowser> browsers;
  json changes;
  {
    ServerProcess server(dir_);
    const uint16_t port = server.port();
    for (int i = 0; i < 4; ++i) browsers.push_back(first_visit(port));
    std::vector<std::unique_ptr<Player>> people = players_of(port, browsers, 'A');
    people[0]->create_rated(4);
    code = people[0]->code();
    for (int i = 1; i < 4; ++i) people[static_cast<size_t>(i)]->join(code, i);
    // Each seat names its player (the connection's session).
    for (int tries = 0; tries < 50 && !people[0]->table()["seats"][3].contains("player"); ++tries)
      people[0]->pump(std::chrono::milliseconds(100));
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(people[0]->table()["seats"][i].value("player", int64_t{0}),
                browsers[static_cast<size_t>(i)].player)
          << people[0]->table()["seats"].dump();
    people[0]->start();
    std::mt19937_64 rng(29);
    std::vector<Player*> at_table;
    for (auto& p : people) at_table.push_back(p.get());
    play_until(at_table, rng, [&] { return people[0]->last_seq() >= 60; });

    // A reload: seat 2's browser opens a new connection and joins without a token; its cookie
    // gives it its seat and the token back. Another player's browser only watches.
    people[2]->ws().close();
    auto reloaded = std::make_unique<Player>(port, "C again", browsers[2].options);
    const json state = reloaded->request({{"type", "join"}, {"code", code}}, "state");
    ASSERT_EQ(state["type"], "state") << state.dump();
    EXPECT_EQ(state["you"], 2);
    reloaded->wait([](const json& m) { return m["type"] == "seated"; }, "seated by the cookie");
    EXPECT_EQ(reloaded->token(), people[2]->token());
    const SignedInBrowser stranger = first_visit(port);
    Player watcher(port, "Stranger", stranger.options);
    const json watched = watcher.request({{"type", "join"}, {"code", code}}, "state");
    EXPECT_TRUE(watched["you"].is_null()) << watched.dump();
    people[2] = std::move(reloaded);
    at_table[2] = people[2].get();

    const auto playing = std::chrono::steady_clock::now();
    play_to_end(at_table, rng, std::chrono::seconds(120), /*press_continue=*/true);
    std::cout << "the rated game took "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - playing).count()
              << " s\n";
    for (Player* p : at_table) EXPECT_TRUE(p->errors().empty()) << p->errors().front().dump();
    // The game's end is stored with the rating changes, one per seat, in the same transaction:
    // the frame that shows them comes after the commit.
    for (int tries = 0; tries < 50 && people[0]->table()["rating_changes"].is_null(); ++tries)
      people[0]->pump(std::chrono::milliseconds(100));
    changes = people[0]->table()["rating_changes"];
    ASSERT_TRUE(changes.is_array()) << people[0]->table().dump();
    ASSERT_EQ(changes.size(), 4u);
    for (const json& c : changes)
      EXPECT_EQ(c["player"], browsers[c["seat"].get<size_t>()].player) << c.dump();
    server.kill9();
  }
  // A restart on the same file replays the table's log: the ratings are those the players saw
  // at the game's end, counted once.
  ServerProcess again(dir_);
  const uint16_t port = again.port();
  for (const json& c : changes) {
    const std::string id = std::to_string(c["player"].get<int64_t>());
    const json profile = public_get_json(port, "/api/players/" + id).at("profile");
    EXPECT_DOUBLE_EQ(profile["player"]["rating"]["display"].get<double>(), c["after"].get<double>())
        << profile.dump();
    EXPECT_EQ(profile["player"]["rating"]["games"], 1) << profile.dump();
    EXPECT_EQ(profile["stats"]["rated_games"], 1);
    const json games = public_get_json(port, "/api/players/" + id + "/games").at("games");
    ASSERT_EQ(games.size(), 1u) << games.dump();
    EXPECT_EQ(games[0]["id"], code + "-1");
    EXPECT_TRUE(games[0]["rated"].get<bool>());
    EXPECT_DOUBLE_EQ(games[0]["rating"]["after"].get<double>(), c["after"].get<double>());
  }

  // The first guest claims his account; signed in from a second browser, he is the same player
  // with the rated game counted.
  const std::string origin = fmt::format("http://127.0.0.1:{}", port);
  const HttpCall claim = http_call(
      port, "POST", "/api/account",
      {{"Cookie", browsers[0].cookie}, {"Origin", origin}, {"Content-Type", "application/json"}},
      R"({"name":"Annalena","password":"correct horse battery"})");
  ASSERT_EQ(claim.status, 200) << claim.body;
  const HttpCall login = http_call(port, "POST", "/api/login",
                                   {{"Origin", origin}, {"Content-Type", "application/json"}},
                                   R"({"name":"annalena","password":"correct horse battery"})");
  ASSERT_EQ(login.status, 200) << login.body;
  ASSERT_FALSE(login.set_cookies.empty());
  const std::string second =
      login.set_cookies.front().substr(0, login.set_cookies.front().find(';'));
  EXPECT_NE(second, browsers[0].cookie);
  const HttpCall me = http_call(port, "GET", "/api/me", {{"Cookie", second}, {"Origin", origin}});
  const json player = json::parse(me.body).at("player");
  EXPECT_EQ(player["id"], browsers[0].player);
  EXPECT_EQ(player["name"], "Annalena");
  EXPECT_EQ(player["rating"]["rated_games"], 1);

  // Play again: the first player's new table invites the other three, and each of their open
  // connections (the player of its session cookie) receives the invitation.
  for (SignedInBrowser& b : browsers) open_page_at(b, port);  // the restarted server's port
  std::vector<std::unique_ptr<Player>> back = players_of(port, browsers, 'a');
  back[0]->create_rated(4, {browsers[1].player, browsers[2].player, browsers[3].player});
  for (int i = 1; i < 4; ++i) {
    const json invitation = back[static_cast<size_t>(i)]->wait(
        [](const json& m) { return m["type"] == "invitation"; }, "the invitation");
    EXPECT_EQ(invitation["code"], back[0]->code());
    EXPECT_EQ(invitation["from"]["id"], browsers[0].player);
  }
  // Every socket closed first: a shutdown waits (bounded) for the clients' close frames.
  for (auto& p : back) p->ws().close();
  EXPECT_EQ(again.terminate(), 0) << again.log();
}

}  // namespace
}  // namespace allegra::server_testing
