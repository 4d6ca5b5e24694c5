// Fuzz target: the live table's reader (table/table.h: Table::load, docs/table-format.md) on
// arbitrary bytes.
//
// Table::load() must either refuse with FormatError and a non-empty message, or give a table
// whose record replays from its seed (ReplayCursor) to exactly the table's state; that table
// saved again must load to an equal table (same save, state, pending decisions), and both must
// then play on identically: the same events, decisions and record for the same choices (a
// loaded table continues bit for bit). Any other exception, a sanitizer report or a failed check
// is a bug.
//
// Inputs starting with byte 0xFF (never valid JSON) are instead a mutation program: a random
// game of 2 to 6 players is played part way on a table of people with clocks and bots (stopping
// inside knock windows too, with some answers given), saved, and the rest of the bytes
// overwrite leaves of the saved JSON (seat kinds, names, bot specs, clocks, knock answers,
// actions, deal cards, scores), which reaches the replay and knock-answer checks far more often
// than byte mutations of JSON text.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_table
//   mkdir -p /tmp/table && build/fuzz/fuzz/fuzz_table -max_total_time=60 -max_len=16384
//       -dict=fuzz/table.dict /tmp/table fuzz/corpus/table
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record.h"
#include "engine/replay.h"
#include "engine/serialize.h"
#include "fuzz_bytes.h"
#include "json_leaves.h"
#include "table/table.h"

namespace {

using namespace allegra;
using table::Millis;
using table::Seat;
using table::SeatKind;
using table::Table;

[[noreturn]] void bug(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "table_fuzz: %s %s\n", what, detail.c_str());
  std::abort();
}

// How many decisions a loaded table is played on (enough to close a window and reach a bot).
constexpr int kPlayOn = 40;

// The saved JSON of a random game stopped after some decisions, then leaves overwritten.
nlohmann::json mutated_table(FuzzBytes& in) {
  RuleOptions o;
  const unsigned b = in.next();
  o.players = 2 + static_cast<int>(b % 5);
  o.knocking = !(b & 0x08);
  o.optional_clearing = b & 0x10;
  o.discard_draw_may_discard = b & 0x20;
  o.rounds = 1 + static_cast<int>((b >> 6) & 1);
  const uint64_t seed = in.next();
  const int steps = static_cast<int>(in.next() * 4 + in.next() % 4);
  const unsigned kinds = in.next();
  std::vector<Seat> seats;
  for (int p = 0; p < o.players; ++p)
    seats.push_back({SeatKind::kPerson, "P" + std::to_string(p), "",
                     (kinds >> p & 1) ? std::optional<Millis>(Millis(1000)) : std::nullopt});
  // People first, so that every decision (each knock answer too) is one of the random steps;
  // then some seats are given to bots, which the mutations may also change.
  Table t(o, seed, seats, Millis(0));
  Rng rng(seed);
  for (int i = 0; i < steps && !t.game_over(); ++i) {
    if (t.round_over()) {  // saved at a round's end, or dealt on
      if (rng.below(2) == 0) break;
      t.deal(Millis(i));
      continue;
    }
    const std::vector<table::Pending> due = t.pending();
    const table::Pending& p = due[rng.below(static_cast<uint32_t>(due.size()))];
    t.submit(p.seat, p.legal[rng.below(static_cast<uint32_t>(p.legal.size()))], Millis(i));
  }
  for (int p = 0; p < o.players; ++p)
    if (kinds >> (p + 6) & 1) t.replace_seat(p, {SeatKind::kBot, "B", "random", std::nullopt});
  nlohmann::json j = t.save();
  static const char* const kStrings[] = {
      "person", "bot",  "empty", "random", "greedy",   "mcts:0it",      "nonsense", "",
      "knock",  "pass", "draw",  "put",    "swap 0a0", "allegra-table", "game-over"};
  mutate_leaves(j, in, kStrings);
  return j;
}

// Loads `j`; nullopt if it is refused as it should be (a FormatError with a reason).
std::optional<Table> load(const nlohmann::json& j) {
  try {
    return Table::load(j);
  } catch (const FormatError& e) {
    if (std::string_view(e.what()).empty()) bug("refused without a reason");
  }
  return std::nullopt;
}

// Plays `t` on for kPlayOn decisions with people only (a bot of the file could be slow), the
// first pending seat choosing its first legal action; returns everything that happened.
std::vector<Event> play_on(Table& t) {
  std::vector<Event> all;
  for (int p = 0; p < t.state().players(); ++p)
    if (t.seats()[static_cast<size_t>(p)].kind != SeatKind::kPerson)
      t.replace_seat(p, {SeatKind::kPerson, "", "", std::nullopt});
  for (int i = 0; i < kPlayOn && !t.game_over(); ++i) {
    const std::vector<table::Pending> due = t.pending();
    if (due.empty()) bug("a game that is not over has nobody to decide");
    if (t.round_over()) {
      if (due.size() != 1 || !due[0].round_over || !due[0].legal.empty())
        bug("a table at a round's end asks for something else than the deal");
      const table::Outcome out = t.deal(Millis(0));
      all.insert(all.end(), out.events.begin(), out.events.end());
      continue;
    }
    const table::Outcome out = t.submit(due[0].seat, due[0].legal.front(), Millis(0));
    if (!out.ok()) bug("a pending seat's legal action was refused:", out.error);
    all.insert(all.end(), out.events.begin(), out.events.end());
  }
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann::json j;
  if (size > 0 && data[0] == 0xFF) {
    FuzzBytes in{data + 1, size - 1};
    j = mutated_table(in);
  } else {
    try {
      j = parse_json(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const FormatError&) {
      return 0;
    }
  }
  std::optional<Table> t = load(j);
  if (!t) return 0;

  // 1. The record replays from its seed to the table's state.
  GameRecord record = t->record();
  record.seats.clear();
  ReplayCursor cursor(record, ChanceSource::kSeed);
  while (cursor.forward()) {
  }
  if (auto error = cursor.end_error(RecordEnd::kAnyPoint))
    bug("a loaded record does not replay:", error->message);
  // An open knock window's answers are sealed in the state and reach the record only when the
  // window closes (docs/rules.md R7): the save keeps them apart, so they go in after the record.
  State replayed = cursor.state();
  const State& loaded = t->state();
  if (replayed.is_simultaneous_node() && loaded.is_simultaneous_node()) {
    const uint8_t answered = replayed.deciding_players() & ~loaded.deciding_players();
    for (int p = 0; p < replayed.players(); ++p) {
      if (!(answered >> p & 1)) continue;
      const Action answer = (loaded.knockers() >> p & 1) ? Action::knock() : Action::pass();
      if (!replayed.is_legal(p, answer)) bug("a sealed knock answer is not legal");
      replayed.apply(p, answer);
    }
  }
  if (!(replayed == loaded)) bug("the loaded state is not the replayed game");

  // 2. Saved again, it loads to the same table.
  const nlohmann::json saved = t->save();
  std::optional<Table> u;
  try {
    u = Table::load(parse_json(saved.dump()));
  } catch (const std::exception& e) {
    bug("a loaded table saved again does not load:", e.what());
  }
  if (!(u->save() == saved) || !(u->state() == t->state()) || !(u->pending() == t->pending()))
    bug("the round trip changed the table", saved.dump());

  // 3. Both play on identically.
  if (play_on(*t) != play_on(*u) || !(t->record() == u->record()) ||
      t->decisions() != u->decisions())
    bug("a loaded table does not continue as the one it was saved from", saved.dump());
  return 0;
}
