#include "engine/player_name.h"

#include <fmt/format.h>

#include <cstdint>

namespace allegra {
namespace {

// Decodes the UTF-8 sequence at text[i], advancing i; nullopt if it is not valid UTF-8
// (a stray continuation byte, a truncated or overlong sequence, a surrogate, > U+10FFFF).
std::optional<char32_t> next_code_point(std::string_view text, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<uint8_t>(text[k]); };
  const uint8_t b0 = byte(i);
  int extra = 0;
  char32_t cp = 0;
  if (b0 < 0x80) {
    ++i;
    return b0;
  } else if ((b0 & 0xE0) == 0xC0) {
    extra = 1;
    cp = b0 & 0x1F;
  } else if ((b0 & 0xF0) == 0xE0) {
    extra = 2;
    cp = b0 & 0x0F;
  } else if ((b0 & 0xF8) == 0xF0) {
    extra = 3;
    cp = b0 & 0x07;
  } else {
    return std::nullopt;
  }
  if (i + static_cast<size_t>(extra) >= text.size()) return std::nullopt;  // truncated
  for (int k = 1; k <= extra; ++k) {
    const uint8_t b = byte(i + static_cast<size_t>(k));
    if ((b & 0xC0) != 0x80) return std::nullopt;
    cp = (cp << 6) | (b & 0x3F);
  }
  static constexpr char32_t kMinOf[] = {0, 0x80, 0x800, 0x10000};
  if (cp < kMinOf[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return std::nullopt;
  i += static_cast<size_t>(extra) + 1;
  return cp;
}

// C0 controls, DEL, C1 controls, and the line and paragraph separators, which break a line
// as a newline does.
bool is_control(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029;
}

bool is_space(char32_t cp) { return cp == ' ' || cp == 0xA0 || cp == 0x3000; }

}  // namespace

std::optional<NameRefusal> name_refusal(std::string_view name) {
  int length = 0;
  bool only_spaces = true;
  for (size_t i = 0; i < name.size();) {
    const auto cp = next_code_point(name, i);
    if (!cp) return NameRefusal{"invalid_utf8", "is not valid UTF-8 text"};
    if (is_control(*cp))
      return NameRefusal{"control", fmt::format("contains a control character (U+{:04X}); use "
                                                "letters, digits, spaces and punctuation",
                                                static_cast<uint32_t>(*cp))};
    if (!is_space(*cp)) only_spaces = false;
    ++length;
  }
  if (length == 0 || only_spaces) return NameRefusal{"empty", "is empty"};
  if (length > kMaxNameLength)
    return NameRefusal{"too_long", fmt::format("is {} characters long; a name has at most {}",
                                               length, kMaxNameLength)};
  return std::nullopt;
}

std::optional<std::string> name_problem(std::string_view name) {
  if (auto refusal = name_refusal(name)) return std::move(refusal->text);
  return std::nullopt;
}

std::optional<std::string> names_problem(const std::vector<std::string>& names) {
  for (size_t i = 0; i < names.size(); ++i) {
    // By its number, not quoted: a bad name may hold the very escape codes it is refused for.
    if (auto problem = name_problem(names[i])) return fmt::format("name {} {}", i + 1, *problem);
    for (size_t j = 0; j < i; ++j)
      if (names[j] == names[i])
        return fmt::format("two players are named '{}'; every name must be different", names[i]);
  }
  return std::nullopt;
}

}  // namespace allegra
