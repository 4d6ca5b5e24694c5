#include "engine/json_read.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <utility>

namespace allegra {

using nlohmann::json;

namespace json_read {

void fail(const std::string& path, const std::string& what) {
  throw FormatError(path + ": " + what);
}

int64_t integer(const json& j, const std::string& path, int64_t lo, int64_t hi) {
  int64_t v = 0;
  if (j.is_number_unsigned()) {
    auto u = j.get<uint64_t>();
    if (hi < 0 || u > static_cast<uint64_t>(hi))
      fail(path, fmt::format("must be an integer {}..{}, got {}", lo, hi, u));
    v = static_cast<int64_t>(u);
  } else if (j.is_number_integer()) {
    v = j.get<int64_t>();
  } else {
    fail(path, fmt::format("must be an integer {}..{}, got {}", lo, hi,
                           j.is_number() ? "a non-integral number" : j.type_name()));
  }
  if (v < lo || v > hi) fail(path, fmt::format("must be an integer {}..{}, got {}", lo, hi, v));
  return v;
}

bool boolean(const json& j, const std::string& path) {
  if (!j.is_boolean()) fail(path, fmt::format("must be true or false, got {}", j.type_name()));
  return j.get<bool>();
}

const std::string& string(const json& j, const std::string& path) {
  if (!j.is_string()) fail(path, fmt::format("must be a string, got {}", j.type_name()));
  return j.get_ref<const std::string&>();
}

uint64_t uint64(const json& j, const std::string& path) {
  if (j.is_number_unsigned()) return j.get<uint64_t>();
  if (j.is_number_integer() && j.get<int64_t>() >= 0)
    return static_cast<uint64_t>(j.get<int64_t>());
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    uint64_t v = 0;
    bool digits = !s.empty() && s.size() <= 20 &&
                  std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) {
      auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec == std::errc() && ptr == s.data() + s.size()) return v;
    }
  }
  fail(path, "must be an unsigned 64-bit integer or a decimal string of one");
}

const json::array_t& array(const json& j, const std::string& path, size_t max_size) {
  if (!j.is_array()) fail(path, fmt::format("must be an array, got {}", j.type_name()));
  const auto& a = j.get_ref<const json::array_t&>();
  if (a.size() > max_size)
    fail(path, fmt::format("must have at most {} elements, got {}", max_size, a.size()));
  return a;
}

const json::object_t& object(const json& j, const std::string& path,
                             std::initializer_list<std::string_view> allowed) {
  if (!j.is_object()) fail(path, fmt::format("must be an object, got {}", j.type_name()));
  const auto& o = j.get_ref<const json::object_t&>();
  for (const auto& [key, value] : o) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      // Printable ASCII only, so the message is safe to print or to put into JSON.
      std::string shown;
      for (char c : key.substr(0, 40)) shown += c >= 0x20 && c < 0x7f && c != '"' ? c : '?';
      if (key.size() > 40) shown += "...";
      fail(path, fmt::format("unknown key \"{}\"", shown));
    }
  }
  return o;
}

const json& member(const json& j, const std::string& path, std::string_view key) {
  auto it = j.find(key);
  if (it == j.end()) fail(fmt::format("{}.{}", path, key), "missing");
  return *it;
}

std::string at(const std::string& path, std::string_view key) {
  return fmt::format("{}.{}", path, key);
}
std::string at(const std::string& path, size_t index) { return fmt::format("{}[{}]", path, index); }

}  // namespace json_read

using json_read::fail;

namespace {

// The depth of the deepest array/object nesting, strings skipped; stops early past `limit`.
int nesting_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '[' || c == '{')
      deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth > 0)
      --depth;
    if (deepest > limit) break;
  }
  return deepest;
}

// The line and column (from 1) of the byte at 0-based `offset` of `text`.
std::pair<size_t, size_t> line_and_column(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
  const size_t last_newline = before.rfind('\n');
  const size_t column = last_newline == std::string_view::npos ? offset + 1 : offset - last_newline;
  return {line, column};
}

// nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 7: syntax error
// ..." without the prefix and position (we give our own), cut to a readable length.
std::string parse_reason(const std::string& what) {
  std::string reason = what;
  if (const size_t at = what.find("column "); at != std::string::npos)
    if (const size_t colon = what.find(": ", at); colon != std::string::npos)
      reason = what.substr(colon + 2);
  constexpr size_t kMaxReason = 200;
  if (reason.size() > kMaxReason) reason = reason.substr(0, kMaxReason) + "...";
  return reason;
}

}  // namespace

JsonSyntaxError::JsonSyntaxError(size_t line, size_t column, std::string reason)
    : FormatError(fmt::format("json: line {}, column {}: {}", line, column, reason)),
      line_(line),
      column_(column),
      reason_(std::move(reason)) {}

json parse_json(std::string_view text) {
  if (nesting_depth(text, kMaxJsonDepth) > kMaxJsonDepth)
    fail("json", fmt::format("nested deeper than {} levels", kMaxJsonDepth));
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // e.byte counts from 1 and points at the byte where reading stopped.
    const auto [line, column] = line_and_column(text, e.byte > 0 ? e.byte - 1 : 0);
    throw JsonSyntaxError(line, column, parse_reason(e.what()));
  } catch (const json::exception& e) {
    fail("json", e.what());
  }
}

}  // namespace allegra
