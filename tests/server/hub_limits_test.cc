// What no client may do to the hub (issue 27): order a bot the server does not offer, hold more
// open tables than allowed, flood a table's chat from many connections, slip bytes past a NUL,
// and get a wrong word for a wrong seat or a decision that has not come yet.
#include <gtest/gtest.h>

#include <string>

#include "hub_harness.h"
#include "server/bot_policy.h"
#include "server/hub.h"
#include "server/room.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

// The server's own defaults (levels only), with the harness's clock and seeds.
HubConfig server_defaults() {
  HubConfig c = HubHarness::test_config();
  c.bots = BotPolicy{};
  return c;
}

json create_with(const json& seats, const json& extra = json::object()) {
  json m = {
      {"type", "create"}, {"id", 1}, {"options", {{"players", seats.size()}}}, {"seats", seats}};
  m.update(extra);
  return m;
}

TEST(HubLimitsTest, OnlyTheLevelsMayBeOrderedByDefault) {
  HubHarness h(server_defaults());
  h.connect(1);
  for (const char* spec :
       {"bot:mcts:3600000ms:256t", "bot:mcts:600000ms", "bot:greedy", "bot:random", "bot:mcts"}) {
    h.send(1, create_with({"person", spec}));
    EXPECT_EQ(h.last_error(1), "bot_not_allowed") << spec;
    EXPECT_NE(h.last(1, "error").at("message").get<std::string>().find("level:expert"),
              std::string::npos);
  }
  h.send(1, create_with({"person", "bot:easy"}, {{"zombie_bot", "mcts:600000ms"}}));
  EXPECT_EQ(h.last_error(1), "bot_not_allowed");
  h.send(1, create_with({"person", "bot:nonsense"}));
  EXPECT_EQ(h.last_error(1), "bad_options") << "an unknown spec stays bad_options";
  // Every spelling of the levels (the web client sends easy, medium, hard, level:expert).
  h.create(1, {{"seats", {"person", "bot:easy", "bot:level:expert", "bot:expert-level"}}});
  const json table = h.table(1);
  EXPECT_EQ(table.at("config").at("zombie_bot"), "medium") << "the default zombie is a level";
  h.send(1, {{"type", "bot"}, {"seat", 1}, {"level", "mcts:100000000it"}});
  EXPECT_EQ(h.last_error(1), "bot_not_allowed");
  h.send(1, {{"type", "bot"}, {"seat", 1}, {"level", "hard"}});
  h.send(1, {{"type", "bot"}, {"seat", 1}, {"level", "level:medium"}});
  EXPECT_EQ(h.table(1).at("seats").at(1).at("level"), "level:medium");
  EXPECT_EQ(h.hub->stats().errors.at("bot_not_allowed"), 7u);
}

TEST(HubLimitsTest, AnySpecWithinTheCapsWhenTheServerAllowsIt) {
  HubConfig c = server_defaults();
  c.bots.any_spec = true;
  c.bots.max_decision = Millis(1000);
  c.bots.max_threads = 2;
  HubHarness h(c);
  h.connect(1);
  h.send(1, create_with({"person", "bot:mcts:1001ms"}));
  EXPECT_EQ(h.last_error(1), "bot_not_allowed");
  EXPECT_NE(h.last(1, "error").at("message").get<std::string>().find("1000 ms"), std::string::npos);
  h.send(1, create_with({"person", "bot:mcts:500ms:3t"}));
  EXPECT_EQ(h.last_error(1), "bot_not_allowed");
  h.create(1, {{"options", {{"players", 3}}},
               {"seats", {"person", "bot:mcts:500ms:2t", "bot:greedy"}},
               {"zombie_bot", "mcts:2000it"}});
}

TEST(HubLimitsTest, ATableLoggedWithAnyBotResumesUnderTheLevelsPolicy) {
  // A log written before the policy (zombie_bot "greedy", a greedy seat) must still resume.
  HubHarness h;  // any spec
  h.connect(1);
  const std::string code = h.create(1, {{"options", {{"players", 3}}},
                                        {"seats", {"person", "bot:greedy", "bot:random"}},
                                        {"zombie_bot", "greedy"},
                                        {"sit", 0}});
  h.send(1, {{"type", "bot"}, {"seat", 2}, {"level", "greedy"}});  // a "bot" line of the log
  h.send(1, {{"type", "start"}});
  h.advance(2000);
  h.config_ = server_defaults();
  h.reopen();
  ASSERT_NE(h.hub->room(code), nullptr) << ::testing::PrintToString(h.hub->restore_errors());
  h.connect(2);
  h.send(2, {{"type", "join"}, {"code", code}, {"token", h.last(1, "seated").at("token")}});
  EXPECT_EQ(h.table(2).at("config").at("zombie_bot"), "greedy");
  EXPECT_EQ(h.table(2).at("seats").at(2).at("level"), "greedy");
  EXPECT_EQ(play(h, {{0, 2}}), "over");
}

