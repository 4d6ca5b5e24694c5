#include "text/message_pattern.h"

#include <fmt/format.h>
#include <unicode/messagepattern.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "text/icu_strings.h"

namespace allegra::text {
namespace {

ArgKind kind_of(UMessagePatternArgType type, const std::string& name) {
  switch (type) {
    case UMSGPAT_ARG_TYPE_NONE:
      return ArgKind::kSimple;
    case UMSGPAT_ARG_TYPE_PLURAL:
      return ArgKind::kPlural;
    case UMSGPAT_ARG_TYPE_SELECT:
      return ArgKind::kSelect;
    default:
      throw std::invalid_argument(fmt::format(
          "argument '{}' uses a type the browser's formatter does not share; use a simple "
          "argument, plural or select",
          name));
  }
}

}  // namespace

const char* arg_kind_name(ArgKind kind) {
  switch (kind) {
    case ArgKind::kSimple:
      return "simple";
    case ArgKind::kPlural:
      return "plural";
    case ArgKind::kSelect:
      return "select";
  }
  return "?";
}

std::vector<MessageArgInfo> message_arguments(std::string_view pattern) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError where{};
  icu::MessagePattern parsed(utf16(pattern), &where, status);
  if (U_FAILURE(status))
    throw std::invalid_argument(
        fmt::format("ICU cannot parse it: {} at character {}", u_errorName(status), where.offset));
  std::map<std::string, MessageArgInfo> args;
  std::vector<std::string> open;  // the names of the plurals and selects around part i
  for (int32_t i = 0; i < parsed.countParts(); ++i) {
    const icu::MessagePattern::Part& part = parsed.getPart(i);
    switch (part.getType()) {
      case UMSGPAT_PART_TYPE_ARG_START: {
        const std::string name = utf8(parsed.getSubstring(parsed.getPart(i + 1)));
        if (parsed.getPartType(i + 1) != UMSGPAT_PART_TYPE_ARG_NAME)
          throw std::invalid_argument("numbered arguments are not used here: name each one");
        const ArgKind kind = kind_of(part.getArgType(), name);
        auto [it, added] = args.emplace(name, MessageArgInfo{name, kind, {}});
        if (!added && it->second.kind != kind)
          throw std::invalid_argument(fmt::format("argument '{}' is used both as {} and as {}",
                                                  name, arg_kind_name(it->second.kind),
                                                  arg_kind_name(kind)));
        open.push_back(name);
        break;
      }
      case UMSGPAT_PART_TYPE_ARG_LIMIT:
        open.pop_back();
        break;
      case UMSGPAT_PART_TYPE_ARG_SELECTOR: {
        std::vector<std::string>& keys = args[open.back()].keys;
        const std::string key = utf8(parsed.getSubstring(part));
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
        break;
      }
      case UMSGPAT_PART_TYPE_ARG_INT:
      case UMSGPAT_PART_TYPE_ARG_DOUBLE:
        // An explicit "=2" is a selector; a number elsewhere is a plural offset.
        if (i > 0 && parsed.getPartType(i - 1) != UMSGPAT_PART_TYPE_ARG_SELECTOR)
          throw std::invalid_argument(
              fmt::format("argument '{}' has an offset, which is not used here", open.back()));
        break;
      default:
        break;
    }
  }
  std::vector<MessageArgInfo> out;
  for (auto& [name, info] : args) {
    std::sort(info.keys.begin(), info.keys.end());
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace allegra::text
