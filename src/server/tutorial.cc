#include "server/tutorial.h"

#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>
#include <utility>

#include "engine/event_json.h"
#include "engine/options_json.h"
#include "engine/public_view.h"
#include "engine/state_codec.h"
#include "engine/view_json.h"

namespace allegra::server {
namespace {

using nlohmann::json;

constexpr int kTutorialFormatVersion = 1;
constexpr uint64_t kTutorialSeed = 28;  // any: the start tables are given, not dealt

// A cell of the script: "5" (face down), "^5" (face up), "." (cleared).
json cell_json(const std::string& text, DeckCounts& left, const std::string& where) {
  if (text == ".") return {{"state", "empty"}};
  const bool up = text.starts_with('^');
  int value = 0;
  try {
    value = std::stoi(up ? text.substr(1) : text);
  } catch (const std::exception&) {
    throw TutorialError(
        fmt::format("{}: \"{}\" is not a cell (\"5\", \"^5\" or \".\")", where, text));
  }
  if (value < kMinValue || value > kMaxValue || left[value - kMinValue] == 0)
    throw TutorialError(fmt::format("{}: no card {} left in the deck", where, value));
  --left[value - kMinValue];
  return {{"state", up ? "up" : "down"}, {"value", value}};
}

json cards_json(const json& list, DeckCounts& left, const std::string& where) {
  json out = json::array();
  for (const json& c : list) {
    const int value = c.get<int>();
    if (value < kMinValue || value > kMaxValue || left[value - kMinValue] == 0)
      throw TutorialError(fmt::format("{}: no card {} left in the deck", where, value));
    --left[value - kMinValue];
    out.push_back(value);
  }
  return out;
}

RuleOptions script_options(const json& script) {
  RuleOptions o;
  o.players = script.at("players").get<int>();
  o.rounds = 1;
  return o;
}

// The lesson's start table as a full State: a fresh game's state (for the Rng and the
// options) with the script's grids and piles; the cards the script does not place go under
// the draw pile, lowest value first. state_from_json checks the table is one the engine could
// have reached (card conservation included).
State start_state(const RuleOptions& options, const json& lesson, const std::string& where) {
  json j = state_to_json(State(options, kTutorialSeed));
  DeckCounts left = options.effective_deck();
  json grids = json::array();
  const json& script_grids = lesson.at("grids");
  if (script_grids.size() != static_cast<size_t>(options.players))
    throw TutorialError(where + ": grids: one grid per player expected");
  for (size_t p = 0; p < script_grids.size(); ++p) {
    json grid = json::array();
    if (script_grids[p].size() != static_cast<size_t>(kGridCells))
      throw TutorialError(fmt::format("{}: grids[{}]: 12 cells expected", where, p));
    for (size_t i = 0; i < script_grids[p].size(); ++i)
      grid.push_back(cell_json(script_grids[p][i].get<std::string>(), left,
                               fmt::format("{}: grids[{}][{}]", where, p, i)));
    grids.push_back(std::move(grid));
  }
  json discard = cards_json(lesson.at("discard"), left, where + ": discard");
  json draw = cards_json(lesson.at("draw"), left, where + ": draw");
  for (int v = kMinValue; v <= kMaxValue; ++v)
    for (int k = 0; k < left[v - kMinValue]; ++k) draw.push_back(v);
  j["grids"] = std::move(grids);
  j["discard_pile"] = std::move(discard);
  j["draw_pile"] = std::move(draw);
  j["phase"] = "choose-draw";
  j["active"] = lesson.value("active", 0);
  j["first_player"] = 0;
  j["setup_reveals_left"] = 0;
  j["setup_players_done"] = options.players;
  j["turns_in_round"] = lesson.value("turns", 9);
  try {
    return state_from_json(j);
  } catch (const std::exception& e) {
    throw TutorialError(
        fmt::format("{}: the start table is not one the game can reach: {}", where, e.what()));
  }
}

std::string legal_text(const State& s, int seat) {
  std::string out;
  for (Action a : s.legal_actions(seat)) out += (out.empty() ? "" : ", ") + to_text(a);
  return out;
}

json parse_script(std::string_view script) {
  try {
    json j = json::parse(script);
    if (j.at("format").get<int>() != kTutorialFormatVersion)
      throw TutorialError("the tutorial script's format is not 1");
    return j;
  } catch (const json::exception& e) {
    throw TutorialError(std::string("the tutorial script does not read: ") + e.what());
  }
}

}  // namespace

std::vector<TutorialRun> run_tutorial(std::string_view script_text) {
  const json script = parse_script(script_text);
  std::vector<TutorialRun> runs;
  try {
    const RuleOptions options = script_options(script);
    for (const json& lesson : script.at("lessons")) {
      const std::string id = lesson.at("id").get<std::string>();
      TutorialRun run{id, start_state(options, lesson, "lesson " + id), {}, {}, {}};
      State s = run.start;
      size_t i = 0;
      for (const json& step : lesson.at("steps")) {
        const std::string where = fmt::format("lesson {}, step {}", id, i++);
        const int seat = step.at("seat").get<int>();
        std::string why;
        const std::optional<Action> a =
            action_from_text(step.at("action").get<std::string>(), options.players, &why);
        if (!a) throw TutorialError(fmt::format("{}: {}", where, why));
        if (seat < 0 || seat >= options.players || !s.is_legal(seat, *a))
          throw TutorialError(fmt::format("{}: seat {} may not \"{}\" now (legal: {})", where, seat,
                                          to_text(*a), legal_text(s, seat)));
        EventList events;
        s.apply(seat, *a, &events);
        run.after.push_back(s);
        run.events.push_back(events);
        run.seats.push_back(seat);
      }
      runs.push_back(std::move(run));
    }
  } catch (const json::exception& e) {
    throw TutorialError(std::string("the tutorial script is malformed: ") + e.what());
  }
  return runs;
}

std::string tutorial_json(std::string_view script_text) {
  const json script = parse_script(script_text);
  const std::vector<TutorialRun> runs = run_tutorial(script_text);
  constexpr auto kWithout = LegalActionsKey::kWithout;  // the wire's views: docs/protocol.md
  json lessons = json::array();
  for (size_t l = 0; l < runs.size(); ++l) {
    const json& lesson = script["lessons"][l];
    const TutorialRun& run = runs[l];
    json steps = json::array();
    for (size_t i = 0; i < run.after.size(); ++i) {
      const json& step = lesson["steps"][i];
      json events = json::array();
      for (const Event& e : run.events[i]) events.push_back(event_to_json(e));
      steps.push_back({{"seat", run.seats[i]},
                       {"action", step["action"]},
                       {"say", step.value("say", json(nullptr))},
                       {"events", std::move(events)},
                       {"view", public_view_to_json(PublicView(run.after[i]), kWithout)}});
    }
    lessons.push_back({{"id", run.id},
                       {"title", lesson.at("title")},
                       {"intro", lesson.value("intro", json(nullptr))},
                       {"end", lesson.value("end", json(nullptr))},
                       {"initial", public_view_to_json(PublicView(run.start), kWithout)},
                       {"steps", std::move(steps)}});
  }
  json out = {{"format", kTutorialFormatVersion},
              {"learner", 0},
              {"names", script.at("names")},
              {"options", options_to_json(script_options(script))},
              {"lessons", std::move(lessons)}};
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace allegra::server
