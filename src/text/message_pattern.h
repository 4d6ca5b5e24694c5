// MessagePattern: what an ICU message expects, read from the pattern itself.
//
// The translation tests compare every language's texts with English: the same argument names,
// each used the same way (a simple argument, a plural or a select), and every select and
// plural case formatted once. Reading the arguments from ICU's own parse (icu::MessagePattern)
// rather than from a hand-written list means a new text is checked as soon as it is written.
// It also refuses the ICU4C extras that the browser's intl-messageformat does not share
// (choice, spellout, offsets), so the same files work in both.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace allegra::text {

enum class ArgKind { kSimple, kPlural, kSelect };

struct MessageArgInfo {
  std::string name;
  ArgKind kind = ArgKind::kSimple;
  std::vector<std::string> keys;  // a select's or plural's cases, sorted ("one", "other", "=0")

  bool operator==(const MessageArgInfo&) const = default;
};

// The arguments of an ICU pattern, sorted by name, each once (the cases of all its uses
// together). Throws std::invalid_argument naming the problem if the pattern does not parse,
// uses an argument type other than simple, plural and select, an offset, or one name in two
// ways.
std::vector<MessageArgInfo> message_arguments(std::string_view pattern);

const char* arg_kind_name(ArgKind kind);

}  // namespace allegra::text
