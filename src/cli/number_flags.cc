#include "cli/number_flags.h"

#include <fmt/format.h>

#include <charconv>
#include <string_view>
#include <type_traits>

namespace allegra::cli {
namespace {

// "1000000000" reads better as "10^9" only past a million; smaller limits stay as they are.
std::string number_text(long long v) {
  if (v == std::numeric_limits<long long>::max()) return "2^63-1";
  if (v >= 1'000'000 && v % 10 == 0) {
    long long p = v;
    int exponent = 0;
    while (p % 10 == 0) {
      p /= 10;
      ++exponent;
    }
    if (p == 1) return fmt::format("10^{}", exponent);
  }
  return std::to_string(v);
}

template <typename T>
bool has_negatives(T min) {
  if constexpr (std::is_signed_v<T>)
    return min < 0;
  else
    return false;
}

// The message for `text`, or "" if it is a whole number within [min, max].
template <typename T>
std::string check(const std::string& text, T min, T max, const std::string& range) {
  const std::string problem = fmt::format("must be a whole number {}, got '{}'", range, text);
  if (text.empty()) return problem;
  T value{};
  const char* first = text.data();
  const char* last = text.data() + text.size();
  // At most one sign: from_chars takes no '+' and would read "+-5" as -5, and a '-' only where
  // the range has negative numbers ("-0" is no way to write a count).
  if (*first == '+') {
    ++first;
    if (first != last && *first == '-') return problem;
  } else if (*first == '-' && !has_negatives(min)) {
    return problem;
  }
  const auto [end, ec] = std::from_chars(first, last, value);
  if (ec != std::errc() || end != last || first == last || value < min || value > max)
    return problem;
  return {};
}

}  // namespace

std::string range_text(long long min, long long max) {
  return fmt::format("from {} to {}", number_text(min), number_text(max));
}

CLI::Validator whole_number(long long min, long long max) {
  const std::string range = range_text(min, max);
  return CLI::Validator(
      [min, max, range](std::string& text) { return check(text, min, max, range); },
      fmt::format("{} to {}", number_text(min), number_text(max)), "");
}

CLI::Validator seed_number() {
  const std::string range = "from 0 to 2^64-1";
  return CLI::Validator(
      [range](std::string& text) {
        return check<uint64_t>(text, 0, std::numeric_limits<uint64_t>::max(), range);
      },
      "0 to 2^64-1", "");
}

}  // namespace allegra::cli
