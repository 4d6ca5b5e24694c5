// Fuzz target: the serve protocol's parser (src/wire/protocol.h) on arbitrary bytes.
//
// parse_client_message() must never throw or crash, and must answer either a message or an
// error whose code has a name and whose message is not empty. A parsed message must survive
// the checks the hub relies on: a chat text that passes chat_problem() is valid UTF-8 of at
// most 500 code points, a code is upper case, ids are at most 2^53.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_protocol
//   mkdir -p /tmp/protocol && build/fuzz/fuzz/fuzz_protocol -max_total_time=60 -max_len=17000
//       -dict=fuzz/protocol.dict /tmp/protocol fuzz/corpus/protocol
// fuzz/protocol.dict is drawn from the protocol's schema (data/protocol/protocol.schema.json) by
// scripts/protocol_dict.py; the CTest test ProtocolFuzzDictionary fails when it is out of date.
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "wire/protocol.h"

using namespace allegra::wire;  // NOLINT(google-build-using-namespace)

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ParseResult result = parse_client_message(text, 16 * 1024);
  if (const auto* error = std::get_if<ProtocolError>(&result)) {
    check(!error->message.empty());
    check(error_code_name(error->code) != "internal");
    check(!error->id || *error->id <= kMaxMessageId);
    return 0;
  }
  const auto& message = std::get<ClientMessage>(result);
  check(!message.id || *message.id <= kMaxMessageId);
  if (const auto* join = std::get_if<Join>(&message.body)) {
    for (char c : join->code) check(!(c >= 'a' && c <= 'z'));
  }
  if (const auto* chat = std::get_if<Chat>(&message.body)) {
    if (!chat_problem(chat->text)) check(chat->text.size() <= 4 * kMaxChatChars);
  }
  return 0;
}
