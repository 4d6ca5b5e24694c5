// Rated tables (docs/ratings.md, issue 29 §2) on the hub with a real SQLite store: `create` with
// "rated" refuses bot seats, changed rule options and hints; the lobby and the table say the
// table is rated; a person who leaves a rated game and whose seat the bot finishes takes the last
// place in Room::rated_result(), which a restart replays from the log unchanged.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "server/hub_harness.h"
#include "server/room.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

// A rated table of `players` people (connections 1..players, seat = connection - 1), started.
std::string rated_people(HubHarness& h, int players, json extra = json::object()) {
  for (ConnectionId c = 1; c <= static_cast<ConnectionId>(players); ++c) h.connect(c);
  json create = {{"sit", 0}, {"rated", true}, {"options", {{"players", players}}}};
  create.update(extra);
  const std::string code = h.create(1, create);
  for (ConnectionId c = 2; c <= static_cast<ConnectionId>(players); ++c) {
    h.send(c, {{"type", "join"}, {"code", code}});
    h.send(c, {{"type", "sit"}, {"seat", static_cast<int>(c - 1)}});
  }
  h.send(1, {{"type", "start"}});
  return code;
}

// testing::play() for a table of people only: the clock moves on after each act, so that the
// people's messages stay within the rate limit (20 a second), and the actions vary.
std::string play_people(HubHarness& h, const std::map<int, ConnectionId>& seats) {
  for (int step = 0; step < 5000; ++step) {
    const json table = h.table(seats.begin()->second);
    if (table.at("status") != "playing") return table.at("status").get<std::string>();
    bool acted = false;
    for (const json& p : table.at("pending")) {
      auto it = seats.find(p.at("seat").get<int>());
      if (it == seats.end()) continue;
      // Not always the first legal action: two players who both always take it may never turn
      // their cards over, and the round never ends.
      const json& legal = p.at("legal");
      const std::string action =
          p.at("knock_window").get<bool>()
              ? std::string("pass")
              : legal.at(static_cast<size_t>(step * 7919) % legal.size()).get<std::string>();
      h.send(it->second, {{"type", "act"}, {"action", action}});
      acted = true;
      break;
    }
    h.advance(acted ? 60 : 500);
  }
  return h.table(seats.begin()->second).at("status").get<std::string>();
}

TEST(RatedTableTest, RefusesBotsChangedRulesAndHints) {
  HubHarness h;
  h.connect(1);
  h.send(1, {{"type", "create"},
             {"rated", true},
             {"seats", {"person", "bot:greedy"}},
             {"options", {{"players", 2}}}});
  EXPECT_EQ(h.last_error(1), "bot_not_allowed");
  EXPECT_NE(h.last(1, "error").at("message").get<std::string>().find("people only"),
            std::string::npos);
  h.send(1, {{"type", "create"}, {"rated", true}, {"options", {{"players", 3}, {"rounds", 2}}}});
  EXPECT_EQ(h.last_error(1), "bad_options");
  EXPECT_NE(h.last(1, "error").at("message").get<std::string>().find("standard rules"),
            std::string::npos);
  h.send(1, {{"type", "create"}, {"rated", true}, {"options", {{"knocking", false}}}});
  EXPECT_EQ(h.last_error(1), "bad_options");
  h.send(1, {{"type", "create"}, {"rated", true}, {"hints", true}});
  EXPECT_EQ(h.last_error(1), "bad_options");
  EXPECT_TRUE(h.of_type(1, "created").empty());
  // The standard rules given in full are the standard rules; so are 2 to 6 players.
  for (int players = 2; players <= 6; ++players) {
    h.create(1, {{"rated", true}, {"options", {{"players", players}, {"rounds", 3}}}});
  }
  EXPECT_EQ(h.of_type(1, "created").size(), 5u);
}

