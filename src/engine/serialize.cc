#include "engine/serialize.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>

#include "engine/public_view.h"

namespace allegra {

using nlohmann::json;

// ------------------------------------------------------------------------------------------
// Reader helpers

namespace json_read {

void fail(const std::string& path, const std::string& what) {
  throw FormatError(path + ": " + what);
}

int64_t integer(const json& j, const std::string& path, int64_t lo, int64_t hi) {
  int64_t v = 0;
  if (j.is_number_unsigned()) {
    auto u = j.get<uint64_t>();
    if (hi < 0 || u > static_cast<uint64_t>(hi))
      fail(path, fmt::format("must be an integer {}..{}, got {}", lo, hi, u));
    v = static_cast<int64_t>(u);
  } else if (j.is_number_integer()) {
    v = j.get<int64_t>();
  } else {
    fail(path, fmt::format("must be an integer {}..{}, got {}", lo, hi,
                           j.is_number() ? "a non-integral number" : j.type_name()));
  }
  if (v < lo || v > hi) fail(path, fmt::format("must be an integer {}..{}, got {}", lo, hi, v));
  return v;
}

bool boolean(const json& j, const std::string& path) {
  if (!j.is_boolean()) fail(path, fmt::format("must be true or false, got {}", j.type_name()));
  return j.get<bool>();
}

const std::string& string(const json& j, const std::string& path) {
  if (!j.is_string()) fail(path, fmt::format("must be a string, got {}", j.type_name()));
  return j.get_ref<const std::string&>();
}

uint64_t uint64(const json& j, const std::string& path) {
  if (j.is_number_unsigned()) return j.get<uint64_t>();
  if (j.is_number_integer() && j.get<int64_t>() >= 0)
    return static_cast<uint64_t>(j.get<int64_t>());
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    uint64_t v = 0;
    bool digits = !s.empty() && s.size() <= 20 &&
                  std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) {
      auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec == std::errc() && ptr == s.data() + s.size()) return v;
    }
  }
  fail(path, "must be an unsigned 64-bit integer or a decimal string of one");
}

const json::array_t& array(const json& j, const std::string& path, size_t max_size) {
  if (!j.is_array()) fail(path, fmt::format("must be an array, got {}", j.type_name()));
  const auto& a = j.get_ref<const json::array_t&>();
  if (a.size() > max_size)
    fail(path, fmt::format("must have at most {} elements, got {}", max_size, a.size()));
  return a;
}

const json::object_t& object(const json& j, const std::string& path,
                             std::initializer_list<std::string_view> allowed) {
  if (!j.is_object()) fail(path, fmt::format("must be an object, got {}", j.type_name()));
  const auto& o = j.get_ref<const json::object_t&>();
  for (const auto& [key, value] : o) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      // Printable ASCII only, so the message is safe to print or to put into JSON.
      std::string shown;
      for (char c : key.substr(0, 40)) shown += c >= 0x20 && c < 0x7f && c != '"' ? c : '?';
      if (key.size() > 40) shown += "...";
      fail(path, fmt::format("unknown key \"{}\"", shown));
    }
  }
  return o;
}

const json& member(const json& j, const std::string& path, std::string_view key) {
  auto it = j.find(key);
  if (it == j.end()) fail(fmt::format("{}.{}", path, key), "missing");
  return *it;
}

int8_t card(const json& j, const std::string& path) {
  if (!j.is_number_integer())
    fail(path,
         fmt::format("must be a card value {}..{}, got {}", kMinValue, kMaxValue, j.type_name()));
  return static_cast<int8_t>(integer(j, path, kMinValue, kMaxValue));
}

}  // namespace json_read

using namespace json_read;  // NOLINT(google-build-using-namespace)

namespace {

std::string at(const std::string& path, std::string_view key) {
  return fmt::format("{}.{}", path, key);
}
std::string at(const std::string& path, size_t index) { return fmt::format("{}[{}]", path, index); }

// The depth of the deepest array/object nesting, strings skipped; stops early past `limit`.
int nesting_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '[' || c == '{')
      deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth > 0)
      --depth;
    if (deepest > limit) break;
  }
  return deepest;
}

