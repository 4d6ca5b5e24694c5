// The value weights shipped with the program: data/value/v1.txt, embedded into the binary at
// build time (cmake/embed_value.cmake), so every bot spec with a net runs from any folder.
#pragma once

#include <string_view>

#include "bots/value_net.h"

namespace allegra {

// The file's text as embedded (generated source).
std::string_view shipped_value_text();

// The shipped net, parsed and checked once on first use (thread-safe). Throws
// std::invalid_argument if it does not load.
const ValueNet& shipped_value_net();

}  // namespace allegra
