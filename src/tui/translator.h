// Translator: every text a person reads in `allegra play`, in one of five languages.
//
// The texts live in data/lang/<code>.json (one flat object, the same keys in every language,
// named placeholders such as {name}), embedded into the binary (lang_data.h). Front ends and
// the narrator never hold a sentence of their own, so adding a language is adding a file
// (docs/i18n.md). A key missing in a language falls back to English; the tests make sure none
// is missing.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace allegra::tui {

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
// The placeholder names used in a text, sorted: "{name} draws {card}" -> {"card", "name"}.
std::vector<std::string> placeholders_of(std::string_view text);

class Translator {
 public:
  using Args = std::vector<std::pair<std::string, std::string>>;

  // Throws std::invalid_argument for a language without a translation file.
  explicit Translator(std::string_view code = "en");

  const std::string& code() const { return code_; }
  // The text of `key` with its placeholders filled in; the key itself if no language has it
  // (visible, so a missing key is noticed, and never a crash).
  std::string tr(std::string_view key, const Args& args = {}) const;
  bool has(std::string_view key) const;
  // `key`, or its variant `key` + "_you" when `owner` is this language's name of the single
  // human ("name.you"): a possessive or an object such as "Dora's row 1" or "an Dora" has its
  // own form for "you" ("your row 1", "deiner Zeile 1", "dir") that no placeholder can build.
  std::string key_for_owner(std::string_view key, std::string_view owner) const;

 private:
  std::string code_;
  std::map<std::string, std::string, std::less<>> texts_;
  std::map<std::string, std::string, std::less<>> fallback_;  // English
};

}  // namespace allegra::tui
