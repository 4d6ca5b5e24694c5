// Game records for Python (docs/record-format.md): load and save JSON lines files, JSON in and
// out, and replay (with the engine's check).
#include <pybind11/stl.h>

#include <fstream>
#include <sstream>

#include "action_index.h"
#include "bindings.h"
#include "engine/record.h"
#include "py_state.h"

namespace allegra::python {

namespace {

std::vector<GameRecord> load_records(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw py::value_error("cannot open " + path + " for reading");
  std::vector<GameRecord> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      out.push_back(record_from_line(line));
    } catch (const std::invalid_argument& e) {
      throw py::value_error(path + ":" + std::to_string(number) + ": " + e.what());
    }
  }
  return out;
}

void save_records(const std::string& path, const std::vector<GameRecord>& records, bool append) {
  std::ofstream out(path, append ? std::ios::app : std::ios::trunc);
  if (!out) throw py::value_error("cannot open " + path + " for writing");
  for (const GameRecord& r : records) out << record_to_line(r) << '\n';
  if (!out.flush()) throw py::value_error("cannot write " + path);
}

PyState replay(const GameRecord& record) {
  State final_state(record.options.validate() ? RuleOptions{} : record.options, record.seed);
  if (const auto error = replay_check(record, &final_state)) {
    const std::string where = error->round < 0  ? std::string("game")
                              : error->step < 0 ? "round " + std::to_string(error->round + 1)
                                                : "round " + std::to_string(error->round + 1) +
                                                      ", step " + std::to_string(error->step + 1);
    PyErr_SetString(replay_error().ptr(), (where + ": " + error->message).c_str());
    throw py::error_already_set();
  }
  return PyState{final_state, record.seed, {}};
}

}  // namespace

void bind_records(py::module_& m) {
  py::class_<GameRecord>(m, "Record",
                         "A game record: the options, every deal, every decision and the scores "
                         "(docs/record-format.md).")
      .def_static("load", &load_records, py::arg("path"),
                  "Every record of a JSON lines file (blank lines skipped); ValueError names the "
                  "line of a bad record.")
      .def_static(
          "from_json", [](const py::object& j) { return record_from_json(json_of(j)); },
          py::arg("json"), "A record from a dict or JSON text; ValueError names a bad field.")
      .def(
          "to_json", [](const GameRecord& r) { return py_of(record_to_json(r)); },
          "The record as a dict.")
      .def("to_line", &record_to_line, "The record as one JSON line (no newline).")
      .def(
          "save",
          [](const GameRecord& r, const std::string& path, bool append) {
            save_records(path, {r}, append);
          },
          py::arg("path"), py::arg("append") = true,
          "Writes the record as a line of a JSON lines file (appends by default).")
      .def_property_readonly(
          "game", [](const GameRecord& r) { return r.options; }, "The Game (options).")
      .def_readonly("seed", &GameRecord::seed)
      .def_property_readonly(
          "rounds", [](const GameRecord& r) { return static_cast<int>(r.rounds.size()); },
          "Rounds recorded.")
      .def_property_readonly(
          "totals",
          [](const GameRecord& r) {
            std::vector<double> out;
            for (int32_t t : r.totals_half) out.push_back(t / static_cast<double>(kHalfPoints));
            return out;
          },
          "Game totals in points (empty if the game did not finish).")
      .def_readonly("winners", &GameRecord::winners)
      .def(
          "actions",
          [](const GameRecord& r) {
            std::vector<std::pair<int, int>> out;
            for (const RoundRecord& round : r.rounds)
              for (const RecordStep& step : round.steps)
                out.emplace_back(step.player, action_index(step.action));
            return out;
          },
          "Every decision as (player, action index), in order.")
      .def("replay", &replay,
           "Replays the record with the engine's check; returns the final State or raises "
           "ReplayError naming the round and step of the first difference.")
      .def("__eq__", [](const GameRecord& a, const GameRecord& b) { return a == b; })
      .def(py::pickle([](const GameRecord& r) { return record_to_line(r); },
                      [](const std::string& line) { return record_from_line(line); }))
      .def("__repr__", [](const GameRecord& r) {
        return "<allegra.Record seed " + std::to_string(r.seed) + ", " +
               std::to_string(r.rounds.size()) + " rounds>";
      });
  m.def("save_records", &save_records, py::arg("path"), py::arg("records"),
        py::arg("append") = false,
        "Writes records as a JSON lines file (`allegra replay --check` reads it).");
  m.def("load_records", &load_records, py::arg("path"), "Record.load(path).");
}

}  // namespace allegra::python
