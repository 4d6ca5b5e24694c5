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
// `names` and `viewer` (if given) pick the name the examples use ("or Dora 2,4"): a player at
// the table, not a "Bea" who does not play.
std::vector<std::string> help_overlay(const text::Translator& tr,
                                      const std::vector<std::string>& names = {}, int viewer = 0);
// The name of the player after `viewer` (the examples' other player); "Bea" without names.
std::string example_name(const std::vector<std::string>& names, int viewer);

// The help.* keys of the overlay, in order ("" for an empty line): for the completeness test.
const std::vector<std::string>& help_overlay_keys();

}  // namespace allegra::tui
