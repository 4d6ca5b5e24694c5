// Translator: every text a person reads (the terminal game, the replay transcripts, ...), in one
// of five languages.
//
// The texts live in data/lang/<code>.json (one flat object, the same keys in every language),
// written in ICU MessageFormat: simple arguments ({name}), plurals ({count, plural, one {# card}
// other {# cards}}) and selects ({actor, select, you {You draw} other {{name} draws}}). The
// browser reads the same files with intl-messageformat, so only the syntax both accept is used
// (docs/i18n.md). The files are embedded into the binary (lang_data.h) and every pattern is
// parsed once, when the Translator is made. Front ends and the narrator never hold a sentence
// of their own, so adding a language is adding a file. A key missing or broken in a language
// falls back to English, and a broken English text shows raw: a bad text never stops a game,
// and the tests make sure there is none.
#pragma once

#include <concepts>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace allegra::text {

// The language codes that have a translation file, e.g. {"de", "en", "es", "fr", "nl"}.
std::vector<std::string> language_codes();

// The language a locale string asks for: "de_DE.UTF-8" -> "de", "fr" -> "fr"; "" if none of
// ours ("C", "POSIX", unknown languages).
std::string language_of_locale(std::string_view locale);
// The language from the environment (LC_ALL, then LC_MESSAGES, then LANG); "en" if none fits.
std::string language_from_environment();

// The flat key -> text map of one language's JSON text; throws std::invalid_argument if it is
// not a flat object of strings.
std::map<std::string, std::string, std::less<>> parse_language(std::string_view json);

// One argument of a message: text (for a simple argument or a select) or a number (for a
// plural, or a number shown in the locale's way: 12.5 is "12,5" in German).
struct MessageArg {
  std::variant<std::string, int64_t, double> value;

  MessageArg(std::string text) : value(std::move(text)) {}
  MessageArg(std::string_view text) : value(std::string(text)) {}
  MessageArg(const char* text) : value(std::string(text)) {}
  template <std::integral T>
  requires(!std::same_as<T, bool> && !std::same_as<T, char>) MessageArg(T number)
      : value(static_cast<int64_t>(number)) {}
  MessageArg(double number) : value(number) {}
};

// Named arguments, e.g. {{"actor", "you"}, {"name", "Bea"}, {"count", 3}}.
using MessageArgs = std::vector<std::pair<std::string, MessageArg>>;

// French text with "de" elided before a vowel ("de Emil" -> "d’Emil"); Translator::tr applies it
// to every French text.
std::string elide_french(std::string text);

// Formats one ICU pattern for a locale ("de"); throws std::invalid_argument naming the problem
// if the pattern does not parse or the arguments do not fit it (a text for a plural).
std::string format_message(std::string_view locale, std::string_view pattern,
                           const MessageArgs& args);

class Translator {
 public:
  using Args = MessageArgs;

  // Throws std::invalid_argument for a language without a translation file.
  explicit Translator(std::string_view code = "en");
  // The language `code` with the texts of `json` instead of its file (tests, tools); English
  // from its file stays the fallback.
  Translator(std::string_view code, std::string_view json);

  const std::string& code() const { return code_; }
  // The text of `key` with its arguments filled in; never throws. A key no language has
  // gives the key itself (visible, so it is noticed); a pattern that fails gives English.
  std::string tr(std::string_view key, const Args& args = {}) const;
  bool has(std::string_view key) const;

 private:
  std::string format(std::string_view key, const Args& args) const;
  struct Catalog;
  std::string code_;
  std::shared_ptr<const Catalog> texts_;
  std::shared_ptr<const Catalog> fallback_;  // English
};

}  // namespace allegra::text
