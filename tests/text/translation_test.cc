// Translations: every language has exactly the English key set, the same placeholders per key,
// and nothing left untranslated; the locale picks the language.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "text/lang_data.h"
#include "text/message_pattern.h"
#include "text/translator.h"

namespace allegra::text {
namespace {

TEST(TextTranslation, FiveLanguagesAreEmbedded) {
  EXPECT_EQ(language_codes(), (std::vector<std::string>{"de", "en", "es", "fr", "nl"}));
}

TEST(TextTranslation, EveryLanguageHasExactlyTheEnglishKeysAndPlaceholders) {
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

TEST(TextTranslation, NoValueIsAnUntranslatedPlaceholder) {
  for (const EmbeddedLanguage& lang : embedded_languages()) {
    SCOPED_TRACE(std::string(lang.code));
    for (const auto& [key, text] : parse_language(lang.json)) {
      EXPECT_NE(text, key) << "the value is its key";
      EXPECT_EQ(text.find("TODO"), std::string::npos) << key;
      EXPECT_EQ(text.find("TRANSLATE"), std::string::npos) << key;
    }
  }
}

TEST(TextTranslation, OtherLanguagesAreReallyTranslated) {
  // A handful of sentences that must differ from English in every other language.
  const Translator en("en");
  for (const char* code : {"de", "fr", "nl", "es"}) {
    const Translator tr(code);
    for (const char* key : {"action.knock", "status.draw", "narr.cleared", "summary.winner"})
      for (const char* actor : {"you", "other"})
        EXPECT_NE(tr.tr(key, {{"actor", actor}, {"count", 1}}),
                  en.tr(key, {{"actor", actor}, {"count", 1}}))
            << code << " " << key;
  }
}

TEST(TextTranslation, AlmostEverythingDiffersFromEnglish) {
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

TEST(TextTranslation, FillsNamedPlaceholders) {
  const Translator en("en");
  EXPECT_EQ(en.tr("narr.knocked", {{"actor", "other"}, {"name", "Bea"}}), "Bea knocked!");
  EXPECT_EQ(en.tr("narr.knocked", {{"actor", "you"}, {"name", "Bea"}}), "You knocked!");
  EXPECT_EQ(en.tr("summary.title", {{"rounds", 1}}), "Game over after 1 round.");
  EXPECT_EQ(en.tr("summary.title", {{"rounds", 3}}), "Game over after 3 rounds.");
  // A count passed as text still gets its plural.
  EXPECT_EQ(en.tr("summary.title", {{"rounds", "1"}}), "Game over after 1 round.");
  EXPECT_EQ(en.tr("no.such.key"), "no.such.key");
  EXPECT_THROW(Translator("xx"), std::invalid_argument);
}

std::map<std::string, std::string, std::less<>> texts_of(std::string_view code) {
  for (const EmbeddedLanguage& lang : embedded_languages())
    if (lang.code == code) return parse_language(lang.json);
  return {};
}

// Every text is ICU MessageFormat that ICU parses, using only what intl-messageformat shares.
TEST(TextTranslation, EveryTextParsesWithIcu) {
  for (const EmbeddedLanguage& lang : embedded_languages()) {
    for (const auto& [key, text] : parse_language(lang.json)) {
      try {
        (void)message_arguments(text);
      } catch (const std::invalid_argument& e) {
        ADD_FAILURE() << lang.code << " " << key << ": " << e.what() << "\n" << text;
      }
    }
  }
}

// An ASCII apostrophe next to a brace starts an ICU quotation and hides the argument; texts
// use the typographic ’ instead.
TEST(TextTranslation, NoAsciiApostropheNextToABrace) {
  for (const EmbeddedLanguage& lang : embedded_languages())
    for (const auto& [key, text] : parse_language(lang.json))
      for (const char* bad : {"'{", "}'", "'}", "{'", "'#"})
        EXPECT_EQ(text.find(bad), std::string::npos) << lang.code << " " << key << ": " << text;
}

// Every combination of the select cases and plural counts (1, 2, 5) of a message's arguments,
// as found by parsing the English text; simple arguments get a sample text.
std::vector<MessageArgs> combinations(const std::vector<MessageArgInfo>& args) {
  std::vector<MessageArgs> out = {{}};
  for (const MessageArgInfo& a : args) {
    std::vector<MessageArg> values;
    switch (a.kind) {
      case ArgKind::kSimple:
        values = {MessageArg("X")};
        break;
      case ArgKind::kPlural:
        values = {MessageArg(1), MessageArg(2), MessageArg(5), MessageArg(0)};
        break;
      case ArgKind::kSelect:
        for (const std::string& k : a.keys) values.emplace_back(k);
        break;
    }
    std::vector<MessageArgs> next;
    for (const MessageArgs& partial : out)
      for (const MessageArg& v : values) {
        next.push_back(partial);
        next.back().emplace_back(a.name, v);
      }
    out = std::move(next);
  }
  return out;
}

// The completeness test: each language has every English key and no other; each text uses
// the same arguments as English, each the same way (simple, plural, select) and with the same
// select cases; and formats without an error for every select case and the counts 1, 2, 5.
TEST(TextTranslation, EveryLanguageFormatsEveryCaseOfEveryMessage) {
  const auto en = texts_of("en");
  ASSERT_FALSE(en.empty());
  for (const EmbeddedLanguage& lang : embedded_languages()) {
    SCOPED_TRACE(std::string(lang.code));
    const auto texts = parse_language(lang.json);
    for (const auto& [key, text] : texts) EXPECT_TRUE(en.count(key)) << "extra key " << key;
    for (const auto& [key, english] : en) {
      const auto it = texts.find(key);
      if (it == texts.end()) {
        ADD_FAILURE() << "missing key " << key;
        continue;
      }
      std::vector<MessageArgInfo> want, have;
      try {
        want = message_arguments(english);
        have = message_arguments(it->second);
      } catch (const std::invalid_argument& e) {
        ADD_FAILURE() << key << ": " << e.what();
        continue;
      }
      // Selects must offer the same cases; plurals follow each language's own categories.
      auto without_plural_keys = [](std::vector<MessageArgInfo> v) {
        for (MessageArgInfo& a : v)
          if (a.kind == ArgKind::kPlural) a.keys.clear();
        return v;
      };
      EXPECT_EQ(without_plural_keys(have), without_plural_keys(want)) << key;
      for (const MessageArgs& args : combinations(want)) {
        try {
          const std::string out = format_message(lang.code, it->second, args);
          EXPECT_FALSE(out.empty()) << key;
          EXPECT_EQ(out.find('{'), std::string::npos) << key << ": " << out;
        } catch (const std::invalid_argument& e) {
          ADD_FAILURE() << key << ": " << e.what();
        }
      }
    }
  }
}

TEST(TextTranslation, MessageArgumentsAreReadFromThePattern) {
  const auto args = message_arguments(
      "{actor, select, you {You drew {count, plural, one {# card} other {# cards}}} other "
      "{{name} drew}}");
  ASSERT_EQ(args.size(), 3u);
  EXPECT_EQ(args[0], (MessageArgInfo{"actor", ArgKind::kSelect, {"other", "you"}}));
  EXPECT_EQ(args[1], (MessageArgInfo{"count", ArgKind::kPlural, {"one", "other"}}));
  EXPECT_EQ(args[2], (MessageArgInfo{"name", ArgKind::kSimple, {}}));
  EXPECT_THROW(message_arguments("{a, select, x {y}"), std::invalid_argument);  // unclosed
  EXPECT_THROW(message_arguments("{n, number}"), std::invalid_argument);        // not shared
  EXPECT_THROW(message_arguments("{n, plural, offset:1 other {#}}"), std::invalid_argument);
  EXPECT_THROW(message_arguments("{a} {a, select, other {b}}"), std::invalid_argument);
  EXPECT_THROW(message_arguments("{0}"), std::invalid_argument);
}

// A broken text never stops a game: the translator falls back to English, then to the raw
// text; and the completeness test above would have caught it.
TEST(TextTranslation, ABrokenTextFallsBackToEnglish) {
  const Translator de("de", R"({"narr.knocked": "{actor, select, you {Du hast geklopft!}",
                                "narr.game_over": "Das Spiel ist {aus"})");
  EXPECT_EQ(de.tr("narr.knocked", {{"actor", "you"}, {"name", "Bea"}}), "You knocked!");
  EXPECT_EQ(de.tr("narr.game_over"), "The game is over.");
  EXPECT_EQ(de.tr("action.pass"), "Pass");  // missing in this file: English
  EXPECT_THROW(format_message("de", "{actor, select, you {x}", {}), std::invalid_argument);
  // Arguments that do not fit (a text for a plural) are an error too, caught by the test.
  EXPECT_THROW(format_message("en", "{n, plural, other {#}}", {{"n", "many"}}),
               std::invalid_argument);
}

#ifdef ALLEGRA_SOURCE_DIR
// The program's source text: the C++ of src/ and the browser client's TypeScript in web/src/.
std::string program_source() {
  std::string source;
  const std::string root = ALLEGRA_SOURCE_DIR;
  for (const auto& [dir, extensions] :
       std::vector<std::pair<std::string, std::vector<std::string>>>{
           {root + "/src", {".cc", ".h"}},
           {root + "/web/src", {".ts", ".tsx"}},
           {root + "/data/tutorial", {".json"}}}) {
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
      const std::string ext = entry.path().extension().string();
      if (std::find(extensions.begin(), extensions.end(), ext) == extensions.end()) continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      source += text.str();
    }
  }
  return source;
}

// Every key is used by a program (as a literal "key" in src/ or data/tutorial/, or 'key' in
// web/src/), so no text is left behind when a screen changes; language.name only names the file.
TEST(TextTranslation, EveryKeyIsUsedByTheProgram) {
  const std::string source = program_source();
  ASSERT_FALSE(source.empty());
  for (const auto& [key, text] : texts_of("en")) {
    if (key == "language.name") continue;
    EXPECT_TRUE(source.find("\"" + key + "\"") != std::string::npos ||
                source.find("'" + key + "'") != std::string::npos)
        << "unused key " << key;
  }
}

// The browser client's texts (web.*) exist in every language (the completeness test above) and
// are really translated: at most a few equal English ("Bot: {level}").
TEST(TextTranslation, TheWebClientsTextsAreTranslated) {
  const auto en = texts_of("en");
  int web = 0;
  for (const auto& [key, text] : en) web += key.rfind("web.", 0) == 0 ? 1 : 0;
  ASSERT_GT(web, 100) << "the web client's keys are missing from data/lang/en.json";
  for (const char* code : {"de", "fr", "nl", "es"}) {
    const auto texts = texts_of(code);
    int same = 0;
    for (const auto& [key, text] : en)
      if (key.rfind("web.", 0) == 0 && texts.count(key) && texts.at(key) == text) ++same;
    EXPECT_LT(same, web / 20) << code << ": " << same << " web texts equal English";
  }
}
#endif

TEST(TextTranslation, LocalePicksTheLanguage) {
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
}  // namespace allegra::text
