// The status page: what the server shows at "/" (and at /t/CODE) when no --web folder is given.
//
// What: one small HTML page with the version, the open tables and games, the connections, and
// how to connect (the WebSocket URL and a pointer to docs/protocol.md); for /t/CODE it names the
// table the invite link is for. Every text that comes from the request is HTML-escaped.
// Why: until the web client exists (and on a server run without it) a person who opens the
// server in a browser should learn that it runs and how to use it, not get a bare 404.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace allegra::server {

struct StatusInfo {
  std::string version;
  uint64_t tables = 0;
  uint64_t games_playing = 0;
  uint64_t connections = 0;
  std::string ws_url;                     // e.g. ws://127.0.0.1:8080/ws
  std::optional<std::string> table_code;  // the page for an invite link /t/CODE
};

// `text` with & < > " ' escaped for HTML text and attribute values.
std::string html_escape(std::string_view text);

std::string status_page(const StatusInfo& info);

}  // namespace allegra::server
