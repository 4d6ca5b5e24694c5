// Fuzz target: the client side's reading of server frames (src/wire/frame_reader.h) and the
// application of delta frames (src/wire/table_delta.h apply_delta) on arbitrary bytes.
//
// The input is a sequence of frames, one a line (a frame's JSON never holds a raw newline). Each
// frame goes through read_frame(), which must never throw or crash and must keep what it reports
// sane (a pending seat's legal actions are never empty strings). Each frame that parses as JSON
// then goes to a client's table as the web client keeps it: a `state` or `update` frame's
// `table` replaces it, a `delta` applies to it. apply_delta() must never throw; when it refuses
// a delta the table is unchanged, when it applies one the table is an object.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_frames
//   mkdir -p /tmp/frames && build/fuzz/fuzz/fuzz_frames -max_total_time=60 -max_len=8192
//       -dict=fuzz/frames.dict /tmp/frames fuzz/corpus/frames
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "wire/frame_reader.h"
#include "wire/table_delta.h"

using nlohmann::json;
using namespace allegra::wire;  // NOLINT(google-build-using-namespace)

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

void read_one(std::string_view text, json& table) {
  // 1. The light reader of the load generator and the tests' client.
  const FrameRead read = read_frame(text);
  for (const PendingSeatRead& p : read.pending) {
    for (const std::string& action : p.legal) check(!action.empty());
  }
  // 2. The table as a client keeps it.
  const json frame = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!frame.is_object()) return;
  const auto type = frame.find("type");
  if (type == frame.end() || !type->is_string()) return;
  if (*type == "state" || *type == "update") {
    const auto t = frame.find("table");
    if (t != frame.end() && t->is_object()) table = *t;
    return;
  }
  if (*type != "delta") return;
  const json before = table;
  if (apply_delta(table, frame)) {
    check(table.is_object());
  } else {
    check(table == before);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  json table;  // null: no table yet
  while (!rest.empty()) {
    const size_t end = rest.find('\n');
    read_one(rest.substr(0, end), table);
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return 0;
}
