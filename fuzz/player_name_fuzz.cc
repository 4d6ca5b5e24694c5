// Fuzz target: the player name checker (engine/player_name.h) on arbitrary bytes, the names
// that come from --names, save files and game records.
//
// name_problem() must never crash; a refusal must name its reason, and an accepted name must
// be valid UTF-8 (checked with ICU's decoder, not the checker's own), hold no control
// character (general category Cc, nor U+2028/U+2029), not be empty or only spaces, and have
// at most kMaxNameLength code points. names_problem() must agree for a list of one name and
// refuse the same accepted name twice. A sanitizer report or a failed check is a bug.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_player_name
//   mkdir -p /tmp/player_name && build/fuzz/fuzz/fuzz_player_name -max_total_time=60
//       -dict=fuzz/player_name.dict /tmp/player_name fuzz/corpus/player_name
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/player_name.h"

namespace {

[[noreturn]] void bug(const char* what, std::string_view name) {
  std::fprintf(stderr, "player_name_fuzz: %s (%zu bytes)\n", what, name.size());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace allegra;
  const std::string name(reinterpret_cast<const char*>(data), size);
  const std::optional<std::string> problem = name_problem(name);
  const std::optional<std::string> list_problem = names_problem({name});
  if (problem.has_value() != list_problem.has_value())
    bug("name_problem and names_problem disagree", name);
  if (problem) {
    if (problem->empty() || list_problem->empty()) bug("refused without a reason", name);
    return 0;
  }
  int32_t i = 0, length = 0;
  bool only_spaces = true;
  const auto n = static_cast<int32_t>(size);
  while (i < n) {
    UChar32 c;
    U8_NEXT(data, i, n, c);
    if (c < 0) bug("accepted invalid UTF-8", name);
    if (u_charType(c) == U_CONTROL_CHAR || c == 0x2028 || c == 0x2029)
      bug("accepted a control character", name);
    if (c != ' ' && c != 0xA0 && c != 0x3000) only_spaces = false;
    ++length;
  }
  if (length == 0 || only_spaces) bug("accepted an empty name", name);
  if (length > kMaxNameLength) bug("accepted a name that is too long", name);
  if (!names_problem({name, name})) bug("accepted two players of the same name", name);
  return 0;
}
