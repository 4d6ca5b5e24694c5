// Fuzz target: the whole-number validator of every numeric CLI flag (cli/number_flags.h) on
// arbitrary text.
//
// The first byte picks a range (those of the real flags: --players, --rounds, --delay,
// --games, a negative one, the full long long range, and the 64-bit --seed); the rest is the
// flag's text. The validator must never crash; a refusal must say what is allowed; an accepted
// text must be plain decimal digits after at most one sign ('-' only where the range has
// negative numbers) and read (independently, with strtoll/strtoull) to a number in the range. A
// sanitizer report or a failed check is a bug.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_number_flags
//   mkdir -p /tmp/number_flags && build/fuzz/fuzz/fuzz_number_flags -max_total_time=60
//       -dict=fuzz/number_flags.dict /tmp/number_flags fuzz/corpus/number_flags
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <utility>

#include "cli/number_flags.h"

namespace {

[[noreturn]] void bug(const char* what, const std::string& text) {
  std::fprintf(stderr, "number_flags_fuzz: %s: '%s'\n", what, text.c_str());
  std::abort();
}

constexpr std::pair<long long, long long> kRanges[] = {
    {2, 6},
    {0, 1000},
    {0, 60000},
    {1, allegra::cli::kMaxGames},
    {1, allegra::cli::kMaxThreads},
    {-5, 5},
    {std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max()},
};
constexpr size_t kRangeCount = sizeof(kRanges) / sizeof(kRanges[0]);

// Plain decimal as the header promises: an optional '+', or a '-' only if the range has
// negative numbers, then one or more digits, nothing else.
bool plain_decimal(const std::string& text, bool negatives) {
  size_t i = 0;
  if (!text.empty() && (text[0] == '+' || (negatives && text[0] == '-'))) i = 1;
  if (i == text.size()) return false;
  for (; i < text.size(); ++i)
    if (text[i] < '0' || text[i] > '9') return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const size_t pick = data[0] % (kRangeCount + 1);
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const bool seed = pick == kRangeCount;
  CLI::Validator validator =
      seed ? allegra::cli::seed_number()
           : allegra::cli::whole_number(kRanges[pick].first, kRanges[pick].second);
  std::string value = text;
  const std::string problem = validator(value);
  if (value != text) bug("the validator changed the text", text);
  if (!problem.empty()) {
    if (problem.find("whole number") == std::string::npos) bug("a refusal without the range", text);
    return 0;
  }
  if (!plain_decimal(text, !seed && kRanges[pick].first < 0))
    bug("accepted a text that is not a plain decimal number", text);
  errno = 0;
  char* end = nullptr;
  if (seed) {
    (void)std::strtoull(text.c_str(), &end, 10);
  } else {
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (v < kRanges[pick].first || v > kRanges[pick].second)
      bug("accepted a number out of range", text);
  }
  if (errno == ERANGE || end != text.c_str() + text.size())
    bug("accepted an unreadable number", text);
  return 0;
}
