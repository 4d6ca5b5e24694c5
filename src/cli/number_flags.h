// Whole-number flags: one check for every numeric flag of every subcommand.
//
// CLI11 alone answers "--players 2.5" with "Could not convert"; whole_number() is a CLI11
// validator that runs on the text before the conversion and says what is allowed instead:
// "--players: must be a whole number from 2 to 6, got '2.5'". Every numeric flag (--players,
// --rounds, --seed, --games, --threads, --delay, ...) gets its range this way, so no value is
// clamped, wrapped or refused later with a different wording.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <limits>
#include <string>

namespace allegra::cli {

// Limits shared by the subcommands that play many games.
inline constexpr long long kMaxGames = 1'000'000'000;
inline constexpr long long kMaxThreads = 256;

// A validator accepting the decimal integers from `min` to `max` (an optional '+', a '-' only
// if min < 0, no fraction, no exponent, no spaces).
CLI::Validator whole_number(long long min, long long max);

// The same for 64-bit seeds: 0 to 2^64-1.
CLI::Validator seed_number();

// The text of a range for help and messages: "from 2 to 6", "from 0 to 2^64-1".
std::string range_text(long long min, long long max);

}  // namespace allegra::cli
