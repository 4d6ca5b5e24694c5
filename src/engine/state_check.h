// The consistency check of a State that did not come from play (decoded JSON, a state built
// by hand): could the engine have reached it? Ranges, card conservation (the table holds
// exactly the deck), what the phase implies about the turn in progress, setup and the end of
// the round, the scores and the game's end, and that someone can act.
//
// state_from_json() runs it on every decoded state, so a loaded game never breaks the
// engine's invariants. It checks as far as it can without the game's history.
#pragma once

#include <optional>
#include <string>

#include "engine/state.h"

namespace allegra {

// nullopt if `s` is one the engine can reach (as far as checked), else the first problem,
// naming the field, e.g. "cards: the deck has 9 cards of value 3, the state holds 8 ...".
std::optional<std::string> validate_state(const State& s);

}  // namespace allegra
