// What the hub added to protocol version 1 for the browser client: the decision number of a
// pending seat and the `stale` refusal of an answer to an old decision, hints from the public
// view, and the clocks of a restored table starting again from their full length.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <string>
#include <thread>

#include "hub_harness.h"
#include "server/hub.h"
#include "server/room.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

// Four people at one table (connections 1-4 in seats 0-3), the game started.
std::string four_people(HubHarness& h, json extra = json::object()) {
  for (ConnectionId c = 1; c <= 4; ++c) h.connect(c);
  json create = {{"sit", 0}, {"knock_window_s", 3}};
  create.update(extra);
  const std::string code = h.create(1, create);
  for (ConnectionId c = 2; c <= 4; ++c) {
    h.send(c, {{"type", "join"}, {"code", code}});
    h.send(c, {{"type", "sit"}, {"seat", static_cast<int>(c - 1)}});
  }
  h.send(1, {{"type", "start"}});
  return code;
}

// Plays first legal actions (preferring a draw from the draw pile) until a knock window opens.
bool until_knock_window(HubHarness& h) {
  for (int step = 0; step < 400; ++step) {
    const json table = h.table(1);
    const json& p = table.at("pending").at(0);
    if (p.at("knock_window").get<bool>()) return true;
    std::string action = p.at("legal").at(0);
    for (const json& a : p.at("legal")) {
      if (a == "draw") action = "draw";
    }
    h.send(static_cast<ConnectionId>(p.at("seat").get<int>() + 1),
           {{"type", "act"}, {"action", action}, {"decision", p.at("decision")}});
  }
  return false;
}

TEST(HubDecisionTest, EveryPendingSeatCarriesTheDecisionAndAnOldOneIsStale) {
  HubHarness h;
  four_people(h);
  json p = h.table(1).at("pending").at(0);
  ASSERT_TRUE(p.at("decision").is_number_unsigned());
  const uint64_t first = p.at("decision");
  const ConnectionId c = static_cast<ConnectionId>(p.at("seat").get<int>() + 1);
  h.send(c, {{"type", "act"}, {"id", 5}, {"action", p.at("legal").at(0)}, {"decision", first}});
  EXPECT_EQ(h.of_type(c, "error").size(), 0u) << h.last_frame(c).dump();
  const json next = h.table(1).at("pending").at(0);
  EXPECT_GT(next.at("decision").get<uint64_t>(), first);
  // The same answer again (a double click): ignored quietly, no reply (issue 28).
  h.send(c, {{"type", "act"}, {"id", 6}, {"action", p.at("legal").at(0)}, {"decision", first}});
  EXPECT_EQ(h.of_type(c, "error").size(), 0u) << h.last_frame(c).dump();
  // Another seat's answer to the decision that is over: stale, not not_your_turn.
  const ConnectionId other = static_cast<ConnectionId>((next.at("seat").get<int>() + 1) % 4 + 1);
  ASSERT_NE(other, c);
  h.send(other, {{"type", "act"}, {"id", 7}, {"action", "draw"}, {"decision", first}});
  EXPECT_EQ(h.last_error(other), "stale");
  EXPECT_EQ(h.last(other, "error").at("id"), 7);
  // Without a decision number, an answer out of turn is still not_your_turn.
  h.send(other, {{"type", "act"}, {"action", "draw"}});
  EXPECT_EQ(h.last_error(other), "not_your_turn");
  // The right number out of turn is not_your_turn too; a bad number is bad_field.
  h.send(other, {{"type", "act"}, {"action", "draw"}, {"decision", next.at("decision")}});
  EXPECT_EQ(h.last_error(other), "not_your_turn");
  h.send_invalid(other, {{"type", "act"}, {"action", "draw"}, {"decision", -1}});
  EXPECT_EQ(h.last_error(other), "bad_field");
}

