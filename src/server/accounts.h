// Accounts: the players' identity over HTTP (issue 29 §1; docs/accounts.md, docs/security.md).
//
// What: the JSON endpoints under /api/ (GET /api/me, POST /api/account, /api/login,
// /api/logout, /api/logout-all, /api/password, /api/account/delete, GET /api/me/export), the
// session cookie, the rules of user names and the sign-in rate limits. A first GET /api/me
// without a valid session creates a guest player and its session at once.
//
// Why Beast-free: http_server.cc (Beast's one translation unit, slow to build) only turns a
// request into an ApiRequest and an ApiReply back into a response; everything here is testable
// and fuzzable without a socket (fuzz/fuzz_account_request.cc).
//
// Threads: every call comes from the io thread. The Argon2id work goes to the PasswordHasher,
// whose results come back on the io thread, where the store is written; the reply leaves once
// the store has committed (Store::commit_async: a client never sees a session the store could
// lose, and the io thread never waits for a PostgreSQL commit). While the store is away every
// endpoint answers 503 `store_unavailable` at once instead of waiting on it.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/player_name.h"
#include "server/password_hasher.h"
#include "server/player_store.h"
#include "server/store.h"

namespace allegra::server {

class PlayerApi;
inline constexpr std::string_view kSessionCookie = "allegra_session";

// What http_server.cc takes from an HTTP request for the API.
struct ApiRequest {
  std::string method;  // "GET", "POST", ...
  std::string path;    // without the query
  std::string cookie;  // the Cookie header ("" if none)
  std::string origin;  // the Origin header ("" if none)
  std::string host;    // the Host header
  std::string content_type;
  std::string body;
  std::string ip;     // the peer's address (rate limits)
  std::string query;  // the target after '?' ("" if none)
};

struct ApiReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::string> set_cookies;  // Set-Cookie header values
  std::string content_disposition;       // for a download ("" if none)
};

// The JSON answers of /api/ (docs/accounts.md): a body with its status, and an error,
// {"error": code, "message": message}, which every endpoint words alike.
ApiReply api_json_reply(int status, const nlohmann::json& body);
ApiReply api_error_reply(int status, std::string_view code, std::string_view message);

struct AccountOptions {
  bool secure_cookies = false;  // Secure on the cookie: the server is reached over TLS (a proxy)
  // Rate limits (docs/security.md): sign-in attempts (login, and the password checks of
  // /api/password and /api/account/delete) per address, failures per account, guests per address.
  int attempts_per_ip = 30;
  int failures_per_account = 5;
  int guests_per_ip = 100;
  std::chrono::seconds window{600};
};

// The first problem of a user name ("is reserved", "is taken" are the caller's), or nullopt.
// text::player_name_problem's rules (one function for every name people read, terminal and
// server alike) plus the names reserved for the server, its bots and its levels.
std::optional<std::string> user_name_problem(std::string_view name);
// The same with its reason code (text::player_name_refusal's, or "reserved"): the `reason` of a
// `name_problem` error, which the browser words in the page's language.
std::optional<NameRefusal> user_name_refusal(std::string_view name);

// Whether a request's Origin ("http://host:port") names the server it was sent to (its Host
// header). Only the authority is compared: behind a TLS proxy the scheme differs.
bool same_origin(std::string_view origin, std::string_view host);

// Counts events per key over a sliding window (the rate limits). Old keys are pruned as it goes.
class AttemptLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  AttemptLimiter(int limit, std::chrono::seconds window) : limit_(limit), window_(window) {}
  bool allowed(const std::string& key, Clock::time_point now);  // fewer than `limit` in window
  void note(const std::string& key, Clock::time_point now);
  void clear(const std::string& key) { events_.erase(key); }
  // Seconds until `key` is allowed again (0 if it is).
  int64_t retry_after(const std::string& key, Clock::time_point now);

 private:
  void prune(std::deque<Clock::time_point>& times, Clock::time_point now) const;
  int limit_;
  std::chrono::seconds window_;
  std::unordered_map<std::string, std::deque<Clock::time_point>> events_;
  size_t notes_since_sweep_ = 0;
};

class Accounts {
 public:
  Accounts(Store& store, PlayerStore& players, PasswordHasher& hasher, AccountOptions options);
  ~Accounts();

  static bool handles(std::string_view path) { return path.starts_with("/api/"); }
  // Answers one API request; `done` is called once, on the io thread (maybe before handle
  // returns, maybe after a password hash).
  void handle(const ApiRequest& request, std::function<void(ApiReply)> done);
  // The player whose session the Cookie header carries (nullopt: none, unknown or deleted).
  std::optional<PlayerId> player_of(std::string_view cookie_header);

 private:
  using Done = std::function<void(ApiReply)>;
  struct Session {
    std::string hash;  // of the cookie's token ("" if none)
    std::optional<PlayerRecord> player;
  };
  Session session_of(const ApiRequest& request);
  void me(const ApiRequest& request, const Done& done);
  void claim(const ApiRequest& request, const Session& session, const Done& done);
  void login(const ApiRequest& request, const Session& session, const Done& done);
  void logout(const Session& session, bool everywhere, const Done& done);
  void change_password(const ApiRequest& request, const Session& session, const Done& done);
  void delete_account(const ApiRequest& request, const Session& session, const Done& done);
  void export_data(const Session& session, const Done& done);
  // A new session for `player` (committed with the request's other writes by
  // reply_when_committed); its Set-Cookie value.
  std::string open_session(PlayerId player);
  // The `store_unavailable` reply (503) while the store cannot take changes (PostgreSQL away or
  // behind: Store::unavailable()), or nullopt.
  std::optional<ApiReply> store_away() const;
  // Commits what the request wrote and then sends `reply` (a failed commit: 500), without the io
  // thread waiting for the commit (Store::commit_async).
  void reply_when_committed(ApiReply reply, const Done& done);
  std::string cookie(std::string_view token, bool clear) const;
  // The rate limits before a password check; a reply if refused.
  std::optional<ApiReply> refuse_attempt(const std::string& ip, const std::string& account);
  void note_failure(const std::string& ip, const std::string& account);
  int64_t now_ms() const;

  Store& store_;
  PlayerStore& players_;
  PasswordHasher& hasher_;
  AccountOptions options_;
  AttemptLimiter attempts_by_ip_, failures_by_account_, guests_by_ip_;
  std::unique_ptr<PlayerApi> player_api_;  // GET /api/players/..., /api/leaderboard
};

}  // namespace allegra::server
