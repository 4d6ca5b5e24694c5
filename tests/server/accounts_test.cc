// The accounts' rules without a socket: user names (one check with the terminal's names, plus the
// reserved list), same-origin, the Cookie header, the rate limiter, the credentials, and the API
// over a real SqliteStore with the hashes run at once (PasswordHasher with 0 threads).
#include "server/accounts.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "server/credentials.h"
#include "server/sqlite_store.h"
#include "server/store_backends.h"
#include "text/player_name.h"
#include "wire/protocol_schema.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ::testing::HasSubstr;

TEST(UserNames, FollowThePlayerNameRulesAndTheReservedList) {
  EXPECT_EQ(user_name_problem("Bea"), std::nullopt);
  EXPECT_EQ(user_name_problem("Zoë 2"), std::nullopt);
  EXPECT_EQ(user_name_problem("漢字"), std::nullopt);
  EXPECT_THAT(user_name_problem("Be\u0430").value_or(""), HasSubstr("Latin, Cyrillic or Greek"));
  EXPECT_THAT(user_name_problem("\u03b1lpha").value_or(""), HasSubstr("Latin, Cyrillic or Greek"));
  EXPECT_TRUE(user_name_problem("Be\u200ba").has_value()) << "zero-width space";
  EXPECT_TRUE(user_name_problem("\u202eaeB").has_value()) << "bidirectional override";
  EXPECT_TRUE(user_name_problem("\u0301Bea").has_value()) << "lone combining mark";
  EXPECT_TRUE(user_name_problem("").has_value());
  for (const char* reserved :
       {"admin", "ADMIN", "Ａｄｍｉｎ", "Deleted Player", "Guest 12", "bot 3", "expert", "Hard"}) {
    EXPECT_EQ(user_name_problem(reserved), "is reserved") << reserved;
  }
  // The terminal's names follow the same script rule (text::player_name_problem, one function).
  EXPECT_TRUE(text::player_name_problem("Be\u0430").has_value());
  EXPECT_EQ(text::player_name_problem("Бея"), std::nullopt) << "Cyrillic alone is fine";
}

// Each refusal carries a reason code of the schema's NameRefusalReason, which the browser words
// (web/src/players/errors.ts); every code of the enum is given for some name.
TEST(UserNames, EveryRefusalHasAReasonOfTheSchema) {
  const std::pair<const char*, const char*> cases[] = {{"", "empty"},
                                                       {"Abcdefghijklmnopq", "too_long"},
                                                       {"Be\x1b[2Ja", "control"},
                                                       {"Be\xff"
                                                        "a",
                                                        "invalid_utf8"},
                                                       {"Bea\u202Eevil", "bidi"},
                                                       {"Be\u200Ba", "invisible"},
                                                       {"Bea\u00A0Z", "space"},
                                                       {"Be\uE000a", "unassigned"},
                                                       {"\u0301Bea", "combining"},
                                                       {" Bea", "leading_space"},
                                                       {"Be  a", "double_space"},
                                                       {"Bea ", "trailing_space"},
                                                       {"Be\u0430", "mixed_scripts"},
                                                       {"漢字漢字漢字漢字漢", "too_wide"},
                                                       {"Admin", "reserved"},
                                                       {"Guest 12", "reserved"}};
  const nlohmann::json& schema = wire::testing::ProtocolSchema::get().document();
  const nlohmann::json& reasons = schema["$defs"]["NameRefusalReason"]["enum"];
  std::set<std::string> given;
  for (const auto& [name, reason] : cases) {
    const std::optional<NameRefusal> refusal = user_name_refusal(name);
    ASSERT_TRUE(refusal.has_value()) << reason;
    EXPECT_STREQ(refusal->reason, reason) << name;
    EXPECT_EQ(refusal->text, user_name_problem(name).value_or("")) << name;
    given.insert(refusal->reason);
  }
  EXPECT_EQ(given, reasons.get<std::set<std::string>>());
}

TEST(SameOrigin, ComparesTheAuthorityWithTheHostHeader) {
  EXPECT_TRUE(same_origin("http://127.0.0.1:8080", "127.0.0.1:8080"));
  EXPECT_TRUE(same_origin("https://Allegra.example", "allegra.example"));
  EXPECT_FALSE(same_origin("https://evil.example", "allegra.example"));
  EXPECT_FALSE(same_origin("http://127.0.0.1:8081", "127.0.0.1:8080"));
  EXPECT_FALSE(same_origin("null", "allegra.example"));
  EXPECT_FALSE(same_origin("http://a", ""));
}

TEST(CookieHeader, FindsTheSessionAmongOtherCookies) {
  EXPECT_EQ(cookie_value("allegra_session=abc", "allegra_session"), "abc");
  EXPECT_EQ(cookie_value("x=1;  allegra_session=abc ; y=2", "allegra_session"), "abc");
  EXPECT_EQ(cookie_value("allegra_session=\"abc\"", "allegra_session"), "abc");
  EXPECT_EQ(cookie_value("xallegra_session=abc", "allegra_session"), std::nullopt);
  EXPECT_EQ(cookie_value("", "allegra_session"), std::nullopt);
  EXPECT_EQ(cookie_value(";;=;allegra_session", "allegra_session"), std::nullopt);
}

