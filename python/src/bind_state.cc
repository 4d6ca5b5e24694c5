// Game, State and PublicView for Python: the engine's state machine with actions as small ints
// (action_index.h) or text, JSON in and out, observations.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "action_index.h"
#include "bindings.h"
#include "engine/diagram.h"
#include "engine/json_read.h"
#include "engine/options_json.h"
#include "engine/public_view.h"
#include "engine/state_codec.h"
#include "engine/view_json.h"
#include "env_core.h"
#include "observation.h"
#include "py_state.h"

namespace allegra::python {

namespace {

// An action given as an index or as text, checked for form (not legality).
Action action_arg(const py::handle& action, int players) {
  if (py::isinstance<py::str>(action)) {
    std::string error;
    const auto a = allegra::action_from_text(action.cast<std::string>(), players, &error);
    if (!a) throw IllegalAction(error);
    return *a;
  }
  const long long index = int_arg(action, "an action (an index, or a text such as \"draw\")");
  const auto a =
      action_of_index(index < 0 || index >= kNumActionIndexes ? -1 : static_cast<int>(index));
  if (!a)
    throw IllegalAction("action " + std::to_string(index) + " is not an action index 0.." +
                        std::to_string(kNumActionIndexes - 1));
  return *a;
}

// An absolute action index seen from `seat` at a table of `players` (relative = true), or back:
// ValueError for a table size outside 2-6, a seat outside it, or an action naming a seat the
// table lacks (before, this returned a meaningless index).
int convert_action(const py::handle& action, const py::handle& seat_arg,
                   const py::handle& players_arg, bool relative) {
  const long long players = int_arg(players_arg, "players");
  if (players < kMinPlayers || players > kMaxPlayers)
    throw py::value_error("players must be " + std::to_string(kMinPlayers) + ".." +
                          std::to_string(kMaxPlayers) + ", got " + std::to_string(players));
  const long long seat = int_arg(seat_arg, "seat");
  if (seat < 0 || seat >= players)
    throw py::value_error("seat must be 0.." + std::to_string(players - 1) + ", got " +
                          std::to_string(seat));
  const int n = static_cast<int>(players);
  const Action a = action_arg(action, n);
  if (!allegra::action_from_text(to_text(a), n))
    throw py::value_error("action " + std::to_string(action_index(a)) + " (" + to_text(a) +
                          ") names a seat a table of " + std::to_string(n) + " lacks");
  const int me = static_cast<int>(seat);
  return action_index(relative ? to_relative(a, me, n) : to_absolute(a, me, n));
}

std::vector<int> indexes(const ActionList& legal) {
  std::vector<int> out;
  out.reserve(legal.size());
  for (Action a : legal) out.push_back(action_index(a));
  return out;
}

py::array_t<float> observation_of(const State& masked, int seat) {
  if (seat < 0 || seat >= masked.players())
    throw py::value_error("seat must be 0.." + std::to_string(masked.players() - 1) + ", got " +
                          std::to_string(seat));
  py::array_t<float> out(kObservationSize);
  std::fill(out.mutable_data(), out.mutable_data() + kObservationSize, 0.0f);
  encode_observation(masked, seat,
                     std::span<float, kObservationSize>(out.mutable_data(), kObservationSize));
  return out;
}

int observer_of(const State& s, std::optional<int> seat) {
  if (seat) return *seat;
  if (s.current_player() < 0)
    throw py::value_error("nobody decides now (" + std::string(phase_name(s.phase())) +
                          "): give the seat");
  return s.current_player();
}

PyState new_state(const RuleOptions& options, uint64_t seed, std::optional<int> first_player,
                  bool record) {
  PyState s{first_player ? State(options, seed, *first_player) : State(options, seed), seed, {}};
  if (record) s.recorder.emplace(s.state, seed);
  return s;
}

PyState resampled(const PyState& s, uint64_t seed) {
  Rng rng(seed);
  return PyState{s.state.resample(rng), seed, {}};
}

// Pickling a State: its JSON, its seed and, when recorded, its record; the recorder is rebuilt
// by replaying the record on the first round's deal (so the copy's record goes on growing).
py::tuple state_getstate(const PyState& s) {
  return py::make_tuple(1, state_to_json(s.state).dump(), s.seed,
                        s.recorder ? py::object(py::str(record_to_line(s.recorder->record())))
                                   : py::object(py::none()));
}

PyState state_setstate(const py::tuple& t) {
  if (t.size() != 4 || t[0].cast<int>() != 1)
    throw py::value_error("not a pickled allegra.State of this version");
  PyState s{state_from_json(parse_json(t[1].cast<std::string>())), t[2].cast<uint64_t>(), {}};
  if (t[3].is_none()) return s;
  const GameRecord record = record_from_line(t[3].cast<std::string>());
  if (record.rounds.empty()) throw py::value_error("a pickled record without a round");
  // The game began with the seed's first player or a given one (new_initial_state's
  // first_player): the replay that gives the same record and state is the one.
  for (const bool given_first : {false, true}) {
    State replayed = given_first
                         ? State(record.options, record.seed, record.rounds.front().first_player)
                         : State(record.options, record.seed);
    GameRecorder recorder(replayed, record.seed);
    try {
      for (const RoundRecord& round : record.rounds) {
        if (replayed.is_chance_node()) recorder.deal(replayed);
        for (const RecordStep& step : round.steps) recorder.apply(replayed, step.action);
      }
    } catch (const IllegalAction&) {
      continue;
    }
    if (replayed == s.state && recorder.record() == record) {
      s.recorder.emplace(std::move(recorder));
      return s;
    }
  }
  throw py::value_error("a pickled State whose record does not replay to it");
}

}  // namespace

void bind_state(py::module_& m) {
  m.attr("NUM_ACTIONS") = kNumActionIndexes;
  m.attr("OBSERVATION_SIZE") = kObservationSize;
  m.attr("CHANCE_PLAYER") = kChancePlayer;
  m.attr("NO_PLAYER") = kNoPlayer;

  m.def(
      "action_to_text",
      [](const py::object& index) { return to_text(action_arg(index, kMaxPlayers)); },
      py::arg("action"), "The text form of an action index, e.g. 72 -> \"draw\".");
  m.def(
      "action_from_text",
      [](const std::string& text, int players) {
        return action_index(action_arg(py::str(text), players));
      },
      py::arg("text"), py::arg("players") = kMaxPlayers,
      "The index of an action's text form, e.g. \"swap 1b3\" -> 89 (checks the form and the "
      "ranges for `players`, not legality).");
  m.def(
      "relative_action",
      [](const py::object& index, const py::object& seat, const py::object& players) {
        return convert_action(index, seat, players, true);
      },
      py::arg("action"), py::arg("seat"), py::arg("players"),
      "An absolute action index as seat `seat` sees it (the environments' indexes).");
  m.def(
      "absolute_action",
      [](const py::object& index, const py::object& seat, const py::object& players) {
        return convert_action(index, seat, players, false);
      },
      py::arg("action"), py::arg("seat"), py::arg("players"), "The inverse of relative_action().");

  py::class_<RuleOptions>(m, "Game",
                          "The rules of a game: Game(), Game({\"players\": 3}) or "
                          "Game(players=3, knocking=False); keys as `allegra rules` shows them "
                          "(docs/state-format.md).")
      .def(py::init([](const py::object& options, const py::kwargs& kwargs) {
             return options_of(options, kwargs);
           }),
           py::arg("options") = py::none())
      .def_property_readonly(
          "options", [](const RuleOptions& o) { return py_of(options_to_json(o)); },
          "The options as a dict (every key).")
      .def_property_readonly(
          "players", [](const RuleOptions& o) { return o.players; }, "Number of players, 2-6.")
      .def_property_readonly(
          "num_actions", [](const RuleOptions&) { return kNumActionIndexes; },
          "Size of the action index space (the same for every table size).")
      .def_property_readonly(
          "observation_size", [](const RuleOptions&) { return kObservationSize; },
          "Length of an observation vector.")
      .def(
          "new_initial_state",
          [](const RuleOptions& o, uint64_t seed, std::optional<int> first_player, bool record) {
            return new_state(o, seed, first_player, record);
          },
          py::arg("seed") = 0, py::arg("first_player") = py::none(), py::arg("record") = false,
          "A new game, round 1 dealt from `seed`. record=True keeps a game record "
          "(State.record()).")
      .def("__eq__", [](const RuleOptions& a, const RuleOptions& b) { return a == b; })
      .def(py::pickle(
          [](const RuleOptions& o) { return options_to_json(o).dump(); },
          [](const std::string& text) { return options_from_json(parse_json(text), "options"); }))
      .def("__repr__", [](const RuleOptions& o) { return "Game(" + options_text(o) + ")"; });

  py::class_<PyState>(m, "State", "A game in progress: the engine's State (docs/python.md).")
      .def_property_readonly(
          "game", [](const PyState& s) { return s.state.options(); }, "The Game (its options).")
      .def_property_readonly(
          "current_player", [](const PyState& s) { return s.state.current_player(); },
          "The player to decide: 0..n-1, CHANCE_PLAYER (-2) between rounds, NO_PLAYER (-1) at "
          "the end.")
      .def_property_readonly(
          "phase", [](const PyState& s) { return std::string(phase_name(s.state.phase())); },
          "What the game waits for, e.g. \"choose-draw\".")
      .def_property_readonly(
          "is_terminal", [](const PyState& s) { return s.state.is_terminal(); },
          "The game is over.")
      .def_property_readonly(
          "is_chance_node", [](const PyState& s) { return s.state.is_chance_node(); },
          "A round is over and scored and the game is not: deal() is next.")
      .def_property_readonly(
          "players", [](const PyState& s) { return s.state.players(); }, "Number of players.")
      .def_property_readonly(
          "round", [](const PyState& s) { return s.state.round(); }, "0-based round index.")
      .def_property_readonly(
          "rounds_played", [](const PyState& s) { return s.state.rounds_played(); },
          "Rounds finished and scored.")
      .def_property_readonly(
          "seed", [](const PyState& s) { return s.seed; }, "The seed the game was dealt from.")
      .def(
          "legal_actions", [](const PyState& s) { return indexes(s.state.legal_actions()); },
          "The legal actions of the current player as indexes (empty at a chance node and at the "
          "end).")
      .def(
          "legal_actions_text",
          [](const PyState& s) {
            std::vector<std::string> out;
            for (Action a : s.state.legal_actions()) out.push_back(to_text(a));
            return out;
          },
          "The legal actions as text, in the same order.")
      .def(
          "is_legal",
          [](const PyState& s, const py::object& a) {
            try {
              return s.state.is_legal(action_arg(a, s.state.players()));
            } catch (const IllegalAction&) {
              return false;
            }
          },
          py::arg("action"), "Whether an action (index or text) is legal now.")
      .def(
          "why_illegal",
          [](const PyState& s, const py::object& a) {
            return s.state.why_illegal(action_arg(a, s.state.players()));
          },
          py::arg("action"), "Empty if the action is legal now, else the reason.")
      .def(
          "apply",
          [](PyState& s, const py::object& a) {
            const Action action = action_arg(a, s.state.players());
            if (s.recorder)
              s.recorder->apply(s.state, action);
            else
              s.state.apply(action);
          },
          py::arg("action"),
          "Applies an action (index or text). Raises IllegalActionError (state unchanged) if it "
          "is not legal now.")
      .def(
          "deal",
          [](PyState& s) {
            if (s.recorder)
              s.recorder->deal(s.state);
            else
              s.state.deal();
          },
          "At the chance node: deals the next round from the game's seed.")
      .def(
          "returns",
          [](const PyState& s) {
            const auto w = win_shares(s.state);
            return std::vector<float>(w.begin(), w.begin() + s.state.players());
          },
          "Per player at the end: 1/k for each of k winners (lowest total), else 0; zeros before.")
      .def(
          "scores",
          [](const PyState& s) {
            std::vector<double> out;
            for (int p = 0; p < s.state.players(); ++p)
              out.push_back(s.state.total_half(p) / static_cast<double>(kHalfPoints));
            return out;
          },
          "Game totals in points so far (lower is better).")
      .def(
          "public_view", [](const PyState& s) { return PublicView(s.state); },
          "What every player may know (face-down cards and the draw pile hidden).")
      .def(
          "resample", [](const PyState& s, uint64_t seed) { return resampled(s, seed); },
          py::arg("seed"),
          "A copy whose hidden cards are redrawn from `seed`; its public view equals this one's.")
      .def(
          "clone", [](const PyState& s) { return s; }, "An independent copy (recorder included).")
      .def("__copy__", [](const PyState& s) { return s; })
      .def(
          "__deepcopy__", [](const PyState& s, const py::object&) { return s; }, py::arg("memo"))
      .def("__eq__", [](const PyState& a, const PyState& b) { return a.state == b.state; })
      .def(py::pickle(&state_getstate, &state_setstate))
      .def(
          "to_json", [](const PyState& s) { return py_of(state_to_json(s.state)); },
          "The full state (hidden cards included) as a dict (docs/state-format.md).")
      .def_static(
          "from_json",
          [](const py::object& j) {
            return PyState{state_from_json(json_of(j)), 0, {}};
          },
          py::arg("json"),
          "A state from to_json()'s dict or its text; raises ValueError naming a bad field.")
      .def(
          "observation",
          [](const PyState& s, std::optional<int> seat) {
            return observation_of(PublicView(s.state).masked(), observer_of(s.state, seat));
          },
          py::arg("seat") = py::none(),
          "The observation vector of `seat` (default: the current player), from the public view.")
      .def(
          "action_mask",
          [](const PyState& s, bool relative) {
            py::array_t<uint8_t> out(kNumActionIndexes);
            encode_action_mask(s.state, std::span<uint8_t>(out.mutable_data(), kNumActionIndexes));
            if (!relative && s.state.current_player() >= 0) {
              std::fill(out.mutable_data(), out.mutable_data() + kNumActionIndexes, uint8_t{0});
              for (Action a : s.state.legal_actions()) out.mutable_data()[action_index(a)] = 1;
            }
            return out;
          },
          py::arg("relative") = false,
          "0/1 per action index: legal now. relative=True: indexes as the current player sees "
          "them (the environments').")
      .def(
          "record",
          [](const PyState& s) {
            if (!s.recorder)
              throw py::value_error(
                  "this game is not recorded: start it with new_initial_state(..., record=True)");
            return s.recorder->record();
          },
          "The game record so far (a Record).")
      .def(
          "diagram", [](const PyState& s) { return diagram_of(s.state); },
          "The table as text, face-down cards with their values (for debugging).")
      .def("__repr__", [](const PyState& s) {
        return "<allegra.State " + std::string(phase_name(s.state.phase())) + ", round " +
               std::to_string(s.state.round() + 1) + ", player " +
               std::to_string(s.state.current_player()) + ">";
      });

  py::class_<PublicView>(m, "PublicView",
                         "Everything on the table every player may know, and nothing else.")
      .def_property_readonly("current_player", &PublicView::current_player)
      .def_property_readonly("phase",
                             [](const PublicView& v) { return std::string(phase_name(v.phase())); })
      .def_property_readonly("players", &PublicView::players)
      .def(
          "legal_actions", [](const PublicView& v) { return indexes(v.legal_actions()); },
          "The current player's legal actions (as State.legal_actions()).")
      .def(
          "to_json", [](const PublicView& v) { return py_of(public_view_to_json(v)); },
          "The view as a dict (docs/state-format.md, \"Public view\").")
      .def(
          "observation",
          [](const PublicView& v, std::optional<int> seat) {
            return observation_of(v.masked(), observer_of(v.masked(), seat));
          },
          py::arg("seat") = py::none(), "The observation vector of `seat` (as State's).")
      .def(
          "sample",
          [](const PublicView& v, uint64_t seed) {
            Rng rng(seed);
            return PyState{State::sample(v, rng), seed, {}};
          },
          py::arg("seed"), "A full State consistent with the view, hidden cards drawn from `seed`.")
      .def("__eq__", [](const PublicView& a, const PublicView& b) { return a == b; })
      .def("__repr__", [](const PublicView& v) {
        return "<allegra.PublicView " + std::string(phase_name(v.phase())) + ", player " +
               std::to_string(v.current_player()) + ">";
      });
}

}  // namespace allegra::python
