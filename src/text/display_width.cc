#include "text/display_width.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <cstdint>

namespace allegra::text {
namespace {

// Decodes the code point at text[i] and advances i; an invalid sequence gives U+FFFD.
char32_t decode_next(std::string_view text, int32_t& i) {
  UChar32 c = 0;
  U8_NEXT_OR_FFFD(reinterpret_cast<const uint8_t*>(text.data()), i,
                  static_cast<int32_t>(text.size()), c);
  return static_cast<char32_t>(c);
}

}  // namespace

int code_point_width(char32_t cp) {
  const auto c = static_cast<UChar32>(cp);
  if (c == 0 || u_iscntrl(c)) return 0;
  const auto gc = static_cast<UCharCategory>(u_charType(c));
  if (gc == U_NON_SPACING_MARK || gc == U_ENCLOSING_MARK || gc == U_FORMAT_CHAR) return 0;
  if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return 0;
  // Hangul jamo vowels and final consonants join the syllable before them.
  if (c >= 0x1160 && c <= 0x11FF) return 0;
  const auto eaw = static_cast<UEastAsianWidth>(u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH));
  return eaw == U_EA_WIDE || eaw == U_EA_FULLWIDTH ? 2 : 1;
}

int display_width(std::string_view utf8) {
  int width = 0;
  for (int32_t i = 0; i < static_cast<int32_t>(utf8.size());)
    width += code_point_width(decode_next(utf8, i));
  return width;
}

std::string clip_to_width(std::string_view utf8, int columns) {
  int width = 0;
  int32_t end = 0;
  for (int32_t i = 0; i < static_cast<int32_t>(utf8.size());) {
    const int32_t start = i;
    const int w = code_point_width(decode_next(utf8, i));
    if (width + w > columns) return std::string(utf8.substr(0, static_cast<size_t>(start)));
    width += w;
    end = i;
  }
  return std::string(utf8.substr(0, static_cast<size_t>(end)));
}

}  // namespace allegra::text
