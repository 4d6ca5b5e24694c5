// The accounts over HTTP against a real `allegra serve` (issue 29 §1 and §5): a guest at the first
// visit; claim it, sign in from a second cookie jar, sign out, sign out everywhere, change the
// password, delete; user names that clash after NFKC or look alike; wrong passwords rate-limited
// with one error for unknown names; a session cookie from another origin refused on the
// WebSocket upgrade; players.json in --export; and never a password or a token in the log.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/cli_runner.h"
#include "server/server_process.h"
#include "server/ws_client.h"
#include "wire/protocol_schema.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;
using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

// One browser: its cookie jar (the session cookie only) and the page's origin.
class Browser {
 public:
  explicit Browser(uint16_t port) : port_(port) {}
  HttpCall get(const std::string& path) { return call("GET", path, ""); }
  HttpCall post(const std::string& path, const json& body = json::object(),
                std::string origin = "") {
    return call("POST", path, body.dump(), std::move(origin));
  }
  json me() { return json::parse(get("/api/me").body)["player"]; }
  const std::string& cookie() const { return cookie_; }
  std::string token() const { return cookie_.substr(cookie_.find('=') + 1); }

 private:
  HttpCall call(const std::string& method, const std::string& path, const std::string& body,
                std::string origin = "") {
    std::vector<std::pair<std::string, std::string>> headers = {
        {"Origin", origin.empty() ? fmt::format("http://127.0.0.1:{}", port_) : origin}};
    if (!cookie_.empty()) headers.emplace_back("Cookie", cookie_);
    if (method == "POST") headers.emplace_back("Content-Type", "application/json");
    HttpCall r = http_call(port_, method, path, headers, body);
    for (const std::string& set : r.set_cookies) {
      const std::string pair = set.substr(0, set.find(';'));
      cookie_ = set.find("Max-Age=0") != std::string::npos ? "" : pair;
    }
    return r;
  }
  uint16_t port_;
  std::string cookie_;
};

json account(const std::string& name, const std::string& password) {
  return {{"name", name}, {"password", password}};
}

class ServeAccountsTest : public CliFixture {};

TEST_F(ServeAccountsTest, GuestClaimSignInSignOutEverywherePasswordExportDelete) {
  ServerProcess server(dir_);
  const uint16_t port = server.port();
  std::vector<std::string> secrets = {"correct horse", "battery staple"};

  // 1. A first visit: a guest and its cookie (HttpOnly, SameSite=Lax).
  Browser first(port);
  const HttpCall visit = first.get("/api/me");
  ASSERT_EQ(visit.status, 200) << visit.body;
  ASSERT_EQ(visit.set_cookies.size(), 1u);
  EXPECT_THAT(visit.set_cookies[0], HasSubstr("HttpOnly"));
  EXPECT_THAT(visit.set_cookies[0], HasSubstr("SameSite=Lax"));
  EXPECT_THAT(visit.set_cookies[0], Not(HasSubstr("Secure")));
  const json guest = json::parse(visit.body)["player"];
  EXPECT_TRUE(guest["guest"]);
  EXPECT_EQ(first.me()["id"], guest["id"]) << "the cookie keeps the player";
  secrets.push_back(first.token());

  // 2. Claim it as an account.
  const HttpCall claimed = first.post("/api/account", account("Bea", "correct horse"));
  ASSERT_EQ(claimed.status, 200) << claimed.body;
  EXPECT_EQ(first.me()["name"], "Bea");
  EXPECT_EQ(first.me()["id"], guest["id"]);

  // 3. Names: taken after NFKC and case folding, look-alikes, reserved.
  Browser other(port);
  other.me();
  for (const char* name : {"BEA", "Ｂｅａ"}) {
    const HttpCall r = other.post("/api/account", account(name, "long enough"));
    EXPECT_EQ(r.status, 409) << name;
    EXPECT_EQ(json::parse(r.body)["error"], "name_taken") << name;
  }
  const std::pair<const char*, const char*> refused[] = {
      {"B\u0435a", "mixed_scripts"}, {"admin", "reserved"}, {"Be\u200ba", "invisible"}};
  for (const auto& [name, reason] : refused) {
    const HttpCall r = other.post("/api/account", account(name, "long enough"));
    EXPECT_EQ(r.status, 400) << name;
    const json body = json::parse(r.body);
    EXPECT_EQ(body["error"], "name_problem") << name;
    EXPECT_EQ(body["reason"], reason) << name;
    EXPECT_EQ(wire::testing::ProtocolSchema::get().problems(body, "ApiError"),
              std::vector<std::string>{})
        << r.body;
  }

  // 4. Sign in from a second cookie jar; sign out the first.
  Browser second(port);
  second.me();
  ASSERT_EQ(second.post("/api/login", account("bea", "correct horse")).status, 200);
  EXPECT_EQ(second.me()["id"], guest["id"]);
  secrets.push_back(second.token());
  ASSERT_EQ(first.post("/api/logout").status, 200);
  EXPECT_TRUE(first.me()["guest"]) << "signed out: a new guest";
  EXPECT_EQ(second.me()["name"], "Bea") << "the other browser stays signed in";

  // 5. Sign out everywhere.
  Browser third(port);
  ASSERT_EQ(third.post("/api/login", account("Bea", "correct horse")).status, 200);
  ASSERT_EQ(second.post("/api/logout-all").status, 200);
  EXPECT_TRUE(third.me()["guest"]);
  EXPECT_TRUE(second.me()["guest"]);

  // 6. Change the password: the old one no longer signs in.
  Browser fourth(port);
  ASSERT_EQ(fourth.post("/api/login", account("Bea", "correct horse")).status, 200);
  EXPECT_EQ(
      fourth
          .post("/api/password", {{"password", "wrong wrong"}, {"new_password", "battery staple"}})
          .status,
      401);
  ASSERT_EQ(fourth
                .post("/api/password",
                      {{"password", "correct horse"}, {"new_password", "battery staple"}})
                .status,
            200);
  EXPECT_EQ(fourth.me()["name"], "Bea") << "this browser stays signed in";
  Browser fifth(port);
  EXPECT_EQ(fifth.post("/api/login", account("Bea", "correct horse")).status, 401);
  EXPECT_EQ(fifth.post("/api/login", account("Bea", "battery staple")).status, 200);

  // 7. Download one's data.
  const HttpCall data = fifth.get("/api/me/export");
  ASSERT_EQ(data.status, 200);
  EXPECT_THAT(data.content_disposition, HasSubstr("attachment"));
  const json exported = json::parse(data.body);
  EXPECT_EQ(exported["format"], "allegra-player-export");
  EXPECT_EQ(exported["player"]["name"], "Bea");
  EXPECT_THAT(data.body, Not(HasSubstr("argon2")));

  // 8. Delete: the name cannot sign in; the cookie is a new guest.
  EXPECT_EQ(fifth.post("/api/account/delete", {{"password", "nope nope"}}).status, 401);
  ASSERT_EQ(fifth.post("/api/account/delete", {{"password", "battery staple"}}).status, 200);
  EXPECT_EQ(fourth.post("/api/login", account("Bea", "battery staple")).status, 401);
  EXPECT_TRUE(fourth.me()["guest"]);

  // 9. No password and no token in the log.
  ASSERT_EQ(server.terminate(), 0);
  const std::string log = server.log();
  for (const std::string& secret : secrets) EXPECT_THAT(log, Not(HasSubstr(secret))) << secret;
}

