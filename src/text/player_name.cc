#include "text/player_name.h"

#include <fmt/format.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>

#include <cstdint>
#include <memory>

#include "engine/player_name.h"
#include "text/display_width.h"
#include "text/icu_strings.h"

namespace allegra::text {
namespace {

std::string code_point_name(UChar32 c) { return fmt::format("U+{:04X}", static_cast<uint32_t>(c)); }

// Why the code point cannot be in a name, or nullopt.
std::optional<NameRefusal> character_refusal(UChar32 c) {
  if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL))
    return NameRefusal{"bidi", fmt::format("contains a bidirectional control ({}), which reorders "
                                           "the text around it",
                                           code_point_name(c))};
  if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
    return NameRefusal{"invisible", fmt::format("contains an invisible character ({}), so it "
                                                "looks like another name",
                                                code_point_name(c))};
  const auto gc = static_cast<UCharCategory>(u_charType(c));
  if (gc == U_SPACE_SEPARATOR && c != ' ')
    return NameRefusal{"space", fmt::format("contains a space other than the plain space ({})",
                                            code_point_name(c))};
  if (gc == U_UNASSIGNED || gc == U_PRIVATE_USE_CHAR || gc == U_SURROGATE)
    return NameRefusal{"unassigned", fmt::format("contains a character that is unassigned or "
                                                 "for private use ({})",
                                                 code_point_name(c))};
  return std::nullopt;
}

bool is_combining_mark(UChar32 c) {
  const auto gc = static_cast<UCharCategory>(u_charType(c));
  return gc == U_NON_SPACING_MARK || gc == U_COMBINING_SPACING_MARK || gc == U_ENCLOSING_MARK;
}

// ICU's confusable skeleton of a name ("" if ICU fails: then only the keys compare).
std::string confusable_skeleton(std::string_view name) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<USpoofChecker, decltype(&uspoof_close)> checker(uspoof_open(&status),
                                                                  &uspoof_close);
  if (U_FAILURE(status)) return {};
  const icu::UnicodeString in = utf16(player_name_key(name));
  icu::UnicodeString out;
  uspoof_getSkeletonUnicodeString(checker.get(), 0, in, out, &status);
  return U_FAILURE(status) ? std::string() : utf8(out);
}

}  // namespace

std::optional<std::string> player_name_problem(std::string_view name) {
  if (auto refusal = player_name_refusal(name)) return std::move(refusal->text);
  return std::nullopt;
}

std::optional<NameRefusal> player_name_refusal(std::string_view name) {
  if (auto refusal = name_refusal(name)) return refusal;  // valid UTF-8 from here on
  const auto* bytes = reinterpret_cast<const uint8_t*>(name.data());
  const auto length = static_cast<int32_t>(name.size());
  bool first = true;
  UChar32 before = 0;
  unsigned look_alike_scripts = 0;  // bit 0 Latin, 1 Cyrillic, 2 Greek
  for (int32_t i = 0; i < length;) {
    UChar32 c = 0;
    U8_NEXT(bytes, i, length, c);
    if (auto refusal = character_refusal(c)) return refusal;
    UErrorCode script_status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(c, &script_status);
    look_alike_scripts |= script == USCRIPT_LATIN      ? 1u
                          : script == USCRIPT_CYRILLIC ? 2u
                          : script == USCRIPT_GREEK    ? 4u
                                                       : 0u;
    if (first && is_combining_mark(c))
      return NameRefusal{"combining", fmt::format("starts with a combining mark ({}) that has no "
                                                  "letter to sit on",
                                                  code_point_name(c))};
    if (c == ' ' && (first || before == ' '))
      return first ? NameRefusal{"leading_space", "starts with a space"}
                   : NameRefusal{"double_space", "has two spaces in a row"};
    first = false;
    before = c;
  }
  if (before == ' ') return NameRefusal{"trailing_space", "ends with a space"};
  // Latin "a", Cyrillic "а" and Greek "α" look alike: one name keeps to one of these scripts.
  if (look_alike_scripts != 0 && (look_alike_scripts & (look_alike_scripts - 1)) != 0)
    return NameRefusal{"mixed_scripts",
                       "mixes Latin, Cyrillic or Greek letters, which look alike; write it in "
                       "one of them"};
  if (const int width = display_width(name); width > kMaxNameColumns)
    return NameRefusal{"too_wide", fmt::format("is {} columns wide; a name has at most {} (as "
                                               "many letters, or half as many wide characters "
                                               "such as 漢)",
                                               width, kMaxNameColumns)};
  return std::nullopt;
}

std::string player_name_key(std::string_view name) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc_cf = icu::Normalizer2::getNFKCCasefoldInstance(status);
  if (U_FAILURE(status)) return std::string(name);
  const icu::UnicodeString key = nfkc_cf->normalize(utf16(name), status);
  return U_FAILURE(status) ? std::string(name) : utf8(key);
}

std::string player_name_skeleton(std::string_view name) { return confusable_skeleton(name); }

bool names_look_alike(std::string_view a, std::string_view b) {
  if (player_name_key(a) == player_name_key(b)) return true;
  const std::string sa = confusable_skeleton(a);
  return !sa.empty() && sa == confusable_skeleton(b);
}

std::optional<std::string> player_names_problem(const std::vector<std::string>& names) {
  for (size_t i = 0; i < names.size(); ++i) {
    // By its number, not quoted: a bad name may hold the very codes it is refused for.
    if (auto problem = player_name_problem(names[i]))
      return fmt::format("name {} {}", i + 1, *problem);
    for (size_t j = 0; j < i; ++j)
      if (names_look_alike(names[j], names[i]))
        return names[j] == names[i]
                   ? fmt::format("two players are named '{}'; every name must be different",
                                 names[i])
                   : fmt::format(
                         "names {} and {} ('{}' and '{}') look alike; every name must "
                         "look different",
                         j + 1, i + 1, names[j], names[i]);
  }
  return std::nullopt;
}

}  // namespace allegra::text
