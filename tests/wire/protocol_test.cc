// The protocol parser: every client message of docs/protocol.md parses to its struct, and every
// error the parser can give comes with its code and a message that names the problem.
#include "wire/protocol.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace allegra::wire {
namespace {

using ::testing::HasSubstr;

template <class T>
T parse_as(const std::string& text) {
  ParseResult r = parse_client_message(text);
  if (auto* e = std::get_if<ProtocolError>(&r)) {
    ADD_FAILURE() << text << ": " << e->message;
    return T{};
  }
  const auto& m = std::get<ClientMessage>(r);
  if (!std::holds_alternative<T>(m.body)) {
    ADD_FAILURE() << text << ": another message type";
    return T{};
  }
  return std::get<T>(m.body);
}

ProtocolError error_of(const std::string& text) {
  ParseResult r = parse_client_message(text);
  if (auto* e = std::get_if<ProtocolError>(&r)) return *e;
  ADD_FAILURE() << text << ": parsed";
  return {};
}

TEST(ProtocolTest, DecisionNumbersHintsAndTheHintsOption) {
  EXPECT_EQ(parse_as<Act>(R"({"type":"act","action":"draw","decision":12})").decision, 12u);
  EXPECT_EQ(parse_as<Act>(R"({"type":"act","action":"draw"})").decision, std::nullopt);
  EXPECT_EQ(error_of(R"({"type":"act","action":"draw","decision":"12"})").code,
            ErrorCode::kBadField);
  EXPECT_THAT(error_of(R"({"type":"act","action":"draw","decision":-1})").message,
              HasSubstr("decision"));
  (void)parse_as<Hint>(R"({"type":"hint","id":7})");
  EXPECT_EQ(error_of(R"({"type":"hint","seat":1})").code, ErrorCode::kBadField);
  EXPECT_TRUE(parse_as<Create>(R"({"type":"create","hints":true})").hints);
  EXPECT_FALSE(parse_as<Create>(R"({"type":"create"})").hints);
  EXPECT_EQ(error_of(R"({"type":"create","hints":1})").code, ErrorCode::kBadField);
  EXPECT_EQ(error_code_name(ErrorCode::kStale), "stale");
  EXPECT_EQ(error_code_name(ErrorCode::kHintsOff), "hints_off");
  EXPECT_EQ(error_code_name(ErrorCode::kInternal), "internal");
}

TEST(ProtocolTest, EveryMessageParses) {
  EXPECT_EQ(parse_as<Hello>(R"({"type":"hello","version":1,"name":"Anna"})").name, "Anna");
  const Create c = parse_as<Create>(
      R"({"type":"create","id":1,"options":{"players":4},"seats":["person","bot:expert"],)"
      R"("public":false,"knock_window_s":5,"turn_clock_s":null,"grace_s":60,"zombie_bot":"greedy","sit":0})");
  EXPECT_EQ(c.options.at("players"), 4);
  ASSERT_TRUE(c.seats);
  EXPECT_EQ(c.seats->at(0).bot, std::nullopt);
  EXPECT_EQ(c.seats->at(1).bot, "expert");
  EXPECT_FALSE(c.is_public);
  EXPECT_EQ(c.knock_window_s, 5);
  EXPECT_EQ(c.turn_clock_s, std::nullopt);
  EXPECT_EQ(c.grace_s, 60);
  EXPECT_EQ(c.sit, 0);
  EXPECT_EQ(parse_as<Create>(R"({"type":"create","turn_clock_s":30})").turn_clock_s, 30);
  parse_as<List>(R"({"type":"list","id":2})");
  const Join j = parse_as<Join>(
      R"({"type":"join","code":"k7qx2m","token":"ab","creator_token":"cd","last_seq":41})");
  EXPECT_EQ(j.code, "K7QX2M");
  EXPECT_EQ(j.token, "ab");
  EXPECT_EQ(j.creator_token, "cd");
  EXPECT_EQ(j.last_seq, 41u);
  EXPECT_FALSE(j.watch);
  EXPECT_TRUE(parse_as<Join>(R"({"type":"watch","code":"K7QX2M"})").watch);
  const Sit s = parse_as<Sit>(R"({"type":"sit","seat":1,"name":"Bea"})");
  EXPECT_EQ(s.seat, 1);
  EXPECT_EQ(s.name, "Bea");
  parse_as<Stand>(R"({"type":"stand"})");
  EXPECT_EQ(parse_as<PutBot>(R"({"type":"bot","seat":2,"level":"expert"})").level, "expert");
  EXPECT_EQ(parse_as<PutBot>(R"({"type":"bot","seat":2,"level":null})").level, std::nullopt);
  parse_as<Start>(R"({"type":"start"})");
  EXPECT_EQ(parse_as<Act>(R"({"type":"act","action":"swap 1b3"})").action, "swap 1b3");
  EXPECT_EQ(parse_as<Chat>(R"({"type":"chat","text":"hi"})").text, "hi");
  parse_as<Rematch>(R"({"type":"rematch"})");
  parse_as<Leave>(R"({"type":"leave"})");
  parse_as<Ping>(R"({"type":"ping"})");
  const auto r = parse_client_message(R"({"type":"ping","id":9007199254740992})");
  EXPECT_EQ(std::get<ClientMessage>(r).id, kMaxMessageId);
}

TEST(ProtocolTest, EveryParserErrorNamesTheProblem) {
  struct Case {
    std::string text;
    ErrorCode code;
    std::string says;
  };
  const Case cases[] = {
      {"{\"type\":", ErrorCode::kBadJson, "not JSON"},
      {"\xff\xfe", ErrorCode::kBadJson, "not JSON"},
      {std::string(40, '[') + std::string(40, ']'), ErrorCode::kBadJson, "deeper"},
      {"[1,2]", ErrorCode::kNotObject, "JSON object"},
      {R"({"id":1})", ErrorCode::kMissingField, "type: missing"},
      {R"({"type":7})", ErrorCode::kBadField, "type: must be a string"},
      {R"({"type":"fly"})", ErrorCode::kUnknownType, "\"fly\""},
      {R"({"type":"ping","id":-1})", ErrorCode::kBadField, "id"},
      {R"({"type":"ping","id":9007199254740993})", ErrorCode::kBadField, "id"},
      {R"({"type":"ping","colour":"red"})", ErrorCode::kBadField, "colour: unknown key"},
      {R"({"type":"hello"})", ErrorCode::kMissingField, "version: missing"},
      {R"({"type":"hello","version":"1"})", ErrorCode::kBadField, "version: must be an integer"},
      {R"({"type":"hello","version":1,"name":""})", ErrorCode::kBadName, "name"},
      {R"({"type":"create","options":[]})", ErrorCode::kBadField, "options"},
      {R"({"type":"create","seats":["human"]})", ErrorCode::kBadField, "seats[0]"},
      {R"({"type":"create","seats":[]})", ErrorCode::kBadField, "seats"},
      {R"({"type":"create","knock_window_s":0})", ErrorCode::kBadField,
       "knock_window_s: must be 1..60"},
      {R"({"type":"create","turn_clock_s":2})", ErrorCode::kBadField, "turn_clock_s"},
      {R"({"type":"create","grace_s":-5})", ErrorCode::kBadField, "grace_s"},
      {R"({"type":"create","public":"yes"})", ErrorCode::kBadField, "public"},
      {R"({"type":"create","zombie_bot":null})", ErrorCode::kBadField, "zombie_bot"},
      {R"({"type":"join"})", ErrorCode::kMissingField, "code: missing"},
      {R"({"type":"join","code":"ABCDEF","last_seq":-1})", ErrorCode::kBadField, "last_seq"},
      {R"({"type":"watch","code":"ABCDEF","token":"x"})", ErrorCode::kBadField,
       "token: unknown key"},
      {R"({"type":"sit","seat":6})", ErrorCode::kBadField, "seat: must be 0..5"},
      {R"({"type":"bot","seat":1})", ErrorCode::kMissingField, "level: missing"},
      {R"({"type":"act","action":7})", ErrorCode::kBadField, "action: must be a string"},
      {R"({"type":"chat"})", ErrorCode::kMissingField, "text: missing"},
  };
  for (const Case& c : cases) {
    const ProtocolError e = error_of(c.text);
    EXPECT_EQ(error_code_name(e.code), error_code_name(c.code)) << c.text;
    EXPECT_THAT(e.message, HasSubstr(c.says)) << c.text;
  }
  EXPECT_EQ(error_of(R"({"type":"fly","id":5})").id, 5u);
  const ProtocolError long_one = error_of(std::string(16 * 1024 + 1, ' '));
  EXPECT_EQ(long_one.code, ErrorCode::kTooLong);
  EXPECT_THAT(long_one.message, HasSubstr("16385 bytes"));
}

TEST(ProtocolTest, ChatLines) {
  EXPECT_EQ(chat_problem("hello"), std::nullopt);
  EXPECT_EQ(chat_problem(std::string(500, 'x')), std::nullopt);
  std::string emoji;
  for (int i = 0; i < 500; ++i) emoji += "\xF0\x9F\x83\x8F";  // a playing card, 4 bytes
  EXPECT_EQ(chat_problem(emoji), std::nullopt);
  EXPECT_EQ(chat_problem(emoji + "x")->code, ErrorCode::kChatTooLong);
  EXPECT_EQ(chat_problem("")->code, ErrorCode::kBadChat);
  EXPECT_EQ(chat_problem("a\nb")->code, ErrorCode::kBadChat);
  EXPECT_EQ(chat_problem("\xC3")->code, ErrorCode::kBadChat);
  EXPECT_EQ(chat_problem("\xE2\x80\xA8")->code, ErrorCode::kBadChat);
}

TEST(ProtocolTest, ErrorCodesHaveDistinctNames) {
  std::set<std::string_view> names;
  for (int i = 0; i < kNumErrorCodes; ++i) names.insert(error_code_name(static_cast<ErrorCode>(i)));
  EXPECT_EQ(names.size(), static_cast<size_t>(kNumErrorCodes));
  EXPECT_EQ(error_code_name(ErrorCode::kNotYourTurn), "not_your_turn");
  EXPECT_EQ(error_code_name(ErrorCode::kInternal), "internal");
}

}  // namespace
}  // namespace allegra::wire
