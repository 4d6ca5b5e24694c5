// The protocol's JSON Schema (data/protocol/protocol.schema.json) as the tests use it: load it
// from the source tree once, and check a message against one of its definitions with a real
// validator (valijson, draft-07 semantics; the schema keeps to the keywords that mean the same
// in draft 2020-12).
//
// Why in the tests: the schema is the one source of every message shape, so every frame the hub
// builds in the tests and every message the tests send is checked against it; a shape changed
// on one side only becomes a failing test.
#pragma once

#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace valijson {
class Schema;
class Validator;
}  // namespace valijson

namespace allegra::wire::testing {

// The schema's path in the source tree (ALLEGRA_SOURCE_DIR is the tests' compile definition).
std::string protocol_schema_path();

class ProtocolSchema {
 public:
  // The schema of the source tree, parsed at the first call (throws if it cannot be read).
  static ProtocolSchema& get();

  explicit ProtocolSchema(nlohmann::json document);
  ~ProtocolSchema();
  ProtocolSchema(const ProtocolSchema&) = delete;
  ProtocolSchema& operator=(const ProtocolSchema&) = delete;

  const nlohmann::json& document() const { return document_; }
  // Whether $defs has `definition`.
  bool has(std::string_view definition) const;
  // What is wrong with `value` as a `definition` ($defs key, e.g. "ServerMessage"), one line
  // per problem (the path in the value, then the validator's words); empty: valid.
  std::vector<std::string> problems(const nlohmann::json& value, std::string_view definition);
  bool valid(const nlohmann::json& value, std::string_view definition) {
    return problems(value, definition).empty();
  }

 private:
  const valijson::Schema& schema_of(std::string_view definition);
  std::string member_of(const nlohmann::json& value, std::string_view definition) const;

  nlohmann::json document_;
  std::mutex mutex_;  // frames may be recorded from a bot thread
  std::unordered_map<std::string, std::unique_ptr<valijson::Schema>> schemas_;
  // One validator for every check: it keeps the compiled regular expressions of the patterns.
  std::unique_ptr<valijson::Validator> validator_;
};

// The problems as one text for a test's failure message (at most `max_lines` lines).
std::string problems_text(const std::vector<std::string>& problems, size_t max_lines = 12);

}  // namespace allegra::wire::testing
