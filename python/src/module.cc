// PYBIND11_MODULE(allegra): the Python module (docs/python.md). Each part binds itself
// (bind_state.cc, bind_records.cc, bind_bots.cc, bind_env.cc); the helpers shared by the parts
// live here.
#include <pybind11/stl.h>

#include "bindings.h"
#include "engine/json_read.h"
#include "engine/options_json.h"
#include "engine/state.h"

namespace allegra::python {

// allegra.review() (bind_review.cc).
void bind_review(py::module_& m);

namespace {
py::handle g_illegal_action_error;
py::handle g_replay_error;
}  // namespace

py::object illegal_action_error() {
  return py::reinterpret_borrow<py::object>(g_illegal_action_error);
}
py::object replay_error() { return py::reinterpret_borrow<py::object>(g_replay_error); }

void bind_exceptions(py::module_& m) {
  static py::exception<IllegalAction> illegal(m, "IllegalActionError", PyExc_ValueError);
  illegal.doc() = "An action that is not legal now (the message says why); the state is unchanged.";
  g_illegal_action_error = illegal;
  static py::exception<std::runtime_error> replay(m, "ReplayError", PyExc_ValueError);
  replay.doc() = "A record that does not replay; the message names the round and the step.";
  g_replay_error = replay;
  // IllegalAction derives from std::invalid_argument (ValueError by default): translate it first.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const IllegalAction& e) {
      PyErr_SetString(illegal.ptr(), e.what());
    }
  });
}

nlohmann::json json_of(const py::handle& value, bool str_is_text) {
  if (str_is_text && py::isinstance<py::str>(value)) return parse_json(value.cast<std::string>());
  const auto text = py::module_::import("json").attr("dumps")(value).cast<std::string>();
  return parse_json(text);
}

py::object py_of(const nlohmann::json& j) {
  return py::module_::import("json").attr("loads")(j.dump());
}

long long int_arg(const py::handle& value, const char* what) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
    throw py::type_error(std::string(what) + " must be an int (a numpy integer will do), got " +
                         py::repr(value).cast<std::string>() + " of type " +
                         py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>());
  const auto index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long out = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0)
    throw py::value_error(std::string(what) + " " + py::repr(value).cast<std::string>() +
                          " is out of range");
  return out;
}

RuleOptions options_of(const py::handle& options, const py::kwargs& kwargs) {
  nlohmann::json j = nlohmann::json::object();
  if (!options.is_none()) {
    if (!py::isinstance<py::dict>(options))
      throw py::type_error("options must be a dict such as {\"players\": 3}, got " +
                           py::repr(options).cast<std::string>());
    j = json_of(options);
  }
  for (auto [key, value] : kwargs) j[key.cast<std::string>()] = json_of(value, false);
  return options_from_json(j, "options");
}

}  // namespace allegra::python

PYBIND11_MODULE(allegra, m) {
  using namespace allegra::python;
  m.doc() =
      "ALLEGRA (Bella Lucca, Drei Hasen 2020) on the project's C++ rules engine: the game as a "
      "state machine, JSON, game records, bots by spec, simulations and RL environments "
      "(docs/python.md).";
  bind_exceptions(m);
  bind_state(m);
  bind_records(m);
  bind_bots(m);
  bind_review(m);
  bind_envs(m);
  bind_python_api(m);
}
