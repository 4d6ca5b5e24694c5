// `allegra store migrate` with players (issue 30): a real SQLite file, written through
// SqliteStore, with accounts, guests, a deleted player, sessions, skills overall and per player
// count, a rating history and the seats of finished games (real records), is copied by the real
// `allegra` binary into the throwaway PostgreSQL of `ctest -R StoreSuitePostgres`; then the test
// reads every profile back through both stores itself, checks that the sessions still sign in,
// that a new player's id goes on after the copied ones, and that a second copy is refused.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <sstream>
#include <string>
#include <vector>

#include "server/pg_store.h"
#include "server/player_copy.h"
#include "server/sqlite_store.h"
#include "server/store_backends.h"

#ifndef ALLEGRA_BINARY
#error "ALLEGRA_BINARY must be defined by the build"
#endif

namespace allegra::server {
namespace {

std::string migrate_corpus_record(const std::string& name) {
  std::ifstream in(std::string(ALLEGRA_SOURCE_DIR) + "/fuzz/corpus/record/" + name + ".jsonl");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `allegra store migrate ... --json --no-progress`: its exit status and its output.
std::pair<int, std::string> run_store_migrate(const std::string& from, const std::string& to) {
  const std::string command = fmt::format(
      "'{}' store migrate --from 'sqlite:{}' --to '{}' --json "
      "--no-progress 2>&1",
      ALLEGRA_BINARY, from, to);
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return {-1, "popen failed"};
  std::string out;
  char buffer[4096];
  while (size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

class StoreMigratePlayers : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string skip = pg_.skip_reason(); !skip.empty())
      store_testing::skip_or_fail(skip);
  }
  store_testing::SqliteStoreBackend sqlite_;
  store_testing::PgStoreBackend pg_;
};

TEST_F(StoreMigratePlayers, EveryPlayerSessionRatingAndSeatIsCopiedAndReadsBackEqual) {
  const std::vector<std::string> games = {"GAMEA2-1", "GAMEB3-1", "GAMEC2-2"};
  PlayerId anna = 0, ben = 0, guest = 0, gone = 0;
  {
    auto store = sqlite_.open();
    anna = store->create_guest(1000);
    ben = store->create_guest(1001);
    guest = store->create_guest(1002);
    gone = store->create_guest(1003);
    ASSERT_TRUE(store->claim(anna, "Anna", "anna", "anna-skel", "$argon2id$anna"));
    ASSERT_TRUE(store->claim(ben, "Ben O'Neil", "ben o'neil", "ben-skel", "$argon2id$ben"));
    ASSERT_TRUE(store->claim(gone, "Gone", "gone", "gone-skel", "$argon2id$gone"));
    store->add_session("hash-anna", anna, 2000);
    store->add_session("hash-ben", ben, 2100);
    store->add_session("hash-guest", guest, 2200);
    store->add_session("hash-gone", gone, 2300);
    store->delete_player(gone);  // his name and sessions go, his row stays
    // An open table and three finished games with their seats and ratings.
    store->create_table("ABCD", R"({"x":1})");
    store->append("ABCD", {1, "sit", R"({"a":"it's"})"});
    store->save_game(games[0], "GAMEA2", migrate_corpus_record("2p_1round"));
    store->save_game(games[1], "GAMEB3", migrate_corpus_record("3p_1round"));
    store->save_game(games[2], "GAMEC2", migrate_corpus_record("2p_1round_seats"));
    const rating::Skill start{};
    rating::Skill a{25.123456789012345, 7.9876543210987654}, b{26.5, 7.1};
    store->add_game_seat({games[0], 0, anna, 2, 1, 10, 1, 10, 10, true, 5000});
    store->add_game_seat({games[0], 1, ben, 2, 2, 30, 1, 30, 30, true, 5000});
    store->add_rating_change({anna, games[0], start, a, 5000});
    store->add_rating_change({ben, games[0], start, b, 5000});
    store->add_game_seat({games[1], 0, ben, 3, 1, 4, 1, 4, 4, false, 6000});
    store->add_game_seat({games[1], 2, guest, 3, 2, 14, 1, 14, 14, false, 6000});
    store->add_game_seat({games[2], 1, anna, 2, 1, 7, 2, 3, 7, true, 7000});
    const rating::Skill a2{30.25, 5.5};
    store->add_rating_change({anna, games[2], a, a2, 7000});
    // Anna is established (>= 10 games, sigma <= 6): she is on the leaderboards.
    store->set_skill(anna, a2, 12);
    store->set_skill(ben, b, 1);
    store->set_count_skill(anna, 2, {29.5, 5.75}, 11);
    store->set_count_skill(ben, 2, b, 1);
    store->set_count_skill(ben, 3, {24.0, 8.0}, 2);
    store->commit();
  }  // closed: the command locks the file

  const auto [status, out] = run_store_migrate(sqlite_.db().string(), pg_.url());
  ASSERT_EQ(status, 0) << out;
  const nlohmann::json result = nlohmann::json::parse(out, nullptr, false);
  ASSERT_TRUE(result.is_object()) << out;
  EXPECT_EQ(result["tables"], 1);
  EXPECT_EQ(result["games_checked"], 3);
  EXPECT_EQ(result["players"], 4);
  EXPECT_EQ(result["sessions"], 3);  // the deleted player's went with him
  EXPECT_EQ(result["skills"], 3);
  EXPECT_EQ(result["rating_history"], 3);
  EXPECT_EQ(result["game_seats"], 5);
  EXPECT_EQ(result["players_checked"], 4);

  // Read back by the test itself, through both stores.
  auto source = sqlite_.open();
  auto copy = pg_.open();
  EXPECT_EQ(player_tables_difference(sqlite_.db(), pg_.url()), std::nullopt);
  EXPECT_EQ(player_profiles_difference(*source, *copy, games), std::nullopt);
  EXPECT_EQ(copy->players(), source->players());
  EXPECT_EQ(copy->rating_history(anna), source->rating_history(anna));
  EXPECT_EQ(copy->player(anna)->skill.mu, 30.25);
  EXPECT_EQ(copy->rating_history(anna).front().after.mu, 25.123456789012345);  // bit for bit
  EXPECT_EQ(copy->game_seats(games[1]), source->game_seats(games[1]));
  EXPECT_EQ(copy->leaderboard(0, 0, 10).size(), 1u);
  EXPECT_EQ(copy->count_skill(ben, 3), source->count_skill(ben, 3));
  // The browsers stay signed in (the same token hashes); the deleted player's session is gone.
  EXPECT_EQ(copy->session_player("hash-ben", 2100), std::optional<PlayerId>(ben));
  EXPECT_EQ(copy->session_player("hash-gone", 2300), std::nullopt);
  EXPECT_EQ(copy->account_by_key("ben o'neil")->id, ben);
  EXPECT_TRUE(copy->player(gone)->deleted);
  // A new player's id goes on after the copied ones.
  EXPECT_EQ(copy->create_guest(9000), gone + 1);
  copy.reset();
  source.reset();  // the command locks the file

  // The database now holds players: a second copy is refused, nothing written.
  const auto [again, refusal] = run_store_migrate(sqlite_.db().string(), pg_.url());
  EXPECT_EQ(again, 2);
  EXPECT_NE(refusal.find("is not empty"), std::string::npos) << refusal;
}

TEST_F(StoreMigratePlayers, ADifferenceIsNamed) {
  PlayerId anna = 0;
  {
    auto store = sqlite_.open();
    anna = store->create_guest(1000);
    store->set_skill(anna, {27.0, 6.5}, 3);
    store->commit();
  }
  {
    auto target = pg_.open();  // the schema
  }
  copy_player_tables(sqlite_.db(), pg_.url());
  EXPECT_EQ(player_tables_difference(sqlite_.db(), pg_.url()), std::nullopt);
  {
    pqxx::connection c(pg_.url());
    pqxx::nontransaction t(c);
    t.exec("UPDATE players SET mu = 27.000000000000004");
  }
  const std::optional<std::string> rows = player_tables_difference(sqlite_.db(), pg_.url());
  ASSERT_TRUE(rows.has_value());
  EXPECT_NE(rows->find("players: the copy has"), std::string::npos) << *rows;
  auto source = sqlite_.open();
  auto copy = pg_.open();
  EXPECT_EQ(player_profiles_difference(*source, *copy, {}), "the players differ");
  // And a second copy into a database with players is refused.
  EXPECT_THROW(copy_player_tables(sqlite_.db(), pg_.url()), StoreError);
}

}  // namespace
}  // namespace allegra::server
