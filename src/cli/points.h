// Half points as text: the engine scores in half points (a halved negative score can be odd).
#pragma once

#include <cstdint>
#include <string>

namespace allegra::cli {

// 25 -> "12.5", -3 -> "-1.5", 24 -> "12".
std::string half_points_text(int32_t half);

}  // namespace allegra::cli
