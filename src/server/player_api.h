// The players' public pages as JSON (issue 29 §3; docs/accounts.md, "Profiles, histories and
// leaderboards"): GET /api/players/{id}, GET /api/players/{id}/games?before=MS&limit=N and
// GET /api/leaderboard?players=0|2..6&offset=N&limit=N.
//
// Why a class of its own beside Accounts: these are read-only views over the PlayerStore's
// schema 5 queries (ratings are public, nothing here needs a session but "me" on a leaderboard),
// and the shapes are the contract the web pages are written against. Accounts::handle routes
// the GETs here; like it, this is Beast-free, testable and fuzzable without a socket.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "server/accounts.h"
#include "server/player_store.h"
#include "server/store.h"

namespace allegra::server {

class PlayerApi {
 public:
  PlayerApi(Store& store, PlayerStore& players) : store_(store), players_(players) {}

  static bool handles(std::string_view path) {
    return path.starts_with("/api/players/") || path == "/api/leaderboard";
  }
  // Answers one GET; `query` is the target's part after '?' ("" if none); `viewer` the player
  // of the request's session cookie (the leaderboard's "me"). A bad id is 404 `no_such_player`,
  // a bad query value 400 `bad_query` naming the parameter.
  ApiReply handle(std::string_view path, std::string_view query, std::optional<PlayerId> viewer);

 private:
  ApiReply profile(PlayerId id);
  ApiReply games(PlayerId id, std::string_view query);
  ApiReply leaderboard(std::string_view query, std::optional<PlayerId> viewer);

  Store& store_;
  PlayerStore& players_;
};

// The "player summary" of docs/accounts.md: {"id", "name" (null for a guest or a deleted player),
// "guest", "deleted", "rating": {"display", "provisional", "games"}}; also the `from` of the
// wire's `invitation`.
nlohmann::json player_summary(const PlayerRecord& p);

// The value of `key` in a query string ("a=1&b=2"), nullopt if absent. No percent-decoding:
// every parameter here is a number.
std::optional<std::string_view> query_value(std::string_view query, std::string_view key);

}  // namespace allegra::server
