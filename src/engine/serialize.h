// JSON forms of the engine's values: rule options, actions, the full state, the public view and
// events (formats: docs/state-format.md).
//
// Readers take untrusted input: every field is type- and range-checked, a state must be one the
// engine could have reached (card conservation, phase consistency), and any problem throws a
// FormatError (a std::invalid_argument) whose message starts with the path of the offending
// field, e.g. "state.grids[1][5].value: must be a card value -1..11, got 14". A reader never
// crashes or asserts, whatever the input.
//
// Implementation notes: State keeps its members private; the friend struct StateCodec in
// serialize.cc reads and writes them. Unsigned 64-bit numbers (Rng words, seeds) are written as
// decimal strings so that readers with double-precision numbers (JavaScript) lose nothing; the
// readers accept a JSON integer as well.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/options.h"
#include "engine/state.h"

namespace allegra {

class PublicView;

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

inline constexpr int kStateFormatVersion = 1;
// Deeper nesting than any of our formats uses is rejected before parsing.
inline constexpr int kMaxJsonDepth = 32;

// Parses JSON text (one value, surrounding whitespace allowed). Throws JsonSyntaxError for
// invalid JSON, FormatError for nesting deeper than kMaxJsonDepth.
nlohmann::json parse_json(std::string_view text);

// --- Rule options --------------------------------------------------------------------------
// An object with every field of RuleOptions (deck_counts: 13 counts, index value+1). The reader
// takes defaults for missing keys, rejects unknown keys and runs RuleOptions::validate().
nlohmann::json options_to_json(const RuleOptions& options);
RuleOptions options_from_json(const nlohmann::json& j);

// --- Actions -------------------------------------------------------------------------------
// The short text form of action.h, e.g. "swap 1b3". The reader checks form and ranges for
// `players`, not legality.
nlohmann::json action_to_json(Action a);
Action action_from_json(const nlohmann::json& j, int players);

// --- Full state ----------------------------------------------------------------------------
// Everything, hidden information and the Rng included: state_from_json(state_to_json(s)) == s
// for every reachable state.
nlohmann::json state_to_json(const State& s);
State state_from_json(const nlohmann::json& j);
// The consistency checks state_from_json runs on a decoded state: nullopt if `s` is one the
// engine can reach (as far as checked), else the first problem, naming the field.
std::optional<std::string> validate_state(const State& s);

// --- Public view and events (write only) ---------------------------------------------------
// The masked state: face-down cells without value, the draw pile as a count, a hidden hand or
// taken card as "hidden"; plus the current player and the legal actions.
nlohmann::json public_view_to_json(const PublicView& view);
// {"type": event_type_name, ...the fields meaningful for that type..., "text": describe()}.
nlohmann::json event_to_json(const Event& e);

// Card values: an integer -1..11; kHiddenValue is written as "hidden", kNoCard as null.
nlohmann::json card_to_json(int8_t value);

// nlohmann::json ADL hooks, so `nlohmann::json j = options;` etc. work.
void to_json(nlohmann::json& j, const RuleOptions& options);
void from_json(const nlohmann::json& j, RuleOptions& options);
void to_json(nlohmann::json& j, const Action& a);
void to_json(nlohmann::json& j, const Event& e);

// --- Reader helpers, shared with record.cc -------------------------------------------------
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
int8_t card(const nlohmann::json& j, const std::string& path);  // -1..11
}  // namespace json_read

}  // namespace allegra
