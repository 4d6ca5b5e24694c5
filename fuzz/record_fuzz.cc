// Fuzz target: the game record reader and replay checker (engine/record.h) on arbitrary bytes.
//
// Any input must either be rejected by record_from_line() with std::invalid_argument, or read
// into a record that writes back to an equal record and that replay_check() judges without
// throwing. Any other exception, a sanitizer report or a failed check is a bug.
//
// Inputs starting with byte 0xFF (never valid JSON) are instead a mutation program: a random
// game is recorded, and the rest of the bytes overwrite leaves of the record's JSON (actions,
// players, deal cards, scores), which reaches replay_check's checks far more often than byte
// mutations of JSON text.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_record
//   mkdir -p /tmp/record && build/fuzz/fuzz/fuzz_record -max_total_time=60 -max_len=16384
//       -dict=fuzz/record.dict /tmp/record fuzz/corpus/record
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "engine/record.h"
#include "engine/serialize.h"
#include "fuzz_bytes.h"
#include "json_leaves.h"

namespace {

nlohmann::json mutated_record(FuzzBytes& in) {
  using namespace allegra;
  RuleOptions o;
  unsigned b = in.next();
  o.players = 2 + static_cast<int>(b % 5);
  o.knocking = !(b & 0x08);
  o.optional_clearing = b & 0x10;
  o.rounds = 1 + static_cast<int>((b >> 5) & 1);
  if (b & 0x80) {
    o.small_game_removal = 0;
    int total = o.players * kGridCells + 3;
    for (int v = 0; v < kNumValues; ++v)
      o.deck_counts[v] =
          static_cast<uint8_t>(total / kNumValues + (v < total % kNumValues ? 1 : 0));
  }
  uint64_t seed = in.next();
  State s(o, seed);
  GameRecorder recorder(s, seed);
  Rng rng(seed);
  while (!s.is_terminal()) {
    ActionList legal = s.legal_actions();
    recorder.apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    if (s.is_chance_node()) recorder.deal(s);
  }
  nlohmann::json j = record_to_json(recorder.record());
  static const char* const kActions[] = {
      "draw",     "draw-discard", "discard",  "knock",   "pass",   "refuse",      "leave",
      "swap 0a0", "reveal 1c3",   "take 2b3", "put 0a1", "give 1", "clear col-0", "clear row-a1"};
  mutate_leaves(j, in, kActions);
  return j;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace allegra;
  GameRecord record;
  try {
    if (size > 0 && data[0] == 0xFF) {
      FuzzBytes in{data + 1, size - 1};
      record = record_from_json(mutated_record(in));
    } else {
      record = record_from_line(std::string_view(reinterpret_cast<const char*>(data), size));
    }
  } catch (const std::invalid_argument&) {
    return 0;
  }
  if (!(record_from_line(record_to_line(record)) == record)) {
    std::fprintf(stderr, "record_fuzz: the line round trip changed the record\n");
    std::abort();
  }
  State final_state(record.options, 1);
  auto error = replay_check(record, &final_state);
  if (!error && !final_state.is_terminal()) {
    std::fprintf(stderr, "record_fuzz: a record passed but its game is not over\n");
    std::abort();
  }
  if (error && (error->round < -1 || error->round >= static_cast<int>(record.rounds.size()) ||
                error->message.empty())) {
    std::fprintf(stderr, "record_fuzz: bad error position %d/%d\n", error->round, error->step);
    std::abort();
  }
  return 0;
}
