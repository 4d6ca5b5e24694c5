#include "server/code_prefix.h"

#include <fmt/format.h>

namespace allegra::server {

std::optional<std::string> code_prefix_problem(std::string_view prefix) {
  if (prefix.size() > kMaxCodePrefixLength)
    return fmt::format(
        "'{}' has {} characters: a code prefix has 1 or {} (a code has {}, and the rest must "
        "stay random)",
        prefix, prefix.size(), kMaxCodePrefixLength, kTableCodeLength);
  for (char c : prefix) {
    if (kTableCodeAlphabet.find(c) == std::string_view::npos)
      return fmt::format(
          "'{}' has the character '{}', which no table code has: use characters of {} (upper "
          "case; no 0, 1, I, L, O)",
          prefix, c, kTableCodeAlphabet);
  }
  return std::nullopt;
}

}  // namespace allegra::server
