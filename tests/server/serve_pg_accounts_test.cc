// The accounts' API of a real `allegra serve --store` never holds the io thread while PostgreSQL
// does not answer (issue 30): the database is frozen (SIGSTOP of PostgreSQL's processes: its port
// still takes connections, nothing answers, the hardest outage for a client), and meanwhile the
// server answers /healthz and a game connection's ping at once; once the store knows the database
// is away (its probe gets no answer), every /api/ request is answered 503 `store_unavailable` at
// once instead of waiting; after SIGCONT the same requests work without a restart. Runs on the
// throwaway cluster of `ctest -R StoreSuitePostgres` (ALLEGRA_PG_URL, ALLEGRA_PG_DIR).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/store_backends.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using Clock = std::chrono::steady_clock;

// A browser of the accounts' API: its session cookie and the page's origin.
class PgAccountsBrowser {
 public:
  explicit PgAccountsBrowser(uint16_t port) : port_(port) {}
  HttpCall call(const std::string& method, const std::string& path,
                const nlohmann::json& body = nlohmann::json::object()) {
    std::vector<std::pair<std::string, std::string>> headers = {
        {"Origin", fmt::format("http://127.0.0.1:{}", port_)}};
    if (!cookie_.empty()) headers.emplace_back("Cookie", cookie_);
    if (method == "POST") headers.emplace_back("Content-Type", "application/json");
    HttpCall r = http_call(port_, method, path, headers, method == "POST" ? body.dump() : "",
                           std::chrono::seconds(3));
    for (const std::string& set : r.set_cookies) {
      const std::string pair = set.substr(0, set.find(';'));
      cookie_ = set.find("Max-Age=0") != std::string::npos ? "" : pair;
    }
    return r;
  }

 private:
  uint16_t port_;
  std::string cookie_;
};

// PostgreSQL's processes of the test cluster (the postmaster and its children), to freeze.
std::vector<pid_t> cluster_processes(const std::filesystem::path& cluster) {
  std::ifstream pid_file(cluster / "data" / "postmaster.pid");
  pid_t postmaster = 0;
  pid_file >> postmaster;
  std::vector<pid_t> pids;
  if (postmaster <= 0) return pids;
  pids.push_back(postmaster);
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream stat(entry.path() / "stat");
    std::string pid, name, state;
    pid_t parent = 0;
    if (stat >> pid >> name >> state >> parent && parent == postmaster)
      pids.push_back(static_cast<pid_t>(std::stol(pid)));
  }
  return pids;
}

class ServePgAccountsTest : public cli_testing::CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    const char* dir = std::getenv("ALLEGRA_PG_DIR");
    if (dir == nullptr)
      return server::store_testing::skip_or_fail(
          "ALLEGRA_PG_DIR is not set: run `ctest -R StoreSuitePostgres`");
    cluster_ = dir;
    server::store_testing::PgStoreBackend pg;
    if (const std::string skip = pg.skip_reason(); !skip.empty())
      return server::store_testing::skip_or_fail(skip);
    url_ = pg.url();
  }
  void TearDown() override {
    thaw();
    CliFixture::TearDown();
  }
  void freeze() {
    frozen_ = cluster_processes(cluster_);
    ASSERT_FALSE(frozen_.empty()) << "no PostgreSQL process found in " << cluster_;
    for (pid_t pid : frozen_) ::kill(pid, SIGSTOP);
  }
  void thaw() {
    for (pid_t pid : frozen_) ::kill(pid, SIGCONT);
    frozen_.clear();
  }
  std::string url_;
  std::filesystem::path cluster_;
  std::vector<pid_t> frozen_;
};

// How long `f` takes, in seconds.
template <typename F>
double seconds_of(F&& f) {
  const auto start = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

TEST_F(ServePgAccountsTest, AFrozenDatabaseNeverHoldsTheIoThreadAndTheApiAnswersAtOnce) {
  ServerProcess server(dir_, {"--store", url_});
  PgAccountsBrowser anna(server.port()), newcomer(server.port());
  ASSERT_EQ(anna.call("GET", "/api/me").status, 200);
  Player bea(server.port(), "Bea");  // a game connection, to ping

  freeze();
  // 1. The io thread answers at once while the store finds out (its probe waits in vain).
  int health = 200;
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  while (health == 200 && Clock::now() < deadline) {
    EXPECT_LT(seconds_of([&] { health = http_get(server.port(), "/healthz").status; }), 0.5);
    EXPECT_LT(seconds_of([&] { bea.request({{"type", "ping"}}, "pong"); }), 0.5);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_EQ(health, 503) << "the store never noticed the frozen database\n" << server.log();
  const HttpResult why = http_get(server.port(), "/healthz");
  EXPECT_NE(why.body.find("no answer"), std::string::npos) << why.body;

  // 2. Every kind of account request is answered at once, and nothing waits on the database.
  struct Request {
    PgAccountsBrowser* browser;
    std::string method, path;
    nlohmann::json body;
  };
  const std::vector<Request> requests = {
      {&newcomer, "GET", "/api/me", {}},
      {&anna, "GET", "/api/me", {}},
      {&anna, "POST", "/api/logout", nlohmann::json::object()},
      {&anna, "POST", "/api/account", {{"name", "Annabel"}, {"password", "correct horse"}}},
      {&newcomer, "POST", "/api/login", {{"name", "Annabel"}, {"password", "correct horse"}}},
      {&anna, "GET", "/api/leaderboard", {}},
  };
  for (const Request& r : requests) {
    HttpCall reply;
    EXPECT_LT(seconds_of([&] { reply = r.browser->call(r.method, r.path, r.body); }), 0.5)
        << r.path;
    EXPECT_EQ(reply.status, 503) << r.path << " " << reply.body;
    const auto body = nlohmann::json::parse(reply.body, nullptr, false);
    EXPECT_EQ(body.value("error", ""), "store_unavailable") << reply.body;
    EXPECT_NE(body.value("message", "").find("nothing was changed"), std::string::npos)
        << reply.body;
    EXPECT_LT(seconds_of([&] { bea.request({{"type", "ping"}}, "pong"); }), 0.5);
  }
  // A new game connection opens at once too.
  EXPECT_LT(seconds_of([&] { Player carl(server.port(), "Carl"); }), 1.0);

  // 3. The database answers again: the same requests work, without a restart.
  thaw();
  const auto back = Clock::now() + std::chrono::seconds(15);
  while (http_get(server.port(), "/healthz").status != 200 && Clock::now() < back)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200) << server.log();
  const HttpCall claimed =
      anna.call("POST", "/api/account", {{"name", "Annabel"}, {"password", "correct horse"}});
  EXPECT_EQ(claimed.status, 200) << claimed.body;
  EXPECT_EQ(anna.call("POST", "/api/logout").status, 200);
  EXPECT_EQ(
      newcomer.call("POST", "/api/login", {{"name", "Annabel"}, {"password", "correct horse"}})
          .status,
      200);
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

}  // namespace
}  // namespace allegra::server_testing
