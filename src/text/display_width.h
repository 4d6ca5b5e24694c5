// The width of text on a terminal, in columns: what every layout of a name or a sentence counts.
//
// A terminal gives a character one column, two (East Asian wide and fullwidth characters:
// "漢", "Ａ", most emoji) or none (combining marks, which join the character before them, and
// the invisible format characters). Counting code points instead puts a wide name one column
// per character too far, overwriting what follows it. ICU's East Asian Width and general
// category decide, so the server can count the same way.
#pragma once

#include <string>
#include <string_view>

namespace allegra::text {

// The columns of one code point: 0, 1 or 2. Control characters count 0 (they are never drawn).
int code_point_width(char32_t cp);
// The columns of UTF-8 text (invalid bytes count one column each, as a replacement character).
int display_width(std::string_view utf8);
// The longest start of UTF-8 text at most `columns` wide, never cutting a character (nor
// separating a combining mark from its base).
std::string clip_to_width(std::string_view utf8, int columns);

}  // namespace allegra::text
