#include "server/accounts.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "rating/skill_rating.h"
#include "server/credentials.h"
#include "server/player_api.h"
#include "text/player_name.h"

namespace allegra::server {

using nlohmann::json;

namespace {

constexpr size_t kMinPassword = 8;
constexpr size_t kMaxPassword = 1024;  // bytes: Argon2id reads it all
constexpr int kCookieDays = 365;

// The names nobody may take (compared by key and by confusable skeleton): the server's roles,
// the names the server gives (guests, bots, the deleted), the bots' levels and kinds.
constexpr std::array kReserved = {
    "admin",     "administrator", "root",    "system", "server", "allegra",
    "moderator", "mod",           "support", "staff",  "guest",  "deleted player",
    "deleted",   "anonymous",     "bot",     "easy",   "medium", "hard",
    "expert",    "zombie",        "random",  "greedy", "nobody", "you",
};

json player_json(const PlayerRecord& p) {
  return {{"id", p.id},
          {"guest", p.guest},
          {"name", p.guest ? json(nullptr) : json(p.name)},
          {"created", p.created_ms},
          {"rating",
           {{"mu", p.skill.mu},
            {"sigma", p.skill.sigma},
            {"rated_games", p.rated_games},
            {"display", rating::display_rating(p.skill)},
            {"provisional", rating::is_provisional(p.skill, p.rated_games)}}}};
}

// A JSON object body with string fields; the reply to send if it is not one.
struct Fields {
  json object;
  std::optional<ApiReply> problem;
  std::string text(const char* key) const { return object.at(key).get<std::string>(); }
};
Fields body_fields(const std::string& body, std::initializer_list<const char*> keys) {
  Fields f;
  f.object = json::parse(body, nullptr, /*allow_exceptions*/ false);
  if (!f.object.is_object()) {
    f.problem = api_error_reply(400, "bad_request", "the body must be a JSON object");
    return f;
  }
  for (const char* key : keys) {
    auto it = f.object.find(key);
    if (it == f.object.end() || !it->is_string()) {
      f.problem = api_error_reply(400, "bad_request", fmt::format("\"{}\" must be a string", key));
      return f;
    }
  }
  return f;
}

std::optional<ApiReply> password_problem(const std::string& password) {
  if (password.size() < kMinPassword || password.size() > kMaxPassword)
    return api_error_reply(
        400, "weak_password",
        fmt::format("a password has {} to {} bytes", kMinPassword, kMaxPassword));
  return std::nullopt;
}

ApiReply wrong_credentials() {
  // One answer for an unknown name and a wrong password: the reply tells no one which names exist.
  return api_error_reply(401, "wrong_credentials", "wrong user name or password");
}

ApiReply busy_reply() {
  return api_error_reply(503, "busy",
                         "the server is busy checking passwords: try again in a moment");
}

}  // namespace

ApiReply api_json_reply(int status, const json& body) {
  return {status, "application/json", body.dump(), {}, {}};
}

ApiReply api_error_reply(int status, std::string_view code, std::string_view message) {
  return api_json_reply(status, json{{"error", code}, {"message", message}});
}

std::optional<std::string> user_name_problem(std::string_view name) {
  if (auto refusal = user_name_refusal(name)) return std::move(refusal->text);
  return std::nullopt;
}

std::optional<NameRefusal> user_name_refusal(std::string_view name) {
  if (auto refusal = text::player_name_refusal(name)) return refusal;
  const std::string key = text::player_name_key(name);
  const std::string skeleton = text::player_name_skeleton(name);
  const NameRefusal reserved_name{"reserved", "is reserved"};
  for (const char* reserved : kReserved) {
    if (key == reserved || (!skeleton.empty() && skeleton == text::player_name_skeleton(reserved)))
      return reserved_name;
  }
  // "Guest 12", "Bot 3": the names the server gives.
  if (key.starts_with("guest ") || key.starts_with("bot ")) return reserved_name;
  return std::nullopt;
}

bool same_origin(std::string_view origin, std::string_view host) {
  const size_t scheme = origin.find("://");
  if (scheme == std::string_view::npos || host.empty()) return false;
  const std::string_view authority = origin.substr(scheme + 3);
  return std::equal(authority.begin(), authority.end(), host.begin(), host.end(),
                    [](char a, char b) { return std::tolower(a) == std::tolower(b); });
}

// --- AttemptLimiter ---------------------------------------------------------------------------
void AttemptLimiter::prune(std::deque<Clock::time_point>& times, Clock::time_point now) const {
  while (!times.empty() && now - times.front() >= window_) times.pop_front();
}

bool AttemptLimiter::allowed(const std::string& key, Clock::time_point now) {
  auto it = events_.find(key);
  if (it == events_.end()) return true;
  prune(it->second, now);
  return static_cast<int>(it->second.size()) < limit_;
}

void AttemptLimiter::note(const std::string& key, Clock::time_point now) {
  // Every 1024 notes, forget the keys whose window is over (bounded memory under a flood).
  if (++notes_since_sweep_ >= 1024) {
    notes_since_sweep_ = 0;
    for (auto it = events_.begin(); it != events_.end();) {
      prune(it->second, now);
      it = it->second.empty() ? events_.erase(it) : std::next(it);
    }
  }
  auto& times = events_[key];
  prune(times, now);
  times.push_back(now);
}

int64_t AttemptLimiter::retry_after(const std::string& key, Clock::time_point now) {
  if (allowed(key, now)) return 0;
  const auto& times = events_[key];
  return std::max<int64_t>(
      1, std::chrono::ceil<std::chrono::seconds>(times.front() + window_ - now).count());
}

// --- Accounts ---------------------------------------------------------------------------------
Accounts::Accounts(Store& store, PlayerStore& players, PasswordHasher& hasher,
                   AccountOptions options)
    : store_(store),
      players_(players),
      hasher_(hasher),
      options_(options),
      attempts_by_ip_(options.attempts_per_ip, options.window),
      failures_by_account_(options.failures_per_account, options.window),
      guests_by_ip_(options.guests_per_ip, options.window),
      player_api_(std::make_unique<PlayerApi>(store, players)) {}

Accounts::~Accounts() = default;

int64_t Accounts::now_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string Accounts::cookie(std::string_view token, bool clear) const {
  return fmt::format("{}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{}", kSessionCookie,
                     clear ? "" : token, clear ? 0 : kCookieDays * 86400,
                     options_.secure_cookies ? "; Secure" : "");
}

std::string Accounts::open_session(PlayerId player) {
  const std::string token = new_session_token();
  players_.add_session(token_hash(token), player, now_ms());
  return cookie(token, false);
}

std::optional<ApiReply> Accounts::store_away() const {
  const std::optional<std::string> why = store_.unavailable();
  if (!why) return std::nullopt;
  return api_error_reply(503, "store_unavailable",
                         fmt::format("{}: nothing was changed; try again in a moment", *why));
}

void Accounts::reply_when_committed(ApiReply reply, const Done& done) {
  // SQLite commits here and calls back at once; PostgreSQL's store thread calls back through
  // the io loop once the commit is done (docs/server-store.md): the io thread never waits.
  store_.commit_async([reply = std::move(reply), done](std::exception_ptr error) mutable {
    if (!error) return done(std::move(reply));
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      spdlog::error("event=api_failed error=\"{}\"", e.what());
    }
    done(api_error_reply(500, "server_error", "the server could not do this: try again later"));
  });
}

