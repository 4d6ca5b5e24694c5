// Fuzz target: the typed moves of the terminal game (tui/input_map.h, InputMap::parse), what a
// player types at the ':' prompt and in --plain mode, on arbitrary text.
//
// The positions are fixed at start-up: random games of 2 to 6 players (fixed seeds, a random
// legal action each step), keeping a few states of every decision type (setup reveals, draws,
// knock windows, giving and taking cards, lines to clear, ...). The first byte of an input
// picks the position; the second the language of the texts, the seat names (plain ones, or
// names that look like moves and cells) and whether a seat is "you"; the rest is the typed
// text. parse() must never crash; a returned action must be legal in that position, and a
// refusal must come with a non-empty reason. A sanitizer report or a failed check is a bug.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_input_map
//   mkdir -p /tmp/input_map && build/fuzz/fuzz/fuzz_input_map -max_total_time=60
//       -dict=fuzz/input_map.dict /tmp/input_map fuzz/corpus/input_map
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "text/translator.h"
#include "tui/input_map.h"
#include "tui/table_layout.h"

namespace {

using namespace allegra;

// Up to kPerPhase positions of every phase (per player count), from random games.
std::vector<PublicView> make_positions() {
  constexpr int kPerPhase = 2;
  std::vector<PublicView> positions;
  for (int players = 2; players <= 6; ++players) {
    std::map<Phase, int> seen;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      RuleOptions o;
      o.players = players;
      o.rounds = 1;
      o.optional_clearing = seed % 2 == 0;
      State s(o, seed);
      Rng rng(seed * 7919);
      while (!s.is_terminal()) {
        if (seen[s.phase()] < kPerPhase && rng.below(4) == 0) {
          ++seen[s.phase()];
          positions.push_back(s.public_view());
        }
        ActionList legal = s.legal_actions();
        s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
        if (s.is_chance_node()) s.deal();
      }
    }
  }
  return positions;
}

const std::vector<std::string> kNames = {"You", "Bea", "Carlo", "Dora", "Émile", "Fé"};
// Names a player may choose that look like moves, cells or numbers.
const std::vector<std::string> kTrickyNames = {"2", "Bea 2", "a,b", "1a1", "draw", "  Ü "};
const std::array<const char*, 5> kLanguages = {"en", "de", "fr", "nl", "es"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<PublicView> positions = make_positions();
  static const std::vector<text::Translator> translators = [] {
    std::vector<text::Translator> t;
    for (const char* code : kLanguages) t.emplace_back(code);
    return t;
  }();
  if (size < 2) return 0;
  const PublicView& view = positions[data[0] % positions.size()];
  const text::Translator& tr = translators[(data[1] & 0x3F) % translators.size()];
  const std::vector<std::string>& all_names = (data[1] & 0x40) ? kTrickyNames : kNames;
  const int you = (data[1] & 0x80) ? view.current_player() : kNoPlayer;
  const tui::TableLayout layout(view.players(), view.current_player(), 100, 30);
  const std::vector<std::string> names(all_names.begin(), all_names.begin() + view.players());
  const tui::InputMap map(view, layout, tr, names, you);

  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string error;
  const std::optional<Action> action = map.parse(text, &error);
  if (action) {
    const ActionList legal = view.legal_actions();
    if (std::find(legal.begin(), legal.end(), *action) == legal.end()) {
      std::fprintf(stderr, "input_map_fuzz: '%.*s' gave the illegal action %s\n",
                   static_cast<int>(text.size()), text.data(), to_text(*action).c_str());
      std::abort();
    }
  } else if (error.empty()) {
    std::fprintf(stderr, "input_map_fuzz: '%.*s' was refused without a reason\n",
                 static_cast<int>(text.size()), text.data());
    std::abort();
  }
  return 0;
}
