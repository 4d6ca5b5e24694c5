// Seats tied to players (issue 29 §1): a seat taken by a connection that has a player (its
// session cookie) comes back to any connection of that player, with its token, also after a
// restart; a finished game's seats go into the player's history; and the ratings of a rated
// game are stored with it (game_players.h), in the same transaction.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "server/game_players.h"
#include "server/hub_harness.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using ::testing::ElementsAre;
using testing::HubHarness;

json person_and_3_bots() {
  return json::array({"person", "bot:greedy", "bot:greedy", "bot:greedy"});
}

TEST(HubPlayersTest, APlayersSeatComesBackToAnotherConnectionOfHisAndAfterARestart) {
  HubHarness h;
  h.with_players = true;
  h.reopen();
  const PlayerId bea = h.store->create_guest(0);
  h.store->commit();
  h.hub->set_player(1, bea);
  h.connect(1);
  const std::string code = h.create(1, {{"seats", person_and_3_bots()}, {"sit", 0}});
  const std::string token = h.last(1, "seated").at("token");
  const std::string creator = h.last(1, "created").at("creator_token");
  h.disconnect(1);

  // Another browser of Bea's: no token, the seat comes back with its token.
  h.hub->set_player(2, bea);
  h.connect(2);
  h.send(2, {{"type", "join"}, {"code", code}});
  EXPECT_EQ(h.last(2, "seated").at("seat"), 0);
  EXPECT_EQ(h.last(2, "seated").at("token"), token);
  // Somebody else gets no seat.
  h.hub->set_player(3, h.store->create_guest(0));
  h.connect(3);
  h.send(3, {{"type", "join"}, {"code", code}});
  EXPECT_TRUE(h.of_type(3, "seated").empty());

  // A restart: the log's "sit" line keeps the player.
  h.disconnect(2);
  h.reopen();
  h.hub->set_player(4, bea);
  h.connect(4);
  h.send(4, {{"type", "join"}, {"code", code}, {"creator_token", creator}});
  EXPECT_EQ(h.last(4, "seated").at("token"), token);

  // The game ends: it is in Bea's history.
  h.send(4, {{"type", "start"}});
  EXPECT_EQ(play(h, {{0, 4}}), "over");
  const std::vector<GameSeat> games = h.store->player_games(bea);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].seat, 0);
  EXPECT_EQ(games[0].game_id, code + "-1");
}

TEST(GamePlayersTest, ARatedGameUpdatesEverySkillWithItsHistoryAndAnUnratedOneOnlyTheSeats) {
  HubHarness h;  // for its SqliteStore on a scratch file
  PlayerStore& players = *h.store;
  const PlayerId a = players.create_guest(0), b = players.create_guest(0);
  const std::vector<EndSeat> seats = {{a, 30, false}, {b, 10, false}};
  EXPECT_FALSE(store_game_players(players, "ABCDEF-1", seats, /*rated*/ false, 5));
  EXPECT_TRUE(players.rating_history(a).empty());
  EXPECT_TRUE(store_game_players(players, "ABCDEF-2", seats, /*rated*/ true, 6));
  h.store->commit();
  const std::vector<GameSeat> games_of_a = players.player_games(a);
  ASSERT_EQ(games_of_a.size(), 2u);
  EXPECT_EQ(games_of_a[0].game_id, "ABCDEF-1");
  EXPECT_EQ(games_of_a[1].game_id, "ABCDEF-2");
  EXPECT_EQ(games_of_a[1].place, 2);  // a's 30 is above b's 10: second
  EXPECT_FALSE(games_of_a[0].rated);
  EXPECT_TRUE(games_of_a[1].rated);
  ASSERT_EQ(players.rating_history(b).size(), 1u);
  EXPECT_EQ(players.rating_history(b)[0].game_id, "ABCDEF-2");
  EXPECT_EQ(players.player(a)->rated_games, 1);
  EXPECT_EQ(players.player(b)->rated_games, 1);
  // A seat without a player (a bot): nothing is rated.
  const std::vector<EndSeat> with_bot = {{a, 30, false}, {std::nullopt, 10, false}};
  EXPECT_FALSE(store_game_players(players, "ABCDEF-3", with_bot, true, 7));
  EXPECT_EQ(players.player(a)->rated_games, 1);
}

}  // namespace
}  // namespace allegra::server
