// card_text: a card value as every text writes it, "7" or "-1".
//
// One function, so the narrator, the hint's reasons, the buttons and the screen reader name a
// card the same way; the texts then put it in a sentence ("the 7").
#pragma once

#include <cstdint>
#include <string>

namespace allegra::text {

// A card value as text: "7", "-1".
std::string card_text(int8_t value);

}  // namespace allegra::text
