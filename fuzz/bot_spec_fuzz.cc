// Fuzz target: the bot specs (bots/bot.h, make_bot) on arbitrary text, as they come from
// --seats, --bots and the seats of a save file.
//
// make_bot() must never crash: it either gives a bot or refuses with std::invalid_argument
// whose message quotes the spec, so the person sees which one is wrong, and holds no control
// character (a spec with one is shown escaped: it may come from a save file). A sanitizer report or
// a failed check is a bug. (The bot is only made, not asked to play: an accepted budget may be
// minutes of search.)
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_bot_spec
//   mkdir -p /tmp/bot_spec && build/fuzz/fuzz/fuzz_bot_spec -max_total_time=60
//       -dict=fuzz/bot_spec.dict /tmp/bot_spec fuzz/corpus/bot_spec
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

#include "bots/bot.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string spec(reinterpret_cast<const char*>(data), size);
  try {
    if (!allegra::make_bot(spec, size)) {
      std::fprintf(stderr, "bot_spec_fuzz: no bot and no error for '%s'\n", spec.c_str());
      std::abort();
    }
  } catch (const std::invalid_argument& e) {
    // A spec of printable ASCII is quoted as typed; any other is shown escaped, and no
    // message may hold a control character (a spec may come from a save file).
    const std::string message = e.what();
    const bool printable =
        std::all_of(spec.begin(), spec.end(), [](char c) { return c >= 0x20 && c < 0x7F; });
    if (message.empty() || (printable && message.find("'" + spec + "'") == std::string::npos)) {
      std::fprintf(stderr, "bot_spec_fuzz: the error does not quote '%s': %s\n", spec.c_str(),
                   e.what());
      std::abort();
    }
    if (std::any_of(message.begin(), message.end(),
                    [](char c) { return (c >= 0 && c < 0x20) || c == 0x7F; })) {
      std::fprintf(stderr, "bot_spec_fuzz: a control character in the error: %s\n", e.what());
      std::abort();
    }
  }
  return 0;
}