Accounts::Session Accounts::session_of(const ApiRequest& request) {
  Session s;
  const std::optional<std::string> token = cookie_value(request.cookie, kSessionCookie);
  if (!token || token->empty() || token->size() > 128) return s;
  s.hash = token_hash(*token);
  if (const std::optional<PlayerId> id = players_.session_player(s.hash, now_ms())) {
    s.player = players_.player(*id);
    if (s.player && s.player->deleted) s.player.reset();
  }
  return s;
}

std::optional<PlayerId> Accounts::player_of(std::string_view cookie_header) {
  // While the store is away nobody is looked up (the io thread does not wait on it): the
  // connection is anonymous, and its seat comes back by its token as for any guest.
  if (store_.unavailable()) return std::nullopt;
  ApiRequest request;
  request.cookie = std::string(cookie_header);
  const Session s = session_of(request);
  if (!s.player) return std::nullopt;
  return s.player->id;
}

std::optional<ApiReply> Accounts::refuse_attempt(const std::string& ip,
                                                 const std::string& account) {
  const auto now = AttemptLimiter::Clock::now();
  const int64_t wait = std::max(attempts_by_ip_.retry_after(ip, now),
                                failures_by_account_.retry_after(account, now));
  if (wait > 0) {
    ApiReply reply = api_error_reply(429, "rate_limited",
                                     fmt::format("too many attempts: try again in {} s", wait));
    return reply;
  }
  attempts_by_ip_.note(ip, now);
  return std::nullopt;
}

