// Player names as people read them (text/player_name.h): look-alikes, invisible and
// bidirectional characters, lone combining marks, display width.
#include "text/player_name.h"

#include <gtest/gtest.h>

namespace allegra::text {
namespace {

// The problem's text, or "" if the name is accepted.
std::string name_problem_text(std::string_view name) {
  return player_name_problem(name).value_or("");
}

TEST(TextPlayerName, AcceptsOrdinaryNamesOfEveryScript) {
  for (const char* name :
       {"Bea", "Anne-Marie", "Zoë", "Zoe\u0308", "José María", "Ñandú", "Dvořák", "Øyvind",
        "漢字漢字漢字漢字", "Ελένη", "Алёна", "O'Neil", "Bartholomäus Xyz", "Player 2"})
    EXPECT_EQ(name_problem_text(name), "") << name;
}

TEST(TextPlayerName, RefusesInvisibleMisleadingAndTooWideNames) {
  const std::pair<const char*, const char*> cases[] = {
      {"Bea\u202Eevil", "bidirectional control (U+202E)"},
      {"\u2067Bea", "bidirectional control (U+2067)"},
      {"Be\u200Ba", "invisible character (U+200B)"},
      {"\uFEFFBea", "invisible character (U+FEFF)"},
      {"Be\u2060a", "invisible character (U+2060)"},
      {"Be\u00ADa", "invisible character (U+00AD)"},
      {"Bea\u00A0Z", "space other than the plain space (U+00A0)"},
      {"Bea\u3000Z", "space other than the plain space (U+3000)"},
      {"\u0301", "starts with a combining mark (U+0301)"},
      {"\u0301Bea", "starts with a combining mark (U+0301)"},
      {" Bea", "starts with a space"},
      {"Bea ", "ends with a space"},
      {"Bea  Z", "two spaces in a row"},
      {"Bea\uE000", "unassigned or for private use (U+E000)"},
      {"漢字漢字漢字漢字漢", "is 18 columns wide; a name has at most 16"},
      {"Bea\x1b[31m", "control character"},
      {"", "is empty"}};
  for (const auto& [name, want] : cases)
    EXPECT_NE(name_problem_text(name).find(want), std::string::npos)
        << want << ": " << name_problem_text(name);
}

TEST(TextPlayerName, NamesAreComparedAsTheyLook) {
  EXPECT_EQ(player_name_key("Zoë"), player_name_key("Zoe\u0308"));
  EXPECT_EQ(player_name_key("ＢＥＡ"), player_name_key("bea"));
  EXPECT_TRUE(names_look_alike("Zoë", "Zoe\u0308")) << "NFC and NFD";
  EXPECT_TRUE(names_look_alike("Bea", "BEA"));
  EXPECT_TRUE(names_look_alike("Bea", "Ｂｅａ")) << "fullwidth";
  EXPECT_TRUE(names_look_alike("Bea", "Be\u0430")) << "Cyrillic a";
  EXPECT_FALSE(names_look_alike("Bea", "Dora"));
  EXPECT_FALSE(names_look_alike("Player 1", "Player 2"));
  EXPECT_EQ(player_names_problem({"Zoë", "Bea", "Zoe\u0308"}).value(),
            "names 1 and 3 ('Zoë' and 'Zoe\u0308') look alike; every name must look different");
  EXPECT_EQ(player_names_problem({"A", "A"}).value(),
            "two players are named 'A'; every name must be different");
  EXPECT_EQ(player_names_problem({"A", "B\u202E"}).value().rfind("name 2 contains", 0), 0u);
  EXPECT_EQ(player_names_problem({"Ann", "Bea", "Carlo"}), std::nullopt);
}

}  // namespace
}  // namespace allegra::text
