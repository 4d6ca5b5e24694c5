#include "tui/hint_view.h"

#include <fmt/format.h>

#include "text/hint_text.h"
#include "tui/input_map.h"

namespace allegra::tui {

std::vector<std::string> explain_hint(const PublicView& view,
                                      const std::vector<bots::HintMove>& moves,
                                      const text::Translator& tr,
                                      const std::vector<std::string>& names, int you) {
  // Moves as the buttons and the list name them, with the short form to type.
  const InputMap map(view, TableLayout(view.players(), 0, kMinWidth, kMinHeight), tr, names, you);
  auto describe = [&](Action a) {
    for (const Target& t : map.targets())
      if (t.action == a) return fmt::format("{} [{}]", t.label, t.typed);
    return to_text(a);
  };
  std::vector<std::string> labels;
  for (const bots::HintMove& m : moves) labels.push_back(describe(m.action));
  return text::hint_lines(bots::explain(view, moves), labels, tr);
}

}  // namespace allegra::tui
