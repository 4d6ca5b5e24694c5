// The RL environments for Python (docs/python.md): Env, the PettingZoo AEC shape over AecEnv,
// and VectorEnv, N games stepped in C++ with numpy arrays in and out.
#include <pybind11/eval.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <mutex>

#include "action_index.h"
#include "aec_env.h"
#include "bindings.h"
#include "engine/diagram.h"
#include "engine/json_read.h"
#include "engine/state_codec.h"
#include "observation.h"
#include "py_state.h"
#include "vector_env.h"

namespace allegra::python {

namespace {

// The Python face of AecEnv: agent names and the dictionaries PettingZoo users read.
struct PyEnv {
  AecEnv env;
  std::vector<py::str> names;
  py::object render_mode = py::none();  // None or "ansi" (render() returns the table as text)

  int seat_of(const py::handle& agent) const {
    if (PyIndex_Check(agent.ptr()) && !PyBool_Check(agent.ptr())) {
      const long long seat = int_arg(agent, "agent");
      if (seat >= 0 && seat < env.players()) return static_cast<int>(seat);
    } else {
      for (size_t p = 0; p < names.size(); ++p)
        if (names[p].equal(agent)) return static_cast<int>(p);
    }
    throw py::value_error("no agent " + py::repr(agent).cast<std::string>() + " (agents are " +
                          py::repr(py::cast(names)).cast<std::string>() + ")");
  }
  template <class F>
  py::dict per_alive(F value) const {
    py::dict d;
    for (int p = 0; p < env.players(); ++p)
      if (env.alive(p)) d[names[static_cast<size_t>(p)]] = value(p);
    return d;
  }
  py::dict observe(const py::handle& agent) const {
    py::array_t<float> obs(kObservationSize);
    py::array_t<int8_t> mask(kNumActionIndexes);
    env.observe(
        seat_of(agent), std::span<float, kObservationSize>(obs.mutable_data(), kObservationSize),
        std::span<uint8_t>(reinterpret_cast<uint8_t*>(mask.mutable_data()), kNumActionIndexes));
    py::dict d;
    d["observation"] = obs;
    d["action_mask"] = mask;
    return d;
  }
};

// Decisions per game before an environment truncates it, unless told (docs/python.md,
// "Truncation"): random play ends a 6-player game within 2,000 decisions.
constexpr uint64_t kDefaultMaxSteps = 10000;

uint64_t max_steps_of(const py::handle& max_steps) {
  if (max_steps.is_none()) return 0;
  const long long n = int_arg(max_steps, "max_steps");
  if (n < 1) throw py::value_error("max_steps must be at least 1 (None: no limit)");
  return static_cast<uint64_t>(n);
}

std::optional<uint64_t> seed_of(const py::handle& seed) {
  if (seed.is_none()) return std::nullopt;
  const long long n = int_arg(seed, "seed");
  if (n < 0) throw py::value_error("seed must be 0 or more, got " + std::to_string(n));
  return static_cast<uint64_t>(n);
}

PyEnv env_with_names(AecEnv env) {
  PyEnv e{std::move(env), {}};
  for (int p = 0; p < e.env.players(); ++p) e.names.emplace_back("player_" + std::to_string(p));
  return e;
}

PyEnv make_env(const py::object& options, const py::object& seed, const std::string& reward,
               const py::object& max_steps, const py::kwargs& kwargs) {
  const RuleOptions o = options_of(options, kwargs);
  return env_with_names(
      AecEnv(o, seed_of(seed).value_or(0), reward_mode_from(reward), max_steps_of(max_steps)));
}

const char* reward_name(RewardMode mode) { return mode == RewardMode::kWin ? "win" : "score"; }

// Pickling an Env: its parts as Python values (the state as its JSON text).
py::tuple env_getstate(const PyEnv& e) {
  const AecEnv::Saved s = e.env.save();
  return py::make_tuple(
      1, state_to_json(s.state).dump(), s.seed, s.steps, s.max_steps, s.truncated, s.reset_pending,
      s.alive, s.selected, std::vector<float>(s.rewards.begin(), s.rewards.end()),
      std::vector<float>(s.cumulative.begin(), s.cumulative.end()), reward_name(e.env.mode()));
}

PyEnv env_setstate(const py::tuple& t) {
  if (t.size() != 12 || t[0].cast<int>() != 1)
    throw py::value_error("not a pickled allegra.Env of this version");
  AecEnv::Saved s{state_from_json(parse_json(t[1].cast<std::string>()))};
  s.seed = t[2].cast<uint64_t>();
  s.steps = t[3].cast<uint64_t>();
  s.max_steps = t[4].cast<uint64_t>();
  s.truncated = t[5].cast<bool>();
  s.reset_pending = t[6].cast<bool>();
  s.alive = t[7].cast<uint8_t>();
  s.selected = t[8].cast<int>();
  const auto rewards = t[9].cast<std::vector<float>>();
  const auto cumulative = t[10].cast<std::vector<float>>();
  std::copy_n(rewards.begin(), std::min(rewards.size(), s.rewards.size()), s.rewards.begin());
  std::copy_n(cumulative.begin(), std::min(cumulative.size(), s.cumulative.size()),
              s.cumulative.begin());
  return env_with_names(AecEnv::restore(s, reward_mode_from(t[11].cast<std::string>())));
}

// The Python face of VectorEnv: the output arrays as read-only numpy views made once (a view per
// array per step cost more than the step of a few games). Their base is a capsule sharing the
// VectorEnv, so a kept array stays valid after the Python env is gone, with no reference cycle.
// Thread safety (docs/python.md, "Threads"): step() runs without the GIL, so every call that
// reads or writes the games takes `lock` (after releasing the GIL, so that a thread waiting for
// the lock never holds the GIL the holder may need): calls from several threads run one at a
// time, each whole, and a step never applies some games' actions and not others'.
struct PyVectorEnv {
  std::shared_ptr<VectorEnv> env;
  py::object obs, mask, rewards, done, current, episodes, truncated, steps;
  std::shared_ptr<std::mutex> lock = std::make_shared<std::mutex>();
  bool reset_pending = true;  // reset() without a seed takes the constructor's seed first