TEST(RatedTableTest, TheLobbyAndTheTableSayRatedAndNoBotMayBePut) {
  HubHarness h;
  h.connect(1);
  const std::string code = h.create(1, {{"rated", true}, {"options", {{"players", 3}}}});
  h.send(1, {{"type", "join"},
             {"code", code},
             {"creator_token", h.last(1, "created").at("creator_token")}});
  EXPECT_EQ(h.table(1).at("config").at("rated"), true);
  h.send(1, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
  EXPECT_EQ(h.last_error(1), "bot_not_allowed");
  const std::string plain = h.create(1);
  h.send(1, {{"type", "list"}, {"id", 9}});
  bool rated_seen = false, plain_seen = false;
  const json tables = h.last(1, "tables");
  for (const json& t : tables.at("tables")) {
    if (t.at("code") == code) rated_seen = t.value("rated", false);
    if (t.at("code") == plain) plain_seen = !t.contains("rated");
  }
  EXPECT_TRUE(rated_seen) << tables.dump();
  EXPECT_TRUE(plain_seen);
  EXPECT_FALSE(h.hub->room(code)->rated_result());
}

TEST(RatedTableTest, ALeaverTakesTheLastPlaceAndARestartKeepsIt) {
  HubHarness h;
  const std::string code = rated_people(h, 3, {{"grace_s", 5}});
  const Room* room = h.hub->room(code);
  ASSERT_NE(room, nullptr);
  EXPECT_TRUE(room->is_rated());
  // Standing up during a rated game is refused: the seat stays the person's.
  h.send(2, {{"type", "stand"}});
  EXPECT_EQ(h.last_error(2), "wrong_phase");
  // Seat 1's person goes; after the grace the zombie bot plays his seat to the end.
  h.disconnect(2);
  h.advance(6'000);
  EXPECT_EQ(h.table(1).at("seats").at(1).at("zombie"), true);
  EXPECT_FALSE(room->rated_result());  // not while the game is played
  ASSERT_EQ(testing::play(h, {{0, 1}, {2, 3}}), "over");
  const auto result = room->rated_result();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->game_id, code + "-1");
  EXPECT_EQ(result->left, (std::vector<bool>{false, true, false}));
  EXPECT_EQ(result->places.at(1), 2);  // last, whatever the bot scored for him
  EXPECT_LT(result->places.at(0), 2);
  EXPECT_LT(result->places.at(2), 2);
  const json totals = h.table(1).at("view").at("totals_half");
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(result->totals_half.at(i), totals.at(i).get<int>());
  EXPECT_EQ(result->names.at(1), "P2");
  // A restart (kill -9: the store has what was committed) replays the same result.
  h.reopen();
  for (const std::string& e : h.hub->restore_errors()) ADD_FAILURE() << e;
  ASSERT_NE(h.hub->room(code), nullptr);
  EXPECT_EQ(h.hub->room(code)->rated_result(), result);
  EXPECT_TRUE(h.hub->room(code)->is_rated());
}

TEST(RatedTableTest, APersonWhoComesBackBeforeTheEndHasNotLeft) {
  HubHarness h;
  const std::string code = rated_people(h, 2, {{"grace_s", 1}});
  const std::string token = h.last(2, "seated").at("token");
  h.disconnect(2);
  h.advance(2'000);
  ASSERT_EQ(h.table(1).at("seats").at(1).at("zombie"), true);
  h.connect(5);
  h.send(5, {{"type", "join"}, {"code", code}, {"token", token}});
  ASSERT_EQ(h.table(5).at("seats").at(1).at("zombie"), false);
  ASSERT_EQ(play_people(h, {{0, 1}, {1, 5}}), "over");
  const auto result = h.hub->room(code)->rated_result();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->left, (std::vector<bool>{false, false}));
  // An unrated table has no rated result.
  h.connect(6);
  const std::string plain =
      h.create(6, {{"seats", {"bot:greedy", "bot:greedy"}}, {"options", {{"players", 2}}}});
  EXPECT_FALSE(h.hub->room(plain)->is_rated());
}

}  // namespace
}  // namespace allegra::server
