// The PlayerStore's queries of schema 5 (profiles, histories, leaderboards: docs/server-store.md)
// as one typed suite over every store (tests/server/store_backends.h: SQLite, and PostgreSQL on
// the throwaway cluster of `ctest -R StoreSuitePostgres`; without ALLEGRA_PG_URL that half skips).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "rating/skill_rating.h"
#include "server/game_players.h"
#include "server/pg_store.h"
#include "server/sqlite_store.h"
#include "server/store_backends.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;

template <typename Backend>
class PlayerQueries : public store_testing::StoreBackendTest<Backend> {
 protected:
  void SetUp() override {
    store_testing::StoreBackendTest<Backend>::SetUp();
    if (!this->IsSkipped() && !this->HasFatalFailure()) store_ = this->backend_.open();
  }
  PlayerStore& players() { return *store_; }
  void commit() { store_->commit(); }
  // A player with this overall skill and number of rated games.
  PlayerId rated_player(double mu, double sigma, int games) {
    const PlayerId id = players().create_guest(1);
    players().set_skill(id, {mu, sigma}, games);
    return id;
  }

  decltype(std::declval<Backend&>().open()) store_;
};

TYPED_TEST_SUITE(PlayerQueries, store_testing::StoreBackends, store_testing::StoreBackendNames);

TYPED_TEST(PlayerQueries, ARatedGameStoresEverySeatsFiguresAndBothSkillsInOneTransaction) {
  PlayerStore& p = this->players();
  std::vector<PlayerId> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(p.create_guest(1));
  this->commit();
  // Totals 40, 20, 20, 10 (half points); seat 3 left: last, whatever the bot scored for him.
  const std::vector<EndSeat> seats = {{ids[0], 40, false, 3, 2, 40},
                                      {ids[1], 20, false, 3, -4, 20},
                                      {ids[2], 20, false, 3, 0, 20},
                                      {ids[3], 10, true, 3, 1, 10}};
  EXPECT_TRUE(store_game_players(p, "ABCDEF-1", seats, /*rated*/ true, 1'700'000'000'000));
  this->commit();
  const std::vector<GameSeat> got = p.game_seats("ABCDEF-1");
  ASSERT_EQ(got.size(), 4u);
  const int places[] = {3, 1, 1, 4};  // ties share the better place; the leaver is last
  for (int i = 0; i < 4; ++i) {
    const GameSeat& g = got[static_cast<size_t>(i)];
    EXPECT_EQ(g.game_id, "ABCDEF-1");
    EXPECT_EQ(g.seat, i);
    EXPECT_EQ(g.player, ids[static_cast<size_t>(i)]);
    EXPECT_EQ(g.players, 4);
    EXPECT_EQ(g.place, places[i]) << "seat " << i;
    EXPECT_EQ(g.total_half, seats[static_cast<size_t>(i)].total_half);
    EXPECT_EQ(g.rounds, 3);
    EXPECT_EQ(g.best_round_half, seats[static_cast<size_t>(i)].best_round_half);
    EXPECT_EQ(g.round_sum_half, seats[static_cast<size_t>(i)].round_sum_half);
    EXPECT_TRUE(g.rated);
    EXPECT_EQ(g.finished_ms, 1'700'000'000'000);
  }
  // The skill of 4-player games moved exactly as the overall one (both started new).
  const std::vector<rating::Skill> before(4);
  const std::vector<rating::Skill> after = rating::update(before, std::vector<int>{2, 0, 0, 3});
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(p.player(ids[i])->skill, after[i]);
    EXPECT_EQ(p.count_skill(ids[i], 4), std::make_pair(after[i], 1));
    EXPECT_EQ(p.count_skill(ids[i], 3), std::make_pair(rating::Skill{}, 0));
  }
}

TYPED_TEST(PlayerQueries, AnUnratedGameWithABotStoresThePeoplesSeatsAndMovesNoSkill) {
  PlayerStore& p = this->players();
  const PlayerId a = p.create_guest(1), b = p.create_guest(1);
  // A leaver of an unrated game keeps the place of his total.
  const std::vector<EndSeat> seats = {
      {a, 30, true, 2, 10, 30}, {std::nullopt, 50, false, 2, 20, 50}, {b, 10, false, 2, 4, 10}};
  EXPECT_FALSE(store_game_players(p, "ABCDEF-2", seats, /*rated*/ false, 5000));
  this->commit();
  const std::vector<GameSeat> got = p.game_seats("ABCDEF-2");
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].seat, 0);
  EXPECT_EQ(got[0].place, 2);
  EXPECT_EQ(got[0].players, 3);
  EXPECT_FALSE(got[0].rated);
  EXPECT_EQ(got[1].seat, 2);
  EXPECT_EQ(got[1].place, 1);
  EXPECT_EQ(p.count_skill(a, 3), std::make_pair(rating::Skill{}, 0));
  EXPECT_EQ(p.player(a)->rated_games, 0);
  EXPECT_TRUE(p.game_seats("NOSUCH-1").empty());
}

