#include "wire/protocol_schema.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

namespace allegra::wire::testing {

using nlohmann::json;

std::string protocol_schema_path() {
  return std::string(ALLEGRA_SOURCE_DIR) + "/data/protocol/protocol.schema.json";
}

ProtocolSchema& ProtocolSchema::get() {
  static ProtocolSchema* schema = [] {
    std::ifstream in(protocol_schema_path());
    if (!in) throw std::runtime_error("cannot read " + protocol_schema_path());
    return new ProtocolSchema(json::parse(in));  // lives as long as the test program
  }();
  return *schema;
}

ProtocolSchema::ProtocolSchema(json document)
    : document_(std::move(document)), validator_(std::make_unique<valijson::Validator>()) {}
ProtocolSchema::~ProtocolSchema() = default;

bool ProtocolSchema::has(std::string_view definition) const {
  return document_.contains("$defs") && document_.at("$defs").contains(std::string(definition));
}

const valijson::Schema& ProtocolSchema::schema_of(std::string_view definition) {
  auto it = schemas_.find(std::string(definition));
  if (it != schemas_.end()) return *it->second;
  if (!has(definition)) {
    throw std::invalid_argument("the protocol schema has no $defs/" + std::string(definition));
  }
  // The whole document (so that every "#/$defs/..." reference resolves) with a root that is
  // only a reference to the definition.
  json root = json::object();
  root["$defs"] = document_.at("$defs");
  root["$ref"] = "#/$defs/" + std::string(definition);
  auto schema = std::make_unique<valijson::Schema>();
  valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
  valijson::adapters::NlohmannJsonAdapter adapter(root);
  parser.populateSchema(adapter, *schema);
  return *schemas_.emplace(std::string(definition), std::move(schema)).first->second;
}

// The definition of a message union (ClientMessage, ServerMessage: a oneOf of references)
// whose "type" is value's, or "" if there is none: a failed message is explained against it
// alone, since the failures of every other member would only hide the problem.
std::string ProtocolSchema::member_of(const json& value, std::string_view definition) const {
  const json& defs = document_.at("$defs");
  const json& union_def = defs.at(std::string(definition));
  if (!union_def.contains("oneOf") || !value.is_object() || !value.contains("type")) return "";
  for (const json& member : union_def.at("oneOf")) {
    if (!member.contains("$ref")) continue;
    const std::string name = member.at("$ref").get<std::string>().substr(8);  // "#/$defs/"
    const json type = defs.at(name).value("properties", json::object()).value("type", json());
    if (type.is_object() && type.value("const", json()) == value.at("type")) return name;
  }
  return "";
}

std::vector<std::string> ProtocolSchema::problems(const json& value, std::string_view definition) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  // A message union's members have distinct "type" constants, so a message is valid exactly if
  // it is valid as the member of its type: checked alone (the other members would only cost
  // time); a message of no member's type is checked against the whole union (and fails).
  const std::string member = member_of(value, definition);
  const valijson::Schema& schema = schema_of(member.empty() ? definition : member);
  {
    valijson::adapters::NlohmannJsonAdapter target(value);
    if (validator_->validate(schema, target, nullptr)) return out;
  }
  if (!member.empty()) out.push_back("as a " + member + " (the member of its type):");
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(value);
  validator_->validate(schema, target, &results);
  valijson::ValidationResults::Error error;
  while (results.popError(error)) {
    std::string path;
    for (const std::string& part : error.context) path += part;
    out.push_back(path + ": " + error.description);
  }
  if (out.empty()) out.emplace_back("(invalid)");
  return out;
}

std::string problems_text(const std::vector<std::string>& problems, size_t max_lines) {
  std::ostringstream out;
  for (size_t i = 0; i < problems.size() && i < max_lines; ++i) out << "  " << problems[i] << "\n";
  if (problems.size() > max_lines) out << "  ... " << problems.size() - max_lines << " more\n";
  return out.str();
}

}  // namespace allegra::wire::testing
