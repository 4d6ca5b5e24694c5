// Fuzz target: the save file reader of `allegra play --resume` (tui/save_file.h: load_save and
// is_save_text) on arbitrary bytes.
//
// is_save_text() must answer for any bytes without throwing. load_save() must either refuse
// with std::invalid_argument or std::runtime_error and a non-empty message, or give a game
// whose record, replayed from its seed on a fresh State, reaches exactly the state it returned
// (for a version-1 save: also the state stored in it); that game continued as a table
// (resume_table) and written again with save_to_text() must load back to the same seats,
// record, state and table (the round trip). Any other exception, a sanitizer report or a
// failed check is a bug.
//
// Inputs starting with byte 0xFF (never valid JSON) are instead a mutation program: a random
// game of 2 to 6 players is played part way on a table (stopping inside knock windows too) and
// saved, and the rest of the bytes overwrite leaves of the save's JSON (seat kinds, names and
// bots, clocks, knock answers, actions, deal cards), which reaches the replay and table checks
// far more often than byte mutations of JSON text. Version-1 saves come from the corpus.
//
// Run (from the repository root; new inputs go to the first directory):
//   cmake --preset fuzz && cmake --build --preset fuzz --target fuzz_save
//   mkdir -p /tmp/save && build/fuzz/fuzz/fuzz_save -max_total_time=60 -max_len=16384
//       -dict=fuzz/save.dict /tmp/save fuzz/corpus/save
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record.h"
#include "engine/serialize.h"
#include "fuzz_bytes.h"
#include "json_leaves.h"
#include "table/table.h"
#include "tui/save_file.h"
#include "tui/session.h"

namespace {

using namespace allegra;

[[noreturn]] void bug(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "save_fuzz: %s %s\n", what, detail.c_str());
  std::abort();
}

// Stands for invalid UTF-8 in a mutated JSON (nlohmann refuses to write that), replaced by
// such bytes in the text.
constexpr const char* kBadUtf8 = "@bad-utf8@";

// The save text of a random game stopped after some steps, then leaves overwritten.
std::string mutated_save(FuzzBytes& in) {
  RuleOptions o;
  unsigned b = in.next();
  o.players = 2 + static_cast<int>(b % 5);
  o.knocking = !(b & 0x08);
  o.optional_clearing = b & 0x10;
  o.discard_draw_may_discard = b & 0x20;
  o.rounds = 1 + static_cast<int>((b >> 6) & 1);
  uint64_t seed = in.next();
  int steps = static_cast<int>(in.next() * 4 + in.next() % 4);
  static const char* const kSeatNames[] = {"Anna", "Bea", "Carlo", "Dora", "Émile", "Fé"};
  std::vector<tui::SeatConfig> seats;
  for (int p = 0; p < o.players; ++p) seats.push_back({kSeatNames[p], ""});
  // People only, so that every decision (each knock answer too) is one of the random steps.
  table::Table t(o, seed, tui::table_seats(seats), table::Millis(0));
  Rng rng(seed);
  for (int i = 0; i < steps && !t.game_over(); ++i) {
    if (t.round_over()) {  // the game may also be saved at a round's end
      if (rng.below(2) == 0) break;
      t.deal(table::Millis(i));
      continue;
    }
    const std::vector<table::Pending> due = t.pending();
    const table::Pending& p = due[rng.below(static_cast<uint32_t>(due.size()))];
    t.submit(p.seat, p.legal[rng.below(static_cast<uint32_t>(p.legal.size()))], table::Millis(i));
  }
  for (int p = 1; p < o.players; ++p)
    t.replace_seat(p, {table::SeatKind::kBot, kSeatNames[p], "random", std::nullopt});
  nlohmann::json j = nlohmann::json::parse(tui::save_to_text(t));
  static const char* const kStrings[] = {
      "Anna",     "",       "\x1b[2J",  "a\nb",         kBadUtf8,     "Zzzzzzzzzzzzzzzzz",
      "random",   "medium", "mcts:0it", "draw",         "knock",      "pass",
      "swap 0a0", "0a1",    "put",      "game-over",    "hold-drawn", "allegra-save",
      "person",   "bot",    "empty",    "allegra-table"};
  mutate_leaves(j, in, kStrings);
  std::string text = j.dump(1);
  for (size_t at; (at = text.find(kBadUtf8)) != std::string::npos;)
    text.replace(at, std::string_view(kBadUtf8).size(), "\xC3\x28");
  return text;
}

// Loads `text`; nullopt if it is refused as it should be (a named reason).
std::optional<tui::SavedGame> load(std::string_view text, State* state) {
  try {
    return tui::load_save(text, state);
  } catch (const std::invalid_argument& e) {
    if (std::string_view(e.what()).empty()) bug("refused without a reason");
  } catch (const std::runtime_error& e) {
    if (std::string_view(e.what()).empty()) bug("refused without a reason");
  }
  return std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text;
  if (size > 0 && data[0] == 0xFF) {
    FuzzBytes in{data + 1, size - 1};
    text = mutated_save(in);
  } else {
    text.assign(reinterpret_cast<const char*>(data), size);
  }
  const bool looks_like_save = tui::is_save_text(text);
  State state(RuleOptions{}, 1);
  const std::optional<tui::SavedGame> game = load(text, &state);
  if (!game) return 0;
  if (!looks_like_save) bug("a save that loads is not recognised by is_save_text", text);

  // The record replays from its seed to the returned state, which is the saved one.
  State replayed(game->record.options, game->record.seed);
  for (const RoundRecord& round : game->record.rounds) {
    if (replayed.is_chance_node()) replayed.deal();  // the next round, from the seed
    for (const RecordStep& step : round.steps) {
      if (replayed.current_player() != step.player || !replayed.is_legal(step.action))
        bug("a loaded record does not replay", to_text(step.action));
      replayed.apply(step.action);
    }
  }
  // An open knock window's answers are sealed in the state and reach the record only when the
  // window closes (docs/rules.md R7): the save keeps them apart, so they go in after the record.
  if (replayed.is_simultaneous_node() && state.is_simultaneous_node()) {
    const uint8_t answered = replayed.deciding_players() & ~state.deciding_players();
    for (int p = 0; p < replayed.players(); ++p) {
      if (!(answered >> p & 1)) continue;
      const Action answer = (state.knockers() >> p & 1) ? Action::knock() : Action::pass();
      if (!replayed.is_legal(p, answer)) bug("a sealed knock answer is not legal", text);
      replayed.apply(p, answer);
    }
  }
  if (!(replayed == state)) bug("the returned state is not the replayed game", text);
  const nlohmann::json j = nlohmann::json::parse(text);
  if (game->version == 1 && !(state_from_json(j.at("state")) == state))
    bug("the returned state is not the saved one");

  // The round trip: continued as a table and written again, it loads to the same game.
  std::optional<tui::SavedGame> game2;
  State state2(RuleOptions{}, 1);
  std::string again;
  nlohmann::json table, table2;
  try {
    const table::Table t = tui::resume_table(*game);
    if (!(t.state() == state)) bug("the resumed table is not the loaded game", text);
    table = t.save();
    again = tui::save_to_text(t);
    game2 = tui::load_save(again, &state2);
    table2 = tui::resume_table(*game2).save();
  } catch (const std::exception& e) {
    bug("a loaded game continued and written again does not load:", e.what());
  }
  if (!(game2->seats == game->seats) || !(game2->record == game->record) || !(state2 == state))
    bug("the round trip changed the game", again);
  if (!(table2 == table)) bug("the round trip changed the table", again);
  return 0;
}
