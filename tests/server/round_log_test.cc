// state.log (docs/protocol.md): the round's events with their seqs in every full state frame, so
// a page that joins late, reloads or comes back after a restart shows the round so far. Played
// through the hub with an injected clock: the log equals the events the updates sent since the
// round began, for a late watcher and after a restart of the server; a new round starts a new
// log. The harness checks every frame against the schema.
#include "server/round_log.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/event_json.h"
#include "hub_harness.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

// The events of the updates `c` was sent, from the last round-started on, as state.log lists them.
json round_in_updates(HubHarness& h, ConnectionId c) {
  json out = json::array();
  for (const json& f : h.net.frames[c]) {
    if (f.at("type") != "update") continue;
    for (const json& e : f.at("events")) {
      if (e.at("type") == "round-started") out = json::array();
      if (e.contains("player") || e.at("type") == "reshuffled" || e.at("type") == "game-over" ||
          e.at("type") == "final-revealed")
        out.push_back({{"seq", f.at("seq")}, {"event", e}});
    }
  }
  return out;
}

// Only the engine's events: the table's own (sat, left, zombie, ...) and game-started are not
// in the round's log.
json engine_only(const json& log) {
  json out = json::array();
  for (const json& x : log) {
    const json& e = x.at("event");
    if (e.contains("player") || e.at("type") == "reshuffled" || e.at("type") == "game-over" ||
        e.at("type") == "final-revealed")
      out.push_back(x);
  }
  return out;
}

TEST(RoundLogTest, ALateWatcherAndARestartGetTheRoundSoFar) {
  HubHarness h;
  h.connect(1);
  const json seats = json::array({"bot:greedy", "bot:greedy", "bot:greedy"});
  const std::string code =
      h.create(1, {{"seats", seats}, {"options", {{"players", 3}, {"rounds", 2}}}});
  h.connect(2);
  h.send(2, {{"type", "watch"}, {"code", code}});
  EXPECT_EQ(h.last(2, "state").at("log"), json::array());  // the lobby: nothing yet
  h.send(1, {{"type", "start"}});
  h.advance(3000);

  h.connect(3);
  h.send(3, {{"type", "watch"}, {"code", code}});
  const json log = h.last(3, "state").at("log");
  ASSERT_GT(log.size(), 3u);
  EXPECT_EQ(log.at(0).at("event").at("type"), "round-started");
  EXPECT_EQ(engine_only(log), round_in_updates(h, 1));

  // Into round 2: its log starts again with its round-started.
  for (int guard = 0; guard < 2000 && h.table(1).at("view").at("rounds_played") == 0; ++guard) {
    h.advance(200);
  }
  h.advance(3000);
  h.connect(4);
  h.send(4, {{"type", "watch"}, {"code", code}});
  const json log2 = h.last(4, "state").at("log");
  ASSERT_GT(log2.size(), 0u);
  EXPECT_EQ(log2.at(0).at("event").at("round"), 1);
  EXPECT_EQ(engine_only(log2), round_in_updates(h, 1));

  // A restart: the table is replayed from its log, and so is the round's log.
  h.reopen();
  h.connect(5);
  h.send(5, {{"type", "watch"}, {"code", code}});
  EXPECT_EQ(h.last(5, "state").at("log"), log2);
}

TEST(RoundLogTest, KeepsTheLatestEventsOnly) {
  RoundLog log;
  const Event started{.type = EventType::kRoundStarted, .player = 0};
  const Event passed{.type = EventType::kPassed, .player = 1};
  log.add(1, std::vector<Event>{started});
  for (size_t i = 0; i < RoundLog::kMaxEvents + 5; ++i) log.add(2 + i, std::vector<Event>{passed});
  EXPECT_EQ(log.size(), RoundLog::kMaxEvents);
  const json all = json::parse(log.json_text());
  EXPECT_EQ(all.back().at("seq"), RoundLog::kMaxEvents + 6);
  EXPECT_EQ(all.back().at("event"), event_to_json(passed));
  log.add(9000, std::vector<Event>{Event{.type = EventType::kRoundStarted, .player = 1}});
  EXPECT_EQ(json::parse(log.json_text()).size(), 1u);
}

}  // namespace
}  // namespace allegra::server
