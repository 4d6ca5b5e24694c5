#include "engine/state_codec.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "engine/json_fields.h"
#include "engine/json_read.h"
#include "engine/options_json.h"

namespace allegra {

using nlohmann::json;
using namespace json_read;   // NOLINT(google-build-using-namespace)
using namespace json_write;  // NOLINT(google-build-using-namespace)

namespace {

// The last round's empty displays of a state written before `empty_display` existed: at the
// round's end (round-over, game-over) the grids are the finished table and tell exactly; later
// only the score can, -10 for an empty display (exact unless the deck holds ten or more -1
// cards, which only a custom deck does).
uint8_t derived_empty_displays(const State& s) {
  const bool finished_table = s.phase() == Phase::kRoundOver || s.phase() == Phase::kGameOver;
  uint8_t mask = 0;
  for (int p = 0; p < s.players(); ++p) {
    const bool empty =
        finished_table ? s.card_count(p) == 0 : s.last_round().raw_half[p] == kEmptyDisplayHalf;
    if (empty) mask |= static_cast<uint8_t>(1u << p);
  }
  return mask;
}

}  // namespace

json StateCodec::to_json(const State& s) {
  const int n = s.players();
  json j = json::object();
  j["version"] = kStateFormatVersion;
  j["options"] = options_to_json(s.options_);
  json rng = json::array();
  for (int i = 0; i < 4; ++i) rng.push_back(std::to_string(s.rng_.words()[i]));
  j["rng"] = rng;
  j["phase"] = phase_name(s.phase_);
  j["round"] = s.round_;
  j["rounds_played"] = s.rounds_played_;
  j["first_player"] = s.first_player_;
  j["active"] = s.active_;
  j["setup_reveals_left"] = s.setup_reveals_left_;
  j["setup_players_done"] = s.setup_players_done_;
  j["ender"] = player_or_null(s.ender_);
  j["final_done"] = player_set(s.final_done_, n);
  j["final_turns_left"] = s.final_turns_left_;
  j["final_next"] = s.final_next_;
  j["turns_in_round"] = s.turns_in_round_;
  j["grids"] = grids_json(s, /*face_down_values=*/true);
  json draw = json::array(), discard = json::array();
  for (int i = 0; i < s.draw_pile_size(); ++i) draw.push_back(s.draw_pile_card(i));
  for (int i = 0; i < s.discard_pile_size(); ++i) discard.push_back(s.discard_pile_card(i));
  j["draw_pile"] = draw;
  j["discard_pile"] = discard;
  j["held"] = card_to_json(s.held_);
  j["held_from_discard"] = s.held_from_discard_;
  j["knock_pending"] = player_set(s.knock_pending_, n);
  j["knockers"] = player_set(s.knockers_, n);
  j["knocker"] = player_or_null(s.knocker_);
  j["hand"] = card_to_json(s.hand_);
  j["hand_known"] = s.hand_known_;
  j["taken"] = card_to_json(s.taken_);
  j["taken_known"] = s.taken_known_;
  j["hole"] = cell_or_null(s.hole_);
  j["pending_discard"] = card_to_json(s.pending_discard_);
  j["pending_discard_from"] = cell_or_null(s.pending_discard_from_);
  j["clearer"] = player_or_null(s.clearer_);
  j["after_clear"] = kAfterClearNames[static_cast<int>(s.after_clear_)];
  j["totals_half"] = totals_json(s);
  j["last_round"] = round_result_json(s.last_round_, n);
  return j;
}

State StateCodec::from_json(const json& j) {
  const std::string P = "state";
  object(j, P,
         {"version",
          "options",
          "rng",
          "phase",
          "round",
          "rounds_played",
          "first_player",
          "active",
          "setup_reveals_left",
          "setup_players_done",
          "ender",
          "final_done",
          "final_turns_left",
          "final_next",
          "turns_in_round",
          "grids",
          "draw_pile",
          "discard_pile",
          "held",
          "held_from_discard",
          "knock_pending",
          "knockers",
          "knocker",
          "hand",
          "hand_known",
          "taken",
          "taken_known",
          "hole",
          "pending_discard",
          "pending_discard_from",
          "clearer",
          "after_clear",
          "totals_half",
          "last_round"});
  auto get = [&](std::string_view key) -> const json& { return member(j, P, key); };
  auto path = [&](std::string_view key) { return at(P, key); };

  const json& version = get("version");
  if (!(version.is_number_integer() && version == kStateFormatVersion))
    fail(path("version"), fmt::format("unsupported version {} (this reader knows {})",
                                      version.dump(), kStateFormatVersion));

  State s;
  s.options_ = options_from_json(get("options"), path("options"));
  const int n = s.options_.players;

  {
    std::string p = path("rng");
    const auto& a = array(get("rng"), p, 4);
    if (a.size() != 4) fail(p, fmt::format("must have 4 words, got {}", a.size()));
    uint64_t words[4];
    for (size_t i = 0; i < 4; ++i) words[i] = uint64(a[i], at(p, i));
    if ((words[0] | words[1] | words[2] | words[3]) == 0)
      fail(p, "an all-zero generator state is not valid");
    s.rng_.set_words(words);
  }
  {
    const std::string& name = string(get("phase"), path("phase"));
    int found = -1;
    for (int i = 0; i < kNumPhases; ++i)
      if (phase_name(static_cast<Phase>(i)) == name) found = i;
    if (found < 0) fail(path("phase"), "unknown phase");
    s.phase_ = static_cast<Phase>(found);
  }
  auto small = [&](std::string_view key, int64_t lo, int64_t hi) {
    return integer(get(key), path(key), lo, hi);
  };
  s.round_ = static_cast<int16_t>(small("round", 0, std::numeric_limits<int16_t>::max()));
  s.rounds_played_ =
      static_cast<int16_t>(small("rounds_played", 0, std::numeric_limits<int16_t>::max()));
  s.first_player_ = static_cast<int8_t>(small("first_player", 0, n - 1));
  s.active_ = static_cast<int8_t>(small("active", 0, n - 1));
  s.setup_reveals_left_ = static_cast<int8_t>(small("setup_reveals_left", 0, 2));
  s.setup_players_done_ = static_cast<int8_t>(small("setup_players_done", 0, n));
  s.ender_ = optional_player(get("ender"), path("ender"), n);
  s.final_done_ = player_set_from(get("final_done"), path("final_done"), n);
  s.final_turns_left_ = static_cast<int8_t>(small("final_turns_left", -1, n));
  s.final_next_ = static_cast<int8_t>(small("final_next", 0, n - 1));
  // Optional: states written before the turn count existed read as 0.
  if (j.contains("turns_in_round"))
    s.turns_in_round_ =
        static_cast<int16_t>(small("turns_in_round", 0, std::numeric_limits<int16_t>::max()));

  {
    std::string p = path("grids");
    const auto& grids = array(get("grids"), p, static_cast<size_t>(n));
    if (grids.size() != static_cast<size_t>(n))
      fail(p, fmt::format("must have one grid per player ({}), got {}", n, grids.size()));
    for (int owner = 0; owner < n; ++owner) {
      std::string gp = at(p, owner);
      const auto& grid = array(grids[owner], gp, kGridCells);
      if (grid.size() != kGridCells)
        fail(gp, fmt::format("must have {} cells, got {}", kGridCells, grid.size()));
      for (int i = 0; i < kGridCells; ++i) {
        std::string cp = at(gp, i);
        const json& cell = grid[i];
        object(cell, cp, {"state", "value"});
        const std::string& state = string(member(cell, cp, "state"), at(cp, "state"));
        auto c = static_cast<CellId>(owner * kGridCells + i);
        auto bit = static_cast<uint16_t>(1u << i);
        if (state == "empty") {
          if (cell.contains("value")) fail(at(cp, "value"), "an empty cell has no value");
          s.empty_[owner] |= bit;
        } else if (state == "down" || state == "up") {
          s.values_[c] = card(member(cell, cp, "value"), at(cp, "value"));
          if (state == "down") s.face_down_[owner] |= bit;
        } else {
          fail(at(cp, "state"), "must be \"down\", \"up\" or \"empty\"");
        }
      }
    }
  }
  auto pile = [&](std::string_view key, std::array<int8_t, kMaxDeck>& cards, uint8_t& count) {
    std::string p = path(key);
    const auto& a = array(get(key), p, kMaxDeck);
    count = static_cast<uint8_t>(a.size());
    for (size_t i = 0; i < a.size(); ++i) cards[a.size() - 1 - i] = card(a[i], at(p, i));
  };
  pile("draw_pile", s.draw_, s.draw_count_);
  pile("discard_pile", s.discard_, s.discard_count_);
  s.held_ = optional_card(get("held"), path("held"));
  s.held_from_discard_ = boolean(get("held_from_discard"), path("held_from_discard"));
  s.knock_pending_ = player_set_from(get("knock_pending"), path("knock_pending"), n);
  s.knockers_ = player_set_from(get("knockers"), path("knockers"), n);
  s.knocker_ = optional_player(get("knocker"), path("knocker"), n);
  s.hand_ = optional_card(get("hand"), path("hand"));
  s.hand_known_ = boolean(get("hand_known"), path("hand_known"));
  s.taken_ = optional_card(get("taken"), path("taken"));
  s.taken_known_ = boolean(get("taken_known"), path("taken_known"));
  s.hole_ = optional_cell(get("hole"), path("hole"), n);
  s.pending_discard_ = optional_card(get("pending_discard"), path("pending_discard"));
  s.pending_discard_from_ =
      optional_cell(get("pending_discard_from"), path("pending_discard_from"), n);
  s.clearer_ = optional_player(get("clearer"), path("clearer"), n);
  {
    const std::string& name = string(get("after_clear"), path("after_clear"));
    auto it = std::find(kAfterClearNames.begin(), kAfterClearNames.end(), name);
    if (it == kAfterClearNames.end())
      fail(path("after_clear"),
           "must be \"finish-swap\", \"end-turn\", \"after-knocker-swap\" or \"finish-put\"");
    s.after_clear_ = static_cast<State::AfterClear>(it - kAfterClearNames.begin());
  }
  // Totals are bounded by the rounds played (validate); read a generous range first.
  constexpr int64_t kScoreRange = 1'000'000'000;
  auto halves = [&](const json& a_json, const std::string& p,
                    std::array<int32_t, kMaxPlayers>& out) {
    const auto& a = array(a_json, p, static_cast<size_t>(n));
    if (a.size() != static_cast<size_t>(n))
      fail(p, fmt::format("must have one entry per player ({}), got {}", n, a.size()));
    for (int q = 0; q < n; ++q)
      out[q] = static_cast<int32_t>(integer(a[q], at(p, q), -kScoreRange, kScoreRange));
  };
  halves(get("totals_half"), path("totals_half"), s.totals_half_);
  {
    std::string p = path("last_round");
    const json& lr = get("last_round");
    object(lr, p, {"raw_half", "score_half", "ender", "penalised", "empty_display"});
    halves(member(lr, p, "raw_half"), at(p, "raw_half"), s.last_round_.raw_half);
    halves(member(lr, p, "score_half"), at(p, "score_half"), s.last_round_.score_half);
    s.last_round_.ender = optional_player(member(lr, p, "ender"), at(p, "ender"), n);
    s.last_round_.penalised = boolean(member(lr, p, "penalised"), at(p, "penalised"));
    if (auto it = lr.find("empty_display"); it != lr.end()) {
      const std::string ep = at(p, "empty_display");
      const auto& a = array(*it, ep, static_cast<size_t>(n));
      if (a.size() != static_cast<size_t>(n))
        fail(ep, fmt::format("must have one entry per player ({}), got {}", n, a.size()));
      for (int q = 0; q < n; ++q)
        if (boolean(a[q], at(ep, q))) s.last_round_.empty_display |= static_cast<uint8_t>(1u << q);
    }
  }
  s.rebuild_displays();
  if (!get("last_round").contains("empty_display") && s.rounds_played_ > 0)
    s.last_round_.empty_display = derived_empty_displays(s);
  if (auto error = validate(s)) throw FormatError(P + "." + *error);
  return s;
}

json state_to_json(const State& s) { return StateCodec::to_json(s); }
State state_from_json(const json& j) { return StateCodec::from_json(j); }

}  // namespace allegra
