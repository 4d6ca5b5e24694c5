// A rated game killed with -9 mid-way (issue 29 §2, §5): four signed-in guests at a real
// `allegra serve` play part of a rated game of 4 over WebSockets; the server is killed with
// SIGKILL and restarted on the same SQLite file; each person's browser gets its seat back by its
// session cookie alone (no seat token; another player's cookie only watches), the game is played
// to its end, and the ratings the server stores (the end's rating changes, the profiles, the
// histories) are exactly those computed from the game's record: the places from its final
// totals (rating::places_from_totals) and one rating::update of four new players' skills.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "cli/cli_runner.h"
#include "rating/skill_rating.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/signed_in_browser.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;

// The display ratings after the finished game `game_id` of new players, computed from its record
// alone, as docs/ratings.md says: places from the final totals (nobody left), then one update.
std::vector<double> ratings_from_record(uint16_t port, const std::string& game_id) {
  const HttpResult file = http_get(port, "/games/" + game_id + ".jsonl");
  EXPECT_EQ(file.status, 200) << file.body;
  const json record = json::parse(file.body.substr(0, file.body.find('\n')));
  for (const json& seat : record.at("seats"))
    EXPECT_FALSE(seat.contains("bot")) << "nobody left: " << record["seats"].dump();
  const std::vector<int> totals = record.at("totals_half").get<std::vector<int>>();
  const std::array<bool, 6> left{};  // a table has 6 seats at most
  const std::vector<int> places =
      rating::places_from_totals(totals, std::span<const bool>(left.data(), totals.size()));
  const std::vector<rating::Skill> before(totals.size());
  std::vector<double> display;
  for (const rating::Skill& s : rating::update(before, places))
    display.push_back(rating::display_rating(s));
  return display;
}

class ServeRatedRestartTest : public CliFixture {};

TEST_F(ServeRatedRestartTest, AKill9MidRatedGameGivesSeatsBackByCookieAndRatesAsTheRecord) {
  std::string code;
  std::vector<SignedInBrowser> browsers;
  std::mt19937_64 rng(2929);
  {
    ServerProcess first(dir_);
    const uint16_t port = first.port();
    for (int i = 0; i < 4; ++i) browsers.push_back(first_visit(port));
    std::vector<std::unique_ptr<Player>> people = players_of(port, browsers, 'A');
    people[0]->create_rated(4);
    code = people[0]->code();
    for (int i = 1; i < 4; ++i) people[static_cast<size_t>(i)]->join(code, i);
    people[0]->start();
    std::vector<Player*> at_table;
    for (auto& p : people) at_table.push_back(p.get());
    play_until(at_table, rng, [&] { return people[0]->last_seq() >= 40; });
    ASSERT_FALSE(people[0]->over());
    first.kill9();
  }

  ServerProcess again(dir_);
  const uint16_t port = again.port();
  // Every browser reloads its page: a join without a seat token, the cookie gives the seat back.
  std::vector<std::unique_ptr<Player>> people;
  std::vector<Player*> at_table;
  for (size_t i = 0; i < 4; ++i) {
    open_page_at(browsers[i], port);
    people.push_back(std::make_unique<Player>(port, std::string(1, static_cast<char>('a' + i)),
                                              browsers[i].options));
    const json state = people[i]->request({{"type", "join"}, {"code", code}}, "state");
    ASSERT_EQ(state["type"], "state") << state.dump();
    EXPECT_EQ(state["you"], i) << state.dump();
    people[i]->wait([](const json& m) { return m["type"] == "seated"; }, "seated by the cookie");
    at_table.push_back(people[i].get());
  }
  const SignedInBrowser stranger = first_visit(port);
  Player watcher(port, "Stranger", stranger.options);
  const json watched = watcher.request({{"type", "join"}, {"code", code}}, "state");
  EXPECT_TRUE(watched["you"].is_null()) << watched.dump();

  play_to_end(at_table, rng, std::chrono::seconds(120), /*press_continue=*/true);
  for (Player* p : at_table) EXPECT_TRUE(p->errors().empty()) << p->errors().front().dump();
  for (int tries = 0; tries < 50 && people[0]->table()["rating_changes"].is_null(); ++tries)
    people[0]->pump(std::chrono::milliseconds(100));
  const json changes = people[0]->table()["rating_changes"];
  ASSERT_TRUE(changes.is_array() && changes.size() == 4u) << people[0]->table().dump();

  // What the server rated equals the ratings computed from the record, everywhere it shows them.
  const std::string game_id = code + "-1";
  const std::vector<double> expected = ratings_from_record(port, game_id);
  ASSERT_EQ(expected.size(), 4u);
  for (const json& c : changes) {
    const size_t seat = c["seat"].get<size_t>();
    EXPECT_EQ(c["player"], browsers[seat].player) << c.dump();
    EXPECT_DOUBLE_EQ(c["after"].get<double>(), expected[seat]) << c.dump();
    const std::string id = std::to_string(browsers[seat].player);
    const json profile = public_get_json(port, "/api/players/" + id).at("profile");
    EXPECT_DOUBLE_EQ(profile["player"]["rating"]["display"].get<double>(), expected[seat])
        << profile.dump();
    EXPECT_EQ(profile["player"]["rating"]["games"], 1) << profile.dump();
    const json games = public_get_json(port, "/api/players/" + id + "/games").at("games");
    ASSERT_EQ(games.size(), 1u) << games.dump();
    EXPECT_EQ(games[0]["id"], game_id);
    EXPECT_DOUBLE_EQ(games[0]["rating"]["after"].get<double>(), expected[seat]);
  }
  // One rated game leaves everybody provisional: no row of theirs on the board of 4 players.
  const json board = public_get_json(port, "/api/leaderboard?players=4").at("leaderboard");
  for (const json& row : board["rows"])
    for (const SignedInBrowser& b : browsers) EXPECT_NE(row["player"]["id"], b.player);
  // Every socket closed first: a shutdown waits (bounded) for the clients' close frames.
  for (Player* p : at_table) p->ws().close();
  watcher.ws().close();
  EXPECT_EQ(again.terminate(), 0) << again.log();
}

}  // namespace
}  // namespace allegra::server_testing
