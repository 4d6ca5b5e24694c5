// The hub and its rooms with an injected clock over a real SQLite file: whole games, every
// refusal, grace and zombies, clocks, knock windows, bot delays, rematch, chat, rate limits,
// reconnects, restore after a restart and shutdown.
#include "server/hub.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/record.h"
#include "hub_harness.h"
#include "server/room.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

json bots3() { return json::array({"person", "bot:greedy", "bot:greedy", "bot:greedy"}); }

TEST(HubTest, HelloFirstAndVersion) {
  HubHarness h;
  h.hub->open(1, "127.0.0.1", h.now);
  h.send(1, {{"type", "list"}, {"id", 4}});
  EXPECT_EQ(h.last_error(1), "no_hello");
  EXPECT_EQ(h.last(1, "error").at("id"), 4);
  h.send_invalid(1, {{"type", "hello"}, {"version", 2}});
  EXPECT_EQ(h.last_error(1), "unsupported_version");
  h.send(1, {{"type", "hello"}, {"version", 1}});
  EXPECT_EQ(h.last(1, "welcome").at("version"), 1);
  h.send_text(1, "{garbage");
  EXPECT_EQ(h.last_error(1), "bad_json");
  h.send_text(1, std::string(17000, ' '));
  EXPECT_EQ(h.last_error(1), "too_long");
  h.send(1, {{"type", "ping"}, {"id", 9}});
  EXPECT_EQ(h.last_frame(1), json({{"type", "pong"}, {"id", 9}}));
}

TEST(HubTest, OnePersonAndThreeBotsPlayAWholeGameWhichIsStored) {
  HubHarness h;
  h.connect(1);
  const std::string code = h.create(1, {{"seats", bots3()}, {"sit", 0}});
  EXPECT_EQ(h.last(1, "seated").at("token").get<std::string>().size(), 32u);
  h.send(1, {{"type", "start"}});
  ASSERT_EQ(h.table(1).at("status"), "playing");
  EXPECT_EQ(h.table(1).at("seed"), nullptr);
  EXPECT_EQ(play(h, {{0, 1}}), "over");
  EXPECT_TRUE(h.table(1).at("seed").is_string());  // revealed once the game is over
  // Every sequenced frame came in order, without a gap.
  uint64_t seq = 0;
  for (const json& f : h.net.frames[1]) {
    if (f.at("type") == "state") seq = f.at("seq").get<uint64_t>();
    if (f.at("type") == "update") {
      EXPECT_EQ(f.at("seq").get<uint64_t>(), ++seq);
    }
  }
  auto record = h.hub->game_record(code + "-1");
  ASSERT_TRUE(record);
  GameRecord r = record_from_line(record->substr(0, record->size() - 1));
  EXPECT_NO_THROW(replay_check(r));
  EXPECT_EQ(r.seats.at(0).name, "P1");
  EXPECT_EQ(h.hub->stats().games_finished_total, 1u);
}