RuleOptions options_from_json_at(const json& j, const std::string& path) {
  object(j, path,
         {"players", "rounds", "point_limit", "knocking", "optional_clearing",
          "discard_draw_may_discard", "deck_counts", "small_game_removal"});
  RuleOptions o;
  constexpr int64_t kIntMin = std::numeric_limits<int>::min();
  constexpr int64_t kIntMax = std::numeric_limits<int>::max();
  auto get_int = [&](std::string_view key, int& out) {
    if (auto it = j.find(key); it != j.end())
      out = static_cast<int>(integer(*it, at(path, key), kIntMin, kIntMax));
  };
  auto get_bool = [&](std::string_view key, bool& out) {
    if (auto it = j.find(key); it != j.end()) out = boolean(*it, at(path, key));
  };
  get_int("players", o.players);
  get_int("rounds", o.rounds);
  get_int("point_limit", o.point_limit);
  get_bool("knocking", o.knocking);
  get_bool("optional_clearing", o.optional_clearing);
  get_bool("discard_draw_may_discard", o.discard_draw_may_discard);
  get_int("small_game_removal", o.small_game_removal);
  if (auto it = j.find("deck_counts"); it != j.end()) {
    std::string p = at(path, "deck_counts");
    const auto& a = array(*it, p, kNumValues);
    if (a.size() != kNumValues)
      fail(p, fmt::format("must have {} counts (values {}..{}), got {}", kNumValues, kMinValue,
                          kMaxValue, a.size()));
    for (size_t v = 0; v < a.size(); ++v)
      o.deck_counts[v] = static_cast<uint8_t>(integer(a[v], at(p, v), 0, 255));
  }
  if (auto error = o.validate()) fail(path, *error);
  return o;
}

Action action_from_json_at(const json& j, const std::string& path, int players) {
  const std::string& text = string(j, path);
  if (text.size() > 16) fail(path, "not an action (too long)");
  std::string error;
  auto a = action_from_text(text, players, &error);
  if (!a) fail(path, error);
  return *a;
}

constexpr std::array<std::string_view, 4> kAfterClearNames = {"finish-swap", "end-turn",
                                                              "after-knocker-swap", "finish-put"};
constexpr int kNumPhases = static_cast<int>(Phase::kGameOver) + 1;

json player_or_null(int p) { return p == kNoPlayer ? json(nullptr) : json(p); }
json cell_or_null(CellId c) { return c == kNoCell ? json(nullptr) : json(cell_to_text(c)); }

json player_set(uint8_t mask, int n) {
  json a = json::array();
  for (int p = 0; p < n; ++p)
    if (mask >> p & 1) a.push_back(p);
  return a;
}

uint8_t player_set_from(const json& j, const std::string& path, int n) {
  const auto& a = array(j, path, static_cast<size_t>(n));
  uint8_t mask = 0;
  int last = -1;
  for (size_t i = 0; i < a.size(); ++i) {
    int p = static_cast<int>(integer(a[i], at(path, i), 0, n - 1));
    if (p <= last) fail(at(path, i), "players must be listed in increasing order, each once");
    last = p;
    mask |= static_cast<uint8_t>(1u << p);
  }
  return mask;
}

int8_t optional_player(const json& j, const std::string& path, int n) {
  if (j.is_null()) return kNoPlayer;
  return static_cast<int8_t>(integer(j, path, 0, n - 1));
}

int8_t optional_card(const json& j, const std::string& path) {
  if (j.is_null()) return kNoCard;
  return card(j, path);
}

CellId optional_cell(const json& j, const std::string& path, int n) {
  if (j.is_null()) return kNoCell;
  const std::string& text = string(j, path);
  auto c = cell_from_text(text, n);
  if (!c)
    fail(path, fmt::format("must be a cell like 0a1 (player 0-{}, row a-c, column 0-3)", n - 1));
  return *c;
}

json round_result_json(const RoundResult& r, int n) {
  json raw = json::array(), score = json::array();
  for (int p = 0; p < n; ++p) {
    raw.push_back(r.raw_half[p]);
    score.push_back(r.score_half[p]);
  }
  return {{"raw_half", raw},
          {"score_half", score},
          {"ender", player_or_null(r.ender)},
          {"penalised", r.penalised}};
}

// Half points of a round are bounded: a display holds at most 15 cards of -1..11, and the
// ender's penalty doubles (at most 2*330) or halves.
constexpr int32_t kMinRoundHalf = -30;
constexpr int32_t kMaxRoundHalf = 660;

}  // namespace

JsonSyntaxError::JsonSyntaxError(size_t line, size_t column, std::string reason)
    : FormatError(fmt::format("json: line {}, column {}: {}", line, column, reason)),
      line_(line),
      column_(column),
      reason_(std::move(reason)) {}

