// The protocol's JSON Schema (data/protocol/protocol.schema.json) against the code and the docs:
// the error codes are the C++ ErrorCode list exactly, the parser refuses what the schema refuses
// (and accepts the valid messages), every definition parses, and every JSON example of
// docs/protocol.md is valid. The frames of whole games are checked in tests/server (the hub
// harness validates every frame it records and every message a test sends).
#include "wire/protocol_schema.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "wire/protocol.h"

namespace allegra::wire::testing {
namespace {

using nlohmann::json;
using wire::ErrorCode;

TEST(ProtocolSchema, EveryDefinitionParsesAndTheRootIsAFrame) {
  ProtocolSchema& schema = ProtocolSchema::get();
  ASSERT_EQ(schema.document().at("$schema"), "https://json-schema.org/draft/2020-12/schema");
  for (const auto& [name, definition] : schema.document().at("$defs").items()) {
    EXPECT_NO_THROW(schema.problems(json(nullptr), name)) << "$defs/" << name;
  }
  // Each member of a message union has a "type" constant of its own (ProtocolSchema::problems()
  // checks a message against the member of its type alone).
  for (const std::string union_name : {"ClientMessage", "ServerMessage"}) {
    std::set<std::string> types;
    for (const json& member : schema.document().at("$defs").at(union_name).at("oneOf")) {
      const std::string name = member.at("$ref").get<std::string>().substr(8);
      const json& type = schema.document().at("$defs").at(name).at("properties").at("type");
      ASSERT_TRUE(type.contains("const")) << name;
      EXPECT_TRUE(types.insert(type.at("const").get<std::string>()).second)
          << union_name << ": two members of type " << type.at("const");
    }
  }
  // Client and server messages are told apart by their keys even where the type is shared.
  EXPECT_TRUE(schema.valid({{"type", "hint"}, {"id", 7}}, "ClientMessage"));
  EXPECT_FALSE(schema.valid({{"type", "hint"}, {"id", 7}}, "ServerMessage"));
  EXPECT_FALSE(schema.valid({{"type", "chat"}, {"text", "hi"}}, "ServerMessage"));
}

// The C++ list and the schema's enum, both ways; a failure names the code and where it is missing.
TEST(ProtocolSchema, ErrorCodesAreTheCppErrorCodesExactly) {
  const json& enumerated = ProtocolSchema::get().document().at("$defs").at("ErrorCode").at("enum");
  std::set<std::string> in_schema;
  for (const json& code : enumerated) in_schema.insert(code.get<std::string>());
  EXPECT_EQ(in_schema.size(), enumerated.size()) << "$defs/ErrorCode lists a code twice";
  std::set<std::string> in_cpp;
  for (int i = 0; i < wire::kNumErrorCodes; ++i) {
    const std::string name(wire::error_code_name(static_cast<ErrorCode>(i)));
    in_cpp.insert(name);
    EXPECT_TRUE(in_schema.contains(name))
        << "error code \"" << name << "\" (ErrorCode " << i
        << " in src/wire/protocol.h) is missing from the enum of $defs/ErrorCode in "
           "data/protocol/protocol.schema.json: add it there (and to docs/protocol.md)";
  }
  for (const std::string& name : in_schema) {
    EXPECT_TRUE(in_cpp.contains(name))
        << "error code \"" << name
        << "\" of $defs/ErrorCode in data/protocol/protocol.schema.json is missing from "
           "ErrorCode in src/wire/protocol.h (and error_code_name()): add it there or remove "
           "it from the schema";
  }
}

bool parser_accepts(const json& message) {
  return std::holds_alternative<wire::ClientMessage>(wire::parse_client_message(message.dump()));
}

// Valid messages: the schema and the parser accept each.
TEST(ProtocolSchema, ValidClientMessagesPassTheSchemaAndTheParser) {
  const std::string token(32, 'a');
  const std::vector<json> good = {
      {{"type", "hello"}, {"version", 1}, {"name", "Anna"}},
      {{"type", "hello"}, {"version", 1}, {"id", 9007199254740992ULL}},
      {{"type", "create"}},
      {{"type", "create"},
       {"id", 1},
       {"options", {{"players", 3}, {"rounds", 2}, {"knocking", false}}},
       {"seats", {"person", "bot:expert", "bot:level:expert"}},
       {"public", false},
       {"knock_window_s", 60},
       {"turn_clock_s", nullptr},
       {"grace_s", 0},
       {"zombie_bot", "greedy"},
       {"sit", 0},
       {"hints", true}},
      {{"type", "create"}, {"turn_clock_s", 5}},
      {{"type", "list"}, {"id", 0}},
      {{"type", "join"},
       {"code", "k7qx2m"},
       {"token", token},
       {"creator_token", nullptr},
       {"last_seq", 41}},
      {{"type", "watch"}, {"code", "K7QX2M"}, {"last_seq", nullptr}},
      {{"type", "sit"}, {"seat", 5}, {"name", "Bea"}},
      {{"type", "stand"}},
      {{"type", "bot"}, {"seat", 2}, {"level", nullptr}},
      {{"type", "bot"}, {"seat", 2}, {"level", "mcts:iterations=100"}},
      {{"type", "start"}},
      {{"type", "act"}, {"action", "swap 1b3"}, {"decision", 12}},
      {{"type", "act"}, {"action", "clear row-c2"}},
      {{"type", "act"}, {"action", "give 5"}},
      {{"type", "chat"}, {"text", std::string(500, 'x')}},
      {{"type", "chat"}, {"text", "Grüße ♠"}},
      {{"type", "hint"}, {"id", 7}},
      {{"type", "rematch"}},
      {{"type", "leave"}},
      {{"type", "ping"}, {"id", 9}},
  };
  ProtocolSchema& schema = ProtocolSchema::get();
  for (const json& m : good) {
    EXPECT_TRUE(schema.valid(m, "ClientMessage"))
        << m.dump() << "\n"
        << problems_text(schema.problems(m, "ClientMessage"));
    EXPECT_TRUE(parser_accepts(m)) << m.dump();
  }
}

// Messages the parser refuses (with the error code it answers): each is a schema violation too.
TEST(ProtocolSchema, EveryRefusalOfTheParserIsASchemaViolation) {
  const std::vector<std::pair<json, std::string>> bad = {
      {json::array({1, 2}), "not_object"},
      {json("hello"), "not_object"},
      {{{"version", 1}}, "missing_field"},
      {{{"type", 7}}, "bad_field"},
      {{{"type", "fly"}}, "unknown_type"},
      {{{"type", "ping"}, {"id", -1}}, "bad_field"},
      // (2^53 + 1 is refused by the parser, but a validator that compares doubles reads it as
      // 2^53: the schema's range is checked further out.)
      {{{"type", "ping"}, {"id", uint64_t{1} << 60}}, "bad_field"},
      {{{"type", "ping"}, {"id", "7"}}, "bad_field"},
      {{{"type", "ping"}, {"extra", true}}, "bad_field"},
      {{{"type", "hello"}}, "missing_field"},
      {{{"type", "hello"}, {"version", "1"}}, "bad_field"},
      {{{"type", "hello"}, {"version", 1}, {"name", ""}}, "bad_name"},
      {{{"type", "hello"}, {"version", 1}, {"name", "seventeen chars!!"}}, "bad_name"},
      {{{"type", "hello"}, {"version", 1}, {"name", "a\nb"}}, "bad_name"},
      {{{"type", "create"}, {"options", 4}}, "bad_field"},
      {{{"type", "create"}, {"seats", json::array()}}, "bad_field"},
      {{{"type", "create"},
        {"seats", {"person", "person", "person", "person", "person", "person", "person"}}},
       "bad_field"},
      {{{"type", "create"}, {"seats", {"human"}}}, "bad_field"},
      {{{"type", "create"}, {"seats", {"bot:"}}}, "bad_field"},
      {{{"type", "create"}, {"public", "yes"}}, "bad_field"},
      {{{"type", "create"}, {"knock_window_s", 0}}, "bad_field"},
      {{{"type", "create"}, {"knock_window_s", 61}}, "bad_field"},
      {{{"type", "create"}, {"turn_clock_s", 4}}, "bad_field"},
      {{{"type", "create"}, {"grace_s", 3601}}, "bad_field"},
      {{{"type", "create"}, {"zombie_bot", nullptr}}, "bad_field"},
      {{{"type", "create"}, {"zombie_bot", ""}}, "bad_field"},
      {{{"type", "create"}, {"sit", 6}}, "bad_seat"},
      {{{"type", "create"}, {"hints", 1}}, "bad_field"},
      {{{"type", "create"}, {"seat", 0}}, "bad_field"},
      {{{"type", "join"}}, "missing_field"},
      {{{"type", "join"}, {"code", 7}}, "bad_field"},
      {{{"type", "join"}, {"code", "K7QX2M"}, {"last_seq", -1}}, "bad_field"},
      {{{"type", "join"}, {"code", "K7QX2M"}, {"token", 5}}, "bad_field"},
      {{{"type", "watch"}, {"code", "K7QX2M"}, {"token", std::string(32, 'a')}}, "bad_field"},
      {{{"type", "sit"}}, "missing_field"},
      {{{"type", "sit"}, {"seat", 7}}, "bad_seat"},
      {{{"type", "sit"}, {"seat", -1}}, "bad_seat"},
      {{{"type", "bot"}, {"seat", 1}}, "missing_field"},
      {{{"type", "bot"}, {"seat", 1}, {"level", ""}}, "bad_field"},
      {{{"type", "bot"}, {"seat", 1}, {"level", 3}}, "bad_field"},
      {{{"type", "act"}}, "missing_field"},
      {{{"type", "act"}, {"action", std::string(33, 'd')}}, "bad_field"},
      {{{"type", "act"}, {"action", "draw"}, {"decision", -3}}, "bad_field"},
      {{{"type", "act"}, {"action", "draw"}, {"decision", nullptr}}, "bad_field"},
      {{{"type", "chat"}}, "missing_field"},
      {{{"type", "chat"}, {"text", 5}}, "bad_field"},
      {{{"type", "chat"}, {"text", std::string(16 * 1024 + 1, 'x')}}, "bad_field"},
      {{{"type", "stand"}, {"seat", 1}}, "bad_field"},
      {{{"type", "leave"}, {"code", "K7QX2M"}}, "bad_field"},
  };
  ProtocolSchema& schema = ProtocolSchema::get();
  for (const auto& [message, code] : bad) {
    const auto result = wire::parse_client_message(message.dump(), 64 * 1024);
    const auto* error = std::get_if<wire::ProtocolError>(&result);
    ASSERT_NE(error, nullptr) << "the parser accepts " << message.dump();
    EXPECT_EQ(wire::error_code_name(error->code), code) << message.dump();
    EXPECT_FALSE(schema.valid(message, "ClientMessage"))
        << "the parser refuses " << message.dump() << " (" << code << ") but the schema accepts it";
  }
  // What the server refuses after parsing (chat_problem: the room's checks of a chat line) is
  // outside the schema too.
  for (const std::string& text : {std::string(), std::string(501, 'x'), std::string("a\tb")}) {
    ASSERT_TRUE(wire::chat_problem(text).has_value()) << json(text).dump();
    EXPECT_FALSE(schema.valid({{"type", "chat"}, {"text", text}}, "ClientMessage"))
        << json(text).dump();
  }
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// docs/protocol.md: every ```json block (indented too) is one JSON value, an example of the
// definition named by a line `<!-- schema: NAME -->` just before it, else of ClientMessage under
// "## Client messages" and ServerMessage under "## Server messages".
TEST(ProtocolSchema, TheExamplesOfTheProtocolDocAreValid) {
  const std::string path = std::string(ALLEGRA_SOURCE_DIR) + "/docs/protocol.md";
  std::istringstream doc(read_file(path));
  ASSERT_TRUE(doc.str().size() > 1000) << "cannot read " << path;
  ProtocolSchema& schema = ProtocolSchema::get();
  std::string line, section, named, block;
  bool in_block = false;
  int line_number = 0, block_line = 0, blocks = 0;
  while (std::getline(doc, line)) {
    ++line_number;
    if (in_block) {
      if (line.find_first_not_of(' ') == std::string::npos ||
          line.substr(line.find_first_not_of(' ')) != "```") {
        block += line + "\n";
        continue;
      }
      in_block = false;
      ++blocks;
      const std::string definition = !named.empty()                    ? named
                                     : section == "## Client messages" ? "ClientMessage"
                                     : section == "## Server messages" ? "ServerMessage"
                                                                       : "";
      named.clear();
      const std::string where = path + ":" + std::to_string(block_line);
      if (definition.empty()) {
        ADD_FAILURE() << where << ": a json block outside the message sections needs a line "
                      << "<!-- schema: NAME --> before it";
        continue;
      }
      json example;
      try {
        example = json::parse(block);
      } catch (const json::exception& e) {
        ADD_FAILURE() << where << ": not one JSON value: " << e.what();
        continue;
      }
      EXPECT_TRUE(schema.has(definition)) << where << ": no $defs/" << definition;
      if (!schema.has(definition)) continue;
      const auto problems = schema.problems(example, definition);
      EXPECT_TRUE(problems.empty()) << where << ": not a valid " << definition << "\n"
                                    << problems_text(problems);
      continue;
    }
    if (line.starts_with("## ")) section = line;
    if (line.starts_with("<!-- schema: ") && line.ends_with(" -->")) {
      named = line.substr(13, line.size() - 17);
    } else if (line.find_first_not_of(' ') != std::string::npos &&
               line.substr(line.find_first_not_of(' ')) == "```json") {
      in_block = true;
      block.clear();
      block_line = line_number;
    } else if (!line.empty()) {
      named.clear();  // the tag names the block right after it only
    }
  }
  EXPECT_FALSE(in_block) << "an unclosed ```json block";
  // The table of error codes lists the schema's codes, in its order.
  const std::string text = doc.str();
  const size_t table = text.find("\n## Error codes\n");
  ASSERT_NE(table, std::string::npos);
  std::vector<std::string> listed;
  std::istringstream rows(text.substr(table, text.find("\n## ", table + 5) - table));
  while (std::getline(rows, line)) {
    if (line.starts_with("| `")) listed.push_back(line.substr(3, line.find('`', 3) - 3));
  }
  std::vector<std::string> codes;
  for (const json& code : schema.document().at("$defs").at("ErrorCode").at("enum")) {
    codes.push_back(code.get<std::string>());
  }
  EXPECT_EQ(listed, codes) << "the table of docs/protocol.md \"Error codes\" and the enum of "
                              "$defs/ErrorCode differ";
  EXPECT_GE(blocks, 25);
}

}  // namespace
}  // namespace allegra::wire::testing
