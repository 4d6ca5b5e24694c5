#include "server/status_page.h"

#include <fmt/format.h>

namespace allegra::server {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string status_page(const StatusInfo& info) {
  std::string invite;
  if (info.table_code) {
    invite = fmt::format(
        "<p>This is the invite link of table <strong>{0}</strong>. The web client is not "
        "served here (start the server with <code>--web DIR</code>); a program joins the table "
        "by sending <code>{{\"type\":\"join\",\"code\":\"{0}\"}}</code> on the WebSocket.</p>\n",
        html_escape(*info.table_code));
  }
  return fmt::format(
      "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\">"
      "<title>Allegra server</title></head>\n<body>\n<h1>Allegra server {}</h1>\n{}"
      "<table>\n<tr><th>open tables</th><td>{}</td></tr>\n"
      "<tr><th>games playing</th><td>{}</td></tr>\n"
      "<tr><th>connections</th><td>{}</td></tr>\n</table>\n"
      "<h2>How to connect</h2>\n<p>Open a WebSocket to <code>{}</code> and speak the JSON "
      "protocol of docs/protocol.md: send <code>{{\"type\":\"hello\",\"version\":1}}</code>, then "
      "create or "
      "join a table. <code>allegra loadtest</code> plays games through it with bots.</p>\n"
      "<p><a href=\"/healthz\">/healthz</a> &middot; <a href=\"/metrics\">/metrics</a></p>\n"
      "</body>\n</html>\n",
      html_escape(info.version), invite, info.tables, info.games_playing, info.connections,
      html_escape(info.ws_url));
}

}  // namespace allegra::server