namespace {

// The line and column (from 1) of the byte at 0-based `offset` of `text`.
std::pair<size_t, size_t> line_and_column(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
  const size_t last_newline = before.rfind('\n');
  const size_t column = last_newline == std::string_view::npos ? offset + 1 : offset - last_newline;
  return {line, column};
}

// nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 7: syntax error
// ..." without the prefix and position (we give our own), cut to a readable length.
std::string parse_reason(const std::string& what) {
  std::string reason = what;
  if (const size_t at = what.find("column "); at != std::string::npos)
    if (const size_t colon = what.find(": ", at); colon != std::string::npos)
      reason = what.substr(colon + 2);
  constexpr size_t kMaxReason = 200;
  if (reason.size() > kMaxReason) reason = reason.substr(0, kMaxReason) + "...";
  return reason;
}

}  // namespace

json parse_json(std::string_view text) {
  if (nesting_depth(text, kMaxJsonDepth) > kMaxJsonDepth)
    fail("json", fmt::format("nested deeper than {} levels", kMaxJsonDepth));
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // e.byte counts from 1 and points at the byte where reading stopped.
    const auto [line, column] = line_and_column(text, e.byte > 0 ? e.byte - 1 : 0);
    throw JsonSyntaxError(line, column, parse_reason(e.what()));
  } catch (const json::exception& e) {
    fail("json", e.what());
  }
}

// ------------------------------------------------------------------------------------------
// Options, actions

json options_to_json(const RuleOptions& o) {
  json counts = json::array();
  for (uint8_t c : o.deck_counts) counts.push_back(c);
  return {{"players", o.players},
          {"rounds", o.rounds},
          {"point_limit", o.point_limit},
          {"knocking", o.knocking},
          {"optional_clearing", o.optional_clearing},
          {"discard_draw_may_discard", o.discard_draw_may_discard},
          {"deck_counts", counts},
          {"small_game_removal", o.small_game_removal}};
}

RuleOptions options_from_json(const json& j) { return options_from_json_at(j, "options"); }

json action_to_json(Action a) { return to_text(a); }

Action action_from_json(const json& j, int players) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw std::invalid_argument(fmt::format("action_from_json: bad player count {}", players));
  return action_from_json_at(j, "action", players);
}

json card_to_json(int8_t v) {
  if (v == kNoCard) return nullptr;
  if (v == kHiddenValue) return "hidden";
  return v;
}

void to_json(json& j, const RuleOptions& options) { j = options_to_json(options); }
void from_json(const json& j, RuleOptions& options) { options = options_from_json(j); }
void to_json(json& j, const Action& a) { j = action_to_json(a); }
void to_json(json& j, const Event& e) { j = event_to_json(e); }

// ------------------------------------------------------------------------------------------
// State

struct StateCodec {
  static json to_json(const State& s);
  static State from_json(const json& j);
  static std::optional<std::string> validate(const State& s);
  static json public_to_json(const PublicView& view);
};

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
  json grids = json::array();
  for (int p = 0; p < n; ++p) {
    json grid = json::array();
    for (int i = 0; i < kGridCells; ++i) {
      auto c = static_cast<CellId>(p * kGridCells + i);
      switch (s.cell_state(c)) {
        case CellState::kFaceDown:
          grid.push_back({{"state", "down"}, {"value", s.values_[c]}});
          break;
        case CellState::kFaceUp:
          grid.push_back({{"state", "up"}, {"value", s.values_[c]}});
          break;
        case CellState::kEmpty:
          grid.push_back({{"state", "empty"}});
          break;
      }
    }
    grids.push_back(grid);
  }
  j["grids"] = grids;
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
  json totals = json::array();
  for (int p = 0; p < n; ++p) totals.push_back(s.totals_half_[p]);
  j["totals_half"] = totals;
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
  s.options_ = options_from_json_at(get("options"), path("options"));
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
    object(lr, p, {"raw_half", "score_half", "ender", "penalised"});
    halves(member(lr, p, "raw_half"), at(p, "raw_half"), s.last_round_.raw_half);
    halves(member(lr, p, "score_half"), at(p, "score_half"), s.last_round_.score_half);
    s.last_round_.ender = optional_player(member(lr, p, "ender"), at(p, "ender"), n);
    s.last_round_.penalised = boolean(member(lr, p, "penalised"), at(p, "penalised"));
  }
  if (auto error = validate(s)) throw FormatError(P + "." + *error);
  return s;
}

