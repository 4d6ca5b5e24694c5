// The hint as the terminal shows it: the moves named as on their buttons, with the short form
// to type for each.
//
// The search and its reasons come from bots/hint.h, their wording from text/hint_text.h; this
// only adds what is the terminal's own: how a move is labelled on the screen (InputMap).
#pragma once

#include <string>
#include <vector>

#include "bots/hint.h"
#include "engine/public_view.h"
#include "text/translator.h"

namespace allegra::tui {

// The lines a person reads: a title with the display's expected score now, then for each
// move its button label and short form with the expected score after it, and why. names: one
// per seat; you: the seat texts call "you" (kNoPlayer if none).
std::vector<std::string> explain_hint(const PublicView& view,
                                      const std::vector<bots::HintMove>& moves,
                                      const text::Translator& tr,
                                      const std::vector<std::string>& names, int you = kNoPlayer);

}  // namespace allegra::tui
