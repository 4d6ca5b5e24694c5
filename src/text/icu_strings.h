// Conversions between our UTF-8 strings and ICU's UTF-16 UnicodeString, for the sources of
// src/text that call ICU (the translator, the message-pattern checks). One copy, inline: they are
// two calls each, and a unity build puts both users in one translation unit.
#pragma once

#include <unicode/unistr.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace allegra::text {

inline icu::UnicodeString utf16(std::string_view s) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
}

inline std::string utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

}  // namespace allegra::text