TEST(Credentials, TokensAreLongRandomAndStoredHashed) {
  const std::string a = new_session_token(), b = new_session_token();
  EXPECT_EQ(a.size(), 43u);  // 256 bits, base64url
  EXPECT_NE(a, b);
  EXPECT_EQ(token_hash(a).size(), 64u);
  EXPECT_EQ(token_hash(a), token_hash(a));
  EXPECT_NE(token_hash(a), token_hash(b));
  const std::string hash = hash_password("correct horse");
  EXPECT_THAT(hash, HasSubstr("$argon2id$"));
  EXPECT_TRUE(verify_password(hash, "correct horse"));
  EXPECT_FALSE(verify_password(hash, "correct horsf"));
  EXPECT_FALSE(verify_password("garbage", "correct horse"));
}

TEST(AttemptLimiter, RefusesBeyondTheLimitUntilTheWindowPasses) {
  AttemptLimiter limiter(2, std::chrono::seconds(10));
  const auto t0 = AttemptLimiter::Clock::now();
  EXPECT_TRUE(limiter.allowed("k", t0));
  limiter.note("k", t0);
  limiter.note("k", t0);
  EXPECT_FALSE(limiter.allowed("k", t0 + std::chrono::seconds(9)));
  EXPECT_EQ(limiter.retry_after("k", t0 + std::chrono::seconds(9)), 1);
  EXPECT_TRUE(limiter.allowed("other", t0));
  EXPECT_TRUE(limiter.allowed("k", t0 + std::chrono::seconds(10)));
}

class AccountsApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = backend_.open();
    accounts_.emplace(*store_, *store_, hasher_, AccountOptions{});
  }
  void TearDown() override {
    accounts_.reset();
    store_.reset();
  }
  ApiReply call(const std::string& method, const std::string& path, const std::string& cookie,
                const std::string& body = "{}", const std::string& origin = "") {
    const size_t q = path.find('?');  // a query goes apart, as http_server.cc sends it
    ApiRequest r{method,
                 path.substr(0, q),
                 cookie,
                 origin,
                 "h:1",
                 "application/json",
                 body,
                 "10.0.0.1",
                 q == std::string::npos ? "" : path.substr(q + 1)};
    std::optional<ApiReply> reply;
    accounts_->handle(r, [&](ApiReply a) { reply = std::move(a); });
    EXPECT_TRUE(reply.has_value());
    return reply.value_or(ApiReply{});
  }
  // "allegra_session=TOKEN" from a reply's cookie.
  static std::string session(const ApiReply& reply) {
    EXPECT_FALSE(reply.set_cookies.empty());
    const std::string& c = reply.set_cookies.at(0);
    return c.substr(0, c.find(';'));
  }

  store_testing::SqliteStoreBackend backend_;  // a scratch folder and its server.sqlite
  std::unique_ptr<SqliteStore> store_;
  PasswordHasher hasher_{0, 0, [](std::function<void()> f) { f(); }};
  std::optional<Accounts> accounts_;
};

TEST_F(AccountsApiTest, BadBodiesAndForeignOriginsGetClearErrors) {
  const std::string guest = session(call("GET", "/api/me", ""));
  EXPECT_EQ(call("POST", "/api/account", guest, "not json").status, 400);
  EXPECT_EQ(call("POST", "/api/account", guest, "[]").status, 400);
  EXPECT_EQ(call("POST", "/api/account", guest, R"({"name":1,"password":"x"})").status, 400);
  EXPECT_EQ(call("POST", "/api/account", guest, R"({"name":"Bea","password":"short"})").status,
            400);
  EXPECT_EQ(json::parse(
                call("POST", "/api/account", guest, R"({"name":"admin","password":"long enough"})")
                    .body)["error"],
            "name_problem");
  EXPECT_EQ(call("POST", "/api/logout", guest, "{}", "http://evil.example").status, 403);
  EXPECT_EQ(call("POST", "/api/nothing", guest).status, 404);
  EXPECT_EQ(call("GET", "/api/login", guest).status, 405);
  ApiRequest form{"POST", "/api/logout", guest, "", "h:1", "application/x-www-form-urlencoded",
                  "",     "1",           ""};
  int status = 0;
  accounts_->handle(form, [&](ApiReply a) { status = a.status; });
  EXPECT_EQ(status, 415);
  // A cookie that names no session: a new guest, not an error.
  const ApiReply fresh = call("GET", "/api/me", "allegra_session=forged");
  EXPECT_EQ(fresh.status, 200);
  EXPECT_NE(session(fresh), "allegra_session=forged");
}

}  // namespace
}  // namespace allegra::server