std::optional<std::string> StateCodec::validate(const State& s) {
  using R = std::optional<std::string>;
  auto bad = [](std::string_view field, const std::string& what) -> R {
    return fmt::format("{}: {}", field, what);
  };
  const RuleOptions& o = s.options_;
  if (auto e = o.validate()) return bad("options", *e);
  const int n = o.players;
  const auto all = static_cast<uint8_t>((1u << n) - 1);
  const Phase ph = s.phase_;
  if (static_cast<int>(ph) >= kNumPhases) return bad("phase", "out of range");
  const std::string_view phase = phase_name(ph);
  auto is_player = [&](int p) { return p >= 0 && p < n; };
  auto is_card = [](int8_t v) { return v >= kMinValue && v <= kMaxValue; };
  auto card_or_none = [&](int8_t v) { return v == kNoCard || is_card(v); };

  // 1. Ranges (the reader checks these already; a state built in memory may not).
  const uint64_t* w = s.rng_.words();
  if ((w[0] | w[1] | w[2] | w[3]) == 0) return bad("rng", "an all-zero generator state");
  if (s.round_ < 0 || s.rounds_played_ < 0) return bad("round", "negative");
  if (!is_player(s.first_player_)) return bad("first_player", "out of range");
  if (!is_player(s.active_)) return bad("active", "out of range");
  if (s.setup_reveals_left_ < 0 || s.setup_reveals_left_ > 2)
    return bad("setup_reveals_left", "must be 0..2");
  if (s.setup_players_done_ < 0 || s.setup_players_done_ > n)
    return bad("setup_players_done", "out of range");
  if (s.ender_ != kNoPlayer && !is_player(s.ender_)) return bad("ender", "out of range");
  if (s.final_done_ & ~all) return bad("final_done", "names a player who is not in the game");
  if (s.final_turns_left_ < -1 || s.final_turns_left_ > n)
    return bad("final_turns_left", "out of range");
  if (!is_player(s.final_next_)) return bad("final_next", "out of range");
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p >= n && (s.face_down_[p] || s.empty_[p] || s.totals_half_[p] ||
                   s.last_round_.raw_half[p] || s.last_round_.score_half[p]))
      return bad("grids", fmt::format("player {} is not in the game", p));
    if ((s.face_down_[p] | s.empty_[p]) & ~kGridMask) return bad("grids", "mask out of range");
    if (s.face_down_[p] & s.empty_[p])
      return bad(fmt::format("grids[{}]", p), "a cell is both face down and empty");
  }
  for (int c = 0; c < n * kGridCells; ++c)
    if (s.cell_state(static_cast<CellId>(c)) != CellState::kEmpty && !is_card(s.values_[c]))
      return bad(fmt::format("grids[{}][{}].value", c / kGridCells, c % kGridCells),
                 "not a card value");
  if (s.draw_count_ > kMaxDeck || s.discard_count_ > kMaxDeck)
    return bad("draw_pile", "too many cards");
  for (int i = 0; i < s.draw_count_; ++i)
    if (!is_card(s.draw_[i])) return bad("draw_pile", "not a card value");
  for (int i = 0; i < s.discard_count_; ++i)
    if (!is_card(s.discard_[i])) return bad("discard_pile", "not a card value");
  if (!card_or_none(s.held_)) return bad("held", "not a card value");
  if (!card_or_none(s.hand_)) return bad("hand", "not a card value");
  if (!card_or_none(s.taken_)) return bad("taken", "not a card value");
  if (!card_or_none(s.pending_discard_)) return bad("pending_discard", "not a card value");
  if ((s.knock_pending_ | s.knockers_) & ~all)
    return bad("knockers", "names a player who is not in the game");
  if (s.knocker_ != kNoPlayer && !is_player(s.knocker_)) return bad("knocker", "out of range");
  if (s.clearer_ != kNoPlayer && !is_player(s.clearer_)) return bad("clearer", "out of range");
  if (s.hole_ != kNoCell && s.hole_ >= n * kGridCells) return bad("hole", "out of range");
  if (s.pending_discard_from_ != kNoCell && s.pending_discard_from_ >= n * kGridCells)
    return bad("pending_discard_from", "out of range");
  if (static_cast<int>(s.after_clear_) >= static_cast<int>(kAfterClearNames.size()))
    return bad("after_clear", "out of range");
  if (s.last_round_.ender != kNoPlayer && !is_player(s.last_round_.ender))
    return bad("last_round.ender", "out of range");

  // 2. Card conservation: the table holds exactly the deck.
  {
    std::array<int, kNumValues> held{};
    auto add = [&](int8_t v) {
      if (v != kNoCard) ++held[v - kMinValue];
    };
    for (int c = 0; c < n * kGridCells; ++c)
      if (s.cell_state(static_cast<CellId>(c)) != CellState::kEmpty) add(s.values_[c]);
    for (int i = 0; i < s.draw_count_; ++i) add(s.draw_[i]);
    for (int i = 0; i < s.discard_count_; ++i) add(s.discard_[i]);
    add(s.held_);
    add(s.hand_);
    add(s.taken_);
    add(s.pending_discard_);
    DeckCounts deck = o.effective_deck();
    for (int v = 0; v < kNumValues; ++v)
      if (held[v] != deck[v])
        return bad("cards", fmt::format("the deck has {} cards of value {}, the state holds {} "
                                        "(cells, piles, held, hand, taken and pending discard)",
                                        deck[v], v + kMinValue, held[v]));
  }

  // 3. What the phase implies about the turn in progress.
  using AC = State::AfterClear;
  const AC ac = s.after_clear_;
  const bool setup = ph == Phase::kSetupReveal;
  const bool over = ph == Phase::kGameOver;
  const bool line = ph == Phase::kChooseLine;
  const bool knock_clear = line && (ac == AC::kAfterKnockerSwap || ac == AC::kFinishPut);
  auto expect = [&](std::string_view field, bool present, bool expected) -> R {
    if (present == expected) return std::nullopt;
    return bad(
        field,
        fmt::format(
            "{} in phase {}{}", expected ? "required" : "must be absent", phase,
            line ? fmt::format(" (after clear: {})", kAfterClearNames[static_cast<int>(ac)]) : ""));
  };
  const bool knock_turn =
      ph == Phase::kKnockerSwap || ph == Phase::kTake || ph == Phase::kPut || knock_clear;
  R r;
  if ((r = expect("held", s.held_ != kNoCard,
                  ph == Phase::kKnockWindow || ph == Phase::kChooseKnocker ||
                      ph == Phase::kHoldDrawn || ph == Phase::kKnockerSwap)))
    return r;
  if ((r = expect("knocker", s.knocker_ != kNoPlayer, knock_turn))) return r;
  if ((r = expect("hand", s.hand_ != kNoCard,
                  ph == Phase::kTake || ph == Phase::kPut || knock_clear)))
    return r;
  if ((r = expect("taken", s.taken_ != kNoCard, ph == Phase::kPut))) return r;
  if ((r = expect("hole", s.hole_ != kNoCell, ph == Phase::kPut || (line && ac == AC::kFinishPut))))
    return r;
  const bool pending = line && (ac == AC::kFinishSwap || ac == AC::kFinishPut);
  if ((r = expect("pending_discard", s.pending_discard_ != kNoCard, pending))) return r;
  if ((r = expect("pending_discard_from", s.pending_discard_from_ != kNoCell, pending))) return r;
  if ((r = expect("clearer", s.clearer_ != kNoPlayer, line))) return r;
  if ((r = expect("knock_pending", s.knock_pending_ != 0, ph == Phase::kKnockWindow))) return r;
  if (s.hand_known_ && s.hand_ == kNoCard) return bad("hand_known", "true without a hand card");
  if (s.taken_known_ && s.taken_ == kNoCard) return bad("taken_known", "true without a taken card");

  const bool knocking_now = knock_turn || s.knockers_ || s.knock_pending_ ||
                            ph == Phase::kKnockWindow || ph == Phase::kChooseKnocker;
  if (knocking_now && !o.knocking_in_effect())
    return bad("knockers", "a knock, but knocking is not in effect with these options");
  if ((s.knock_pending_ | s.knockers_) >> s.active_ & 1)
    return bad("knockers", "the active player cannot knock for his own card");
  if (s.knock_pending_ & s.knockers_) return bad("knock_pending", "a player already knocked");
  if (ph == Phase::kChooseKnocker && !s.knockers_)
    return bad("knockers", "somebody must have knocked in phase choose-knocker");
  if ((setup || over || ph == Phase::kChooseDraw) && s.knockers_)
    return bad("knockers", fmt::format("must be empty in phase {}", phase));
  if (knocking_now && s.held_from_discard_)
    return bad("held_from_discard", "knocking is only for a card from the draw pile");
  if (s.knocker_ != kNoPlayer) {
    if (s.knocker_ == s.active_) return bad("knocker", "the active player cannot be the knocker");
    if (!(s.knockers_ >> s.knocker_ & 1)) return bad("knocker", "did not knock");
  }
  if (s.hole_ != kNoCell) {
    if (s.cell_state(s.hole_) != CellState::kEmpty) return bad("hole", "the hole must be empty");
    if (!in_display(s.knocker_, n, s.hole_)) return bad("hole", "must be in the knocker's display");
  }
  if (s.pending_discard_from_ != kNoCell && !in_display(s.active_, n, s.pending_discard_from_))
    return bad("pending_discard_from", "must be in the active player's display");
  if (line) {
    int expected = ac == AC::kAfterKnockerSwap ? s.knocker_ : s.active_;
    if (s.clearer_ != expected)
      return bad("clearer", fmt::format("must be player {} (after clear: {})", expected,
                                        kAfterClearNames[static_cast<int>(ac)]));
    LineList lines;
    s.complete_lines(s.clearer_, lines);
    if (lines.empty() || (!o.optional_clearing && lines.size() < 2))
      return bad("clearer", fmt::format("the display of player {} offers no choice of lines",
                                        static_cast<int>(s.clearer_)));
  }

  // 4. Setup, round progress and the end of the round.
  auto face_up_cells = [&] {
    int up = 0;
    for (int p = 0; p < n; ++p) up += kGridCells - count_cells(s.face_down_[p] | s.empty_[p]);
    return up;
  };
  if (setup) {
    if (s.setup_reveals_left_ < 1 || s.setup_players_done_ >= n)
      return bad("setup_reveals_left", "inconsistent with phase setup-reveal");
    if (s.active_ != (s.first_player_ + s.setup_players_done_) % n)
      return bad("active", "must be the first player's seat plus the players done with setup");
    for (int p = 0; p < n; ++p)
      if (s.empty_[p]) return bad(fmt::format("grids[{}]", p), "no cell is empty during setup");
    int expected_up = 2 * s.setup_players_done_ + 2 - s.setup_reveals_left_;
    if (face_up_cells() != expected_up)
      return bad("grids", fmt::format("{} cards should be face up during this setup, {} are",
                                      expected_up, face_up_cells()));
    if (s.ender_ != kNoPlayer || s.final_done_ || s.final_turns_left_ != -1 || s.final_next_)
      return bad("ender", "the round cannot be ending during setup");
    if (s.discard_count_ != 1)
      return bad("discard_pile", "holds exactly the starter card during setup");
    if (s.held_from_discard_) return bad("held_from_discard", "must be false during setup");
  } else if (s.setup_reveals_left_ != 0 || s.setup_players_done_ != n) {
    return bad("setup_reveals_left", fmt::format("setup is over in phase {}", phase));
  }
  if (over) {
    for (int p = 0; p < n; ++p)
      if (s.face_down_[p])
        return bad(fmt::format("grids[{}]", p), "no card is face down once the game is over");
    if (s.rounds_played_ != s.round_ + 1)
      return bad("rounds_played", "must be round + 1 once the game is over");
    if (s.ender_ == kNoPlayer || s.last_round_.ender != s.ender_)
      return bad("ender", "must be the ender of the last round once the game is over");
    if (s.final_turns_left_ != 0 || s.final_done_ != all)
      return bad("final_done", "every player has had his final turn once the game is over");
  } else {
    if (s.rounds_played_ != s.round_)
      return bad("rounds_played", "must equal round while a round is played");
  }
  if (!setup && !over) {
    if (s.ender_ == kNoPlayer) {
      for (int p = 0; p < n; ++p)
        if (s.face_down_count(p) == 0 && s.hole_ == kNoCell)  // R8a: not before the put-back
          return bad("ender", fmt::format("player {} has no face-down card, so the round must "
                                          "have been ended",
                                          p));
      if (s.final_done_ || s.final_turns_left_ != -1 || s.final_next_)
        return bad("final_done", "no final turns before the round is ended");
    } else {
      if (s.face_down_count(s.ender_) != 0)
        return bad("ender", "the ender's display has a face-down card");
      if (s.final_turns_left_ == -1) {
        if (s.final_done_ || s.final_next_)
          return bad("final_done", "no final turns before the ending turn is over");
      } else {
        if (s.final_turns_left_ >= n) return bad("final_turns_left", "out of range");
        if (s.active_ != right_of(s.final_next_, n))
          return bad("final_next", "must be the seat after the active player");
        if (s.final_done_ >> s.active_ & 1)
          return bad("final_done", "the active player already had his final turn");
      }
    }
    if (ph == Phase::kChooseDraw && s.discard_count_ == 0)
      return bad("discard_pile", "cannot be empty when a player is to draw");
  }

  // 5. Scores.
  const int rp = s.rounds_played_;
  auto in_bounds = [&](int32_t total, int rounds) {
    return total >= int64_t{kMinRoundHalf} * rounds && total <= int64_t{kMaxRoundHalf} * rounds;
  };
  auto game_over_after = [&](const std::array<int32_t, kMaxPlayers>& totals, int rounds) {
    bool end = o.rounds > 0 && rounds >= o.rounds;
    if (o.point_limit > 0)
      for (int p = 0; p < n; ++p) end = end || totals[p] >= 2 * o.point_limit;
    return end;
  };
  for (int p = 0; p < n; ++p)
    if (!in_bounds(s.totals_half_[p], rp))
      return bad(fmt::format("totals_half[{}]", p), fmt::format("impossible after {} rounds", rp));
  const RoundResult& lr = s.last_round_;
  if (rp == 0) {
    if (!(lr == RoundResult{})) return bad("last_round", "must be empty before the first round");
  } else {
    if (lr.ender == kNoPlayer) return bad("last_round.ender", "required after a round");
    RoundResult expected;
    expected.ender = lr.ender;
    for (int p = 0; p < n; ++p) {
      int32_t raw = lr.raw_half[p];
      if (raw % 2 != 0 || raw < kMinRoundHalf || raw > kMaxRoundHalf / 2)
        return bad(fmt::format("last_round.raw_half[{}]", p), "not a possible display sum");
      expected.raw_half[p] = expected.score_half[p] = raw;
    }
    bool strictly_lowest = true;
    for (int p = 0; p < n; ++p)
      if (p != lr.ender && lr.raw_half[p] <= lr.raw_half[lr.ender]) strictly_lowest = false;
    if (!strictly_lowest && lr.raw_half[lr.ender] != 0) {
      int32_t raw = lr.raw_half[lr.ender];
      expected.penalised = true;
      expected.score_half[lr.ender] = raw > 0 ? 2 * raw : raw / 2;
    }
    if (!(expected == lr))
      return bad("last_round", "the scores and the penalty do not follow from the raw sums");
    std::array<int32_t, kMaxPlayers> before{};
    for (int p = 0; p < n; ++p) {
      before[p] = s.totals_half_[p] - lr.score_half[p];
      if (!in_bounds(before[p], rp - 1))
        return bad(fmt::format("totals_half[{}]", p), "inconsistent with last_round");
    }
    if (game_over_after(before, rp - 1))
      return bad("rounds_played", "the game would have ended a round earlier");
  }
  if (game_over_after(s.totals_half_, rp) != over)
    return bad("phase", over ? "the game cannot be over yet"
                             : "the game must be over after these rounds and totals");

  // 6. Someone can act.
  if (!over) {
    if (s.current_player() == kNoPlayer) return bad("phase", "nobody is to act");
    if (s.legal_actions().empty()) return bad("phase", "the player to act has no legal action");
  }
  return std::nullopt;
}

