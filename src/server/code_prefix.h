// Table codes and the code prefix of one `allegra serve` process among several.
//
// What: the alphabet of table codes (no 0/O, 1/I/L), and the check of a `--code-prefix`: one or
// two characters of that alphabet that begin every code this process makes.
// Why: several processes behind a proxy (docs/scaling.md) must never make the same code, and the
// proxy must know from a code alone which process holds its table. A fixed prefix per process
// gives both with no shared state: the proxy routes /ws/CODE, /t/CODE and /games/CODE-N by the
// code's first characters.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace allegra::server {

// The characters of a table code, in the order the hub draws them.
inline constexpr std::string_view kTableCodeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
inline constexpr size_t kTableCodeLength = 6;
// A prefix leaves at least 4 random characters: 31^4 = 923,521 codes per process.
inline constexpr size_t kMaxCodePrefixLength = 2;

// The problem with `prefix` as a code prefix (empty: no prefix, allowed), or nullopt if it is
// one. Lower case is not accepted: the prefix is written as codes are shown.
std::optional<std::string> code_prefix_problem(std::string_view prefix);

// True if `code` is one this process may hold: it starts with `prefix` (always, for "").
inline bool code_has_prefix(std::string_view code, std::string_view prefix) {
  return code.starts_with(prefix);
}

}  // namespace allegra::server