void Accounts::note_failure(const std::string& ip, const std::string& account) {
  failures_by_account_.note(account, AttemptLimiter::Clock::now());
  spdlog::info("event=sign_in_failed ip={}", ip);
}

void Accounts::handle(const ApiRequest& request, std::function<void(ApiReply)> done) {
  try {
    // 1. Cross-site requests: a POST must come from a page of this server (its Origin, when the
    //    browser sends one) and be JSON (which a cross-site form cannot send without a CORS
    //    preflight that this server never answers).
    const bool post = request.method == "POST";
    if (!request.origin.empty() && !same_origin(request.origin, request.host))
      return done(api_error_reply(403, "foreign_origin", "requests from another site are refused"));
    if (post && !request.content_type.starts_with("application/json"))
      return done(api_error_reply(415, "bad_request", "send the body as application/json"));
    // 2. Every endpoint reads or writes the store: while it is away (or behind), an answer now
    //    rather than a request that waits on it (on the io thread, for a read).
    if (auto away = store_away()) return done(std::move(*away));
    const std::string& path = request.path;
    if (path == "/api/me" && request.method == "GET") return me(request, done);
    if (path == "/api/me/export" && request.method == "GET") {
      return export_data(session_of(request), done);
    }
    if (PlayerApi::handles(path) && request.method == "GET")
      return done(player_api_->handle(path, request.query, player_of(request.cookie)));
    if (!post) {
      ApiReply reply = api_error_reply(405, "bad_request", "this endpoint takes a POST");
      if (path != "/api/account" && path != "/api/login" && path != "/api/logout" &&
          path != "/api/logout-all" && path != "/api/password" && path != "/api/account/delete")
        reply = api_error_reply(404, "not_found", "no such endpoint");
      return done(std::move(reply));
    }
    const Session session = session_of(request);
    if (path == "/api/account") return claim(request, session, done);
    if (path == "/api/login") return login(request, session, done);
    if (path == "/api/logout") return logout(session, false, done);
    if (path == "/api/logout-all") return logout(session, true, done);
    if (path == "/api/password") return change_password(request, session, done);
    if (path == "/api/account/delete") return delete_account(request, session, done);
    done(api_error_reply(404, "not_found", "no such endpoint"));
  } catch (const std::runtime_error& e) {
    spdlog::error("event=api_failed error=\"{}\"", e.what());
    done(api_error_reply(500, "server_error", "the server could not do this: try again later"));
  }
}

void Accounts::me(const ApiRequest& request, const Done& done) {
  Session session = session_of(request);
  ApiReply reply;
  if (!session.player) {
    // A first visit: a guest at once (bounded per address: a loop of visits cannot fill the store).
    const auto now = AttemptLimiter::Clock::now();
    if (!guests_by_ip_.allowed(request.ip, now))
      return done(api_error_reply(429, "rate_limited", "too many new guests from this address"));
    guests_by_ip_.note(request.ip, now);
    const PlayerId id = players_.create_guest(now_ms());
    reply.set_cookies.push_back(open_session(id));
    session.player = players_.player(id);
    spdlog::info("event=guest_created player={}", id);
  }
  reply.body = json{{"player", player_json(*session.player)}}.dump();
  if (reply.set_cookies.empty()) return done(std::move(reply));
  reply_when_committed(std::move(reply), done);
}

