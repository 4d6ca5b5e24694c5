// Static files: which file under the --web folder a request target names, and its content type.
//
// What: resolve_static() turns the target of a GET ("/assets/app.js?v=3") into a regular file
// under the web root, or nothing. Only safe targets resolve: the path is percent-decoded once,
// and a target with a ".." or "." segment, a backslash, a NUL or a bad %-escape is refused
// outright; the result must also lie under the root after every symlink is followed
// (std::filesystem::canonical), so a link out of the folder serves nothing either. A folder
// ("/", "/help/") names its index.html.
// Why: the server serves whatever folder the operator names, to anyone; a traversal
// ("/../../etc/passwd", "/%2e%2e/x") must never reach a file outside it. This file holds no
// network code, so it is tested and compiled without Beast.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace allegra::server {

// The path of a request target without its query ("?...") and fragment ("#...").
std::string_view target_path(std::string_view target);

// Percent-decodes a URL path; nullopt for a bad escape or a decoded NUL.
std::optional<std::string> percent_decode(std::string_view path);

// The file under `root` (which must exist) that `target` names, or nullopt (not safe, not found,
// not a regular file).
std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                    std::string_view target);

// The Cache-Control of a static file by its request path: the build's content-hashed files
// under /assets/ never change ("public, max-age=31536000, immutable"); everything else, above
// all index.html which names them, is checked again each time ("no-cache").
std::string_view cache_control(std::string_view path);

// A file to send and how it is encoded: `encoding` is "br", "gzip" or "" (identity).
struct EncodedFile {
  std::filesystem::path path;
  std::string_view encoding;
};

// Whether an Accept-Encoding header accepts `coding` ("br", "gzip"): listed by name or by "*",
// with no "q=0". Names are case-insensitive; a bad header accepts nothing (identity is served).
bool accepts_encoding(std::string_view accept_encoding, std::string_view coding);

// The build's precompressed sibling of `file` the client accepts: "FILE.br" before "FILE.gz",
// each only if it is a regular file (not a symlink); else `file` itself with no encoding.
// Why: `npm run build` writes both beside each asset (web/scripts/compress.mjs), so the server
// sends 3-5x fewer bytes without compressing anything per request.
EncodedFile precompressed(const std::filesystem::path& file, std::string_view accept_encoding);

// The Content-Type for a file name, by its extension ("application/octet-stream" if unknown).
std::string_view content_type(std::string_view file_name);

}  // namespace allegra::server
