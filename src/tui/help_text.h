// The help overlay (`?` or F1): the keys, the rules in short and how to read the table.
//
// A list of paragraphs from the help.* texts of the player's language; render_screen() wraps
// them to the screen and shows them over the table, scrolling with PgUp/PgDn where they are
// longer than the screen. The rules summary uses each rulebook's own terms.
#pragma once

#include <string>
#include <vector>

#include "text/translator.h"

namespace allegra::tui {

// The overlay's paragraphs, headings included, with empty lines between the sections.
std::vector<std::string> help_overlay(const text::Translator& tr);

// The help.* keys of the overlay, in order ("" for an empty line): for the completeness test.
const std::vector<std::string>& help_overlay_keys();

}  // namespace allegra::tui
