#include "cli/points.h"

#include <fmt/format.h>

#include <cstdlib>

namespace allegra::cli {

std::string half_points_text(int32_t half) {
  if (half % 2 == 0) return fmt::format("{}", half / 2);
  return fmt::format("{}{}.5", half < 0 ? "-" : "", std::abs(half) / 2);
}

}  // namespace allegra::cli