TEST(HubLimitsTest, OpenTablesAreLimitedPerConnectionPerAddressAndInAll) {
  HubConfig c = server_defaults();
  c.max_tables_per_connection = 2;
  c.max_tables_per_ip = 3;
  c.max_tables = 5;
  HubHarness h(c);
  h.connect(1, "10.0.0.1");
  h.create(1);
  h.create(1);
  h.send(1, {{"type", "create"}});
  EXPECT_EQ(h.last_error(1), "too_many_tables");
  EXPECT_NE(h.last(1, "error").at("message").get<std::string>().find("this connection"),
            std::string::npos);
  h.connect(2, "10.0.0.1");
  h.create(2);
  h.send(2, {{"type", "create"}});
  EXPECT_EQ(h.last_error(2), "too_many_tables");
  EXPECT_NE(h.last(2, "error").at("message").get<std::string>().find("your address"),
            std::string::npos);
  // A connection going away does not free its address's tables: they are still open.
  h.disconnect(1);
  h.connect(3, "10.0.0.1");
  h.send(3, {{"type", "create"}});
  EXPECT_EQ(h.last_error(3), "too_many_tables");
  h.connect(4, "10.0.0.2");
  h.create(4);
  h.create(4);
  h.connect(5, "10.0.0.3");
  h.send(5, {{"type", "create"}});
  EXPECT_EQ(h.last_error(5), "server_full");
  // Tables nobody is at close after idle_close, and their creators may create again.
  h.disconnect(2);
  h.disconnect(4);
  h.advance(c.idle_close.count() + 1);
  EXPECT_EQ(h.hub->stats().tables, 0u);
  h.create(3);
  h.create(5);
}

TEST(HubLimitsTest, EmptyTablesCloseWithinTwoMinutes) {
  HubHarness h(server_defaults());
  h.connect(1);
  const std::string code = h.create(1);
  h.disconnect(1);
  h.advance(2 * 60'000 + 1);
  EXPECT_EQ(h.hub->room(code), nullptr);
}

TEST(HubLimitsTest, ChatIsLimitedPerAddressAndPerTable) {
  HubHarness h(server_defaults());
  h.connect(1, "10.0.0.1");
  const std::string code = h.create(1);
  // 20 spectators from one address, 5 lines each at once: the address's burst (10) gets through.
  int accepted = 0;
  for (ConnectionId c = 2; c < 22; ++c) {
    h.connect(c, "10.0.0.2");
    h.send(c, {{"type", "watch"}, {"code", code}});
  }
  for (ConnectionId c = 2; c < 22; ++c) {
    for (int i = 0; i < 5; ++i) {
      const size_t errors = h.of_type(c, "error").size();
      h.send(c, {{"type", "chat"}, {"text", std::string(500, 'x')}});
      if (h.of_type(c, "error").size() == errors) ++accepted;
    }
  }
  EXPECT_EQ(accepted, 10);
  EXPECT_NE(h.last(21, "error").at("message").get<std::string>().find("your address"),
            std::string::npos);
  // Many addresses into one table: the table's burst (10) gets through.
  h.advance(10'000);  // the table's bucket is full again
  accepted = 0;
  for (ConnectionId c = 30; c < 50; ++c) {
    h.connect(c, "10.1.0." + std::to_string(c));
    h.send(c, {{"type", "watch"}, {"code", code}});
    const size_t errors = h.of_type(c, "error").size();
    h.send(c, {{"type", "chat"}, {"text", "hi"}});
    if (h.of_type(c, "error").size() == errors) ++accepted;
  }
  EXPECT_EQ(accepted, 10);
  EXPECT_EQ(h.last_error(49), "chat_rate");
  EXPECT_NE(h.last(49, "error").at("message").get<std::string>().find("at table"),
            std::string::npos);
}

TEST(HubLimitsTest, ANulByteIsRefusedWhateverFollowsIt) {
  HubHarness h;
  h.connect(1);
  const std::string nul(1, '\0');
  for (const std::string& text : {"{\"type\":\"ping\",\"id\":33}" + nul + "GARBAGE{{{",
                                  "{\"type\":\"ping\",\"id\":34}" + nul}) {
    h.send_text(1, text);
    EXPECT_EQ(h.last_error(1), "bad_json");
    EXPECT_NE(h.last(1, "error").at("message").get<std::string>().find("NUL"), std::string::npos);
  }
  EXPECT_TRUE(h.of_type(1, "pong").empty());
  h.send_text(1, "{\"type\":\"ping\",\"id\":35} GARBAGE");
  EXPECT_EQ(h.last_error(1), "bad_json");
}

TEST(HubLimitsTest, ASeatTheTableDoesNotHaveIsBadSeat) {
  HubHarness h;
  h.connect(1);
  h.send_invalid(1, {{"type", "create"}, {"sit", 9}});
  EXPECT_EQ(h.last_error(1), "bad_seat");
  h.create(1, {{"options", {{"players", 3}}}});
  // Seat 3 is a seat of the schema (0-5) that this table of 3 lacks; the others no table has.
  for (int seat : {9, -1, 3, 6, 1000000}) {
    const auto send = [&](const json& m) { seat == 3 ? h.send(1, m) : h.send_invalid(1, m); };
    send({{"type", "sit"}, {"seat", seat}});
    EXPECT_EQ(h.last_error(1), "bad_seat") << "sit " << seat;
    send({{"type", "bot"}, {"seat", seat}, {"level", "easy"}});
    EXPECT_EQ(h.last_error(1), "bad_seat") << "bot " << seat;
  }
  h.send_invalid(1, {{"type", "sit"}, {"seat", 1.5}});
  EXPECT_EQ(h.last_error(1), "bad_field");
}

TEST(HubLimitsTest, ADecisionThatHasNotComeYetIsSaidSo) {
  HubHarness h;
  h.connect(1);
  h.create(1, {{"options", {{"players", 2}}}, {"seats", {"person", "bot:greedy"}}, {"sit", 0}});
  h.send(1, {{"type", "start"}});
  const uint64_t now = h.table(1).at("pending").at(0).at("decision").get<uint64_t>();
  h.send(1, {{"type", "act"}, {"action", "reveal 0a0"}, {"decision", now + 28}});
  EXPECT_EQ(h.last_error(1), "future_decision");
  EXPECT_EQ(h.last(1, "error").at("message"), "decision " + std::to_string(now + 28) +
                                                  " has not come yet: the table is at decision " +
                                                  std::to_string(now));
}

}  // namespace
}  // namespace allegra::server
