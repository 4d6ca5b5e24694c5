#include "tui/translator.h"

#include <fmt/args.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "tui/lang_data.h"

namespace allegra::tui {
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

std::vector<std::string> placeholders_of(std::string_view text) {
  std::vector<std::string> out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '{') continue;
    if (i + 1 < text.size() && text[i + 1] == '{') {  // "{{" is a literal brace
      ++i;
      continue;
    }
    const size_t close = text.find('}', i);
    if (close == std::string_view::npos) break;
    out.emplace_back(text.substr(i + 1, close - i - 1));
    i = close;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Translator::Translator(std::string_view code) : code_(code) {
  const std::string_view json = find_json(code);
  if (json.empty())
    throw std::invalid_argument(fmt::format("unknown language '{}': expected one of {}", code,
                                            fmt::join(language_codes(), ", ")));
  texts_ = parse_language(json);
  if (code != "en") fallback_ = parse_language(find_json("en"));
}

bool Translator::has(std::string_view key) const { return texts_.find(key) != texts_.end(); }

std::string Translator::tr(std::string_view key, const Args& args) const {
  auto it = texts_.find(key);
  if (it == texts_.end()) {
    it = fallback_.find(key);
    if (it == fallback_.end()) return std::string(key);
  }
  if (args.empty()) return it->second;
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  for (const auto& [name, value] : args) store.push_back(fmt::arg(name.c_str(), value));
  try {
    return fmt::vformat(it->second, store);
  } catch (const fmt::format_error&) {
    return it->second;  // a broken translation shows its raw text rather than failing a game
  }
}

std::string Translator::key_for_owner(std::string_view key, std::string_view owner) const {
  std::string variant = std::string(key) + "_you";
  return owner == tr("name.you") && has(variant) ? variant : std::string(key);
}

}  // namespace allegra::tui