TYPED_TEST(PlayerQueries, RecentGamesAreNewestFirstAndPagedByTheirEnd) {
  PlayerStore& p = this->players();
  const PlayerId a = p.create_guest(1), b = p.create_guest(1);
  for (int i = 1; i <= 5; ++i) {
    GameSeat g{"GAME-" + std::to_string(i), 0, a, 2, 1, 10, 3, 1, 10, false, 1000 * i};
    p.add_game_seat(g);
    if (i == 3) p.add_game_seat({"GAME-3", 1, b, 2, 2, 20, 3, 2, 20, false, 3000});
  }
  this->commit();
  auto ids = [](const std::vector<GameSeat>& games) {
    std::vector<std::string> out;
    for (const GameSeat& g : games) out.push_back(g.game_id);
    return out;
  };
  using ::testing::ElementsAre;
  const int64_t newest = std::numeric_limits<int64_t>::max();
  EXPECT_THAT(ids(p.recent_games(a, newest, 2)), ElementsAre("GAME-5", "GAME-4"));
  EXPECT_THAT(ids(p.recent_games(a, 4000, 2)), ElementsAre("GAME-3", "GAME-2"));
  EXPECT_THAT(ids(p.recent_games(a, 2000, 20)), ElementsAre("GAME-1"));
  EXPECT_TRUE(p.recent_games(a, 1000, 20).empty());
  EXPECT_THAT(ids(p.recent_games(b, newest, 20)), ElementsAre("GAME-3"));
  const std::vector<GameSeat> whole = p.recent_games(b, newest, 1);
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(whole[0], (GameSeat{"GAME-3", 1, b, 2, 2, 20, 3, 2, 20, false, 3000}));
  EXPECT_EQ(p.game_seats("GAME-3").size(), 2u);
}

TYPED_TEST(PlayerQueries, TheLeaderboardRanksEstablishedPlayersOnlyWithTiesInTheContractsOrder) {
  PlayerStore& p = this->players();
  const PlayerId top = this->rated_player(40, 3, 30);
  const PlayerId tie_fewer = this->rated_player(30, 3, 12);  // same display as tie_more
  const PlayerId tie_more = this->rated_player(30, 3, 20);
  const PlayerId tie_more_later = this->rated_player(30, 3, 20);
  const PlayerId low = this->rated_player(20, 6, 10);  // just established
  this->rated_player(50, 3, 9);                        // too few games
  this->rated_player(50, 6.01, 40);                    // too uncertain
  const PlayerId gone = this->rated_player(45, 2, 50);
  p.delete_player(gone);
  ASSERT_TRUE(p.claim(top, "Anna", "anna", "anna-skel", "hash"));
  this->commit();
  const std::vector<LeaderboardRow> board = p.leaderboard(0, 0, 100);
  ASSERT_EQ(board.size(), 5u);
  const PlayerId order[] = {top, tie_more, tie_more_later, tie_fewer, low};
  for (size_t i = 0; i < board.size(); ++i) {
    EXPECT_EQ(board[i].rank, static_cast<int>(i) + 1);
    EXPECT_EQ(board[i].player, order[i]) << "rank " << i + 1;
  }
  EXPECT_EQ(board[0].name, "Anna");
  EXPECT_FALSE(board[0].guest);
  EXPECT_EQ(board[0].skill, (rating::Skill{40, 3}));
  EXPECT_EQ(board[0].rated_games, 30);
  EXPECT_EQ(board[1].name, "");
  EXPECT_TRUE(board[1].guest);
  // Pages keep the ranks of the whole board.
  const std::vector<LeaderboardRow> page = p.leaderboard(0, 2, 2);
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page[0], board[2]);
  EXPECT_EQ(page[1], board[3]);
  EXPECT_TRUE(p.leaderboard(0, 5, 10).empty());
  EXPECT_EQ(p.leaderboard_row(tie_fewer, 0), board[3]);
  EXPECT_EQ(p.leaderboard_row(gone, 0), std::nullopt);
  EXPECT_EQ(p.leaderboard_row(999'999, 0), std::nullopt);
  // Nobody has a 3-player skill yet.
  EXPECT_TRUE(p.leaderboard(3, 0, 100).empty());
}

TYPED_TEST(PlayerQueries, EachPlayerCountHasItsOwnBoardAndSkill) {
  PlayerStore& p = this->players();
  const PlayerId a = this->rated_player(25, 8, 0), b = this->rated_player(25, 8, 0);
  EXPECT_EQ(p.count_skill(a, 2), std::make_pair(rating::Skill{}, 0));
  p.set_count_skill(a, 2, {30, 4}, 12);
  p.set_count_skill(a, 2, {31, 4}, 13);  // written again: replaced
  p.set_count_skill(b, 2, {35, 4}, 3);   // provisional at 2 players
  p.set_count_skill(b, 5, {35, 4}, 11);
  this->commit();
  EXPECT_EQ(p.count_skill(a, 2), std::make_pair(rating::Skill{31, 4}, 13));
  const std::vector<LeaderboardRow> two = p.leaderboard(2, 0, 100);
  ASSERT_EQ(two.size(), 1u);
  EXPECT_EQ(two[0].player, a);
  EXPECT_EQ(two[0].skill, (rating::Skill{31, 4}));
  EXPECT_EQ(two[0].rated_games, 13);
  EXPECT_EQ(p.leaderboard_row(b, 5)->rank, 1);
  EXPECT_EQ(p.leaderboard_row(b, 2), std::nullopt);
  EXPECT_TRUE(p.leaderboard(0, 0, 100).empty()) << "the overall skills are provisional";
}

}  // namespace
}  // namespace allegra::server
