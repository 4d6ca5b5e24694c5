// Credentials: the secrets of the accounts (issue 29 §1, docs/security.md), on libsodium.
//
// - Passwords are hashed with Argon2id (crypto_pwhash_str): a string that holds the salt and the
//   parameters, so that parameters chosen later still verify older hashes. kOpsLimit and
//   kMemLimit were chosen on the 2-core machine of the project (docs/bench.md: about 0.1 s and
//   64 MiB a hash). These calls are slow on purpose: never on the io thread (PasswordHasher).
// - Session tokens: 256 bits from libsodium's CSPRNG, as 43 base64url characters in the cookie;
//   the store keeps only their BLAKE2b-256 hash (hex), so a copy of the database signs nobody in.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace allegra::server {

// Argon2id's cost: libsodium's "interactive" limits (2 passes over 64 MiB).
inline constexpr unsigned long long kOpsLimit = 2;
inline constexpr size_t kMemLimit = 64 * 1024 * 1024;

// Initialises libsodium once (any thread); throws std::runtime_error if it cannot.
void init_sodium();

// The Argon2id hash of `password` (libsodium's string form). Throws std::runtime_error when out
// of memory.
std::string hash_password(std::string_view password);
// Whether `password` matches `hash` (false for a malformed hash).
bool verify_password(std::string_view hash, std::string_view password);

// A fresh session token (43 characters, base64url without padding).
std::string new_session_token();
// The hash under which the store keeps a token (64 hex characters).
std::string token_hash(std::string_view token);

// The value of cookie `name` in a Cookie header ("a=1; b=2"), nullopt if absent. RFC 6265's
// syntax: pairs separated by ";" and optional spaces; a value may be in double quotes.
std::optional<std::string> cookie_value(std::string_view cookie_header, std::string_view name);

}  // namespace allegra::server
