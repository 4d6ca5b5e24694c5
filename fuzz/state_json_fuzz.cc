// Fuzz target: the state JSON reader (engine/serialize.h) on arbitrary bytes.
//
// Any input must either be rejected with std::invalid_argument or give a state that
//  - writes back to JSON that reads back to an equal state (the round trip), and
//  - is playable: the public view, resampling and a few dozen random legal actions work, and
//    every state reached passes validate_state() (so the reader accepts only states from which
//    the engine keeps to its invariants).
// Any other exception, a sanitizer report or a failed check is a bug.
//
// Inputs starting with byte 0xFF (never valid JSON) are instead a mutation program: a random
// game is played to a state chosen by the next bytes, and the rest of the bytes overwrite leaves
// of its JSON. This reaches far more almost-valid states than byte mutations of JSON text, which
// nearly always break card conservation.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_state_json
//   mkdir -p /tmp/state_json && build/fuzz/fuzz/fuzz_state_json -max_total_time=60 -max_len=8192
//       -dict=fuzz/state_json.dict /tmp/state_json fuzz/corpus/state_json
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "engine/public_view.h"
#include "engine/serialize.h"
#include "fuzz_bytes.h"
#include "json_leaves.h"

namespace {

[[noreturn]] void bug(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "state_json_fuzz: %s %s\n", what, detail.c_str());
  std::abort();
}

// The JSON of a state of a random game, then leaves overwritten as the bytes say.
nlohmann::json mutated_state(FuzzBytes& in) {
  using namespace allegra;
  RuleOptions o;
  unsigned b = in.next();
  o.players = 2 + static_cast<int>(b % 5);
  o.knocking = !(b & 0x08);
  o.optional_clearing = b & 0x10;
  o.discard_draw_may_discard = b & 0x20;
  if (b & 0x40) o.rounds = 1;
  if (b & 0x80) {
    o.small_game_removal = 0;
    int total = o.players * kGridCells + 3;
    for (int v = 0; v < kNumValues; ++v)
      o.deck_counts[v] =
          static_cast<uint8_t>(total / kNumValues + (v < total % kNumValues ? 1 : 0));
  }
  uint64_t seed = in.next();
  int steps = static_cast<int>(in.next() * 8 + in.next() % 8);
  State s(o, seed);
  Rng rng(seed);
  for (int i = 0; i < steps && !s.is_terminal(); ++i) {
    if (s.is_chance_node()) {  // the state may also be taken at a round's end
      s.deal();
      continue;
    }
    ActionList legal = s.legal_actions();
    s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  nlohmann::json j = state_to_json(s);
  static const char* const kStrings[] = {"0a1",          "1b3",        "2c0",       "down",
                                         "up",           "empty",      "put",       "take",
                                         "choose-line",  "game-over",  "end-turn",  "finish-put",
                                         "knock-window", "hold-drawn", "round-over"};
  mutate_leaves(j, in, kStrings);
  return j;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace allegra;
  std::optional<State> s;
  try {
    if (size > 0 && data[0] == 0xFF) {
      FuzzBytes in{data + 1, size - 1};
      s = state_from_json(mutated_state(in));
    } else {
      s = state_from_json(parse_json(std::string_view(reinterpret_cast<const char*>(data), size)));
    }
  } catch (const std::invalid_argument&) {
    return 0;
  }
  nlohmann::json j = state_to_json(*s);
  State t = state_from_json(nlohmann::json::parse(j.dump()));
  if (!(t == *s)) bug("round trip changed the state", j.dump());
  if (state_to_json(t) != j) bug("round trip changed the JSON", j.dump());

  (void)public_view_to_json(t.public_view());
  Rng rng(size);
  State sampled = t.resample(rng);
  if (!(sampled.public_view() == t.public_view())) bug("resample changed the public view");
  for (int i = 0; i < 64 && !t.is_terminal(); ++i) {
    if (t.is_chance_node()) {
      t.deal();
      if (auto problem = validate_state(t)) bug("reached an invalid state:", *problem);
      continue;
    }
    ActionList legal = t.legal_actions();
    if (legal.empty()) bug("no legal action", state_to_json(t).dump());
    t.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    if (auto problem = validate_state(t)) bug("reached an invalid state:", *problem);
  }
  return 0;
}
