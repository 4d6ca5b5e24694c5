// The pieces of the allegra Python module (module.cc calls each bind_* once) and the helpers
// they share: JSON between nlohmann::json and Python objects, rule options from a dict and
// keyword arguments, and the module's exception types.
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

#include "engine/options.h"

namespace allegra::python {

namespace py = pybind11;

void bind_exceptions(py::module_& m);
void bind_state(py::module_& m);
void bind_records(py::module_& m);
void bind_bots(py::module_& m);
void bind_envs(py::module_& m);
// After bind_envs: allegra.spaces, the PettingZoo API on Env, allegra.openspiel.
void bind_python_api(py::module_& m);

// A Python value (dict, list, str, number, ...) as JSON, through the json module; with
// str_is_text a str is taken as JSON text. Bad JSON text raises ValueError (the engine's
// JsonSyntaxError, with the line and column).
nlohmann::json json_of(const py::handle& value, bool str_is_text = true);
// JSON as the Python value json.loads would give.
py::object py_of(const nlohmann::json& j);

// Rule options: the defaults, then the dict `options` (None: none), then `kwargs`; keys and
// values as in docs/state-format.md ("players", "rounds", "knocking", ...). Throws ValueError
// with the engine's message for an unknown key or options that do not validate.
RuleOptions options_of(const py::handle& options, const py::kwargs& kwargs);

// An integer argument from a Python int or any object with __index__ (numpy integers too).
// TypeError naming `what` for anything else (a float, a bool, a str, None); ValueError if it does
// not fit in 64 bits.
long long int_arg(const py::handle& value, const char* what);

// The exception types (created by bind_exceptions).
py::object illegal_action_error();
py::object replay_error();

}  // namespace allegra::python
