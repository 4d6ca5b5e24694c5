// public_outcome(): what an action just made public, as a key for a search tree.
//
// Every player sees the same things (PublicView), and after a given sequence of actions the
// public state is the same in every determinization, except for the cards the actions turned
// up: the card drawn from the draw pile, a face-down card revealed, a face-down card replaced
// (it goes face up to the discard pile), a knocker's or taker's card once known. A search tree
// whose children are keyed by (action, public outcome) therefore follows exactly what a player
// would know, where an open-loop tree (keyed by actions alone) mixes, say, the placements after
// a drawn 0 with those after a drawn 12 into one statistic.
//
// The key packs the public fields an action can change by turning a card up. It reads only
// values a PublicView shows (never a face-down card or the draw pile), so two samples of the
// same view that take the same actions get the same keys unless a card turned up differs.
#pragma once

#include <cstdint>

#include "engine/action.h"
#include "engine/state.h"

namespace allegra::mcts {

// The public outcome of having applied `a` to reach `s` (s is the state after the action).
// Equal for two states with equal public views; differs where a card turned up by `a` differs.
uint64_t public_outcome(const State& s, Action a);

}  // namespace allegra::mcts
