// Reading JSON from outside with good errors: parsing with a depth limit and the line and
// column of a syntax error, and checked accessors whose FormatError names the path of the
// offending field, e.g. "state.grids[1][5].value: must be a card value -1..11, got 14".
//
// Every reader of the engine's formats (options, actions, states, records, saves) is built
// from these, so that no input can crash or assert and every refusal says where and why.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace allegra {

// Malformed or inconsistent JSON input; the message names the field.
class FormatError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Text that is not JSON at all: where (line and column from 1, the column in bytes) and why.
// what() is "json: line L, column C: <reason>".
class JsonSyntaxError : public FormatError {
 public:
  JsonSyntaxError(size_t line, size_t column, std::string reason);
  size_t line() const { return line_; }
  size_t column() const { return column_; }
  const std::string& reason() const { return reason_; }

 private:
  size_t line_;
  size_t column_;
  std::string reason_;
};

// Deeper nesting than any of our formats uses is rejected before parsing.
inline constexpr int kMaxJsonDepth = 32;

// Parses JSON text (one value, surrounding whitespace allowed). Throws JsonSyntaxError for
// invalid JSON, FormatError for nesting deeper than kMaxJsonDepth.
nlohmann::json parse_json(std::string_view text);

// --- Checked accessors: each throws FormatError naming `path` ----------------------------------
namespace json_read {
[[noreturn]] void fail(const std::string& path, const std::string& what);
int64_t integer(const nlohmann::json& j, const std::string& path, int64_t lo, int64_t hi);
bool boolean(const nlohmann::json& j, const std::string& path);
const std::string& string(const nlohmann::json& j, const std::string& path);
// A JSON unsigned integer or a decimal string of one.
uint64_t uint64(const nlohmann::json& j, const std::string& path);
// Checks that j is an array of at most max_size elements.
const nlohmann::json::array_t& array(const nlohmann::json& j, const std::string& path,
                                     size_t max_size);
// Checks that j is an object whose keys are all in `allowed`.
const nlohmann::json::object_t& object(const nlohmann::json& j, const std::string& path,
                                       std::initializer_list<std::string_view> allowed);
// The member `key` of an object; FormatError naming path.key if it is missing.
const nlohmann::json& member(const nlohmann::json& j, const std::string& path,
                             std::string_view key);
// The path of a member ("state.options") and of an element ("state.grids[1]").
std::string at(const std::string& path, std::string_view key);
std::string at(const std::string& path, size_t index);
}  // namespace json_read

}  // namespace allegra
