#include "text/translator.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/msgfmt.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "text/icu_strings.h"
#include "text/lang_data.h"

namespace allegra::text {
namespace {

std::string_view find_json(std::string_view code) {
  for (const EmbeddedLanguage& l : embedded_languages())
    if (l.code == code) return l.json;
  return {};
}

}  // namespace

std::vector<std::string> language_codes() {
  std::vector<std::string> out;
  for (const EmbeddedLanguage& l : embedded_languages()) out.emplace_back(l.code);
  return out;
}

std::string language_of_locale(std::string_view locale) {
  const size_t end = locale.find_first_of("_.@");
  std::string lang(locale.substr(0, end));
  for (char& c : lang) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lang.empty() || find_json(lang).empty()) return "";
  return lang;
}

std::string language_from_environment() {
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(var);
    if (value == nullptr || *value == '\0') continue;
    std::string lang = language_of_locale(value);
    return lang.empty() ? "en" : lang;  // the first variable set decides, as in POSIX
  }
  return "en";
}

std::map<std::string, std::string, std::less<>> parse_language(std::string_view json) {
  nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
  if (!j.is_object()) throw std::invalid_argument("a translation file must be a JSON object");
  std::map<std::string, std::string, std::less<>> out;
  for (const auto& [key, value] : j.items()) {
    if (!value.is_string())
      throw std::invalid_argument(fmt::format("translation '{}' must be a string", key));
    out.emplace(key, value.get<std::string>());
  }
  return out;
}

namespace {

std::unique_ptr<icu::MessageFormat> parse_pattern(std::string_view locale, std::string_view text,
                                                  std::string* error) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError where{};
  auto format = std::make_unique<icu::MessageFormat>(
      utf16(text), icu::Locale(std::string(locale).c_str()), where, status);
  if (U_FAILURE(status)) {
    if (error) *error = fmt::format("{} at character {}", u_errorName(status), where.offset);
    return nullptr;
  }
  return format;
}

// Fills in `args`; false (with the reason in *error) if they do not fit the pattern.
bool format_with(const icu::MessageFormat& format, const MessageArgs& args, std::string* out,
                 std::string* error) {
  std::vector<icu::UnicodeString> names;
  std::vector<icu::Formattable> values;
  names.reserve(args.size());
  values.reserve(args.size());
  for (const auto& [name, arg] : args) {
    names.push_back(utf16(name));
    if (const auto* text = std::get_if<std::string>(&arg.value))
      values.emplace_back(utf16(*text));
    else if (const auto* number = std::get_if<int64_t>(&arg.value))
      values.emplace_back(static_cast<int64_t>(*number));
    else
      values.emplace_back(std::get<double>(arg.value));
  }
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString result;
  format.format(names.data(), values.data(), static_cast<int32_t>(args.size()), result, status);
  if (U_FAILURE(status)) {
    if (error) *error = u_errorName(status);
    return false;
  }
  *out = utf8(result);
  return true;
}

// The arguments with every text that is a whole number as a number: a caller that still
// passes a count as text ("3") gets its plural rather than the English fallback.
MessageArgs with_numbers(const MessageArgs& args) {
  MessageArgs out = args;
  for (auto& [name, arg] : out) {
    const auto* text = std::get_if<std::string>(&arg.value);
    if (text == nullptr || text->empty() || text->size() > 18) continue;
    const size_t digits = (*text)[0] == '-' ? 1 : 0;
    if (digits == text->size() ||
        !std::all_of(text->begin() + static_cast<long>(digits), text->end(),
                     [](char c) { return c >= '0' && c <= '9'; }))
      continue;
    arg.value = static_cast<int64_t>(std::stoll(*text));
  }
  return out;
}

}  // namespace

std::string format_message(std::string_view locale, std::string_view pattern,
                           const MessageArgs& args) {
  std::string error;
  const auto format = parse_pattern(locale, pattern, &error);
  if (!format) throw std::invalid_argument(fmt::format("the text does not parse: {}", error));
  std::string out;
  if (!format_with(*format, args, &out, &error))
    throw std::invalid_argument(fmt::format("the arguments do not fit the text: {}", error));
  return out;
}

// One language's texts, each parsed once. A text that does not parse keeps no format, so the
// translator falls back to English for it.
struct Translator::Catalog {
  struct Entry {
    std::string text;
    std::shared_ptr<const icu::MessageFormat> format;  // null: the text does not parse
  };
  std::map<std::string, Entry, std::less<>> entries;

  Catalog(std::string_view code, std::string_view json) {
    for (auto& [key, text] : parse_language(json)) {
      std::shared_ptr<const icu::MessageFormat> format = parse_pattern(code, text, nullptr);
      entries.emplace(key, Entry{std::move(text), std::move(format)});
    }
  }

  const Entry* find(std::string_view key) const {
    const auto it = entries.find(key);
    return it == entries.end() ? nullptr : &it->second;
  }
};

Translator::Translator(std::string_view code) : Translator(code, find_json(code)) {}

Translator::Translator(std::string_view code, std::string_view json) : code_(code) {
  if (find_json(code).empty())
    throw std::invalid_argument(fmt::format("unknown language '{}': expected one of {}", code,
                                            fmt::join(language_codes(), ", ")));
  texts_ = std::make_shared<const Catalog>(code, json);
  if (code != "en" || json != find_json("en"))
    fallback_ = std::make_shared<const Catalog>("en", find_json("en"));
}

bool Translator::has(std::string_view key) const { return texts_->find(key) != nullptr; }

// French elides "de" before a vowel: "celles de Emil" is "celles d’Emil". The texts write
// "de {name}" (a name is not known when the text is written, and the browser reads the same
// texts), so the formatted French text is elided here: a word "de" followed by a word whose
// first letter is a vowel (accents ignored, "Émile", "Yves" too) becomes "d’".
std::string elide_french(std::string text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  const auto starts_with_vowel = [&](std::string_view rest) {
    const icu::UnicodeString u = utf16(rest.substr(0, std::min<size_t>(rest.size(), 4)));
    if (u.isEmpty() || U_FAILURE(status)) return false;
    icu::UnicodeString base;
    if (!nfd->getDecomposition(u.char32At(0), base)) base = icu::UnicodeString(u.char32At(0));
    const UChar32 c = u_tolower(base.char32At(0));
    return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y' || c == 0xE6 ||
           c == 0x153;
  };
  for (size_t at = 0; (at = text.find("de ", at)) != std::string::npos;) {
    const bool word_start = at == 0 || text[at - 1] == ' ' || text[at - 1] == '(';
    if (word_start && starts_with_vowel(std::string_view(text).substr(at + 3))) {
      text.replace(at, 3, "d’");
      at += 4;
    } else {
      at += 3;
    }
  }
  return text;
}

std::string Translator::tr(std::string_view key, const Args& args) const {
  std::string out = format(key, args);
  return code_ == "fr" ? elide_french(std::move(out)) : out;
}

std::string Translator::format(std::string_view key, const Args& args) const {
  const Catalog::Entry* entry = texts_->find(key);
  const Catalog::Entry* english = fallback_ ? fallback_->find(key) : nullptr;
  std::string out;
  for (const Catalog::Entry* e : {entry, english}) {
    if (e == nullptr || !e->format) continue;
    if (format_with(*e->format, args, &out, nullptr)) return out;
    if (format_with(*e->format, with_numbers(args), &out, nullptr)) return out;
  }
  // A text that does not parse (or fit) anywhere shows raw rather than failing a game.
  if (entry != nullptr) return entry->text;
  if (english != nullptr) return english->text;
  return std::string(key);
}

}  // namespace allegra::text
