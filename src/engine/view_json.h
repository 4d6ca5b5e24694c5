// The public view as JSON (format: docs/state-format.md), what a player's screen or a client
// is sent: the masked state (face-down cells without value, the draw pile as a count, a hidden
// hand or taken card as "hidden"), plus the current player, the winners once the game is over
// and the legal actions. Write only: nothing in it may depend on a hidden card.
//
// `shared_from[p]` names the player whose grid column 3 is display column 0 of p's display (his
// left neighbour), so a client draws every display without neighbour arithmetic. The server's
// frames leave the legal actions out: TABLE.pending lists them once per frame.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

namespace allegra {

class PublicView;

enum class LegalActionsKey : uint8_t { kWith, kWithout };

nlohmann::json public_view_to_json(const PublicView& view,
                                   LegalActionsKey legal = LegalActionsKey::kWith);

}  // namespace allegra
