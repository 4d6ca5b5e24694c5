#include "engine/conformance/serialize_checks.h"

#include <fmt/format.h>

#include <exception>
#include <nlohmann/json.hpp>
#include <optional>

#include "engine/public_view.h"
#include "engine/record.h"
#include "engine/rng.h"
#include "engine/serialize.h"

namespace allegra::conformance {
namespace {

using nlohmann::json;

#define ALLEGRA_CHECK(cond, ...)                                                \
  do {                                                                          \
    if (!(cond)) return fmt::format("{}: {}", #cond, fmt::format(__VA_ARGS__)); \
  } while (0)

std::string check_view_json(const State& s, const ActionList& legal, const json& vj);

std::string check_serialization_unguarded(const State& s, uint64_t resample_seed, bool full) {
  const int n = s.players();
  // Full state.
  if (auto problem = validate_state(s)) return "validate_state: " + *problem;
  const json j = state_to_json(s);
  const State back = state_from_json(j);
  ALLEGRA_CHECK(back == s, "state_from_json(state_to_json(s)) differs");
  const ActionList legal = s.legal_actions();
  const json vj = public_view_to_json(s.public_view());
  if (std::string e = check_view_json(s, legal, vj); !e.empty()) return e;
  if (!full) return {};
  ALLEGRA_CHECK(state_to_json(back) == j, "the JSON of the read state differs");
  const std::string text = j.dump();
  ALLEGRA_CHECK(state_from_json(parse_json(text)) == s, "the round trip through text differs");
  // A changed card breaks card conservation: the reader must refuse it with a FormatError.
  for (int p = 0; p < n; ++p) {
    json bad = j;
    json& cell = bad["grids"][p][5];
    if (!cell.contains("value")) continue;
    const int v = cell["value"].get<int>();
    cell["value"] = v == kMaxValue ? kMinValue : v + 1;
    try {
      (void)state_from_json(bad);
      return fmt::format(
          "state_from_json accepted grids[{}][5] changed from {} (cards not "
          "conserved)",
          p, v);
    } catch (const FormatError&) {
    }
    break;
  }
  // Options and actions.
  ALLEGRA_CHECK(options_from_json(options_to_json(s.options())) == s.options(), "");
  for (Action a : legal)
    ALLEGRA_CHECK(action_from_json(action_to_json(a), n) == a, "action {}", to_text(a));
  // The public view JSON depends on nothing hidden.
  Rng rng(resample_seed);
  if (!s.is_terminal()) {
    const State other = s.resample(rng);
    ALLEGRA_CHECK(public_view_to_json(other.public_view()) == vj,
                  "the public view JSON depends on hidden cards");
  }
  return {};
}

// The public view JSON against the state (docs/state-format.md, "Public view").
std::string check_view_json(const State& s, const ActionList& legal, const json& vj) {
  const int n = s.players();
  ALLEGRA_CHECK(!vj.contains("rng") && !vj.contains("draw_pile"), "");
  ALLEGRA_CHECK(vj.at("draw_pile_size") == s.draw_pile_size(), "");
  ALLEGRA_CHECK(vj.at("grids").size() == static_cast<size_t>(n), "");
  for (int c = 0; c < n * kGridCells; ++c) {
    const auto cell = static_cast<CellId>(c);
    const json& jc = vj.at("grids").at(c / kGridCells).at(c % kGridCells);
    switch (s.cell_state(cell)) {
      case CellState::kFaceDown:
        ALLEGRA_CHECK(jc.at("state") == "down" && !jc.contains("value"),
                      "face-down cell {} in the view: {}", cell_to_text(cell), jc.dump());
        break;
      case CellState::kFaceUp:
        ALLEGRA_CHECK(jc.at("state") == "up" && jc.at("value") == s.cell_value(cell),
                      "face-up cell {} in the view: {}", cell_to_text(cell), jc.dump());
        break;
      case CellState::kEmpty:
        ALLEGRA_CHECK(jc.at("state") == "empty", "empty cell {}: {}", cell_to_text(cell),
                      jc.dump());
        break;
    }
  }
  auto masked = [](int8_t v, bool known) -> json {
    if (v == kNoCard) return nullptr;
    if (!known) return "hidden";
    return v;
  };
  ALLEGRA_CHECK(vj.at("hand") == masked(s.hand_card(), s.hand_card_known()), "hand {}",
                vj.at("hand").dump());
  ALLEGRA_CHECK(vj.at("taken") == masked(s.taken_card(), s.taken_card_known()), "taken {}",
                vj.at("taken").dump());
  json want_actions = json::array();
  for (Action a : legal) want_actions.push_back(to_text(a));
  ALLEGRA_CHECK(vj.at("legal_actions") == want_actions, "{}", vj.at("legal_actions").dump());
  if (s.is_terminal())
    ALLEGRA_CHECK(vj.at("current_player").is_null(), "");
  else
    ALLEGRA_CHECK(vj.at("current_player") == s.current_player(), "");
  return {};
}

std::string check_event_json(const Event& e) {
  const json j = event_to_json(e);
  ALLEGRA_CHECK(j.at("type") == event_type_name(e.type), "{}", j.dump());
  ALLEGRA_CHECK(j.at("text") == describe(e), "{}", j.dump());
  return {};
}

std::string check_record_unguarded(const RuleOptions& o, uint64_t seed,
                                   const std::vector<Action>& actions, const State& final_state) {
  const int n = o.players;
  State plain(o, seed);
  State recorded(o, seed);
  GameRecorder recorder(recorded, seed);
  ALLEGRA_CHECK(recorder.record().rounds.size() == 1 &&
                    recorder.record().rounds[0].deal == current_deal(plain),
                "the recorder's first deal is not the game's");
  for (size_t i = 0; i < actions.size(); ++i) {
    EventList e1, e2;
    plain.apply(actions[i], &e1);
    recorder.apply(recorded, actions[i], &e2);
    if (plain.is_chance_node()) plain.deal(&e1);
    if (recorded.is_chance_node()) recorder.deal(recorded, &e2);
    ALLEGRA_CHECK(plain == recorded, "action #{} ({}): the recorded game's state differs", i,
                  to_text(actions[i]));
    ALLEGRA_CHECK(std::equal(e1.begin(), e1.end(), e2.begin(), e2.end()),
                  "action #{}: the recorded game's events differ", i);
    for (const Event& e : e1)
      if (std::string err = check_event_json(e); !err.empty())
        return fmt::format("action #{}: event JSON: {}", i, err);
  }
  ALLEGRA_CHECK(plain == final_state, "the game played again differs");
  const GameRecord& g = recorder.record();
  ALLEGRA_CHECK(g.options == o && g.seed == seed, "");
  ALLEGRA_CHECK(static_cast<int>(g.rounds.size()) == final_state.rounds_played(), "{} rounds",
                g.rounds.size());
  size_t steps = 0;
  std::vector<int64_t> sum(static_cast<size_t>(n), 0);
  for (const RoundRecord& r : g.rounds) {
    for (const RecordStep& st : r.steps) {
      ALLEGRA_CHECK(steps < actions.size() && st.action == actions[steps], "step {}", steps);
      ++steps;
    }
    ALLEGRA_CHECK(r.score_half.size() == static_cast<size_t>(n) &&
                      r.raw_half.size() == static_cast<size_t>(n),
                  "");
    for (int p = 0; p < n; ++p) sum[p] += r.score_half[p];
  }
  ALLEGRA_CHECK(steps == actions.size(), "{} steps for {} actions", steps, actions.size());
  const RoundResult& last = final_state.last_round();
  const RoundRecord& lr = g.rounds.back();
  ALLEGRA_CHECK(lr.ender == last.ender, "");
  ALLEGRA_CHECK(g.totals_half.size() == static_cast<size_t>(n), "");
  std::vector<int> winners;
  for (int p = 0; p < n; ++p) {
    ALLEGRA_CHECK(lr.score_half[p] == last.score_half[p] && lr.raw_half[p] == last.raw_half[p],
                  "player {}", p);
    ALLEGRA_CHECK(g.totals_half[p] == final_state.total_half(p) && sum[p] == g.totals_half[p],
                  "player {}", p);
    if (final_state.winners() >> p & 1) winners.push_back(p);
  }
  ALLEGRA_CHECK(g.winners == winners, "");

  // Replay and the JSON forms.
  State replayed(o, seed + 1);
  if (auto err = replay_check(g, &replayed))
    return fmt::format("replay_check: round {} step {}: {}", err->round, err->step, err->message);
  ALLEGRA_CHECK(replayed.is_terminal() && replayed.public_view() == final_state.public_view(),
                "the replayed game ends elsewhere");
  const std::string line = record_to_line(g);
  ALLEGRA_CHECK(line.find('\n') == std::string::npos, "a newline in the record line");
  ALLEGRA_CHECK(record_from_line(line) == g, "record_from_line(record_to_line(g)) differs");
  ALLEGRA_CHECK(record_from_json(record_to_json(g)) == g, "the JSON round trip differs");

  // Tampered records fail.
  {
    GameRecord bad = g;
    bad.totals_half[0] += 2;
    ALLEGRA_CHECK(replay_check(bad).has_value(), "replay_check accepts wrong totals");
  }
  {
    GameRecord bad = g;
    bad.rounds.back().score_half[n - 1] += 2;
    ALLEGRA_CHECK(replay_check(bad).has_value(), "replay_check accepts a wrong round score");
  }
  {
    GameRecord bad = g;
    bad.rounds[0].steps[0].action = Action::draw_pile();  // setup wants a reveal
    auto err = replay_check(bad);
    ALLEGRA_CHECK(err && err->round == 0 && err->step == 0,
                  "replay_check misses an illegal first step");
  }
  {
    GameRecord bad = g;
    bad.rounds.back().steps.pop_back();
    ALLEGRA_CHECK(replay_check(bad).has_value(), "replay_check accepts a truncated game");
  }
  return {};
}

}  // namespace

std::string check_serialization(const State& s, uint64_t resample_seed, bool full) {
  try {
    return check_serialization_unguarded(s, resample_seed, full);
  } catch (const std::exception& e) {
    return fmt::format("serialization threw: {}", e.what());
  }
}

std::string check_record(const RuleOptions& options, uint64_t seed,
                         const std::vector<Action>& actions, const State& final_state) {
  try {
    return check_record_unguarded(options, seed, actions, final_state);
  } catch (const std::exception& e) {
    return fmt::format("record check threw: {}", e.what());
  }
}

}  // namespace allegra::conformance
