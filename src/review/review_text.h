// A review in words: the table and the player summaries a person reads, in five languages.
//
// The review itself is data (review/review.h); this words it through the Translator (labels,
// headings, sentences from data/lang) and the hint's reasons (text/hint_text.h), for the CLI
// table and the terminal's review screen. Actions keep their short text form ("swap 0b2").
#pragma once

#include <string>
#include <vector>

#include "review/review.h"
#include "text/translator.h"

namespace allegra::review {

// "best", "gut", "imprécision", ... in the translator's language.
std::string label_text(Label label, const text::Translator& tr);

// The table (one line per reviewed decision: decision, round, player, choice made, best choice,
// points lost, label), then per player the summary and the three costliest decisions with why.
std::vector<std::string> review_table_lines(const Review& review, const text::Translator& tr);

// One player's summary: accuracy, points lost, luck, the costliest decisions and their reasons.
std::vector<std::string> player_summary_lines(const Review& review, const PlayerReview& player,
                                              const text::Translator& tr);

// The lines for one decision: every choice with its value, the best and the choice made marked,
// then why the best choice and the choice made are worth what they are.
std::vector<std::string> decision_lines(const ReviewDecision& decision, const text::Translator& tr);

}  // namespace allegra::review
