// A golden file checked into tests/: the test's output must equal it byte for byte, and
// ALLEGRA_UPDATE_GOLDEN=1 writes it anew (then the test is skipped: read the diff before
// committing). Shared by the narrator's transcripts and fixtures.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace allegra::text {

// Call last in a test: on an update it skips the rest of the test.
inline void expect_golden_file(const std::string& path, const std::string& got,
                               std::string_view if_changed) {
  const char* update = std::getenv("ALLEGRA_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << got;
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "missing " << path << ": run with ALLEGRA_UPDATE_GOLDEN=1 to write it";
  std::ostringstream want;
  want << in.rdbuf();
  EXPECT_EQ(got, want.str()) << if_changed;
}

}  // namespace allegra::text