TEST(HubTest, RefusalsNameTheProblemAndTheConnectionStaysUsable) {
  HubHarness h;
  h.connect(1);
  h.connect(2);
  h.connect(3);
  h.send(1, {{"type", "sit"}, {"seat", 0}});
  EXPECT_EQ(h.last_error(1), "not_at_table");
  h.send_invalid(1, {{"type", "create"}, {"options", {{"players", 9}}}});
  EXPECT_EQ(h.last_error(1), "bad_options");
  h.send(1, {{"type", "create"}, {"seats", {"person", "bot:nonsense", "person", "person"}}});
  EXPECT_EQ(h.last_error(1), "bad_options");
  const std::string code = h.create(1, {{"seats", {"person", "person", "bot:greedy", "person"}}});
  h.send(2, {{"type", "join"}, {"code", "ZZZZZZ"}});
  EXPECT_EQ(h.last_error(2), "no_table");
  h.send(2, {{"type", "join"}, {"code", code}, {"token", std::string(32, 'a')}});
  EXPECT_EQ(h.last_error(2), "bad_token");
  h.send(2, {{"type", "watch"}, {"code", code}});
  EXPECT_EQ(h.last(2, "state").at("table").at("code"), code);
  h.send(2, {{"type", "start"}});
  EXPECT_EQ(h.last_error(2), "not_creator");
  h.send(1, {{"type", "start"}});
  EXPECT_EQ(h.last_error(1), "seats_open");
  h.send(2, {{"type", "sit"}, {"seat", 2}});
  EXPECT_EQ(h.last_error(2), "seat_taken");
  h.send_invalid(2, {{"type", "sit"}, {"seat", 7}});
  EXPECT_EQ(h.last_error(2), "bad_seat");
  h.send_invalid(2, {{"type", "sit"}, {"seat", "one"}});
  EXPECT_EQ(h.last_error(2), "bad_field");
  h.send(2, {{"type", "sit"}, {"seat", 1}, {"name", "Bot 3"}});
  EXPECT_EQ(h.last_error(2), "bad_name");
  h.send(2, {{"type", "sit"}, {"seat", 1}});
  h.send(2, {{"type", "sit"}, {"seat", 0}});
  EXPECT_EQ(h.last_error(2), "already_seated");
  h.send(1, {{"type", "bot"}, {"seat", 0}, {"level", "greedy"}});
  h.send(1, {{"type", "bot"}, {"seat", 3}, {"level", "greedy"}});
  h.send(1, {{"type", "act"}, {"action", "draw"}});
  EXPECT_EQ(h.last_error(1), "not_seated");  // the creator is not seated: a spectator
  h.send(2, {{"type", "act"}, {"action", "draw"}});
  EXPECT_EQ(h.last_error(2), "wrong_phase");
  h.send(1, {{"type", "start"}});
  ASSERT_EQ(h.table(2).at("status"), "playing");
  h.send(3, {{"type", "watch"}, {"code", code}});
  h.send(3, {{"type", "act"}, {"action", "reveal 1a0"}});
  EXPECT_EQ(h.last_error(3), "not_seated");
  h.send_invalid(2, {{"type", "act"}, {"action", "fly away"}});
  EXPECT_EQ(h.last_error(2), "bad_action");
  // In the setup, seat 0 (a bot) reveals first: seat 1 is not asked yet.
  const json pending = h.table(2).at("pending");
  ASSERT_EQ(pending.size(), 1u);
  ASSERT_NE(pending[0].at("seat"), 1);
  h.send(2, {{"type", "act"}, {"action", "reveal 1a0"}});
  EXPECT_EQ(h.last_error(2), "not_your_turn");
  // Seat 1 eventually gets its turn; an illegal action is refused with the engine's reason.
  for (int i = 0; i < 20 && h.table(2).at("pending").at(0).at("seat") != 1; ++i) h.advance(100);
  ASSERT_EQ(h.table(2).at("pending").at(0).at("seat"), 1);
  h.send(2, {{"type", "act"}, {"id", 5}, {"action", "reveal 0a0"}});
  EXPECT_EQ(h.last_error(2), "illegal_action");
  EXPECT_EQ(h.last(2, "error").at("id"), 5);
  h.send(2, {{"type", "ping"}});
  EXPECT_EQ(h.last_frame(2).at("type"), "pong");
  EXPECT_GE(h.hub->stats().errors.at("not_seated"), 2u);
}