TEST(HubDecisionTest, AKnockWindowIsOneDecisionForEverySeat) {
  HubHarness h;
  four_people(h);
  ASSERT_TRUE(until_knock_window(h));
  const json pending = h.table(1).at("pending");
  ASSERT_GE(pending.size(), 2u);
  for (const json& p : pending) EXPECT_EQ(p.at("decision"), pending[0].at("decision"));
  const uint64_t window = pending[0].at("decision");
  for (const json& p : pending) {
    const auto c = static_cast<ConnectionId>(p.at("seat").get<int>() + 1);
    h.send(c, {{"type", "act"}, {"action", "pass"}, {"decision", window}});
    EXPECT_EQ(h.of_type(c, "error").size(), 0u) << h.last_frame(c).dump();
  }
  // The window closed: a second answer of a seat to it is a double click, ignored quietly;
  // the drawer, who could not answer it, is told it is stale.
  const auto c = static_cast<ConnectionId>(pending[0].at("seat").get<int>() + 1);
  h.send(c, {{"type", "act"}, {"action", "knock"}, {"decision", window}});
  EXPECT_EQ(h.of_type(c, "error").size(), 0u) << h.last_frame(c).dump();
  const auto drawer = static_cast<ConnectionId>(h.table(1).at("view").at("active").get<int>() + 1);
  h.send(drawer, {{"type", "act"}, {"action", "knock"}, {"decision", window}});
  EXPECT_EQ(h.last_error(drawer), "stale");
}

