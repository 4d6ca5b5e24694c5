// Fuzz target: the accounts' API (server/accounts.h) on arbitrary requests: the Cookie header
// and the JSON body of every endpoint, both outside input, against a real SqliteStore.
//
// The input is "E COOKIE\nBODY": byte E picks the endpoint (and the method), the rest up to the
// first newline is the Cookie header, the rest the body. Password hashes are refused (a hasher
// that accepts no job: the API answers "busy"), so the fuzzer spends its time on the parsing and
// the checks instead of Argon2id. The answer must come exactly once, with a status from 200 to
// 599 and a JSON body; cookie_value() must return a part of the header. A sanitizer report or a
// failed check is a bug.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_account_request
//   mkdir -p /tmp/account_request && build/fuzz/fuzz/fuzz_account_request -max_total_time=60
//       -dict=fuzz/account_request.dict /tmp/account_request fuzz/corpus/account_request
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/accounts.h"
#include "server/credentials.h"
#include "server/sqlite_store.h"

namespace {

namespace fs = std::filesystem;
using namespace allegra::server;

[[noreturn]] void bug(const char* what) {
  std::fprintf(stderr, "account_request_fuzz: %s\n", what);
  std::abort();
}

struct World {
  World()
      : dir(fs::temp_directory_path() / ("allegra_fuzz_accounts_" + std::to_string(::getpid()))),
        store((fs::create_directories(dir), dir / "server.sqlite")),
        hasher(1, 0, [](std::function<void()> f) { f(); }),
        accounts(store, store, hasher, AccountOptions{}) {}
  ~World() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  fs::path dir;
  SqliteStore store;
  PasswordHasher hasher;  // one idle thread and room for no job: every hash is refused
  Accounts accounts;
};

constexpr std::array<std::pair<const char*, const char*>, 11> kEndpoints = {{
    {"GET", "/api/me"},
    {"POST", "/api/account"},
    {"POST", "/api/login"},
    {"POST", "/api/logout"},
    {"POST", "/api/logout-all"},
    {"POST", "/api/password"},
    {"POST", "/api/account/delete"},
    {"GET", "/api/me/export"},
    {"POST", "/api/nothing"},
    // The players' pages: the body is the rest of the target (an id, a query).
    {"GET", "/api/players/"},
    {"GET", "/api/leaderboard"},
}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static World world;
  if (size == 0) return 0;
  const auto& [method, path] = kEndpoints[data[0] % kEndpoints.size()];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const size_t newline = rest.find('\n');
  const std::string_view cookie = rest.substr(0, newline);
  const std::string_view body =
      newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);

  if (const std::optional<std::string> value = cookie_value(cookie, kSessionCookie)) {
    if (cookie.find(*value) == std::string_view::npos) bug("a cookie value not in the header");
  }
  ApiRequest request{
      method,     path, std::string(cookie), "", "h", "application/json", std::string(body),
      "10.0.0.1", ""};
  if (method == std::string_view("GET")) {
    // GET /api/players/ID[/games][?QUERY] and /api/leaderboard[?QUERY] from the body.
    const size_t q = body.find('?');
    if (path == std::string_view("/api/players/")) request.path += std::string(body.substr(0, q));
    if (q != std::string_view::npos) request.query = std::string(body.substr(q + 1));
  }
  int answers = 0;
  world.accounts.handle(request, [&](ApiReply reply) {
    ++answers;
    if (reply.status < 200 || reply.status > 599) bug("a status out of range");
    if (!nlohmann::json::accept(reply.body)) bug("a reply that is not JSON");
  });
  if (answers != 1) bug("not exactly one answer");
  world.store.commit();
  return 0;
}