TEST(HubTest, AGoneePersonIsPlayedByAZombieAfterTheGraceAndTakesTheSeatBack) {
  HubHarness h;
  h.connect(1);
  h.connect(2);
  const std::string code = h.create(
      1,
      {{"seats", {"person", "person", "bot:greedy", "bot:greedy"}}, {"sit", 0}, {"grace_s", 10}});
  h.send(2, {{"type", "join"}, {"code", code}});
  h.send(2, {{"type", "sit"}, {"seat", 1}, {"name", "Bea"}});
  const std::string token = h.last(2, "seated").at("token");
  h.send(1, {{"type", "start"}});
  h.disconnect(2);
  json seat1 = h.table(1).at("seats").at(1);
  EXPECT_EQ(seat1.at("connected"), false);
  EXPECT_EQ(seat1.at("zombie"), false);
  // Seat 0 plays; seat 1 is not played before the grace is over.
  h.advance(9'000);
  EXPECT_EQ(h.table(1).at("seats").at(1).at("zombie"), false);
  h.advance(1'000);
  EXPECT_EQ(h.table(1).at("seats").at(1).at("zombie"), true);
  bool zombie_event = false;
  for (const json& u : h.of_type(1, "update")) {
    for (const json& e : u.at("events")) {
      zombie_event = zombie_event || (e.at("type") == "zombie" && e.at("why") == "grace");
    }
  }
  EXPECT_TRUE(zombie_event);
  // Seat 0 plays on; the zombie plays seat 1 for a while.
  play(h, {{0, 1}}, 40);
  // Bea comes back with her token and holds the seat again.
  h.connect(3);
  h.send(3, {{"type", "join"}, {"code", code}, {"token", token}});
  EXPECT_EQ(h.last(3, "state").at("you"), 1);
  EXPECT_EQ(h.table(3).at("seats").at(1).at("zombie"), false);
  EXPECT_EQ(h.table(3).at("seats").at(1).at("connected"), true);
  EXPECT_EQ(play(h, {{0, 1}, {1, 3}}), "over");
}

TEST(HubTest, ATurnClockRunningOutHandsTheSeatToTheZombie) {
  HubHarness h;
  h.connect(1);
  h.create(1, {{"seats", bots3()}, {"sit", 0}, {"turn_clock_s", 5}});
  h.send(1, {{"type", "start"}});
  // Seat 0 reveals first in the setup, with 5 s on the clock.
  const json pending = h.table(1).at("pending");
  ASSERT_EQ(pending.at(0).at("seat"), 0);
  EXPECT_EQ(pending.at(0).at("in_ms"), 5000);
  h.advance(4'999);
  EXPECT_EQ(h.table(1).at("seats").at(0).at("zombie"), false);
  h.advance(1);
  EXPECT_EQ(h.table(1).at("seats").at(0).at("zombie"), true);
  // The zombie plays the game to its end.
  h.advance(60 * 60'000);
  EXPECT_EQ(h.table(1).at("status"), "over");
}

TEST(HubTest, KnockWindowsCloseAtTheirDeadline) {
  HubHarness h;
  for (ConnectionId c = 1; c <= 4; ++c) h.connect(c);
  const std::string code = h.create(1, {{"sit", 0}, {"knock_window_s", 3}});
  for (ConnectionId c = 2; c <= 4; ++c) {
    h.send(c, {{"type", "join"}, {"code", code}});
    h.send(c, {{"type", "sit"}, {"seat", static_cast<int>(c - 1)}});
  }
  h.send(1, {{"type", "start"}});
  // Play until somebody draws from the draw pile: a knock window opens for the others.
  std::map<int, ConnectionId> seats = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
  bool window = false;
  for (int step = 0; step < 400 && !window; ++step) {
    const json table = h.table(1);
    const json& p = table.at("pending").at(0);
    if (p.at("knock_window").get<bool>()) {
      window = true;
      break;
    }
    std::string action = p.at("legal").at(0);
    for (const json& a : p.at("legal")) {
      if (a == "draw") action = "draw";
    }
    h.send(seats.at(p.at("seat").get<int>()), {{"type", "act"}, {"action", action}});
  }
  ASSERT_TRUE(window);
  const json pending = h.table(1).at("pending");
  EXPECT_GE(pending.size(), 2u);
  for (const json& p : pending) {
    EXPECT_EQ(p.at("in_ms"), 3000);
    EXPECT_EQ(p.at("legal"), json::array({"knock", "pass"}));
  }
  // One answers: the others still pending; nobody else answers: the window closes at 3 s.
  h.send(seats.at(pending[0].at("seat").get<int>()), {{"type", "act"}, {"action", "pass"}});
  EXPECT_EQ(h.table(1).at("pending").size(), pending.size() - 1);
  h.advance(2'999);
  EXPECT_TRUE(h.table(1).at("pending").at(0).at("knock_window").get<bool>());
  h.advance(1);
  EXPECT_FALSE(h.table(1).at("pending").at(0).at("knock_window").get<bool>());
}

// A setup reveal is a follow-up step: half the 1-2 s (Table's bot_pace_percent).
TEST(HubTest, BotsThinkOneToTwoSeconds) {
  HubConfig config = HubHarness::test_config();
  config.bot_delay_min = Millis(1000);
  config.bot_delay_max = Millis(2000);
  HubHarness h(config);
  h.connect(1);
  h.create(1, {{"seats", {"bot:greedy", "bot:greedy", "bot:greedy", "person"}}, {"sit", 3}});
  h.send(1, {{"type", "start"}});
  const size_t updates = h.of_type(1, "update").size();
  h.advance(499);
  EXPECT_EQ(h.of_type(1, "update").size(), updates);
  h.advance(501);  // 1000 ms: the first reveal is played, the second not yet (500 ms at least)
  EXPECT_EQ(h.of_type(1, "update").size(), updates + 1);
}

TEST(HubTest, RematchMovesTheDealerOn) {
  HubHarness h;
  h.connect(1);
  const std::string code =
      h.create(1, {{"seats", bots3()}, {"sit", 0}, {"options", {{"rounds", 1}}}});
  h.send(1, {{"type", "rematch"}});
  EXPECT_EQ(h.last_error(1), "wrong_phase");
  h.send(1, {{"type", "start"}});
  ASSERT_EQ(play(h, {{0, 1}}), "over");
  h.send(1, {{"type", "rematch"}});
  const json table = h.table(1);
  EXPECT_EQ(table.at("status"), "playing");
  EXPECT_EQ(table.at("game"), code + "-2");
  EXPECT_EQ(table.at("view").at("first_player"), 1);
  EXPECT_EQ(table.at("seats").at(0).at("name"), "P1");
  ASSERT_EQ(play(h, {{0, 1}}), "over");
  EXPECT_TRUE(h.hub->game_record(code + "-2"));
}

TEST(HubTest, ChatHasALengthAndARateLimit) {
  HubHarness h;
  h.connect(1);
  h.connect(2);
  const std::string code = h.create(1, {{"sit", 0}});
  h.send(2, {{"type", "watch"}, {"code", code}});
  h.send_invalid(2, {{"type", "chat"}, {"text", std::string(501, 'x')}});
  EXPECT_EQ(h.last_error(2), "chat_too_long");
  h.send_invalid(2, {{"type", "chat"}, {"text", "bad\x1b[2J"}});
  EXPECT_EQ(h.last_error(2), "bad_chat");
  h.send(1, {{"type", "chat"}, {"text", "hello"}});
  const json line = h.last(2, "chat");
  EXPECT_EQ(line.at("seat"), 0);
  EXPECT_EQ(line.at("name"), "P1");
  EXPECT_EQ(line.at("text"), "hello");
  for (int i = 0; i < 4; ++i) h.send(1, {{"type", "chat"}, {"text", "more"}});
  EXPECT_EQ(h.last_error(1), "");
  h.send(1, {{"type", "chat"}, {"text", "too fast"}});
  EXPECT_EQ(h.last_error(1), "chat_rate");
  h.advance(2'000);
  h.send(1, {{"type", "chat"}, {"text", "again"}});
  EXPECT_EQ(h.last(2, "chat").at("text"), "again");
  // Chat is kept with the table: a restart still shows it.
  h.reopen();
  h.connect(3);
  h.send(3, {{"type", "watch"}, {"code", code}});
  EXPECT_EQ(h.last(3, "state").at("chat").size(), 6u);
}

TEST(HubTest, RateLimitsAnswerAnErrorAndCloseAFlood) {
  HubHarness h;
  h.connect(1);
  int limited = 0;
  for (int i = 0; i < 60; ++i) h.send(1, {{"type", "ping"}});
  for (const json& f : h.net.frames[1]) limited += f.at("type") == "error" ? 1 : 0;
  EXPECT_EQ(limited, 60 - 39);  // a burst of 40, the hello included
  EXPECT_EQ(h.last_error(1), "rate_limited");
  h.advance(1'000);
  h.send(1, {{"type", "ping"}});
  EXPECT_EQ(h.last_frame(1).at("type"), "pong");
  for (int i = 0; i < 400 && !h.net.closed.count(1); ++i) h.send(1, {{"type", "ping"}});
  EXPECT_TRUE(h.net.closed.count(1));
  EXPECT_EQ(h.last_frame(1).at("type"), "bye");
  // Per address: many connections from one address share its bucket.
  HubConfig config = HubHarness::test_config();
  config.ip_burst = 10;
  config.ip_rate = 1;
  HubHarness h2(config);
  for (ConnectionId c = 1; c <= 12; ++c) h2.connect(c, "10.0.0.1");
  EXPECT_EQ(h2.last_error(11), "rate_limited");
  h2.connect(20, "10.0.0.2");
  EXPECT_EQ(h2.last(20, "welcome").at("version"), 1);
}

// The flood rule does not depend on how fast the server works through a flood: a client that
// keeps sending at 100 messages a second (5 times the rate: one message in 5 let through) is
// closed within seconds; one at 30 a second (1.5 times) is only rate-limited.
TEST(HubTest, ASteadyFloodIsClosedAModestExcessOnlyLimited) {
  HubHarness h;
  h.connect(1);
  h.connect(2, "10.0.0.2");
  for (int ms = 0; ms < 10'000 && !h.net.closed.count(1); ms += 10) {
    h.send(1, {{"type", "ping"}});
    if (ms % 30 == 0) h.send(2, {{"type", "ping"}});
    h.advance(10);
  }
  EXPECT_TRUE(h.net.closed.count(1)) << "100 messages a second for 10 s";
  EXPECT_EQ(h.last_frame(1).at("type"), "bye");
  EXPECT_FALSE(h.net.closed.count(2)) << "33 messages a second";
}

TEST(HubTest, ReconnectResendsWhatWasMissedOrTheWholeState) {
  HubHarness h;
  h.connect(1);
  const std::string code = h.create(1, {{"seats", bots3()}, {"sit", 0}});
  const std::string token = h.last(1, "seated").at("token");
  h.send(1, {{"type", "start"}});
  const uint64_t seen = h.table(1).is_null() ? 0 : h.last(1, "update").at("seq").get<uint64_t>();
  h.disconnect(1);
  h.advance(3'000);  // the bots play on; seat 0 is asked in the setup
  h.connect(2);
  h.send(2, {{"type", "join"}, {"code", code}, {"token", token}, {"last_seq", seen}});
  const json resumed = h.last(2, "resumed");
  EXPECT_EQ(resumed.at("seq"), seen);
  EXPECT_EQ(resumed.at("you"), 0);
  const auto updates = h.of_type(2, "update");
  ASSERT_FALSE(updates.empty());
  EXPECT_EQ(updates.front().at("seq"), seen + 1);
  EXPECT_TRUE(h.of_type(2, "state").empty());
  // Far behind (the backlog holds 32 frames at most): the whole state instead.
  h.connect(3);
  h.send(3, {{"type", "join"}, {"code", code}, {"last_seq", 0}});
  EXPECT_FALSE(h.of_type(3, "state").empty() && h.of_type(3, "resumed").empty());
  play(h, {{0, 2}}, 200);
  h.connect(4);
  h.send(4, {{"type", "join"}, {"code", code}, {"last_seq", 1}});
  EXPECT_EQ(h.of_type(4, "state").size(), 1u);
  EXPECT_TRUE(h.of_type(4, "resumed").empty());
}

TEST(HubTest, ARestartResumesEveryTableExactly) {
  HubHarness h;
  h.connect(1);
  h.connect(2);
  const std::string a = h.create(1, {{"seats", bots3()}, {"sit", 0}});
  const std::string token = h.last(1, "seated").at("token");
  h.send(1, {{"type", "start"}});
  h.connect(3);
  const std::string b = h.create(
      2,
      {{"seats", {"person", "person", "bot:greedy"}}, {"options", {{"players", 3}}}, {"sit", 0}});
  h.send(3, {{"type", "join"}, {"code", b}});
  h.send(3, {{"type", "sit"}, {"seat", 1}});
  const std::string token3 = h.last(3, "seated").at("token");
  h.send(2, {{"type", "start"}});
  h.send(2, {{"type", "chat"}, {"text", "hi"}});
  play(h, {{0, 1}}, 60);
  play(h, {{0, 2}, {1, 3}}, 50);
  const json before_a = h.hub->room(a)->debug_json();
  const json before_b = h.hub->room(b)->debug_json();
  h.connect(4);
  const std::string lobby = h.create(4, {{"public", false}});
  // The counts of the once-a-second sample, kept by the rooms as their status changes.
  auto expect_counts = [&](uint64_t tables, uint64_t lobby_tables, uint64_t playing) {
    const HubStats counts = h.hub->counts();
    EXPECT_EQ(counts.tables, tables);
    EXPECT_EQ(counts.tables_lobby, lobby_tables);
    EXPECT_EQ(counts.games_playing, playing);
    EXPECT_EQ(h.hub->stats().games_playing, playing);
  };
  expect_counts(3, 1, 2);
  h.reopen();
  expect_counts(3, 1, 2);
  // The same table, but for the clocks, which start again at the restart (one more log line).
  auto without_clocks = [](json j) {
    j.erase("seq");
    j.at("table").erase("since_ms");
    return j;
  };
  EXPECT_EQ(without_clocks(h.hub->room(a)->debug_json()), without_clocks(before_a));
  EXPECT_EQ(without_clocks(h.hub->room(b)->debug_json()), without_clocks(before_b));
  ASSERT_NE(h.hub->room(lobby), nullptr);
  EXPECT_EQ(h.hub->room(a)->debug_json().at("seq"), before_a.at("seq").get<uint64_t>() + 1);
  EXPECT_EQ(h.hub->room(a)->seq(), before_a.at("seq").get<uint64_t>() + 1);
  // The players come back with their tokens and finish both games.
  h.connect(11);
  h.connect(12);
  h.connect(13);
  h.send(11, {{"type", "join"}, {"code", a}, {"token", token}});
  h.send(13, {{"type", "join"}, {"code", b}, {"token", token3}});
  h.send(12, {{"type", "watch"}, {"code", b}});
  EXPECT_EQ(play(h, {{0, 11}}), "over");
  EXPECT_EQ(play(h, {{1, 13}}), "over");  // seat 0 of b: a zombie after the grace
  expect_counts(2, 0, 0);  // two games over; the lobby, empty since the restart, closed
  for (const std::string& game : {a + "-1", b + "-1"}) {
    auto record = h.hub->game_record(game);
    ASSERT_TRUE(record) << game;
    EXPECT_NO_THROW(replay_check(record_from_line(record->substr(0, record->size() - 1))));
  }
}

TEST(HubTest, ShutdownSaysByeToEveryoneAndRefusesNewTables) {
  HubHarness h;
  h.connect(1);
  h.connect(2);
  h.hub->shutdown(h.now);
  EXPECT_EQ(h.last_frame(1).at("type"), "bye");
  EXPECT_EQ(h.last_frame(2).at("type"), "bye");
  EXPECT_TRUE(h.net.closed.count(1));
  EXPECT_TRUE(h.net.closed.count(2));
  h.connect(3);
  h.send(3, {{"type", "create"}});
  EXPECT_EQ(h.last_error(3), "shutting_down");
}

TEST(HubTest, StandingUpDuringAGameLeavesTheSeatToABotUntilSomebodySits) {
  HubHarness h;
  h.connect(1);
  h.connect(2);
  const std::string code = h.create(1, {{"seats", bots3()}, {"sit", 0}});
  h.send(1, {{"type", "start"}});
  const std::string token = h.last(1, "seated").at("token");
  h.send(1, {{"type", "stand"}});
  EXPECT_EQ(h.table(1).at("seats").at(0).at("kind"), "open");
  h.send(1, {{"type", "act"}, {"action", "reveal 0a0"}});
  EXPECT_EQ(h.last_error(1), "not_seated");
  h.send(2, {{"type", "join"}, {"code", code}, {"token", token}});
  EXPECT_EQ(h.last_error(2), "bad_token");  // the old token works no more
  h.advance(1'000);                         // the zombie bot plays seat 0 meanwhile
  h.send(2, {{"type", "join"}, {"code", code}});
  h.send(2, {{"type", "sit"}, {"seat", 0}, {"name", "Cleo"}});
  EXPECT_EQ(h.table(2).at("seats").at(0).at("name"), "Cleo");
  EXPECT_EQ(play(h, {{0, 2}}), "over");
  // After the game the creator may put a bot in the open seat for the rematch.
  h.send(2, {{"type", "stand"}});
  h.send(1, {{"type", "rematch"}});
  EXPECT_EQ(h.last_error(1), "seats_open");
  h.send(1, {{"type", "bot"}, {"seat", 0}, {"level", "random"}});
  h.send(1, {{"type", "rematch"}});
  EXPECT_EQ(h.table(1).at("status"), "playing");
  EXPECT_EQ(h.table(1).at("seats").at(0).at("level"), "random");
}

TEST(HubTest, IdleTablesAreClosed) {
  HubHarness h;
  h.connect(1);
  const std::string code = h.create(1);
  h.disconnect(1);
  EXPECT_EQ(h.hub->counts().tables_lobby, 1u);
  h.advance(10 * 60'000 + 1);
  EXPECT_EQ(h.hub->room(code), nullptr);
  EXPECT_EQ(h.hub->counts().tables_lobby, 0u);
  h.reopen();
  EXPECT_EQ(h.hub->room(code), nullptr);
}

TEST(HubTest, ATableThatDoesNotReplayIsLeftAloneAndTheOthersAreServed) {
  HubHarness h;
  h.connect(1);
  const std::string good = h.create(1);
  h.store->create_table("BADBAD", "{\"not\": \"a table\"}");
  h.store->commit();
  h.reopen();
  EXPECT_NE(h.hub->room(good), nullptr);
  EXPECT_EQ(h.hub->room("BADBAD"), nullptr);
  EXPECT_EQ(h.hub->counts().tables_lobby, 1u);  // the table that failed took its count back
  ASSERT_EQ(h.hub->restore_errors().size(), 1u);
  EXPECT_NE(h.hub->restore_errors()[0].find("BADBAD"), std::string::npos);
}

}  // namespace
}  // namespace allegra::server
