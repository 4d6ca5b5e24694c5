// The client side's writer (src/wire/client_writer.h): every client message it writes parses
// back (parse_client_message) to the same message, so the writer and the parser agree on every
// key of docs/protocol.md.
#include "wire/client_writer.h"

#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

namespace allegra::wire {
namespace {

using nlohmann::json;

// The message parsed back from its text (a failed test if the parser refuses it).
ClientMessage round_trip(const ClientMessage& m) {
  const std::string text = client_text(m);
  ParseResult r = parse_client_message(text);
  if (const auto* e = std::get_if<ProtocolError>(&r)) {
    ADD_FAILURE() << text << ": " << e->message;
    return {};
  }
  return std::get<ClientMessage>(r);
}

TEST(ClientWriter, EveryMessageTypeReadsBackAsItself) {
  Create create;
  create.options = {{"players", 3}, {"rounds", 1}};
  create.seats = std::vector<SeatSpec>{{}, {"greedy"}, {"mcts:300it"}};
  create.is_public = false;
  create.knock_window_s = 30;
  create.turn_clock_s = 60;
  create.grace_s = 0;
  create.zombie_bot = "expert";
  create.sit = 0;
  create.hints = true;
  const std::vector<ClientMessage> all = {
      {1, Hello{1, "Anna \"A\""}},
      {std::nullopt, Hello{1, std::nullopt}},
      {2, create},
      {3, Create{}},
      {4, List{}},
      {5, Join{"K7QX2M", "tok", "ctok", 17, false}},
      {6, Join{"K7QX2M", std::nullopt, std::nullopt, std::nullopt, true}},
      {7, Sit{2, "Bea"}},
      {8, Stand{}},
      {9, PutBot{3, "greedy"}},
      {10, PutBot{3, std::nullopt}},
      {11, Start{}},
      {12, Act{"swap 1b3", 42}},
      {std::nullopt, Act{"draw", std::nullopt}},
      {13, Chat{"hello, \xc3\xa9t\xc3\xa9"}},
      {14, Hint{}},
      {15, Rematch{}},
      {16, Leave{}},
      {kMaxMessageId, Ping{}},
  };
  for (const ClientMessage& m : all) {
    const ClientMessage back = round_trip(m);
    EXPECT_EQ(back.id, m.id);
    EXPECT_EQ(back.body.index(), m.body.index()) << client_text(m);
    EXPECT_EQ(client_text(back), client_text(m));  // every field read back
  }
  // A few fields by name, to be sure they are not lost on both sides.
  const auto c = std::get<Create>(round_trip({2, create}).body);
  EXPECT_EQ(c.options, create.options);
  ASSERT_TRUE(c.seats.has_value());
  EXPECT_EQ(*c.seats, *create.seats);
  EXPECT_FALSE(c.is_public);
  EXPECT_EQ(c.knock_window_s, 30);
  EXPECT_EQ(c.turn_clock_s, 60);
  EXPECT_EQ(c.grace_s, 0);
  EXPECT_EQ(c.zombie_bot, "expert");
  EXPECT_EQ(c.sit, 0);
  EXPECT_TRUE(c.hints);
  const auto watch = std::get<Join>(round_trip(all[6]).body);
  EXPECT_TRUE(watch.watch);
  EXPECT_EQ(watch.code, "K7QX2M");
  const auto act = std::get<Act>(round_trip(all[12]).body);
  EXPECT_EQ(act.action, "swap 1b3");
  EXPECT_EQ(act.decision, 42u);
}

TEST(ClientWriter, WritesTheDocumentsKeys) {
  EXPECT_EQ(json::parse(client_text({7, Act{"knock", 12}})),
            json({{"type", "act"}, {"id", 7}, {"action", "knock"}, {"decision", 12}}));
  EXPECT_EQ(json::parse(client_text({std::nullopt, Hello{1, "Load1"}})),
            json({{"type", "hello"}, {"version", 1}, {"name", "Load1"}}));
  EXPECT_EQ(client_type(Join{"ABCDEF", {}, {}, {}, true}), "watch");
  EXPECT_EQ(client_type(PutBot{}), "bot");
}

}  // namespace
}  // namespace allegra::wire
