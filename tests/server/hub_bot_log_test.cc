// The bots off the hub's thread, seen from the hub: their answers go back to their tables
// (stale ones dropped), the log keeps the moves they played, and a restart replays those moves
// without running a bot; a file of schema version 2 (ticks without the bots' moves) is
// migrated and its tables still resume exactly, running their bots as before.
#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <string>
#include <thread>

#include "engine/record.h"
#include "engine/replay.h"
#include "hub_harness.h"
#include "server/room.h"

namespace allegra::server::testing {
namespace {

json seats() { return json::array({"person", "bot:greedy", "bot:random", "bot:greedy"}); }

// The same table, but for the clocks, which start again at a restart (one more log line).
json without_clocks(json j) {
  j.erase("seq");
  j.at("table").erase("since_ms");
  return j;
}

// Two tables half-played by one person each and three bots (with the server's bot delay).
struct TwoTables {
  std::string a, b, token_a, token_b;
};
TwoTables half_play(HubHarness& h) {
  TwoTables t;
  h.connect(1);
  h.connect(2);
  t.a = h.create(1, {{"seats", seats()}, {"sit", 0}});
  t.token_a = h.last(1, "seated").at("token");
  t.b = h.create(2, {{"seats", seats()}, {"sit", 0}, {"options", {{"rounds", 2}}}});
  t.token_b = h.last(2, "seated").at("token");
  h.send(1, {{"type", "start"}});
  h.send(2, {{"type", "start"}});
  play(h, {{0, 1}}, 40);
  play(h, {{0, 2}}, 60);
  return t;
}

HubConfig with_bot_delay() {
  HubConfig c = HubHarness::test_config();
  c.bot_delay_min = Millis(1000);
  c.bot_delay_max = Millis(2000);
  return c;
}

void finish(HubHarness& h, const TwoTables& t) {
  h.connect(11);
  h.connect(12);
  h.send(11, {{"type", "join"}, {"code", t.a}, {"token", t.token_a}});
  h.send(12, {{"type", "join"}, {"code", t.b}, {"token", t.token_b}});
  EXPECT_EQ(play(h, {{0, 11}}, 5000), "over");
  EXPECT_EQ(play(h, {{0, 12}}, 5000), "over");
  for (const std::string& game : {t.a + "-1", t.b + "-1"}) {
    auto record = h.hub->game_record(game);
    ASSERT_TRUE(record) << game;
    EXPECT_NO_THROW(replay_check(record_from_line(record->substr(0, record->size() - 1))));
  }
}

TEST(HubBotLogTest, TheLogKeepsTheBotsMovesAndARestartReplaysThemWithoutRunningABot) {
  HubHarness h(with_bot_delay());
  const TwoTables t = half_play(h);
  EXPECT_GT(h.hub->stats().bot_decisions_total, 10u);
  const json before_a = h.hub->room(t.a)->debug_json();
  const json before_b = h.hub->room(t.b)->debug_json();
  h.reopen();
  EXPECT_TRUE(h.hub->restore_errors().empty());
  EXPECT_EQ(h.hub->stats().restore_bot_runs, 0u) << "no bot ran to restore the tables";
  EXPECT_EQ(without_clocks(h.hub->room(t.a)->debug_json()), without_clocks(before_a));
  EXPECT_EQ(without_clocks(h.hub->room(t.b)->debug_json()), without_clocks(before_b));
  finish(h, t);
}

// An action's log line is written without a JSON tree (room.cc commit_act): the same text as the
// tree's, with its seat, action and table time.
TEST(HubBotLogTest, AnActionsLogLineIsWhatTheTreeWrites) {
  HubHarness h;
  h.connect(1);
  const std::string code = h.create(1, {{"seats", seats()}, {"sit", 0}});
  h.send(1, {{"type", "start"}});
  play(h, {{0, 1}}, 40);
  h.reopen();
  int acts = 0;
  for (const StoredTable& t : h.store->open_tables()) {
    for (const LogEntry& e : t.log) {
      if (t.code != code || e.kind != "act") continue;
      ++acts;
      const json line = json::parse(e.json);
      EXPECT_EQ(
          e.json,
          json({{"seat", line.at("seat")}, {"action", line.at("action")}, {"t", line.at("t")}})
              .dump());
      EXPECT_EQ(line.size(), 3u) << e.json;
    }
  }
  EXPECT_GT(acts, 0);
}

TEST(HubBotLogTest, AVersion2FileIsMigratedAndItsOldTicksRunTheBotsAsBefore) {
  HubHarness h(with_bot_delay());
  const TwoTables t = half_play(h);
  const json before_a = h.hub->room(t.a)->debug_json();
  const json before_b = h.hub->room(t.b)->debug_json();
  // The file as a server of schema version 2 wrote it: ticks without the bots' moves.
  const std::filesystem::path file = h.store->path();
  h.hub.reset();
  h.store.reset();
  {
    SQLite::Database raw(file, SQLite::OPEN_READWRITE);
    EXPECT_GT(raw.exec("UPDATE log SET json = json_remove(json, '$.bots') WHERE kind = 'tick'"),
              10);
    raw.exec("PRAGMA user_version = 2");
  }
  h.reopen();
  EXPECT_EQ(h.store->found_version(), 2);
  EXPECT_TRUE(h.hub->restore_errors().empty());
  EXPECT_GT(h.hub->stats().restore_bot_runs, 10u) << "old ticks run their bots";
  EXPECT_EQ(without_clocks(h.hub->room(t.a)->debug_json()), without_clocks(before_a));
  EXPECT_EQ(without_clocks(h.hub->room(t.b)->debug_json()), without_clocks(before_b));
  // Mixed logs (old ticks, then new ones) restore too.
  play(h, {{0, 1}}, 20);
  const json mixed = h.hub->room(t.a)->debug_json();
  h.reopen();
  EXPECT_EQ(h.store->found_version(), SqliteStore::kSchemaVersion);
  EXPECT_EQ(without_clocks(h.hub->room(t.a)->debug_json()), without_clocks(mixed));
  finish(h, t);
}

TEST(HubBotLogTest, WithABotThreadTheGameGoesOnWhileSeatsChangeHands) {
  // With a real bot thread: the person stands up (a zombie plays his seat) and comes back while
  // bots think; answers that come too late are dropped, and the game ends.
  HubConfig c = HubHarness::test_config();
  c.bot_threads = 1;
  HubHarness h(c);
  h.connect(1);
  const std::string code =
      h.create(1, {{"seats", seats()}, {"sit", 0}, {"options", {{"rounds", 1}}}});
  h.send(1, {{"type", "start"}});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (int step = 0; h.table(1).at("status") == "playing"; ++step) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline)
        << h.table(1).dump() << " error: " << h.last_error(1);
    if (step == 5) h.send(1, {{"type", "stand"}});  // a zombie bot plays seat 0 from now on
    if (step == 7) {
      h.send(1, {{"type", "join"}, {"code", code}});
      h.send(1, {{"type", "sit"}, {"seat", 0}});  // and a person takes it back
    }
    const json table = h.table(1);
    bool acted = false;
    for (const json& p : table.at("pending")) {
      if (p.at("seat") != 0 || h.hub->room(code)->seat_of(1) != 0) continue;
      const std::string action = p.at("knock_window").get<bool>()
                                     ? std::string("pass")
                                     : p.at("legal").at(0).get<std::string>();
      h.send(1, {{"type", "act"}, {"action", action}});
      acted = true;
    }
    if (!acted) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    h.advance(60);  // the clock goes on (the person's rate limit too)
  }
  EXPECT_EQ(h.table(1).at("status"), "over");
  std::cout << "decisions " << h.hub->stats().bot_decisions_total << " stale "
            << h.hub->stats().bot_stale_total << " wall "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - deadline).count() +
                   60
            << " s\n";
  EXPECT_GT(h.hub->stats().bot_decisions_total, 0u);
  EXPECT_EQ(h.hub->stats().errors.count("internal"), 0u);
}

}  // namespace
}  // namespace allegra::server::testing