json StateCodec::public_to_json(const PublicView& view) {
  const State& m = view.masked();
  const int n = m.players();
  json j = json::object();
  j["options"] = options_to_json(m.options_);
  j["phase"] = phase_name(m.phase_);
  j["current_player"] = player_or_null(m.current_player());
  j["round"] = m.round_;
  j["rounds_played"] = m.rounds_played_;
  j["first_player"] = m.first_player_;
  j["dealer"] = m.dealer();
  j["active"] = m.active_;
  j["setup_reveals_left"] = m.setup_reveals_left_;
  j["ender"] = player_or_null(m.ender_);
  j["final_done"] = player_set(m.final_done_, n);
  json grids = json::array();
  for (int p = 0; p < n; ++p) {
    json grid = json::array();
    for (int i = 0; i < kGridCells; ++i) {
      auto c = static_cast<CellId>(p * kGridCells + i);
      switch (m.cell_state(c)) {
        case CellState::kFaceDown:
          grid.push_back({{"state", "down"}});
          break;
        case CellState::kFaceUp:
          grid.push_back({{"state", "up"}, {"value", card_to_json(m.values_[c])}});
          break;
        case CellState::kEmpty:
          grid.push_back({{"state", "empty"}});
          break;
      }
    }
    grids.push_back(grid);
  }
  j["grids"] = grids;
  j["hole"] = cell_or_null(m.hole_);
  j["draw_pile_size"] = m.draw_count_;
  json discard = json::array();
  for (int i = 0; i < m.discard_pile_size(); ++i)
    discard.push_back(card_to_json(m.discard_pile_card(i)));
  j["discard_pile"] = discard;
  j["held"] = card_to_json(m.held_);
  j["held_from_discard"] = m.held_from_discard_;
  j["knock_pending"] = player_set(m.knock_pending_, n);
  j["knockers"] = player_set(m.knockers_, n);
  j["knocker"] = player_or_null(m.knocker_);
  // The masked state already hides an unknown hand/taken card; mask again in case.
  j["hand"] = card_to_json(m.hand_ != kNoCard && !m.hand_known_ ? kHiddenValue : m.hand_);
  j["taken"] = card_to_json(m.taken_ != kNoCard && !m.taken_known_ ? kHiddenValue : m.taken_);
  j["pending_discard"] = card_to_json(m.pending_discard_);
  j["pending_discard_from"] = cell_or_null(m.pending_discard_from_);
  j["clearer"] = player_or_null(m.clearer_);
  json totals = json::array();
  for (int p = 0; p < n; ++p) totals.push_back(m.totals_half_[p]);
  j["totals_half"] = totals;
  j["last_round"] = m.rounds_played_ > 0 ? round_result_json(m.last_round_, n) : json(nullptr);
  j["winners"] = m.is_terminal() ? player_set(m.winners(), n) : json(nullptr);
  json legal = json::array();
  for (Action a : m.legal_actions()) legal.push_back(to_text(a));
  j["legal_actions"] = legal;
  return j;
}

