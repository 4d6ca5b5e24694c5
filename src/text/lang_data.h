// The translation files data/lang/*.json, embedded into the binary at build time.
//
// cmake/embed_lang.cmake generates the definition from the JSON files, so `allegra` runs
// from any folder and a changed translation only needs a rebuild.
#pragma once

#include <string_view>
#include <vector>

namespace allegra::text {

struct EmbeddedLanguage {
  std::string_view code;  // the file name without .json, e.g. "de"
  std::string_view json;  // the file's text
};

// Every embedded language, sorted by code.
const std::vector<EmbeddedLanguage>& embedded_languages();

}  // namespace allegra::text
