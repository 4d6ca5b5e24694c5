// SqliteStore as a PlayerStore (schema version 4): players, sessions, ratings and seats on a real
// file, committed with the store's one transaction, and a version 3 file migrated keeping its
// tables.
#include <SQLiteCpp/Database.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>

#include "server/sqlite_store.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;

class PlayerStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    static std::atomic<int> counter{0};
    dir_ = fs::temp_directory_path() / ("allegra_player_store_test_" + std::to_string(::getpid()) +
                                        "_" + std::to_string(counter++));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path db() const { return dir_ / "server.sqlite"; }
  fs::path dir_;
};

TEST_F(PlayerStoreTest, AGuestIsClaimedSignedInAndDeletedAcrossReopening) {
  PlayerId bea = 0, other = 0;
  {
    SqliteStore store(db());
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
  SqliteStore store(db());
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

TEST_F(PlayerStoreTest, RatingsAndSeatsCommitWithTheGameAndAreLostWithIt) {
  PlayerId a = 0, b = 0;
  {
    SqliteStore store(db());
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
  SqliteStore store(db());
  EXPECT_EQ(store.player(a)->skill, (rating::Skill{27, 8}));
  EXPECT_EQ(store.player(a)->rated_games, 1);
  EXPECT_THAT(store.rating_history(a),
              ElementsAre(RatingChange{a, "ABCD-1", {25, 8.3}, {27, 8}, 10}));
  EXPECT_THAT(store.player_games(a), ElementsAre(GameSeat{"ABCD-1", 0, a}));
  EXPECT_THAT(store.player_games(b), ElementsAre(GameSeat{"ABCD-1", 1, b}));
  EXPECT_THROW(store.set_skill(999, {1, 1}, 1), StoreError);
}

TEST_F(PlayerStoreTest, AVersion3FileIsMigratedKeepingItsTablesAndGames) {
  {
    SqliteStore store(db());
    store.create_table("ABCD", "{}");
    store.append("ABCD", {1, "sit", "{}"});
    store.save_game("g1", "ABCD", "{}\n");
    store.commit();
  }
  {
    // Back to version 3: what a server of schema 3 left.
    SQLite::Database raw(db(), SQLite::OPEN_READWRITE);
    raw.exec(
        "DROP TABLE game_seats; DROP TABLE rating_history; DROP TABLE sessions; DROP TABLE "
        "players; PRAGMA user_version = 3;");
  }
  SqliteStore store(db());
  EXPECT_EQ(store.found_version(), 3);
  EXPECT_EQ(store.open_tables().size(), 1u);
  EXPECT_EQ(store.game("g1"), "{}\n");
  const PlayerId id = store.create_guest(5);
  store.commit();
  EXPECT_TRUE(store.player(id)->guest);
}

TEST_F(PlayerStoreTest, AVersion4FileGainsTheSeatFiguresAsZerosAndTheCountSkills) {
  PlayerId a = 0;
  {
    SqliteStore store(db());
    a = store.create_guest(1);
    store.add_game_seat({"ABCD-1", 2, a, 3, 1, 10, 3, 1, 10, true, 99});
    store.commit();
  }
  {
    // Back to version 4: game_seats as it was, no skills.
    SQLite::Database raw(db(), SQLite::OPEN_READWRITE);
    raw.exec(
        "CREATE TABLE seats4 (game TEXT NOT NULL, seat INTEGER NOT NULL, player INTEGER NOT NULL "
        "REFERENCES players(id), PRIMARY KEY (game, seat)); INSERT INTO seats4 SELECT game, seat, "
        "player FROM game_seats; DROP TABLE game_seats; ALTER TABLE seats4 RENAME TO game_seats; "
        "DROP TABLE skills; PRAGMA user_version = 4;");
  }
  SqliteStore store(db());
  EXPECT_EQ(store.found_version(), 4);
  EXPECT_THAT(store.player_games(a), ElementsAre(GameSeat{"ABCD-1", 2, a}));
  store.set_count_skill(a, 3, {30, 5}, 1);
  store.commit();
  EXPECT_EQ(store.count_skill(a, 3), std::make_pair(rating::Skill{30, 5}, 1));
}

}  // namespace
}  // namespace allegra::server