json state_to_json(const State& s) { return StateCodec::to_json(s); }
State state_from_json(const json& j) { return StateCodec::from_json(j); }
std::optional<std::string> validate_state(const State& s) { return StateCodec::validate(s); }
json public_view_to_json(const PublicView& view) { return StateCodec::public_to_json(view); }

// ------------------------------------------------------------------------------------------
// Events

json event_to_json(const Event& e) {
  json j = json::object();
  j["type"] = event_type_name(e.type);
  auto player = [&] { j["player"] = player_or_null(e.player); };
  auto value = [&] { j["value"] = card_to_json(e.value); };
  auto cell = [&] { j["cell"] = cell_or_null(e.cell); };
  switch (e.type) {
    case EventType::kRoundStarted:
      j["round"] = e.count;
      player();
      value();
      break;
    case EventType::kRevealed:
    case EventType::kPlaced:
    case EventType::kToHand:
    case EventType::kDiscarded:
      player();
      value();
      cell();
      break;
    case EventType::kReshuffled:
      j["count"] = e.count;
      break;
    case EventType::kDrew:
      player();
      value();
      j["pile"] = e.aux == 0 ? "draw" : "discard";
      break;
    case EventType::kCleared: {
      player();
      value();
      j["line"] = e.aux < kNumLineIds ? json(line_to_text(e.aux)) : json(nullptr);
      json cells = json::array();
      for (CellId c : e.cells) cells.push_back(cell_or_null(c));
      j["cells"] = cells;
      break;
    }
    case EventType::kRoundScored:
      player();
      j["score_half"] = e.score;
      j["raw_half"] = e.count;
      j["penalised"] = e.aux != 0;
      break;
    case EventType::kGameOver: {
      json winners = json::array();
      for (int p = 0; p < kMaxPlayers; ++p)
        if (e.score >> p & 1) winners.push_back(p);
      j["winners"] = winners;
      break;
    }
    case EventType::kTurnStarted:
    case EventType::kKnocked:
    case EventType::kPassed:
    case EventType::kKnockGiven:
    case EventType::kKnockRefused:
    case EventType::kLinesLeft:
    case EventType::kRoundEndTriggered:
    case EventType::kTurnSkipped:
      player();
      break;
  }
  j["text"] = describe(e);
  return j;
}

}  // namespace allegra
