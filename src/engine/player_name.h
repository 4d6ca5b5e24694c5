// Player names: what a name shown at the table, written to a save or to a game record may be.
//
// A name is printed on the terminal, in the log and in every sentence about its player, and it
// comes from outside (--names, a save file, a record file). A control character in it (ESC, a
// newline, a tab, DEL, the C1 controls) would move the cursor, change colours or break a line
// of a record or a message, and invalid UTF-8 garbles the screen: such names are refused, not
// cleaned, so what a player typed is never changed behind his back. The length is limited so a
// name fits the score panel and the grid labels.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace allegra {

// The longest name, in characters (Unicode code points).
inline constexpr int kMaxNameLength = 16;

// Why a name is refused: `reason`, a code for programs (the server's `reason` of a refused user
// name, worded by the browser), and `text`, the same in English ("is empty").
struct NameRefusal {
  const char* reason;  // "empty", "too_long", "control", "invalid_utf8" (text/player_name.h: more)
  std::string text;
};

// Why `name` cannot be a player's name, or nullopt if it can.
std::optional<NameRefusal> name_refusal(std::string_view name);

// name_refusal's text ("is empty", "contains a control character (U+001B)", "is not valid
// UTF-8", "is longer than 16 characters (20)"), or nullopt if the name can be used.
std::optional<std::string> name_problem(std::string_view name);

// The first problem of a list of names: a bad name (by its number from 1, with its reason:
// "name 2 is empty") or two players with the same name; nullopt if all can be used together.
std::optional<std::string> names_problem(const std::vector<std::string>& names);

}  // namespace allegra