void Accounts::claim(const ApiRequest& request, const Session& session, const Done& done) {
  if (!session.player)
    return done(api_error_reply(401, "not_signed_in", "no session: reload the page"));
  if (!session.player->guest)
    return done(api_error_reply(409, "already_account", "this player is an account already"));
  Fields f = body_fields(request.body, {"name", "password"});
  if (f.problem) return done(*f.problem);
  const std::string name = f.text("name"), password = f.text("password");
  if (auto refusal = user_name_refusal(name)) {
    return done(api_json_reply(400, json{{"error", "name_problem"},
                                         {"message", "the name " + refusal->text},
                                         {"reason", refusal->reason}}));
  }
  if (auto problem = password_problem(password)) return done(*problem);
  const std::string key = text::player_name_key(name);
  const std::string skeleton = text::player_name_skeleton(name);
  if (players_.account_by_key(key) || players_.account_by_skeleton(skeleton))
    return done(
        api_error_reply(409, "name_taken", "this name (or one that looks like it) is taken"));
  const PlayerId id = session.player->id;
  const bool queued = hasher_.submit<std::string>(
      [password] { return hash_password(password); },
      [this, done, id, name, key, skeleton](std::string hash) {
        try {
          const std::optional<PlayerRecord> p = players_.player(id);
          if (!p || !p->guest || p->deleted)
            return done(
                api_error_reply(409, "already_account", "this player is an account already"));
          if (!players_.claim(id, name, key, skeleton, hash))
            return done(api_error_reply(409, "name_taken",
                                        "this name (or one that looks like it) is taken"));
          spdlog::info("event=account_claimed player={}", id);
          reply_when_committed(
              api_json_reply(200, json{{"player", player_json(*players_.player(id))}}), done);
        } catch (const std::runtime_error& e) {
          spdlog::error("event=api_failed error=\"{}\"", e.what());
          done(api_error_reply(500, "server_error",
                               "the server could not do this: try again later"));
        }
      });
  if (!queued) done(busy_reply());
}

void Accounts::login(const ApiRequest& request, const Session& session, const Done& done) {
  Fields f = body_fields(request.body, {"name", "password"});
  if (f.problem) return done(*f.problem);
  const std::string name = f.text("name"), password = f.text("password");
  if (name.size() > 256 || password.size() > kMaxPassword) return done(wrong_credentials());
  const std::string key = text::player_name_key(name);
  if (auto refused = refuse_attempt(request.ip, key)) return done(*refused);
  const std::optional<PlayerRecord> account = players_.account_by_key(key);
  // An unknown name costs a hash too (of a dummy): the time does not tell which names exist.
  const std::string hash = account ? account->password_hash : std::string();
  const std::string ip = request.ip, old_session = session.hash;
  const bool queued = hasher_.submit<bool>(
      [hash, password] {
        if (hash.empty()) {
          (void)hash_password(password);
          return false;
        }
        return verify_password(hash, password);
      },
      [this, done, account, ip, key, old_session](bool ok) {
        try {
          if (!ok || !account) {
            note_failure(ip, key);
            return done(wrong_credentials());
          }
          const std::optional<PlayerRecord> p = players_.player(account->id);
          if (!p || p->deleted) return done(wrong_credentials());
          failures_by_account_.clear(key);
          // This browser's previous session (a guest's) ends: the browser is now the account's.
          if (!old_session.empty()) players_.delete_session(old_session);
          ApiReply reply = api_json_reply(200, json{{"player", player_json(*p)}});
          reply.set_cookies.push_back(open_session(p->id));
          spdlog::info("event=signed_in player={}", p->id);
          reply_when_committed(std::move(reply), done);
        } catch (const std::runtime_error& e) {
          spdlog::error("event=api_failed error=\"{}\"", e.what());
          done(api_error_reply(500, "server_error",
                               "the server could not do this: try again later"));
        }
      });
  if (!queued) done(busy_reply());
}

void Accounts::logout(const Session& session, bool everywhere, const Done& done) {
  if (everywhere) {
    if (!session.player)
      return done(api_error_reply(401, "not_signed_in", "no session: reload the page"));
    players_.delete_sessions(session.player->id);
    spdlog::info("event=signed_out_everywhere player={}", session.player->id);
  } else if (!session.hash.empty()) {
    players_.delete_session(session.hash);
  }
  ApiReply reply = api_json_reply(200, json{{"ok", true}});
  reply.set_cookies.push_back(cookie("", true));
  reply_when_committed(std::move(reply), done);
}

