#include "server/static_files.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <system_error>
#include <utility>

namespace allegra::server {
namespace fs = std::filesystem;

std::string_view target_path(std::string_view target) {
  const size_t end = target.find_first_of("?#");
  return end == std::string_view::npos ? target : target.substr(0, end);
}

std::optional<std::string> percent_decode(std::string_view path) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::string out;
  out.reserve(path.size());
  for (size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (c == '%') {
      if (i + 2 >= path.size()) return std::nullopt;
      const int hi = hex(path[i + 1]);
      const int lo = hex(path[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    if (c == '\0') return std::nullopt;
    out += c;
  }
  return out;
}

std::optional<fs::path> resolve_static(const fs::path& root, std::string_view target) {
  // 1. The decoded path must be absolute and free of anything that could climb or confuse.
  const std::optional<std::string> decoded = percent_decode(target_path(target));
  if (!decoded || decoded->empty() || decoded->front() != '/') return std::nullopt;
  if (decoded->find('\\') != std::string::npos) return std::nullopt;
  std::string relative = decoded->substr(1);
  size_t start = 0;
  while (start <= relative.size()) {
    const size_t end = std::min(relative.find('/', start), relative.size());
    const std::string_view segment(relative.data() + start, end - start);
    if (segment == ".." || segment == ".") return std::nullopt;
    if (segment.empty() && end != relative.size()) return std::nullopt;  // e.g. "//etc/passwd"
    start = end + 1;
  }
  // 2. A folder names its index.html.
  if (relative.empty() || relative.back() == '/') relative += "index.html";
  // 3. The real file (symlinks followed) must be a regular file inside the real root.
  std::error_code ec;
  const fs::path real_root = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  fs::path file = fs::canonical(real_root / relative, ec);
  if (ec) return std::nullopt;
  if (fs::is_directory(file, ec)) {
    file = fs::canonical(file / "index.html", ec);
    if (ec) return std::nullopt;
  }
  const auto mismatch =
      std::mismatch(real_root.begin(), real_root.end(), file.begin(), file.end()).first;
  if (mismatch != real_root.end()) return std::nullopt;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  return file;
}

std::string_view cache_control(std::string_view path) {
  if (path.starts_with("/assets/") && path.size() > 8) return "public, max-age=31536000, immutable";
  return "no-cache";
}

bool accepts_encoding(std::string_view accept_encoding, std::string_view coding) {
  auto lower = [](std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
  };
  auto trim = [](std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
  };
  // 1. Split the list at commas; each item is "name" or "name;q=VALUE".
  // 2. The named item decides if present, else "*"; q=0 (0, 0.0, 0.00, 0.000) refuses.
  std::optional<bool> named;
  std::optional<bool> star;
  size_t start = 0;
  while (start <= accept_encoding.size()) {
    const size_t end = std::min(accept_encoding.find(',', start), accept_encoding.size());
    const std::string_view item = accept_encoding.substr(start, end - start);
    start = end + 1;
    const size_t semi = item.find(';');
    const std::string name = lower(trim(item.substr(0, semi)));
    bool ok = true;
    if (semi != std::string_view::npos) {
      const std::string param = lower(trim(item.substr(semi + 1)));
      if (param.starts_with("q=")) {
        const std::string_view q = std::string_view(param).substr(2);
        ok = !q.empty() && q.find_first_not_of("0.") != std::string_view::npos;
      }
    }
    if (name == coding) named = ok;
    if (name == "*") star = ok;
  }
  if (named) return *named;
  return star.value_or(false);
}

EncodedFile precompressed(const fs::path& file, std::string_view accept_encoding) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kCodings{{
      {"br", ".br"},
      {"gzip", ".gz"},
  }};
  for (const auto& [coding, suffix] : kCodings) {
    if (!accepts_encoding(accept_encoding, coding)) continue;
    fs::path sibling = file;
    sibling += suffix;
    std::error_code ec;
    if (fs::symlink_status(sibling, ec).type() == fs::file_type::regular) return {sibling, coding};
  }
  return {file, ""};
}

std::string_view content_type(std::string_view file_name) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 18> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".txt", "text/plain; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".ico", "image/x-icon"},
      {".webp", "image/webp"},
      {".woff2", "font/woff2"},
      {".wasm", "application/wasm"},
  }};
  const size_t dot = file_name.rfind('.');
  if (dot == std::string_view::npos) return "application/octet-stream";
  std::string ext(file_name.substr(dot));
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const auto& [e, type] : kTypes)
    if (e == ext) return type;
  return "application/octet-stream";
}

}  // namespace allegra::server
