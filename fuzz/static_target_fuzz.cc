// Fuzz target: a static file request of `allegra serve --web` (server/static_files.h) on
// arbitrary bytes: the request target and the Accept-Encoding header, both outside input.
//
// The input is "TARGET\nACCEPT-ENCODING". resolve_static() must never crash, and a file it
// resolves must lie inside the (real) web root; precompressed() must send that file or its
// .br/.gz sibling, with the encoding that names it, and only one the header accepts.
// A sanitizer report or a failed check is a bug.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_static_target
//   mkdir -p /tmp/static_target && build/fuzz/fuzz/fuzz_static_target -max_total_time=60
//       /tmp/static_target
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "server/static_files.h"

namespace {

namespace fs = std::filesystem;
using allegra::server::accepts_encoding;
using allegra::server::precompressed;
using allegra::server::resolve_static;

[[noreturn]] void bug(const char* what) {
  std::fprintf(stderr, "static_target_fuzz: %s\n", what);
  std::abort();
}

// A small web root with an index, an asset and its siblings, and a secret beside the root.
const fs::path& web_root() {
  static const fs::path root = [] {
    const fs::path base =
        fs::temp_directory_path() / ("allegra_fuzz_static_" + std::to_string(::getpid()));
    fs::create_directories(base / "web" / "assets");
    std::ofstream(base / "web" / "index.html") << "index";
    std::ofstream(base / "web" / "assets" / "app.js") << "js";
    std::ofstream(base / "web" / "assets" / "app.js.gz") << "gz";
    std::ofstream(base / "web" / "assets" / "app.js.br") << "br";
    std::ofstream(base / "secret.txt") << "secret";
    return fs::canonical(base / "web");
  }();
  return root;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t newline = input.find('\n');
  const std::string_view target = input.substr(0, newline);
  const std::string_view accept =
      newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
  const fs::path& root = web_root();
  const std::optional<fs::path> file = resolve_static(root, target);
  if (file) {
    const auto mismatch = std::mismatch(root.begin(), root.end(), file->begin(), file->end()).first;
    if (mismatch != root.end()) bug("a resolved file outside the web root");
  }
  const fs::path asset = root / "assets" / "app.js";
  const allegra::server::EncodedFile sent = precompressed(asset, accept);
  if (sent.encoding.empty()) {
    if (sent.path != asset) bug("a sibling sent without its encoding");
  } else {
    if (!accepts_encoding(accept, sent.encoding)) bug("an encoding the header does not accept");
    const std::string suffix = sent.encoding == "br" ? ".br" : ".gz";
    if (sent.path != fs::path(asset.string() + suffix)) bug("the wrong sibling");
  }
  return 0;
}
