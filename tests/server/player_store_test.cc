// Every PlayerStore (schema version 4 of SQLite, 2 of PostgreSQL) as one typed suite: players,
// sessions, ratings and seats, committed with the store's batch of the game's end, across
// reopening; and each store's migration of a database from before the players. The PostgreSQL
// half runs on the throwaway cluster of `ctest -R StoreSuitePostgres` (ALLEGRA_PG_URL, a database
// named allegra_test...; emptied by each test) and skips without it, as store_suite_test.cc's.
#include <SQLiteCpp/Database.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <pqxx/pqxx>

#include "server/pg_store.h"
#include "server/sqlite_store.h"
#include "server/store_backends.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;

using SqlitePlayerStoreFactory = store_testing::SqliteStoreBackend;
using PgPlayerStoreFactory = store_testing::PgStoreBackend;

template <typename Backend>
class PlayerStoreSuite : public store_testing::StoreBackendTest<Backend> {
 protected:
  Backend& factory_ = this->backend_;
};
TYPED_TEST_SUITE(PlayerStoreSuite, store_testing::StoreBackends, store_testing::StoreBackendNames);

TYPED_TEST(PlayerStoreSuite, AGuestIsClaimedSignedInAndDeletedAcrossReopening) {
  PlayerId bea = 0, other = 0;
  {
    auto opened = this->factory_.open();
    auto& store = *opened;
    PlayerStore& players = store;
    bea = players.create_guest(1000);
    other = players.create_guest(1001);
    EXPECT_NE(bea, other);
    EXPECT_TRUE(players.claim(bea, "Bea", "bea", "bea-skeleton", "$argon2id$hash"));
    // The same key or the same skeleton is taken: nothing changes.
    EXPECT_FALSE(players.claim(other, "BEA", "bea", "other-skeleton", "h"));
    EXPECT_FALSE(players.claim(other, "Bеa", "bеa", "bea-skeleton", "h"));
    players.add_session("hash1", bea, 2000);
    players.add_session("hash2", bea, 2000);
    store.commit();
  }
  auto opened = this->factory_.open();
  auto& store = *opened;
  PlayerStore& players = store;
  const std::optional<PlayerRecord> p = players.account_by_key("bea");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->id, bea);
  EXPECT_FALSE(p->guest);
  EXPECT_EQ(p->name, "Bea");
  EXPECT_EQ(p->password_hash, "$argon2id$hash");
  EXPECT_EQ(p->created_ms, 1000);
  EXPECT_EQ(p->skill, rating::Skill{});
  EXPECT_EQ(players.account_by_skeleton("bea-skeleton")->id, bea);
  EXPECT_TRUE(players.player(other)->guest);
  EXPECT_EQ(players.session_player("hash1", 3000), bea);
  EXPECT_EQ(players.session_player("nope", 3000), std::nullopt);
  EXPECT_EQ(players.session_count(bea), 2);
  players.delete_session("hash1");
  EXPECT_EQ(players.session_player("hash1", 3000), std::nullopt);
  EXPECT_EQ(players.session_player("hash2", 3000), bea);
  players.set_password(bea, "new");
  EXPECT_EQ(players.player(bea)->password_hash, "new");
  players.delete_sessions(bea);
  EXPECT_EQ(players.session_count(bea), 0);
  players.add_session("hash3", bea, 4000);
  players.delete_player(bea);
  store.commit();
  const PlayerRecord gone = *players.player(bea);
  EXPECT_TRUE(gone.deleted);
  EXPECT_EQ(gone.name, "");
  EXPECT_EQ(gone.password_hash, "");
  EXPECT_EQ(players.session_player("hash3", 5000), std::nullopt);
  EXPECT_EQ(players.account_by_key("bea"), std::nullopt);
  // The name is free again.
  EXPECT_TRUE(players.claim(other, "Bea", "bea", "bea-skeleton", "h"));
  EXPECT_EQ(players.players().size(), 2u);
}

TYPED_TEST(PlayerStoreSuite, RatingsAndSeatsCommitWithTheGameAndAreLostWithIt) {
  PlayerId a = 0, b = 0;
  {
    auto opened = this->factory_.open();
    auto& store = *opened;
    a = store.create_guest(1);
    b = store.create_guest(1);
    store.commit();
    // One transaction: the game, its seats, the ratings.
    store.create_table("ABCD", "{}");
    store.save_game("ABCD-1", "ABCD", "{}\n");
    store.add_game_seat({"ABCD-1", 0, a});
    store.add_game_seat({"ABCD-1", 1, b});
    store.set_skill(a, {27, 8}, 1);
    store.add_rating_change({a, "ABCD-1", {25, 8.3}, {27, 8}, 10});
    store.commit();
    // Not committed: gone with the store.
    store.save_game("ABCD-2", "ABCD", "{}\n");
    store.add_game_seat({"ABCD-2", 0, a});
    store.set_skill(a, {30, 7}, 2);
    store.add_rating_change({a, "ABCD-2", {27, 8}, {30, 7}, 20});
  }
  auto opened = this->factory_.open();
  auto& store = *opened;
  EXPECT_EQ(store.player(a)->skill, (rating::Skill{27, 8}));
  EXPECT_EQ(store.player(a)->rated_games, 1);
  EXPECT_THAT(store.rating_history(a),
              ElementsAre(RatingChange{a, "ABCD-1", {25, 8.3}, {27, 8}, 10}));
  EXPECT_THAT(store.player_games(a), ElementsAre(GameSeat{"ABCD-1", 0, a}));
  EXPECT_THAT(store.player_games(b), ElementsAre(GameSeat{"ABCD-1", 1, b}));
  EXPECT_THROW(store.set_skill(999, {1, 1}, 1), StoreError);
}

