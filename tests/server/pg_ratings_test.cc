// Ratings exactly once among several servers on one PostgreSQL database (issue 30 §2): two
// PgStores with the code prefixes A and B (two servers' stores, as `allegra serve --code-prefix`
// opens them) finish games of the same player at the same moment, each rated on its io thread
// from the same old skills; the database ends with what rating the games one after the other
// gives. Run by `ctest -R StoreSuitePostgres` (skipped without ALLEGRA_PG_URL).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <thread>
#include <vector>

#include "rating/skill_rating.h"
#include "server/pg_store.h"
#include "server/store_backends.h"

namespace allegra::server {
namespace {

class PgRatingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_testing::PgStoreBackend pg;  // the emptied test database
    if (const std::string skip = pg.skip_reason(); !skip.empty())
      return store_testing::skip_or_fail(skip);
    url_ = pg.url();
  }
  std::unique_ptr<PgStore> open(const std::string& prefix) {
    return std::make_unique<PgStore>(PgStore::Options{.url = url_, .code_prefix = prefix});
  }
  std::string url_;
};

// A finished rated game of these players (seat order) with these places (0 = first), written as
// a server's io thread writes a game's end (game_players.cc, schema 5): the skills read from the
// store, rated, and the seats with their places.
void finish_rated_game(PgStore& store, const std::string& game, std::vector<PlayerId> players,
                       std::vector<int> places) {
  store.save_game(game, game.substr(0, 6), "{}\n");
  std::vector<rating::Skill> before;
  std::vector<int> games;
  for (const PlayerId p : players) {
    before.push_back(store.player(p)->skill);
    games.push_back(store.player(p)->rated_games);
  }
  const std::vector<rating::Skill> after = rating::update(before, places);
  for (size_t i = 0; i < players.size(); ++i) {
    store.set_skill(players[i], after[i], games[i] + 1);
    store.add_rating_change({players[i], game, before[i], after[i], 1000});
    GameSeat seat;
    seat.game_id = game;
    seat.seat = static_cast<int>(i);
    seat.player = players[i];
    seat.players = static_cast<int>(players.size());
    seat.place = places[i] + 1;
    seat.rated = true;
    seat.finished_ms = 1000;
    store.add_game_seat(seat);
  }
}

TEST_F(PgRatingsTest, TwoServersRatingOnePlayerAtOnceStoreTheSequentialResult) {
  auto a = open("A");
  auto b = open("B");
  const PlayerId ann = a->create_guest(1), bob = a->create_guest(1), cid = a->create_guest(1);
  // Both games rated on their io threads from the same skills (nobody has played yet).
  a->commit();
  finish_rated_game(*a, "AAAAAA-1", {ann, bob}, {0, 1});  // Ann wins on A
  finish_rated_game(*b, "BBBBBB-1", {cid, ann}, {0, 1});  // Cid beats Ann on B
  // What each io thread computed (and showed) alone: the same start for Ann on both.
  EXPECT_EQ(a->player(ann)->rated_games, 1);
  EXPECT_EQ(b->player(ann)->rated_games, 1);
  {
    // Ann's row is held by a third transaction while both batches reach the database, so that
    // the two commits meet; released, both go on at once.
    pqxx::connection c(url_);
    pqxx::work hold(c);
    hold.exec("SELECT id FROM players WHERE id = " + std::to_string(ann) + " FOR UPDATE");
    std::thread commit_a([&] { a->commit(); });
    std::thread commit_b([&] { b->commit(); });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    hold.commit();
    commit_a.join();
    commit_b.join();
  }
  // The order in which they were stored: Ann's history (by its order of writing).
  const std::vector<RatingChange> history = a->rating_history(ann);
  ASSERT_EQ(history.size(), 2u);
  const bool a_first = history[0].game_id == "AAAAAA-1";
  // The sequential replay of the two games in that order.
  std::map<PlayerId, rating::Skill> skill;
  auto play = [&](std::vector<PlayerId> players, std::vector<int> places) {
    std::vector<rating::Skill> before;
    for (PlayerId p : players) before.push_back(skill[p]);
    const std::vector<rating::Skill> after = rating::update(before, places);
    for (size_t i = 0; i < players.size(); ++i) skill[players[i]] = after[i];
  };
  if (a_first) {
    play({ann, bob}, {0, 1});
    play({cid, ann}, {0, 1});
  } else {
    play({cid, ann}, {0, 1});
    play({ann, bob}, {0, 1});
  }
  for (PlayerId p : {ann, bob, cid}) {
    const PlayerRecord r = *a->player(p);
    EXPECT_EQ(r.skill, skill[p]) << "player " << p;
  }
  EXPECT_EQ(a->player(ann)->rated_games, 2);
  EXPECT_EQ(history[1].before, history[0].after);  // each change starts where the last ended
  EXPECT_EQ(b->player(ann)->skill, skill[ann]);
  EXPECT_EQ(b->player(ann)->rated_games, 2);
}

}  // namespace
}  // namespace allegra::server