void Accounts::change_password(const ApiRequest& request, const Session& session,
                               const Done& done) {
  if (!session.player)
    return done(api_error_reply(401, "not_signed_in", "no session: reload the page"));
  if (session.player->guest)
    return done(api_error_reply(409, "not_an_account", "claim this player as an account first"));
  Fields f = body_fields(request.body, {"password", "new_password"});
  if (f.problem) return done(*f.problem);
  const std::string password = f.text("password"), fresh = f.text("new_password");
  if (auto problem = password_problem(fresh)) return done(*problem);
  const std::string key = session.player->name_key;
  if (auto refused = refuse_attempt(request.ip, key)) return done(*refused);
  const PlayerId id = session.player->id;
  const std::string old_hash = session.player->password_hash, ip = request.ip;
  const bool queued = hasher_.submit<std::string>(
      [old_hash, password, fresh] {
        return verify_password(old_hash, password) ? hash_password(fresh) : std::string();
      },
      [this, done, id, ip, key](std::string hash) {
        try {
          if (hash.empty()) {
            note_failure(ip, key);
            return done(wrong_credentials());
          }
          // The other browsers are signed out (a changed password ends a thief's sessions).
          players_.set_password(id, hash);
          players_.delete_sessions(id);
          ApiReply reply = api_json_reply(200, json{{"ok", true}});
          reply.set_cookies.push_back(open_session(id));
          spdlog::info("event=password_changed player={}", id);
          reply_when_committed(std::move(reply), done);
        } catch (const std::runtime_error& e) {
          spdlog::error("event=api_failed error=\"{}\"", e.what());
          done(api_error_reply(500, "server_error",
                               "the server could not do this: try again later"));
        }
      });
  if (!queued) done(busy_reply());
}

void Accounts::delete_account(const ApiRequest& request, const Session& session, const Done& done) {
  if (!session.player)
    return done(api_error_reply(401, "not_signed_in", "no session: reload the page"));
  const PlayerId id = session.player->id;
  auto erase = [this, id, done] {
    players_.delete_player(id);
    spdlog::info("event=player_deleted player={}", id);
    ApiReply reply = api_json_reply(200, json{{"ok", true}});
    reply.set_cookies.push_back(cookie("", true));
    reply_when_committed(std::move(reply), done);
  };
  if (session.player->guest) return erase();  // a guest has no password: his cookie is his key
  Fields f = body_fields(request.body, {"password"});
  if (f.problem) return done(*f.problem);
  const std::string key = session.player->name_key;
  if (auto refused = refuse_attempt(request.ip, key)) return done(*refused);
  const std::string hash = session.player->password_hash, password = f.text("password"),
                    ip = request.ip;
  const bool queued = hasher_.submit<bool>(
      [hash, password] { return verify_password(hash, password); },
      [this, done, erase, ip, key](bool ok) {
        try {
          if (!ok) {
            note_failure(ip, key);
            return done(wrong_credentials());
          }
          erase();
        } catch (const std::runtime_error& e) {
          spdlog::error("event=api_failed error=\"{}\"", e.what());
          done(api_error_reply(500, "server_error",
                               "the server could not do this: try again later"));
        }
      });
  if (!queued) done(busy_reply());
}

void Accounts::export_data(const Session& session, const Done& done) {
  if (!session.player)
    return done(api_error_reply(401, "not_signed_in", "no session: reload the page"));
  const PlayerRecord& p = *session.player;
  json ratings = json::array();
  for (const RatingChange& c : players_.rating_history(p.id)) {
    ratings.push_back({{"game", c.game_id},
                       {"before", {{"mu", c.before.mu}, {"sigma", c.before.sigma}}},
                       {"after", {{"mu", c.after.mu}, {"sigma", c.after.sigma}}},
                       {"at", c.at_ms}});
  }
  json games = json::array();
  for (const GameSeat& seat : players_.player_games(p.id)) {
    games.push_back({{"id", seat.game_id},
                     {"seat", seat.seat},
                     {"record", store_.game(seat.game_id).value_or("")}});
  }
  ApiReply reply = api_json_reply(200, json{{"format", "allegra-player-export"},
                                            {"version", 1},
                                            {"player", player_json(p)},
                                            {"ratings", ratings},
                                            {"games", games}});
  reply.content_disposition = fmt::format("attachment; filename=\"allegra-player-{}.json\"", p.id);
  done(std::move(reply));
}

}  // namespace allegra::server
