// Player names: the one check of a name that people read, for every place that takes one.
//
// engine/player_name.h keeps out what would break a screen or a record line (control
// characters, invalid UTF-8, empty, more than 16 code points). A name is also read by people
// beside the other names, so this adds, with ICU:
//   - nothing invisible or misleading: bidirectional controls (U+202E turns the text around
//     it), default-ignorable characters (zero-width space, joiners, the BOM U+FEFF, the word
//     joiner, the soft hyphen), spaces other than the plain space (NBSP U+00A0, U+3000, ...),
//     unassigned and private-use code points, a combining mark with no letter before it, and
//     spaces at either end or two in a row, and letters of more than one of the Latin, Cyrillic
//     and Greek scripts (whose letters look alike);
//   - at most 16 columns on a terminal (text/display_width.h): 16 Latin letters or 8 wide
//     characters such as 漢;
//   - names told apart by how they look: two names are the same name when their keys are equal
//     (player_name_key: NFKC, case folded; so "Zoë" written precomposed or with a combining
//     diaeresis, "BEA" and "bea", "Ｂｅａ" and "Bea" are one name) or when ICU's confusable
//     skeletons are (Latin "a" and Cyrillic "а").
// The terminal game and the CLI use it for --names and for the names in a save; its API takes
// plain UTF-8 and says nothing of seats, so the server can adopt it for its user names.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/player_name.h"

namespace allegra::text {

// The widest name, in terminal columns.
inline constexpr int kMaxNameColumns = 16;

// Why `name` cannot be a player's name ("contains a bidirectional control (U+202E)..."), or
// nullopt if it can.
std::optional<std::string> player_name_problem(std::string_view name);
// The same with its reason code: engine/player_name.h's, or "bidi", "invisible", "space",
// "unassigned", "combining", "leading_space", "double_space", "trailing_space",
// "mixed_scripts", "too_wide".
std::optional<NameRefusal> player_name_refusal(std::string_view name);

// The form in which names are compared: NFKC, case folded (ICU NFKC_Casefold).
std::string player_name_key(std::string_view name);

// ICU's confusable skeleton of the name's key: names with equal skeletons look alike ("" if ICU
// fails). The server keeps it to refuse a user name that looks like another's.
std::string player_name_skeleton(std::string_view name);

// True if two names would be taken for one another: equal keys or equal confusable skeletons.
bool names_look_alike(std::string_view a, std::string_view b);

// The first problem of a list of names: a bad name (by its number from 1: "name 2 contains
// ...") or two names that look alike; nullopt if all can be used together.
std::optional<std::string> player_names_problem(const std::vector<std::string>& names);

}  // namespace allegra::text