TEST_F(ServeAccountsTest, WrongPasswordsAreRateLimitedWithOneErrorForUnknownNames) {
  ServerProcess server(dir_);
  Browser bea(server.port());
  bea.me();
  ASSERT_EQ(bea.post("/api/account", account("Bea", "correct horse")).status, 200);
  Browser thief(server.port());
  const HttpCall unknown = thief.post("/api/login", account("Nobody Here", "correct horse"));
  const HttpCall wrong = thief.post("/api/login", account("Bea", "wrong horse"));
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(unknown.status, wrong.status);
  EXPECT_EQ(unknown.body, wrong.body) << "the same error: nobody learns which names exist";
  for (int i = 0; i < 4; ++i) thief.post("/api/login", account("bea", "wrong horse"));
  // Five failures: the account is locked for a while, even with the right password.
  const HttpCall locked = thief.post("/api/login", account("Bea", "correct horse"));
  EXPECT_EQ(locked.status, 429) << locked.body;
  EXPECT_EQ(json::parse(locked.body)["error"], "rate_limited");
}

TEST_F(ServeAccountsTest, ASessionCookieFromAnotherOriginCannotOpenAGameConnection) {
  ServerProcess server(dir_);
  const uint16_t port = server.port();
  Browser bea(port);
  bea.me();
  auto upgrade = [&](const std::string& origin, bool with_cookie) {
    std::vector<std::pair<std::string, std::string>> headers = {
        {"Connection", "Upgrade"},
        {"Upgrade", "websocket"},
        {"Sec-WebSocket-Version", "13"},
        {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
        {"Origin", origin}};
    if (with_cookie) headers.emplace_back("Cookie", bea.cookie());
    return http_call(port, "GET", "/ws", headers).status;
  };
  EXPECT_EQ(upgrade("https://evil.example", true), 403);
  EXPECT_EQ(upgrade(fmt::format("http://127.0.0.1:{}", port), true), 101);
  EXPECT_EQ(upgrade("https://evil.example", false), 101) << "no cookie: nothing to steal";
  // A POST from another site is refused too.
  EXPECT_EQ(bea.post("/api/logout", json::object(), "https://evil.example").status, 403);
  EXPECT_FALSE(bea.me()["guest"].is_null());
}

TEST_F(ServeAccountsTest, ExportWritesThePlayersWithoutSecrets) {
  const fs::path out = dir_ / "export";
  fs::create_directories(out);
  ServerProcess server(dir_, {"--export", out.string()});
  Browser bea(server.port());
  bea.me();
  ASSERT_EQ(bea.post("/api/account", account("Bea", "correct horse")).status, 200);
  ASSERT_EQ(server.terminate(), 0);
  std::ifstream in(out / "players.json");
  std::stringstream text;
  text << in.rdbuf();
  const json players = json::parse(text.str());
  EXPECT_EQ(players["format"], "allegra-players");
  ASSERT_EQ(players["players"].size(), 1u);
  EXPECT_EQ(players["players"][0]["name"], "Bea");
  EXPECT_THAT(text.str(), Not(HasSubstr("argon2")));
  EXPECT_THAT(text.str(), Not(HasSubstr(bea.token())));
}

}  // namespace
}  // namespace allegra::server_testing
