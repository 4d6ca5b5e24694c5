// The load generator's pure parts: the loopback check, the percentiles and the report. The run
// itself is tested against a real server (tests/server/loadtest_e2e.sh).
#include "loadtest/load_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <vector>

#include "loadtest/load_run.h"

namespace allegra::loadtest {
namespace {

using ::testing::HasSubstr;

TEST(LoadtestHost, OnlyThisMachineIsATarget) {
  EXPECT_EQ(checked_loopback("localhost"), "127.0.0.1");
  EXPECT_EQ(checked_loopback("127.0.0.1"), "127.0.0.1");
  EXPECT_EQ(checked_loopback("127.3.2.1"), "127.3.2.1");
  for (const char* host : {"10.0.0.1", "128.0.0.1", "example.org", "", "::1", "127.0.0.1.5"}) {
    try {
      checked_loopback(host);
      ADD_FAILURE() << host << " was accepted";
    } catch (const LoadError& e) {
      EXPECT_THAT(e.what(), HasSubstr("only to this machine")) << host;
    }
  }
}

TEST(LoadtestHost, ABadRunIsRefusedBeforeAnyConnection) {
  LoadConfig config;
  config.port = 9;
  config.host = "192.168.1.1";
  EXPECT_THROW(run_load(config, nullptr), LoadError);
  config.host = "127.0.0.1";
  config.tables = kMaxTables + 1;
  EXPECT_THROW(run_load(config, nullptr), LoadError);
  config.tables = 1;
  config.seconds = kMaxSeconds + 1;
  EXPECT_THROW(run_load(config, nullptr), LoadError);
}

// Signed in or not: the first refused connection (the WebSocket's or GET /api/me's) ends the run
// with one clear error, not a minute's wait for tables that cannot start.
TEST(LoadtestHost, NothingListeningIsOneClearErrorNotAWait) {
  for (const bool signed_in : {false, true}) {
    LoadConfig config;
    config.port = 1;  // nothing listens on port 1 here
    config.tables = 3;
    config.seconds = 1;
    config.signed_in = signed_in;
    const auto start = std::chrono::steady_clock::now();
    const LoadReport report = run_load(config, nullptr);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30)) << signed_in;
    EXPECT_GT(report.errors, 0u);
    ASSERT_FALSE(report.first_errors.empty());
    EXPECT_THAT(report.first_errors[0], HasSubstr("nothing listens on 127.0.0.1:1")) << signed_in;
    EXPECT_EQ(report.tables_playing, 0);
  }
}

TEST(LoadtestReport, PercentilesAreNearestRank) {
  std::vector<double> samples;
  for (int i = 100; i >= 1; --i) samples.push_back(i);
  EXPECT_EQ(percentile(samples, 0.5), 50);
  EXPECT_EQ(percentile(samples, 0.99), 99);
  EXPECT_EQ(percentile(samples, 0.999), 100);
  std::vector<double> none;
  EXPECT_EQ(percentile(none, 0.5), 0);
}

TEST(LoadtestReport, TextEndsWithTheErrorCountAndJsonHasEveryFigure) {
  LoadReport r;
  r.tables = r.tables_playing = 2;
  r.connections = 8;
  r.actions = 100;
  r.seconds = 4;
  r.p50_ms = 1.5;
  r.errors = 1;
  r.first_errors = {"table AB: error x"};
  const std::string text = report_text(r);
  EXPECT_THAT(text, HasSubstr("actions/s       25.0\n"));
  EXPECT_THAT(text, HasSubstr("error: table AB: error x\n"));
  EXPECT_THAT(text, ::testing::EndsWith("errors: 1\n"));
  const auto j = nlohmann::json::parse(report_json(r));
  EXPECT_EQ(j["actions_per_s"], 25.0);
  EXPECT_EQ(j["latency_ms"]["p50"], 1.5);
  EXPECT_EQ(j["errors"], 1);
  EXPECT_EQ(j["connections"], 8);
}

}  // namespace
}  // namespace allegra::loadtest
