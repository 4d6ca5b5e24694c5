// The hint in words: a structured hint (bots/hint.h) as the sentences a person reads.
//
// The hint's search and its reasons are data (a reason code with its cards and the unseen
// cards' mean); this is the one place that words them, through the Translator, so the terminal
// and later the other front ends explain a hint the same way in every language. Numbers are
// rounded to one decimal and passed as ICU number arguments: each language writes them its own
// way ("6.3", "6,3") with the plural they ask for.
#pragma once

#include <string>
#include <vector>

#include "bots/hint.h"
#include "text/translator.h"

namespace allegra::text {

// Why a move is worth what it is, in one sentence: "Replaces a face-down card (expected 6.3)
// with the 2.", "Completes a line of three 7s: they are cleared.", ...
std::string hint_reason_text(const bots::HintReason& reason, const Translator& tr);

// The lines a person reads: a title with the display's expected score now, then for each
// move its label (`move_labels`, one per move: as the front end names the move, e.g. its
// button and short form) with the expected score after it, and why; then, if the search's
// order is not that of the points, why the first still comes first. The only legal move is
// one line.
std::vector<std::string> hint_lines(const bots::Hint& hint,
                                    const std::vector<std::string>& move_labels,
                                    const Translator& tr);

// A score or mean rounded to one decimal, as a number argument of a text: each language
// writes it its own way ("6.3", "6,3"; "6" for 6.0).
double one_decimal(double points);

}  // namespace allegra::text
