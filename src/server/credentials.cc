#include "server/credentials.h"

#include <sodium.h>

#include <array>
#include <mutex>
#include <stdexcept>

namespace allegra::server {

void init_sodium() {
  static std::once_flag once;
  static bool ok = false;
  std::call_once(once, [] { ok = sodium_init() >= 0; });
  if (!ok) throw std::runtime_error("cannot initialise libsodium");
}

std::string hash_password(std::string_view password) {
  init_sodium();
  std::array<char, crypto_pwhash_STRBYTES> out{};
  if (crypto_pwhash_str_alg(out.data(), password.data(), password.size(), kOpsLimit, kMemLimit,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("cannot hash a password: out of memory");
  }
  return std::string(out.data());
}

bool verify_password(std::string_view hash, std::string_view password) {
  init_sodium();
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES) return false;
  const std::string terminated(hash);  // crypto_pwhash_str_verify reads a C string
  return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

std::string new_session_token() {
  init_sodium();
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  std::array<char, 48> out{};  // sodium_base64_ENCODED_LEN(32, URLSAFE_NO_PADDING) = 44
  sodium_bin2base64(out.data(), out.size(), bytes.data(), bytes.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return std::string(out.data());
}

std::string token_hash(std::string_view token) {
  init_sodium();
  std::array<unsigned char, 32> digest{};
  crypto_generichash(digest.data(), digest.size(),
                     reinterpret_cast<const unsigned char*>(token.data()), token.size(), nullptr,
                     0);
  std::array<char, 65> hex{};
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  return std::string(hex.data());
}

std::optional<std::string> cookie_value(std::string_view header, std::string_view name) {
  // 1. Split at ';', 2. trim spaces and tabs, 3. split each pair at its first '=', 4. unquote.
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
  };
  while (!header.empty()) {
    const size_t end = header.find(';');
    const std::string_view pair = trim(header.substr(0, end));
    header = end == std::string_view::npos ? std::string_view() : header.substr(end + 1);
    const size_t eq = pair.find('=');
    if (eq == std::string_view::npos || trim(pair.substr(0, eq)) != name) continue;
    std::string_view value = trim(pair.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    return std::string(value);
  }
  return std::nullopt;
}

}  // namespace allegra::server
