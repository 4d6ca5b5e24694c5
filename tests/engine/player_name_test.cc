// Player names: control characters, invalid UTF-8, length and duplicates (issue 8, section 3).
#include "engine/player_name.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace allegra {
namespace {

TEST(PlayerName, AcceptsOrdinaryNamesInAnyScript) {
  for (const char* name : {"Anna", "Jean-Luc", "Zoë", "Ève O’Neil", "Łukasz", "李小龍", "Ana María",
                           "R2-D2", "😀 Smiley"})
    EXPECT_EQ(name_problem(name), std::nullopt) << name;
  EXPECT_EQ(name_problem(std::string(16, 'a')), std::nullopt);
  EXPECT_EQ(name_problem("ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ"), std::nullopt) << "16 characters, 32 bytes";
}

TEST(PlayerName, RefusesControlsInvalidUtf8EmptyAndLongNames) {
  const std::pair<std::string, std::string> cases[] = {
      {"", "is empty"},
      {"   ", "is empty"},
      {"A\x1b[31m", "contains a control character (U+001B)"},
      {"A\nB", "(U+000A)"},
      {"A\tB", "(U+0009)"},
      {"A\rB", "(U+000D)"},
      {std::string("A\0B", 3), "(U+0000)"},
      {"A\x7f", "(U+007F)"},
      {"A\xc2\x9b", "(U+009B)"},
      {"A\xe2\x80\xa8", "(U+2028)"},
      {"A\xff", "is not valid UTF-8"},
      {"A\xc3", "is not valid UTF-8"},
      {"\xc0\xaf", "is not valid UTF-8"},
      {"\xed\xa0\x80", "is not valid UTF-8"},
      {"\x80", "is not valid UTF-8"},
      {std::string(17, 'a'), "is 17 characters long; a name has at most 16"},
  };
  for (const auto& [name, want] : cases) {
    const auto problem = name_problem(name);
    ASSERT_TRUE(problem.has_value()) << name;
    EXPECT_NE(problem->find(want), std::string::npos) << *problem;
  }
}

TEST(PlayerName, NamesMustBeDifferentAndAreToldByNumber) {
  EXPECT_EQ(names_problem({"A", "B", "C"}), std::nullopt);
  EXPECT_EQ(names_problem({"A", "B", "A"}).value(),
            "two players are named 'A'; every name must be different");
  EXPECT_EQ(names_problem({"A", "B\x1b"}).value().rfind("name 2 contains a control character", 0),
            0u);
}

}  // namespace
}  // namespace allegra
