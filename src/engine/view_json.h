// The public view as JSON (format: docs/state-format.md), what a player's screen or a client
// is sent: the masked state (face-down cells without value, the draw pile as a count, a hidden
// hand or taken card as "hidden"), plus the current player, the winners once the game is over
// and the legal actions. Write only: nothing in it may depend on a hidden card.
#pragma once

#include <nlohmann/json.hpp>

namespace allegra {

class PublicView;

nlohmann::json public_view_to_json(const PublicView& view);

}  // namespace allegra
