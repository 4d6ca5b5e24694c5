// The table's pace with a real hub over a real SQLite file and an injected clock (issue 28,
// "Flow and pace"): Continue after a round (`ready`, TABLE.round_over.ready), the countdown to
// a gone person's takeover (`takeover_in_ms`), the default turn clock of tables of people, and
// a repeated answer (a double click) ignored quietly.
#include <gtest/gtest.h>

#include <string>

#include "hub_harness.h"
#include "server/hub.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

HubConfig pace_config() {
  HubConfig c = HubHarness::test_config();
  c.round_pause = Millis(30'000);
  c.round_pause_unattended = Millis(4'000);
  return c;
}

// Plays the persons of `seats` (first legal action, a pass in knock windows) until the first
// round is over; returns false if it never is.
bool until_round_over(HubHarness& h, const std::map<int, ConnectionId>& seats) {
  const ConnectionId watcher = seats.begin()->second;
  for (int step = 0; step < 5000; ++step) {
    const json table = h.table(watcher);
    if (!table.at("round_over").is_null()) return true;
    if (table.at("status") != "playing") return false;
    if (!act_for_first_pending(h, table, seats)) h.advance(100);
  }
  return false;
}

// Two people and two bots with a 3-round game; returns the code.
std::string two_people(HubHarness& h) {
  h.connect(1);
  h.connect(2);
  const std::string code = h.create(1, {{"seats", {"person", "person", "bot:greedy", "bot:greedy"}},
                                        {"options", {{"players", 4}, {"rounds", 3}}},
                                        {"sit", 0},
                                        {"turn_clock_s", nullptr}});
  h.send(2, {{"type", "join"}, {"code", code}});
  h.send(2, {{"type", "sit"}, {"seat", 1}, {"name", "Bea"}});
  h.send(1, {{"type", "start"}});
  return code;
}

TEST(HubPaceTest, ARoundEndWaitsForEveryPersonsContinueThenDeals) {
  HubHarness h(pace_config());
  two_people(h);
  ASSERT_TRUE(until_round_over(h, {{0, 1}, {1, 2}}));
  json over = h.table(1).at("round_over");
  EXPECT_EQ(over.at("ready"), json::array({2, 3}));  // the bots are ready at once
  EXPECT_EQ(over.at("in_ms"), 30000);
  // Longer than the old 4 s pause: still on show, nobody pressed Continue.
  h.advance(10'000);
  EXPECT_FALSE(h.table(1).at("round_over").is_null());
  h.send(1, {{"type", "ready"}});
  EXPECT_EQ(h.table(2).at("round_over").at("ready"), json::array({0, 2, 3}));
  const size_t errors = h.of_type(1, "error").size();
  h.send(1, {{"type", "ready"}});  // a double click: nothing
  EXPECT_EQ(h.of_type(1, "error").size(), errors);
  EXPECT_FALSE(h.table(1).at("round_over").is_null());
  h.send(2, {{"type", "ready"}});  // the last one: the next round is dealt at once
  EXPECT_TRUE(h.table(1).at("round_over").is_null());
  EXPECT_EQ(h.table(1).at("view").at("round"), 1);
  h.send(2, {{"type", "ready"}});  // a late click after the deal: nothing either
  EXPECT_TRUE(h.of_type(2, "error").empty());
}

TEST(HubPaceTest, ARoundEndDealsAtItsTimeoutAndAfterTheShortPauseWhenNobodyMustPress) {
  HubHarness h(pace_config());
  two_people(h);
  ASSERT_TRUE(until_round_over(h, {{0, 1}, {1, 2}}));
  h.advance(29'000);
  EXPECT_FALSE(h.table(1).at("round_over").is_null());
  h.advance(1'500);  // the timeout: dealt without Continue
  EXPECT_TRUE(h.table(1).at("round_over").is_null());
  ASSERT_TRUE(until_round_over(h, {{0, 1}, {1, 2}}));
  // Bea has gone and Anna presses Continue: nobody is left to wait for.
  h.disconnect(2);
  h.send(1, {{"type", "ready"}});
  EXPECT_TRUE(h.table(1).at("round_over").is_null());
  EXPECT_EQ(h.table(1).at("view").at("round"), 2);
}

TEST(HubPaceTest, ATableOfBotsDealsAfterTheShortPause) {
  HubHarness h(pace_config());
  h.connect(1);
  const std::string code =
      h.create(1, {{"seats", {"bot:greedy", "bot:greedy", "bot:greedy", "bot:greedy"}},
                   {"options", {{"players", 4}, {"rounds", 2}}}});
  h.send(1, {{"type", "start"}});
  for (int i = 0; i < 2000 && h.table(1).at("round_over").is_null(); ++i) h.advance(100);
  ASSERT_FALSE(h.table(1).at("round_over").is_null());
  EXPECT_EQ(h.table(1).at("round_over").at("ready"), json::array({0, 1, 2, 3}));
  h.advance(3'000);
  EXPECT_FALSE(h.table(1).at("round_over").is_null());
  h.advance(1'100);
  EXPECT_TRUE(h.table(1).at("round_over").is_null());
}

TEST(HubPaceTest, AContinueSurvivesARestart) {
  HubHarness h(pace_config());
  const std::string code = two_people(h);
  ASSERT_TRUE(until_round_over(h, {{0, 1}, {1, 2}}));
  h.send(1, {{"type", "ready"}});
  const std::string token = h.last(2, "seated").at("token");
  h.reopen();
  h.connect(5);
  h.send(5, {{"type", "join"}, {"code", code}, {"token", token}});
  // After the restart Anna is gone (ready), Bea is back and has not pressed yet.
  EXPECT_EQ(h.table(5).at("round_over").at("ready"), json::array({0, 2, 3}));
  h.send(5, {{"type", "ready"}});
  EXPECT_TRUE(h.table(5).at("round_over").is_null());
}

TEST(HubPaceTest, AGonePersonsSeatShowsTheTimeToTheBotTakeover) {
  HubHarness h(pace_config());
  h.connect(1);
  h.connect(2);
  const std::string code = h.create(
      1,
      {{"seats", {"person", "person", "bot:greedy", "bot:greedy"}}, {"sit", 0}, {"grace_s", 20}});
  h.send(2, {{"type", "join"}, {"code", code}});
  h.send(2, {{"type", "sit"}, {"seat", 1}, {"name", "Bea"}});
  h.send(1, {{"type", "start"}});
  EXPECT_FALSE(h.table(1).at("seats").at(1).contains("takeover_in_ms"));
  h.disconnect(2);
  EXPECT_EQ(h.table(1).at("seats").at(1).at("takeover_in_ms"), 20000);
  h.advance(5'000);
  h.send(1, {{"type", "chat"}, {"text", "where is Bea?"}});
  h.send(1, {{"type", "join"}, {"code", code}});  // a fresh state frame, built now
  EXPECT_EQ(h.table(1).at("seats").at(1).at("takeover_in_ms"), 15000);
  h.advance(15'100);
  const json seat = h.table(1).at("seats").at(1);
  EXPECT_TRUE(seat.at("zombie").get<bool>());
  EXPECT_FALSE(seat.contains("takeover_in_ms"));
}

TEST(HubPaceTest, TablesOfPeopleGetTheDefaultTurnClockUnlessTheyNameOne) {
  HubHarness h(pace_config());
  h.connect(1);
  h.create(1, {{"seats", {"person", "person", "bot:greedy", "bot:greedy"}}});
  EXPECT_EQ(h.table(1).at("config").at("turn_clock_ms"), 90000);
  h.create(
      1, {{"seats", {"person", "person", "bot:greedy", "bot:greedy"}}, {"turn_clock_s", nullptr}});
  EXPECT_TRUE(h.table(1).at("config").at("turn_clock_ms").is_null());
  h.create(1, {{"seats", {"person", "person", "bot:greedy", "bot:greedy"}}, {"turn_clock_s", 30}});
  EXPECT_EQ(h.table(1).at("config").at("turn_clock_ms"), 30000);
  h.create(1, {{"seats", {"person", "bot:greedy", "bot:greedy", "bot:greedy"}}});
  EXPECT_TRUE(h.table(1).at("config").at("turn_clock_ms").is_null());  // alone: no clock
}

TEST(HubPaceTest, APersonWhoseClockRanOutTakesTheSeatBackByPlaying) {
  HubHarness h(pace_config());
  h.connect(1);
  h.connect(2);
  const std::string code = h.create(1, {{"seats", {"person", "person", "bot:greedy", "bot:greedy"}},
                                        {"sit", 0},
                                        {"turn_clock_s", 5}});
  h.send(2, {{"type", "join"}, {"code", code}});
  h.send(2, {{"type", "sit"}, {"seat", 1}, {"name", "Bea"}});
  h.send(1, {{"type", "start"}});
  // Anna (seat 0) reveals first; she lets her clock run out.
  h.advance(5'100);
  ASSERT_TRUE(h.table(1).at("seats").at(0).at("zombie").get<bool>());
  for (int i = 0; i < 200; ++i) {
    const json pending = h.table(1).at("pending");
    if (!pending.empty() && pending[0].at("seat") == 0 && !pending[0].at("knock_window")) break;
    if (!pending.empty() && pending[0].at("seat") == 1) {
      h.send(2, {{"type", "act"}, {"action", pending[0].at("legal").at(0)}});
    } else {
      h.advance(100);
    }
  }
  // The zombie bot answers at once (no bot delay here): she plays when she is asked next.
  h.send(1, {{"type", "act"}, {"action", "draw"}});
  EXPECT_FALSE(h.table(1).at("seats").at(0).at("zombie").get<bool>());
}

TEST(HubPaceTest, ARepeatedAnswerToTheSameDecisionIsIgnoredQuietly) {
  HubHarness h(pace_config());
  h.connect(1);
  h.create(1, {{"seats", {"person", "bot:greedy", "bot:greedy", "bot:greedy"}}, {"sit", 0}});
  h.send(1, {{"type", "start"}});
  for (int i = 0; i < 100 && h.table(1).at("pending").at(0).at("seat") != 0; ++i) h.advance(100);
  const json mine = h.table(1).at("pending").at(0);
  ASSERT_EQ(mine.at("seat"), 0);
  const uint64_t decision = mine.at("decision").get<uint64_t>();
  const json act = {{"type", "act"}, {"action", mine.at("legal").at(0)}, {"decision", decision}};
  h.send(1, act);
  const size_t frames = h.net.frames[1].size();
  h.send(1, act);  // the double click: no error, no frame
  json other = act;
  other["action"] = mine.at("legal").at(1);
  h.send(1, other);  // another button of the same decision, a moment late: the same
  EXPECT_EQ(h.net.frames[1].size(), frames);
  EXPECT_TRUE(h.of_type(1, "error").empty());
  // Once the seat has answered a later decision, the old one is refused as stale again: only
  // a repeat of the last answer is taken for a double click.
  for (int i = 0; i < 100; ++i) {
    const json p = h.table(1).at("pending");
    if (!p.empty() && p[0].at("seat") == 0 && p[0].at("decision").get<uint64_t>() > decision) {
      h.send(
          1,
          {{"type", "act"}, {"action", p[0].at("legal").at(0)}, {"decision", p[0].at("decision")}});
      break;
    }
    h.advance(100);
  }
  h.send(1, act);
  EXPECT_EQ(h.last_error(1), "stale");
}

}  // namespace
}  // namespace allegra::server
