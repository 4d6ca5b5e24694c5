// A signed-in browser for the real-process server tests: the session cookie a browser gets at
// its first visit (GET /api/me creates a guest player, docs/accounts.md) and the WebSocket
// options that send it on the upgrade with the page's own Origin, as the web client does. The
// server checks the Origin of a cookie's upgrade and ties the connection (and its seat) to the
// cookie's player; src/loadtest/guest_session.* does the same for `allegra loadtest --signed-in`.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/game_client.h"
#include "server/ws_client.h"

namespace allegra::server_testing {

struct SignedInBrowser {
  std::string cookie;  // "allegra_session=..." (the Cookie header's value)
  int64_t player = 0;  // the player of the session
  WsConnectOptions options;
};

// Sets the options of a WebSocket from this browser's page on the server at `port`: the cookie
// and that page's Origin (again after a restart, whose port differs).
inline void open_page_at(SignedInBrowser& b, uint16_t port) {
  b.options.headers = {{"Cookie", b.cookie}, {"Origin", fmt::format("http://127.0.0.1:{}", port)}};
}

// A first visit of the server at `port`: its guest player and session cookie.
inline SignedInBrowser first_visit(uint16_t port) {
  const std::string origin = fmt::format("http://127.0.0.1:{}", port);
  const HttpCall me = http_call(port, "GET", "/api/me", {{"Origin", origin}});
  EXPECT_EQ(me.status, 200) << me.body;
  if (me.set_cookies.empty()) throw std::runtime_error("no session cookie: " + me.body);
  SignedInBrowser b;
  b.cookie = me.set_cookies.front().substr(0, me.set_cookies.front().find(';'));
  b.player = nlohmann::json::parse(me.body).at("player").at("id").get<int64_t>();
  open_page_at(b, port);
  return b;
}

// One connected Player per browser, with its cookie and Origin, named by letters from `first`
// ("A", "B", ...).
inline std::vector<std::unique_ptr<Player>> players_of(uint16_t port,
                                                       const std::vector<SignedInBrowser>& browsers,
                                                       char first) {
  std::vector<std::unique_ptr<Player>> people;
  for (size_t i = 0; i < browsers.size(); ++i) {
    people.push_back(std::make_unique<Player>(
        port, std::string(1, static_cast<char>(first + static_cast<int>(i))), browsers[i].options));
  }
  return people;
}

// The JSON answer of a public GET such as /api/players/ID (status 200 expected).
inline nlohmann::json public_get_json(uint16_t port, const std::string& target) {
  const HttpResult r = http_get(port, target);
  EXPECT_EQ(r.status, 200) << target << ": " << r.body;
  return nlohmann::json::parse(r.body);
}

}  // namespace allegra::server_testing
