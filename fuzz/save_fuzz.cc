// Fuzz target: the save file reader of `allegra play --resume` (tui/save_file.h: load_save and
// is_save_text) on arbitrary bytes.
//
// is_save_text() must answer for any bytes without throwing. load_save() must either refuse
// with std::invalid_argument or std::runtime_error and a non-empty message, or give a game
// whose record, replayed from its seed on a fresh State, reaches exactly the state it returned
// and the state stored in the save; that game written again with save_to_text() must load back
// to the same seats, record and state (the round trip). Any other exception, a sanitizer report
// or a failed check is a bug.
//
// Inputs starting with byte 0xFF (never valid JSON) are instead a mutation program: a random
// game of 2 to 6 players is played part way and saved, and the rest of the bytes overwrite
// leaves of the save's JSON (seat names and bots, actions, deal cards, state fields), which
// reaches the replay and state checks far more often than byte mutations of JSON text.
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
#include "tui/save_file.h"

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
  State s(o, seed);
  GameRecorder recorder(s, seed);
  Rng rng(seed);
  for (int i = 0; i < steps && !s.is_terminal(); ++i) {
    if (s.is_chance_node()) {  // the game may also be saved at a round's end
      recorder.deal(s);
      continue;
    }
    ActionList legal = s.legal_actions();
    recorder.apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  static const char* const kSeatNames[] = {"Anna", "Bea", "Carlo", "Dora", "Émile", "Fé"};
  std::vector<tui::SeatConfig> seats;
  for (int p = 0; p < o.players; ++p) seats.push_back({kSeatNames[p], p == 0 ? "" : "random"});
  nlohmann::json j = nlohmann::json::parse(tui::save_to_text(seats, recorder.record(), s));
  static const char* const kStrings[] = {
      "Anna",     "",       "\x1b[2J",  "a\nb",      kBadUtf8,     "Zzzzzzzzzzzzzzzzz",
      "random",   "medium", "mcts:0it", "draw",      "knock",      "pass",
      "swap 0a0", "0a1",    "put",      "game-over", "hold-drawn", "allegra-save"};
  for (int mutations = 0; mutations < 16 && !in.empty(); ++mutations) {
    std::vector<nlohmann::json*> leaves = json_leaves(j);
    if (leaves.empty()) break;
    nlohmann::json& leaf = *leaves[(in.next() * 256 + in.next()) % leaves.size()];
    unsigned kind = in.next(), value = in.next();
    switch (kind % 5) {
      case 0:
        leaf = static_cast<int>(value % 16) - 3;
        break;
      case 1:
        leaf = kStrings[value % (sizeof(kStrings) / sizeof(kStrings[0]))];
        break;
      case 2:
        if (leaf.is_number_integer()) leaf = leaf.get<int64_t>() + static_cast<int>(value % 5) - 2;
        break;
      case 3:
        leaf = (value & 1) != 0;
        break;
      default:
        leaf = nullptr;
        break;
    }
  }
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
  for (const RoundRecord& round : game->record.rounds)
    for (const RecordStep& step : round.steps) {
      if (replayed.current_player() != step.player || !replayed.is_legal(step.action))
        bug("a loaded record does not replay", to_text(step.action));
      replayed.apply(step.action);
    }
  if (!(replayed == state)) bug("the returned state is not the replayed game", text);
  const nlohmann::json j = nlohmann::json::parse(text);
  if (!(state_from_json(j.at("state")) == state)) bug("the returned state is not the saved one");

  // The round trip: written again, it loads to the same game.
  const std::string again = tui::save_to_text(game->seats, game->record, state);
  State state2(RuleOptions{}, 1);
  std::optional<tui::SavedGame> game2;
  try {
    game2 = tui::load_save(again, &state2);
  } catch (const std::exception& e) {
    bug("a loaded game written again does not load:", e.what());
  }
  if (!(game2->seats == game->seats) || !(game2->record == game->record) || !(state2 == state))
    bug("the round trip changed the game", again);
  return 0;
}
