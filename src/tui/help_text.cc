#include "tui/help_text.h"

namespace allegra::tui {

const std::vector<std::string>& help_overlay_keys() {
  static const std::vector<std::string> kKeys = {
      "help.title",
      "",
      "help.keys_title",
      "help.key_move",
      "help.key_choose",
      "help.key_type",
      "help.key_hint",
      "help.key_log",
      "help.key_bots",
      "help.key_quit",
      "",
      "help.table_title",
      "help.table_grid",
      "help.table_shared",
      "help.table_lit",
      "",
      "help.rules_title",
      "help.rules_goal",
      "help.rules_turn",
      "help.rules_knock",
      "help.rules_clear",
      "help.rules_end",
  };
  return kKeys;
}

std::string example_name(const std::vector<std::string>& names, int viewer) {
  if (names.size() < 2) return "Bea";
  const size_t n = names.size();
  return names[(static_cast<size_t>(viewer < 0 ? 0 : viewer) + 1) % n];
}

std::vector<std::string> help_overlay(const text::Translator& tr,
                                      const std::vector<std::string>& names, int viewer) {
  const text::Translator::Args args = {{"other", example_name(names, viewer)}};
  std::vector<std::string> out;
  for (const std::string& key : help_overlay_keys())
    out.push_back(key.empty() ? "" : tr.tr(key, args));
  return out;
}

}  // namespace allegra::tui
