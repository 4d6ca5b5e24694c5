// The server's log lines are key=value pairs (docs/server.md, "Logs"); log_field() writes one
// value so that a parser can read it back: as it is, or quoted when it holds a space, a quote,
// an '=' or nothing (newlines become spaces: one event, one line).
#pragma once

#include <string>
#include <string_view>

namespace allegra::server {

inline std::string log_field(std::string_view value) {
  if (!value.empty() && value.find_first_of(" \"=") == std::string_view::npos)
    return std::string(value);
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out + "\"";
}

}  // namespace allegra::server
