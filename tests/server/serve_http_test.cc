// `allegra serve` over plain HTTP, against a real process: the status page, /healthz, /metrics,
// /t/CODE, the --web files (and traversal attempts), /games/ID.jsonl, and the serve flags.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/cli_runner.h"
#include "server/server_process.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;
using ::testing::HasSubstr;

class ServeHttpTest : public CliFixture {};

TEST_F(ServeHttpTest, StatusPageHealthzMetricsAndNotFound) {
  ServerProcess server(dir_);
  const HttpResult health = http_get(server.port(), "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.body, "ok\n");

  const HttpResult page = http_get(server.port(), "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_THAT(page.content_type, HasSubstr("text/html"));
  EXPECT_THAT(page.body, HasSubstr("Allegra server 0.1.0"));
  EXPECT_THAT(page.body, HasSubstr(fmt::format("ws://127.0.0.1:{}/ws", server.port())));

  const HttpResult metrics = http_get(server.port(), "/metrics");
  EXPECT_EQ(metrics.status, 200);
  EXPECT_THAT(metrics.content_type, HasSubstr("text/plain"));
  for (const char* name :
       {"allegra_tables ", "allegra_games_playing ", "allegra_connections ",
        "allegra_actions_total ", "allegra_actions_per_second ",
        "allegra_bot_decision_seconds_total ", "allegra_store_commits_total ",
        "allegra_store_entries_total ", "allegra_message_latency_seconds_bucket{le=\"+Inf\"} ",
        "# TYPE allegra_errors_total counter"})
    EXPECT_THAT(metrics.body, HasSubstr(name));

  EXPECT_EQ(http_get(server.port(), "/nothing/here").status, 404);
  EXPECT_EQ(http_get(server.port(), "/games/NOPE-1.jsonl").status, 404);
  EXPECT_EQ(http_get(server.port(), "/games/..%2Fx.jsonl").status, 404);
  EXPECT_EQ(http_request(server.port(), "/", "POST").status, 405);
  const HttpResult head = http_request(server.port(), "/healthz", "HEAD");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.body, "");
  EXPECT_EQ(http_get(server.port(), "/ws").status, 426);  // a plain GET of the WebSocket path

  // The web client's other routes are not served without --web; the invite link is the status.
  EXPECT_EQ(http_get(server.port(), "/rules").status, 404);
  EXPECT_EQ(http_get(server.port(), "/games/K7QX2M-1").status, 404);
  EXPECT_EQ(http_get(server.port(), "/games/NOPE-1/replay.json").status, 404);
  // An invite link without --web: the status page names the table (escaped).
  const HttpResult invite = http_get(server.port(), "/t/K7QX2M");
  EXPECT_EQ(invite.status, 200);
  EXPECT_THAT(invite.body, HasSubstr("table <strong>K7QX2M</strong>"));
  const HttpResult evil = http_get(server.port(), "/t/%3Cscript%3E");
  EXPECT_THAT(evil.body, HasSubstr("&lt;script&gt;"));
  EXPECT_THAT(evil.body, ::testing::Not(HasSubstr("<script>")));
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeHttpTest, WebFolderFilesAndNoTraversal) {
  const fs::path web = dir_ / "web";
  fs::create_directories(web / "assets");
  write("web/index.html", "<!doctype html><title>client</title>");
  write("web/assets/app.js", "console.log(1);");
  write("web/assets/style.css", "body{}");
  write("secret.txt", "top secret");  // beside the web folder, not in it
  fs::create_symlink(dir_ / "secret.txt", web / "link.txt");
  ServerProcess server(dir_, {"--web", web.string()});
  const uint16_t port = server.port();

  const HttpResult index = http_get(port, "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.body, "<!doctype html><title>client</title>");
  EXPECT_THAT(index.content_type, HasSubstr("text/html"));
  const HttpResult js = http_get(port, "/assets/app.js?v=3");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(js.body, "console.log(1);");
  EXPECT_THAT(js.content_type, HasSubstr("text/javascript"));
  EXPECT_THAT(http_get(port, "/assets/style.css").content_type, HasSubstr("text/css"));
  EXPECT_EQ(index.cache_control, "no-cache");
  EXPECT_EQ(js.cache_control, "public, max-age=31536000, immutable");
  EXPECT_EQ(http_get(port, "/index.html").cache_control, "no-cache");
  write("web/favicon.ico", "ico");
  write("web/logo.svg", "<svg/>");
  write("web/app.webmanifest", "{}");
  write("web/assets/font.woff2", "w");
  write("web/assets/mod.mjs", "export {}");
  for (const auto& [target, type] : std::vector<std::pair<std::string, std::string>>{
           {"/favicon.ico", "image/x-icon"},
           {"/logo.svg", "image/svg+xml"},
           {"/app.webmanifest", "application/manifest+json"},
           {"/assets/font.woff2", "font/woff2"},
           {"/assets/mod.mjs", "text/javascript"}}) {
    const HttpResult r = http_get(port, target);
    EXPECT_EQ(r.status, 200) << target;
    EXPECT_THAT(r.content_type, HasSubstr(type)) << target;
  }
  // The client's routes serve its page, whose router reads the path.
  for (const char* route : {"/t/ABCDEF", "/games/ABCDEF-2", "/rules", "/rules/de"}) {
    const HttpResult r = http_get(port, route);
    EXPECT_EQ(r.status, 200) << route;
    EXPECT_EQ(r.body, "<!doctype html><title>client</title>") << route;
    EXPECT_THAT(r.content_type, HasSubstr("text/html")) << route;
    EXPECT_EQ(r.cache_control, "no-cache") << route;
  }
  // Not routes: a record or replay of no game, a deeper path.
  EXPECT_EQ(http_get(port, "/games/ABCDEF-2.jsonl").status, 404);
  EXPECT_EQ(http_get(port, "/games/ABCDEF-2/replay.json").status, 404);
  EXPECT_EQ(http_get(port, "/rules/de/x").status, 404);

  for (const char* target : {"/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt",
                             "/%2E%2E%2Fsecret.txt", "/assets/..%2F..%2Fsecret.txt", "/link.txt",
                             "/..\\secret.txt", "/%00", "/%zz", "//etc/passwd", "/missing.js"}) {
    const HttpResult r = http_get(port, target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_THAT(r.body, ::testing::Not(HasSubstr("top secret"))) << target;
  }
  EXPECT_EQ(http_get(port, "/healthz").status, 200);
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

// The build's .br and .gz siblings are sent by the request's Accept-Encoding, with Vary.
TEST_F(ServeHttpTest, PrecompressedFilesByAcceptEncoding) {
  const fs::path web = dir_ / "web";
  fs::create_directories(web / "assets");
  write("web/index.html", "<!doctype html>");
  write("web/assets/app.js", "plain");
  write("web/assets/app.js.gz", "gzipped");
  write("web/assets/app.js.br", "brotli");
  write("web/sw.js", "sw");
  ServerProcess server(dir_, {"--web", web.string()});
  const uint16_t port = server.port();
  auto get = [&](std::string_view target, std::string_view accept) {
    return http_request(port, target, "GET", 10s, accept);
  };
  const HttpResult br = get("/assets/app.js", "gzip, deflate, br");
  EXPECT_EQ(br.body, "brotli");
  EXPECT_EQ(br.content_encoding, "br");
  EXPECT_EQ(br.vary, "Accept-Encoding");
  EXPECT_THAT(br.content_type, HasSubstr("text/javascript"));
  EXPECT_EQ(br.cache_control, "public, max-age=31536000, immutable");
  const HttpResult gz = get("/assets/app.js", "gzip");
  EXPECT_EQ(gz.body, "gzipped");
  EXPECT_EQ(gz.content_encoding, "gzip");
  const HttpResult plain = get("/assets/app.js", "");
  EXPECT_EQ(plain.body, "plain");
  EXPECT_EQ(plain.content_encoding, "");
  EXPECT_EQ(plain.vary, "Accept-Encoding");
  EXPECT_EQ(get("/assets/app.js", "br;q=0, gzip").content_encoding, "gzip");
  // No sibling: the file as it is; the service worker is checked again each time.
  const HttpResult sw = get("/sw.js", "br");
  EXPECT_EQ(sw.body, "sw");
  EXPECT_EQ(sw.content_encoding, "");
  EXPECT_EQ(sw.cache_control, "no-cache");
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

TEST_F(ServeHttpTest, BadFlagsAreClearErrors) {
  struct Case {
    std::string args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"--port 70000", "--port: must be a whole number from 0 to 65535, got '70000'"},
      {"--port x", "--port: must be a whole number from 0 to 65535, got 'x'"},
      {"--bot-delay 5-2", "--bot-delay: the minimum 5 is above the maximum 2 in '5-2'"},
      {"--bot-delay fast", "--bot-delay: must be MIN-MAX or MS in milliseconds"},
      {"--bot-delay 1-70000", "--bot-delay: must be MIN-MAX or MS in milliseconds"},
      {"--web " + path("nope").string(), "is not a folder"},
      {"--export " + path("nope").string(), "is not a folder"},
      {"--db " + path("no/such/folder/s.sqlite").string(), "does not exist"},
      {"--db " + dir_.string(), "is a folder"},
      {"--host 999.1.1.1 --port 0", "--host 999.1.1.1: not an address of this machine"},
      {"--max-per-ip 0", "--max-per-ip: must be a whole number from 1 to 10^6, got '0'"},
      {"--log-level loud", "--log-level"},
  };
  for (const Case& c : cases) {
    const std::string db =
        c.args.find("--db") == std::string::npos ? "--db " + path("s.sqlite").string() : "";
    const cli_testing::Result r = run(fmt::format("serve {} {}", db, c.args));
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_THAT(r.err, HasSubstr("allegra: error: ")) << c.args;
    EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args;
    EXPECT_EQ(r.out, "") << c.args;
  }
}

TEST_F(ServeHttpTest, PortInUseIsAnError) {
  ServerProcess server(dir_);
  const cli_testing::Result r =
      run(fmt::format("serve --port {} --db {}", server.port(), path("other.sqlite").string()));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_THAT(r.err, HasSubstr(fmt::format("cannot listen on 127.0.0.1:{}", server.port())));
  EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace allegra::server_testing