// Reads see the game-end writes that are not committed yet (the batch of PgStore, the open
// transaction of SQLite), and see them once after the commit.
TYPED_TEST(PlayerStoreSuite, ReadsSeeTheGameEndBeforeItsCommitAndOnceAfter) {
  auto store = this->factory_.open();
  const PlayerId a = store->create_guest(1);
  store->commit();
  store->add_game_seat({"G-1", 2, a});
  store->set_skill(a, {26.5, 7.25}, 1);
  store->add_rating_change({a, "G-1", {25, 8.333}, {26.5, 7.25}, 10});
  for (int pass = 0; pass < 2; ++pass) {
    EXPECT_EQ(store->player(a)->skill, (rating::Skill{26.5, 7.25})) << pass;
    EXPECT_EQ(store->player(a)->rated_games, 1) << pass;
    EXPECT_EQ(store->players().at(0).rated_games, 1) << pass;
    EXPECT_THAT(store->rating_history(a),
                ElementsAre(RatingChange{a, "G-1", {25, 8.333}, {26.5, 7.25}, 10}))
        << pass;
    EXPECT_THAT(store->player_games(a), ElementsAre(GameSeat{"G-1", 2, a})) << pass;
    store->commit();
  }
}

// --- Each store's migration ------------------------------------------------------------------

class SqlitePlayerStoreMigration : public PlayerStoreSuite<SqlitePlayerStoreFactory> {};

TEST_F(SqlitePlayerStoreMigration, AVersion3FileIsMigratedKeepingItsTablesAndGames) {
  {
    SqliteStore store(factory_.db());
    store.create_table("ABCD", "{}");
    store.append("ABCD", {1, "sit", "{}"});
    store.save_game("g1", "ABCD", "{}\n");
    store.commit();
  }
  {
    // Back to version 3: what a server of schema 3 left.
    SQLite::Database raw(factory_.db(), SQLite::OPEN_READWRITE);
    raw.exec(
        "DROP TABLE skills; DROP TABLE game_seats; DROP TABLE rating_history; DROP TABLE "
        "players; PRAGMA user_version = 3;");
  }
  SqliteStore store(factory_.db());
  EXPECT_EQ(store.found_version(), 3);
  EXPECT_EQ(store.open_tables().size(), 1u);
  EXPECT_EQ(store.game("g1"), "{}\n");
  const PlayerId id = store.create_guest(5);
  store.commit();
  EXPECT_TRUE(store.player(id)->guest);
}

TEST_F(SqlitePlayerStoreMigration, AVersion4FileGainsTheSeatFiguresAsZerosAndTheCountSkills) {
  PlayerId a = 0;
  {
    SqliteStore store(factory_.db());
    a = store.create_guest(1);
    store.add_game_seat({"ABCD-1", 2, a, 3, 1, 10, 3, 1, 10, true, 99});
    store.commit();
  }
  {
    // Back to version 4: game_seats as it was, no skills.
    SQLite::Database raw(factory_.db(), SQLite::OPEN_READWRITE);
    raw.exec(
        "CREATE TABLE seats4 (game TEXT NOT NULL, seat INTEGER NOT NULL, player INTEGER NOT NULL "
        "REFERENCES players(id), PRIMARY KEY (game, seat)); INSERT INTO seats4 SELECT game, seat, "
        "player FROM game_seats; DROP TABLE game_seats; ALTER TABLE seats4 RENAME TO game_seats; "
        "DROP TABLE skills; PRAGMA user_version = 4;");
  }
  SqliteStore store(factory_.db());
  EXPECT_EQ(store.found_version(), 4);
  EXPECT_THAT(store.player_games(a), ElementsAre(GameSeat{"ABCD-1", 2, a}));
  store.set_count_skill(a, 3, {30, 5}, 1);
  store.commit();
  EXPECT_EQ(store.count_skill(a, 3), std::make_pair(rating::Skill{30, 5}, 1));
}

class PgPlayerStoreMigration : public PlayerStoreSuite<PgPlayerStoreFactory> {};

TEST_F(PgPlayerStoreMigration, AVersion1DatabaseIsMigratedKeepingItsTablesAndGames) {
  {
    auto store = factory_.open();
    store->create_table("ABCD", "{}");
    store->append("ABCD", {1, "sit", "{}"});
    store->save_game("g1", "ABCD", "{}\n");
    store->commit();
  }
  {
    // Back to version 1: what a server before the players left.
    pqxx::connection c(factory_.url());
    pqxx::nontransaction t(c);
    t.exec(
        "DROP TABLE skills, game_seats, rating_history, sessions, players, lobby, lobby_servers; "
        "UPDATE allegra_schema SET version = 1");
  }
  auto store = factory_.open();
  EXPECT_EQ(store->found_version(), 1);
  EXPECT_EQ(store->open_tables().size(), 1u);
  EXPECT_EQ(store->game("g1"), "{}\n");
  const PlayerId id = store->create_guest(5);
  EXPECT_TRUE(store->player(id)->guest);
}

}  // namespace
}  // namespace allegra::server
