// Translations: every language has exactly the English key set, the same placeholders per key,
// and nothing left untranslated; the locale picks the language.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

#include "tui/lang_data.h"
#include "tui/message_pattern.h"
#include "tui/translator.h"

namespace allegra::tui {
namespace {

TEST(TuiTranslation, FiveLanguagesAreEmbedded) {
  EXPECT_EQ(language_codes(), (std::vector<std::string>{"de", "en", "es", "fr", "nl"}));
}

TEST(TuiTranslation, EveryLanguageHasExactlyTheEnglishKeysAndPlaceholders) {
  std::map<std::string, std::string, std::less<>> en;
  for (const EmbeddedLanguage& lang : embedded_languages())
    if (lang.code == "en") en = parse_language(lang.json);
  ASSERT_FALSE(en.empty());
  for (const EmbeddedLanguage& lang : embedded_languages()) {
    SCOPED_TRACE(std::string(lang.code));
    const auto texts = parse_language(lang.json);
    for (const auto& [key, text] : en) {
      auto it = texts.find(key);
      if (it == texts.end()) {
        ADD_FAILURE() << "missing key " << key;
        continue;
      }
      EXPECT_EQ(message_arguments(it->second), message_arguments(text)) << key;
      EXPECT_FALSE(it->second.empty()) << key;
    }
    for (const auto& [key, text] : texts) EXPECT_TRUE(en.count(key)) << "extra key " << key;
  }
}

TEST(TuiTranslation, NoValueIsAnUntranslatedPlaceholder) {
  for (const EmbeddedLanguage& lang : embedded_languages()) {
    SCOPED_TRACE(std::string(lang.code));
    for (const auto& [key, text] : parse_language(lang.json)) {
      EXPECT_NE(text, key) << "the value is its key";
      EXPECT_EQ(text.find("TODO"), std::string::npos) << key;
      EXPECT_EQ(text.find("TRANSLATE"), std::string::npos) << key;
    }
  }
}

TEST(TuiTranslation, OtherLanguagesAreReallyTranslated) {
  // A handful of sentences that must differ from English in every other language.
  const Translator en("en");
  for (const char* code : {"de", "fr", "nl", "es"}) {
    const Translator tr(code);
    for (const char* key : {"action.knock", "status.draw", "narr.cleared", "summary.winner"})
      EXPECT_NE(tr.tr(key), en.tr(key)) << code << " " << key;
  }
}

TEST(TuiTranslation, AlmostEverythingDiffersFromEnglish) {
  std::map<std::string, std::string, std::less<>> en;
  for (const EmbeddedLanguage& lang : embedded_languages())
    if (lang.code == "en") en = parse_language(lang.json);
  for (const EmbeddedLanguage& lang : embedded_languages()) {
    if (lang.code == "en") continue;
    int same = 0;
    for (const auto& [key, text] : parse_language(lang.json)) same += en[key] == text ? 1 : 0;
    // A few texts are the same everywhere ("{place}. {name}: {total}", "Scores" in French).
    EXPECT_LT(same, static_cast<int>(en.size()) / 15)
        << lang.code << ": " << same << " untranslated";
  }
}

TEST(TuiTranslation, FillsNamedPlaceholders) {
  const Translator en("en");
  EXPECT_EQ(en.tr("narr.knocked", {{"name", "Bea"}}), "Bea knocked!");
  EXPECT_EQ(en.tr("no.such.key"), "no.such.key");
  EXPECT_THROW(Translator("xx"), std::invalid_argument);
}

// "Dora's row 1" but "your row 1": possessives of the human's seat name have their own texts.
TEST(TuiTranslation, PossessivesOfYouHaveTheirOwnForm) {
  for (const std::string& code : language_codes()) {
    const Translator tr(code);
    const std::string you = tr.tr("name.you");
    for (const char* key :
         {"action.take", "narr.took", "status.take", "narr.knock_given", "status.knock"}) {
      EXPECT_EQ(tr.key_for_owner(key, you), std::string(key) + "_you") << code;
      EXPECT_EQ(tr.key_for_owner(key, "Dora"), key) << code;
    }
  }
  const Translator en("en");
  EXPECT_EQ(en.tr(en.key_for_owner("narr.took", "You"),
                  {{"name", "Bea"}, {"card", "the 7"}, {"place", "row 1, column 5"}}),
            "Bea took the 7 from your row 1, column 5");
  EXPECT_EQ(en.key_for_owner("narr.knocked", "You"), "narr.knocked");  // no variant: unchanged
}

TEST(TuiTranslation, LocalePicksTheLanguage) {
  EXPECT_EQ(language_of_locale("de_DE.UTF-8"), "de");
  EXPECT_EQ(language_of_locale("fr_FR"), "fr");
  EXPECT_EQ(language_of_locale("nl"), "nl");
  EXPECT_EQ(language_of_locale("es_ES@euro"), "es");
  EXPECT_EQ(language_of_locale("C"), "");
  EXPECT_EQ(language_of_locale("ja_JP.UTF-8"), "");
  ::setenv("LC_ALL", "", 1);
  ::setenv("LC_MESSAGES", "", 1);
  ::setenv("LANG", "de_DE.UTF-8", 1);
  EXPECT_EQ(language_from_environment(), "de");
  ::setenv("LANG", "pt_BR.UTF-8", 1);
  EXPECT_EQ(language_from_environment(), "en");
  ::unsetenv("LANG");
}

}  // namespace
}  // namespace allegra::tui
