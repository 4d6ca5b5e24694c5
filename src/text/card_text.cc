#include "text/card_text.h"

#include <fmt/format.h>

namespace allegra::text {

std::string card_text(int8_t value) { return fmt::format("{}", value); }

}  // namespace allegra::text
