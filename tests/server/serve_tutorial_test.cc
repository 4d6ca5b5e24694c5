// `allegra serve` serves the tutorial against a real process: GET /tutorial.json is the
// embedded script replayed through the engine (every lesson, every step with its view), and
// /tutorial is a route of the web client (its index.html with --web, else 404).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/cli_runner.h"
#include "server/server_process.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;
using ::testing::HasSubstr;

class ServeTutorialTest : public CliFixture {};

TEST_F(ServeTutorialTest, TheLessonsAndTheRoute) {
  std::filesystem::create_directories(dir_ / "web");
  write("web/index.html", "<!doctype html><title>client</title>");
  ServerProcess server(dir_, {"--web", (dir_ / "web").string()});
  const HttpResult r = http_get(server.port(), "/tutorial.json");
  ASSERT_EQ(r.status, 200);
  EXPECT_THAT(r.content_type, HasSubstr("application/json"));
  const nlohmann::json file = nlohmann::json::parse(r.body);
  EXPECT_EQ(file["format"], 1);
  ASSERT_EQ(file["lessons"].size(), 5u);
  for (const auto& lesson : file["lessons"]) {
    EXPECT_FALSE(lesson["steps"].empty()) << lesson["id"];
    EXPECT_EQ(lesson["initial"]["phase"], "choose-draw") << lesson["id"];
  }
  const HttpResult page = http_get(server.port(), "/tutorial");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.body, "<!doctype html><title>client</title>");
  EXPECT_EQ(http_get(server.port(), "/tutorial/x").status, 404);
}

TEST_F(ServeTutorialTest, WithoutTheWebClientOnlyTheLessons) {
  ServerProcess server(dir_, {});
  EXPECT_EQ(http_get(server.port(), "/tutorial.json").status, 200);
  EXPECT_EQ(http_get(server.port(), "/tutorial").status, 404);
}

}  // namespace
}  // namespace allegra::server_testing
