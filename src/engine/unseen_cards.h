// The unseen cards: the deck minus every card anyone can see.
//
// Nobody knows a face-down card or the draw pile, so for every player alike those hidden
// places hold some arrangement of the same multiset: the effective deck (R1) minus the face-up
// cells, the whole discard pile, the drawn card being held, a replaced card waiting to be
// discarded, and the knocker's hand card or the taken card when they were face up. Search bots
// deal determinizations from it (State::sample), one-ply bots average over it.
#pragma once

#include <array>

#include "engine/options.h"

namespace allegra {

class State;

// Count per value (index value - kMinValue). Reads only the public part, so it works on a
// State and on a PublicView's masked state alike. A count below 0 means the state shows more
// cards of that value than the deck holds (only a corrupt state can).
using CardCounts = std::array<int, kNumValues>;
CardCounts unseen_cards(const State& s);

}  // namespace allegra