// Waits (real time, the injected clock standing still) for the hint search to answer `c`.
json wait_hint(HubHarness& h, ConnectionId c, uint64_t id) {
  for (int i = 0; i < 1000; ++i) {
    h.hub->tick(h.now);
    h.hub->flush();
    for (const json& f : h.net.frames[c]) {
      if ((f.at("type") == "hint" || f.at("type") == "error") && f.at("id") == id) return f;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ADD_FAILURE() << "no answer to hint " << id;
  return json();
}

TEST(HubHintTest, ASeatedPersonWhoseTurnItIsGetsTheHintBotsChoice) {
  HubConfig config = HubHarness::test_config();
  config.hint_iterations = 100;
  HubHarness h(config);
  const std::string code = four_people(h, {{"hints", true}});
  EXPECT_EQ(h.table(1).at("config").at("hints"), true);
  const json p = h.table(1).at("pending").at(0);
  const auto c = static_cast<ConnectionId>(p.at("seat").get<int>() + 1);
  const auto other = static_cast<ConnectionId>(c % 4 + 1);
  h.send(other, {{"type", "hint"}, {"id", 3}});
  EXPECT_EQ(h.last_error(other), "not_your_turn");
  h.send(c, {{"type", "hint"}, {"id", 7}});
  const json hint = wait_hint(h, c, 7);
  ASSERT_EQ(hint.at("type"), "hint") << hint.dump();
  EXPECT_NE(std::find(p.at("legal").begin(), p.at("legal").end(), hint.at("action")),
            p.at("legal").end())
      << hint.dump();
  // The hint as data (docs/protocol.md "hint"): no words, the moves best first with reasons.
  EXPECT_FALSE(hint.contains("text")) << hint.dump();
  const json& moves = hint.at("moves");
  ASSERT_FALSE(moves.empty());
  EXPECT_LE(moves.size(), 3u);
  EXPECT_EQ(moves.at(0).at("action"), hint.at("action"));
  EXPECT_TRUE(hint.at("expected_now").is_number());
  const std::vector<std::string> orders = {"by_points", "equal_points", "search_prefers"};
  EXPECT_NE(std::find(orders.begin(), orders.end(), hint.at("order")), orders.end());
  for (const json& m : moves) {
    EXPECT_NE(std::find(p.at("legal").begin(), p.at("legal").end(), m.at("action")),
              p.at("legal").end());
    EXPECT_TRUE(m.at("expected").is_number());
    EXPECT_TRUE(m.at("reason").at("code").is_string());
  }
  // Asked again and answered after the table moved on: stale.
  h.send(c, {{"type", "hint"}, {"id", 8}});
  h.send(c, {{"type", "act"}, {"action", p.at("legal").at(0)}});
  EXPECT_EQ(wait_hint(h, c, 8).at("code"), "stale");
  // A spectator holds no seat.
  h.connect(9);
  h.send(9, {{"type", "watch"}, {"code", code}});
  h.send(9, {{"type", "hint"}, {"id", 1}});
  EXPECT_EQ(h.last_error(9), "not_seated");
}

TEST(HubHintTest, ATableWithoutHintsRefusesThem) {
  HubHarness h;
  four_people(h);
  EXPECT_EQ(h.table(1).at("config").at("hints"), false);
  const json p = h.table(1).at("pending").at(0);
  const auto c = static_cast<ConnectionId>(p.at("seat").get<int>() + 1);
  h.send(c, {{"type", "hint"}, {"id", 2}});
  EXPECT_EQ(h.last_error(c), "hints_off");
}

// The pending entry of `seat` in c's latest table (null if none).
json pending_of(HubHarness& h, ConnectionId c, int seat) {
  const json table = h.table(c);
  for (const json& p : table.at("pending")) {
    if (p.at("seat") == seat) return p;
  }
  return json();
}

TEST(HubClocksTest, ARestartStartsTheTurnClockAgainWithItsFullLength) {
  HubHarness h;
  h.connect(1);
  const std::string code =
      h.create(1, {{"seats", {"person", "bot:greedy", "bot:greedy", "bot:greedy"}},
                   {"sit", 0},
                   {"turn_clock_s", 5},
                   {"grace_s", 600}});
  const std::string token = h.last(1, "seated").at("token");
  h.send(1, {{"type", "start"}});
  ASSERT_EQ(pending_of(h, 1, 0).at("in_ms"), 5000);
  h.advance(4'000);
  h.send(1, {{"type", "chat"}, {"text", "one moment"}});  // logged: table time is at 4 s now
  // kill -9 and a restart much later: the clock neither expired nor kept its last second.
  h.now += Millis(3'600'000);
  h.reopen();
  for (const std::string& e : h.hub->restore_errors()) ADD_FAILURE() << e;
  h.advance(10);
  h.connect(2);
  h.send(2, {{"type", "join"}, {"code", code}, {"token", token}});
  EXPECT_EQ(h.table(2).at("seats").at(0).at("zombie"), false);
  EXPECT_EQ(pending_of(h, 2, 0).at("in_ms"), 4990);
  h.advance(4'989);
  EXPECT_EQ(h.table(2).at("seats").at(0).at("zombie"), false);
  h.advance(1);
  EXPECT_EQ(h.table(2).at("seats").at(0).at("zombie"), true);
  // A second restart replays the first one's clocks exactly.
  const json before = h.hub->room(code)->debug_json().at("seats");
  h.reopen();
  EXPECT_EQ(h.hub->room(code)->debug_json().at("seats"), before);
}

TEST(HubClocksTest, ARestartOpensTheKnockWindowAndTheGraceAgain) {
  HubHarness h;
  const std::string code = four_people(h, {{"grace_s", 20}});
  ASSERT_TRUE(until_knock_window(h));
  const json pending = h.table(1).at("pending");
  std::map<int, std::string> tokens;
  for (ConnectionId c = 1; c <= 4; ++c) {
    tokens[static_cast<int>(c - 1)] = h.last(c, "seated").at("token");
  }
  h.advance(2'500);                                // of the 3 s window
  h.send(1, {{"type", "chat"}, {"text", "hmm"}});  // logged: table time is at 2.5 s now
  h.now += Millis(50'000);
  h.reopen();
  // Seats 0-2 come back; seat 3 stays away.
  for (ConnectionId c = 11; c <= 13; ++c) {
    h.connect(c);
    h.send(c, {{"type", "join"}, {"code", code}, {"token", tokens[static_cast<int>(c - 11)]}});
  }
  for (const json& p : pending) {
    EXPECT_EQ(pending_of(h, 11, p.at("seat")).at("in_ms"), 3000) << p.dump();
  }
  h.advance(2'999);
  EXPECT_TRUE(h.table(11).at("pending").at(0).at("knock_window").get<bool>());
  h.advance(1);
  EXPECT_FALSE(h.table(11).at("pending").at(0).at("knock_window").get<bool>());
  // The grace of the absent seat 3 started at the restart: 20 s from then.
  EXPECT_EQ(h.table(11).at("seats").at(3).at("zombie"), false);
  h.advance(17'000 - 1);
  EXPECT_EQ(h.table(11).at("seats").at(3).at("zombie"), false);
  h.advance(1);
  EXPECT_EQ(h.table(11).at("seats").at(3).at("zombie"), true);
}

}  // namespace
}  // namespace allegra::server
