// A hub with a code prefix (allegra serve --code-prefix, docs/scaling.md) makes only codes that
// start with it, and answers a code of another prefix with an error naming its own.
#include <gtest/gtest.h>

#include "hub_harness.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

TEST(HubCodePrefixTest, EveryCodeStartsWithThePrefixAndOthersAreNamedAsMisrouted) {
  HubConfig config = HubHarness::test_config();
  config.code_prefix = "Q7";
  HubHarness h(config);
  h.connect(1);
  for (int i = 0; i < 5; ++i) {
    const std::string code = h.create(1);
    EXPECT_EQ(code.size(), 6u);
    EXPECT_EQ(code.substr(0, 2), "Q7") << code;
  }
  h.connect(2);
  h.send(2, {{"type", "join"}, {"id", 9}, {"code", "AB2345"}});
  const json error = h.last(2, "error");
  EXPECT_EQ(error["code"], "no_table");
  EXPECT_NE(error.value("message", std::string()).find("starting with Q7"), std::string::npos)
      << error.dump();
  h.send(2, {{"type", "join"}, {"id", 10}, {"code", "Q72345"}});  // ours, but no such table
  EXPECT_EQ(h.last(2, "error")["message"], "code: no table Q72345");
}

}  // namespace
}  // namespace allegra::server