  template <class F>
  auto locked(F f) {
    py::gil_scoped_release release;
    const std::lock_guard<std::mutex> hold(*lock);
    return f(*env);
  }
};

// The actions of VectorEnv.step as int32: an integer array (or list) of num_envs values, each a
// relative index 0..NUM_ACTIONS-1. TypeError for floats or other dtypes (before, they were
// truncated), ValueError for a value out of range (before, large ints wrapped into legal
// indexes). An int32 array is used as it is (the fast path: no copy).
py::array_t<int32_t> actions_of(const py::handle& actions, int num_envs) {
  auto np = py::module_::import("numpy");
  py::array a = py::isinstance<py::array>(actions) ? py::reinterpret_borrow<py::array>(actions)
                                                   : py::array(np.attr("asarray")(actions));
  const char kind = a.dtype().kind();
  if (kind != 'i' && kind != 'u')
    throw py::type_error(
        "actions must be integers (one relative action index per game), got "
        "an array of dtype " +
        py::str(a.dtype()).cast<std::string>());
  if (a.ndim() != 1 || a.shape(0) != num_envs)
    throw py::value_error("step needs one action per game: a 1-d array of " +
                          std::to_string(num_envs) + " ints, got shape " +
                          py::str(a.attr("shape")).cast<std::string>());
  if (py::isinstance<py::array_t<int32_t>>(a) && (a.flags() & py::array::c_style))
    return py::reinterpret_borrow<py::array_t<int32_t>>(a);
  const auto wide = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(a);
  if (!wide) throw py::error_already_set();
  py::array_t<int32_t> out(num_envs);
  for (int i = 0; i < num_envs; ++i) {
    const int64_t v = wide.data()[i];
    // A uint64 beyond int64 became negative, so one test catches every value out of range.
    if (v < 0 || v >= kNumActionIndexes || (kind == 'u' && a.itemsize() == 8 && v < 0))
      throw py::value_error(
          "game " + std::to_string(i) + ": action " + py::str(a[py::int_(i)]).cast<std::string>() +
          " is not a relative action index 0.." + std::to_string(kNumActionIndexes - 1));
    out.mutable_data()[i] = static_cast<int32_t>(v);
  }
  return out;
}

py::array read_only(py::array a) {
  py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

PyVectorEnv make_vector_env(std::shared_ptr<VectorEnv> v) {
  const py::capsule owner(new std::shared_ptr<VectorEnv>(v),
                          [](void* p) { delete static_cast<std::shared_ptr<VectorEnv>*>(p); });
  const auto n = static_cast<py::ssize_t>(v->num_envs());
  auto f32 = [&](std::vector<float>& d, std::vector<py::ssize_t> shape) {
    return read_only(py::array_t<float>(shape, d.data(), owner));
  };
  auto i32 = [&](std::vector<int32_t>& d) {
    return read_only(py::array_t<int32_t>({n}, d.data(), owner));
  };
  auto flags = [&](std::vector<uint8_t>& d, std::vector<py::ssize_t> shape) {
    return read_only(py::array(py::dtype::of<bool>(), shape, {}, d.data(), owner));
  };
  PyVectorEnv e{v, {}, {}, {}, {}, {}, {}, {}, {}};
  e.obs = f32(v->obs, {n, kObservationSize});
  e.mask = flags(v->mask, {n, kNumActionIndexes});
  e.rewards = f32(v->rewards, {n, v->players()});
  e.done = flags(v->done, {n});
  e.current = i32(v->current);
  e.episodes = i32(v->episodes);
  e.truncated = flags(v->truncated, {n});
  e.steps = i32(v->steps);
  return e;
}

// The PettingZoo helpers written in Python once, on top of the bound methods.
constexpr const char* kAecHelpers = R"(
def agent_iter(self, max_iter=2**63):
    """Yields agent_selection until every agent is removed (PettingZoo's AECIterable)."""
    for _ in range(max_iter):
        if not self.agents:
            return
        yield self.agent_selection

def last(self, observe=True):
    """(observation, cumulative reward, termination, truncation, info) of agent_selection."""
    agent = self.agent_selection
    obs = self.observe(agent) if observe else None
    return (obs, self._cumulative_rewards[agent], self.terminations[agent],
            self.truncations[agent], self.infos[agent])
)";

}  // namespace

void bind_envs(py::module_& m) {
  m.def(
      "observation_fields",
      []() {
        py::list out;
        int offset = 0;
        for (const auto& f : kObservationFields) {
          out.append(py::make_tuple(std::string(f.name), offset, f.size, std::string(f.meaning)));
          offset += f.size;
        }
        return out;
      },
      "The observation layout: (name, offset, size, meaning) per field, in order.");

  py::class_<PyEnv> env(m, "Env",
                        "One game as a PettingZoo AEC environment (without PettingZoo): "
                        "Env(options=None, seed=0, reward=\"win\", **rules).");
  env.def(py::init([](const py::object& options, const py::object& seed, const std::string& reward,
                      const py::object& max_steps, const py::object& render_mode,
                      const py::kwargs& kwargs) {
            if (!render_mode.is_none() && !py::str("ansi").equal(render_mode))
              throw py::value_error("render_mode must be None or \"ansi\", got " +
                                    py::repr(render_mode).cast<std::string>());
            PyEnv e = make_env(options, seed, reward, max_steps, kwargs);
            e.render_mode = render_mode;
            return e;
          }),
          py::arg("options") = py::none(), py::arg("seed") = py::none(), py::arg("reward") = "win",
          py::arg("max_steps") = kDefaultMaxSteps, py::arg("render_mode") = py::none())
      .def(
          "reset",
          [](PyEnv& e, const py::object& seed, const py::object&) { e.env.reset(seed_of(seed)); },
          py::arg("seed") = py::none(), py::arg("options") = py::none(),
          "A new game from `seed`; without one, from the constructor's seed at the first reset "
          "and from the last seed + 1 after that.")
      .def(
          "step",
          [](PyEnv& e, const py::object& action) {
            e.env.step(action.is_none() ? std::nullopt
                                        : std::optional<int>(static_cast<int>(std::clamp<long long>(
                                              int_arg(action, "action"), -1, kNumActionIndexes))));
          },
          py::arg("action"),
          "The selected agent's action: a relative action index (legal per its action_mask), or "
          "None for a terminated or truncated agent. Raises IllegalActionError (nothing "
          "changes).")
      .def("observe", &PyEnv::observe, py::arg("agent"),
           "{\"observation\": float32[OBSERVATION_SIZE], \"action_mask\": int8[NUM_ACTIONS]} of an "
           "agent (the mask is all 0 unless the agent is selected).")
      .def_property_readonly(
          "agent_selection",
          [](const PyEnv& e) -> py::object {
            const int p = e.env.agent_selection();
            return p < 0 ? py::object(py::none()) : py::object(e.names[static_cast<size_t>(p)]);
          },
          "The agent to act (None once every agent is removed).")
      .def_property_readonly("possible_agents",
                             [](const PyEnv& e) { return py::list(py::cast(e.names)); })
      .def_property_readonly("agents",
                             [](const PyEnv& e) {
                               py::list out;
                               for (int p = 0; p < e.env.players(); ++p)
                                 if (e.env.alive(p)) out.append(e.names[static_cast<size_t>(p)]);
                               return out;
                             })
      .def_property_readonly("num_agents", [](const PyEnv& e) { return e.env.players(); })
      .def_property_readonly("max_num_agents", [](const PyEnv& e) { return e.env.players(); })
      .def_property_readonly(
          "rewards",
          [](const PyEnv& e) { return e.per_alive([&](int p) { return e.env.reward(p); }); },
          "What the last step gave each agent.")
      .def_property_readonly(
          "_cumulative_rewards",
          [](const PyEnv& e) { return e.per_alive([&](int p) { return e.env.cumulative(p); }); },
          "What each agent got since its own last step.")
      .def_property_readonly(
          "terminations",
          [](const PyEnv& e) { return e.per_alive([&](int) { return e.env.terminated(); }); })
      .def_property_readonly(
          "truncations",
          [](const PyEnv& e) { return e.per_alive([&](int) { return e.env.truncated(); }); },
          "True for every agent once the game reached max_steps decisions without ending.")
      .def_property_readonly(
          "steps", [](const PyEnv& e) { return e.env.steps(); }, "Decisions in this game so far.")
      .def_property_readonly(
          "max_steps",
          [](const PyEnv& e) -> py::object {
            return e.env.max_steps() ? py::object(py::int_(e.env.max_steps())) : py::none();
          },
          "Decisions before the game is truncated (None: no limit).")
      .def_property_readonly("render_mode", [](const PyEnv& e) { return e.render_mode; })
      .def_property_readonly(
          "infos", [](const PyEnv& e) { return e.per_alive([](int) { return py::dict(); }); })
      .def(
          "state",
          [](const PyEnv& e) {
            return PyState{e.env.state(), e.env.seed(), {}};
          },
          "A copy of the game's full State (hidden cards included: for analysis or a centralised "
          "critic, not for agents). A method, as PettingZoo's state().")
      .def_property_readonly("seed", [](const PyEnv& e) { return e.env.seed(); })
      .def_property_readonly("observation_size", [](const PyEnv&) { return kObservationSize; })
      .def_property_readonly("num_actions", [](const PyEnv&) { return kNumActionIndexes; })
      .def(
          "legal_actions",
          [](const PyEnv& e) {
            std::vector<int> out;
            const State& s = e.env.state();
            const int me = s.current_player();
            if (me >= 0)
              for (Action a : s.legal_actions())
                out.push_back(action_index(to_relative(a, me, s.players())));
            return out;
          },
          "The selected agent's legal actions as relative indexes (the 1s of its mask).")
      .def(
          "render", [](const PyEnv& e) { return diagram_of(e.env.state()); },
          "The table as text (face-down values shown: for debugging).")
      .def("close", [](PyEnv&) {})
      .def("__copy__", [](const PyEnv& e) { return e; })
      .def(
          "__deepcopy__", [](const PyEnv& e, const py::object&) { return e; }, py::arg("memo"))
      .def(py::pickle(&env_getstate, &env_setstate));
  const py::dict scope;
  py::exec(kAecHelpers, py::globals(), scope);
  env.attr("agent_iter") = scope["agent_iter"];
  env.attr("last") = scope["last"];

  py::class_<PyVectorEnv>(
      m, "VectorEnv",
      "N games stepped together in C++: VectorEnv(num_envs, seats=None, "
      "seed=0, options=None, reward=\"win\", max_steps=10000, **rules); seats: "
      "one bot spec per seat, None for an agent (default: every seat an agent).")
      .def(py::init([](const py::object& num_envs, const py::object& seats, const py::object& seed,
                       const py::object& options, const std::string& reward,
                       const py::object& max_steps, const py::kwargs& kwargs) {
             const RuleOptions o = options_of(options, kwargs);
             std::vector<std::string> specs(static_cast<size_t>(o.players));
             if (!seats.is_none()) {
               if (py::isinstance<py::str>(seats) || !py::hasattr(seats, "__iter__"))
                 throw py::type_error("seats must be a list of bot specs or None, got " +
                                      py::repr(seats).cast<std::string>());
               specs.clear();
               for (const py::handle s : seats) {
                 if (!s.is_none() && !py::isinstance<py::str>(s))
                   throw py::type_error("each seat is a bot spec (str) or None, got " +
                                        py::repr(s).cast<std::string>());
                 specs.push_back(s.is_none() ? std::string() : s.cast<std::string>());
               }
             }
             const long long n = int_arg(num_envs, "num_envs");
             if (n < 1 || n > 1'000'000)
               throw py::value_error("num_envs must be 1..1000000, got " + std::to_string(n));
             return make_vector_env(std::make_shared<VectorEnv>(
                 static_cast<int>(n), o, specs, seed_of(seed).value_or(0), reward_mode_from(reward),
                 max_steps_of(max_steps)));
           }),
           py::arg("num_envs"), py::arg("seats") = py::none(), py::arg("seed") = 0,
           py::arg("options") = py::none(), py::arg("reward") = "win",
           py::arg("max_steps") = kDefaultMaxSteps)
      .def(
          "reset",
          [](PyVectorEnv& e, const py::object& seed) {
            const auto given = seed_of(seed);
            const bool first = e.reset_pending;
            e.reset_pending = false;
            e.locked([&](VectorEnv& v) {
              v.reset(given ? *given : first ? v.seed() : v.unused_seed());
              return 0;
            });
            return py::make_tuple(e.obs, e.mask);
          },
          py::arg("seed") = py::none(),
          "New games, game i from seed + i; without a seed, from the constructor's seed at the "
          "first reset and from seeds no game of this env used after that. Returns (obs, mask): "
          "read-only views of the env's arrays.")
      .def(
          "reset_game",
          [](PyVectorEnv& e, const py::object& index, const py::object& seed) {
            const long long i = int_arg(index, "i");
            if (i < 0 || i >= e.env->num_envs())
              throw py::index_error("game " + std::to_string(i) + " of " +
                                    std::to_string(e.env->num_envs()));
            const auto given = seed_of(seed);
            e.locked([&](VectorEnv& v) {
              v.reset_game(static_cast<int>(i), given);
              return 0;
            });
            return py::make_tuple(e.obs, e.mask);
          },
          py::arg("i"), py::arg("seed") = py::none(),
          "Restarts game i alone (its next game as when it ends, or from `seed`); the other "
          "games are unchanged. Returns (obs, mask).")
      .def(
          "step",
          [](PyVectorEnv& e, const py::object& actions) {
            const auto checked = actions_of(actions, e.env->num_envs());
            const int32_t* data = checked.data();
            e.locked([&](VectorEnv& v) {
              v.step(std::span<const int32_t>(data, static_cast<size_t>(v.num_envs())));
              return 0;
            });
            return py::make_tuple(e.obs, e.mask, e.rewards, e.done);
          },
          py::arg("actions"),
          "One relative action index per game (an integer array), for its current agent. Returns "
          "(obs, mask, rewards[num_envs, players], done): read-only views of the env's arrays, "
          "the same arrays at every step (the next step overwrites them: copy what you keep). A "
          "game that ends or is truncated (see `truncated`) starts the next at once.")
      .def(
          "random_actions",
          [](PyVectorEnv& e) {
            py::array_t<int32_t> out(e.env->num_envs());
            int32_t* data = out.mutable_data();
            e.locked([&](VectorEnv& v) {
              v.random_actions(std::span<int32_t>(data, static_cast<size_t>(v.num_envs())));
              return 0;
            });
            return out;
          },
          "A uniformly random legal action per game (seeded by reset()).")
      .def_property_readonly(
          "current_player", [](const PyVectorEnv& e) { return e.current; },
          "The seat of the agent each game waits for (a read-only view).")
      .def_property_readonly(
          "episodes", [](const PyVectorEnv& e) { return e.episodes; },
          "Games finished (or truncated) so far in each slot (a read-only view).")
      .def_property_readonly(
          "truncated", [](const PyVectorEnv& e) { return e.truncated; },
          "Per game: its done at the last step was a truncation (max_steps reached), not the "
          "end of the game (a read-only view).")
      .def_property_readonly(
          "steps", [](const PyVectorEnv& e) { return e.steps; },
          "Decisions (agents' and bots') in each game so far (a read-only view).")
      .def_property_readonly(
          "max_steps",
          [](const PyVectorEnv& e) -> py::object {
            return e.env->max_steps() ? py::object(py::int_(e.env->max_steps())) : py::none();
          },
          "Decisions before a game is truncated (None: no limit).")
      .def_property_readonly("seed", [](const PyVectorEnv& e) { return e.env->seed(); })
      .def_property_readonly("num_envs", [](const PyVectorEnv& e) { return e.env->num_envs(); })
      .def_property_readonly("players", [](const PyVectorEnv& e) { return e.env->players(); })
      .def_property_readonly("observation_size",
                             [](const PyVectorEnv&) { return kObservationSize; })
      .def_property_readonly("num_actions", [](const PyVectorEnv&) { return kNumActionIndexes; })
      .def(
          "state",
          [](PyVectorEnv& e, const py::object& index) {
            const long long i = int_arg(index, "i");
            if (i < 0 || i >= e.env->num_envs())
              throw py::index_error("game " + std::to_string(i) + " of " +
                                    std::to_string(e.env->num_envs()));
            return e.locked([&](VectorEnv& v) {
              return PyState{v.state(static_cast<int>(i)), v.game_seed(static_cast<int>(i)), {}};
            });
          },
          py::arg("i"), "A copy of game i's full State.");
}

}  // namespace allegra::python
