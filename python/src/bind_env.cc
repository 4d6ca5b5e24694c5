// The RL environments for Python (docs/python.md): Env, the PettingZoo AEC shape over AecEnv,
// and VectorEnv, N games stepped in C++ with numpy arrays in and out.
#include <pybind11/eval.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "action_index.h"
#include "aec_env.h"
#include "bindings.h"
#include "engine/diagram.h"
#include "observation.h"
#include "py_state.h"
#include "vector_env.h"

namespace allegra::python {

namespace {

// The Python face of AecEnv: agent names and the dictionaries PettingZoo users read.
struct PyEnv {
  AecEnv env;
  std::vector<py::str> names;

  int seat_of(const py::handle& agent) const {
    if (py::isinstance<py::int_>(agent)) {
      const int seat = agent.cast<int>();
      if (seat >= 0 && seat < env.players()) return seat;
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

PyEnv make_env(const py::object& options, std::optional<uint64_t> seed, const std::string& reward,
               const py::kwargs& kwargs) {
  const RuleOptions o = options_of(options, kwargs);
  PyEnv e{AecEnv(o, seed.value_or(0), reward_mode_from(reward)), {}};
  for (int p = 0; p < o.players; ++p) e.names.emplace_back("player_" + std::to_string(p));
  return e;
}

// The Python face of VectorEnv: the output arrays as read-only numpy views made once (a view per
// array per step cost more than the step of a few games). Their base is a capsule sharing the
// VectorEnv, so a kept array stays valid after the Python env is gone, with no reference cycle.
struct PyVectorEnv {
  std::shared_ptr<VectorEnv> env;
  py::object obs, mask, rewards, done, current, episodes;
};

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
  PyVectorEnv e{v, {}, {}, {}, {}, {}, {}};
  e.obs = f32(v->obs, {n, kObservationSize});
  e.mask = flags(v->mask, {n, kNumActionIndexes});
  e.rewards = f32(v->rewards, {n, v->players()});
  e.done = flags(v->done, {n});
  e.current = i32(v->current);
  e.episodes = i32(v->episodes);
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
  env.def(py::init(&make_env), py::arg("options") = py::none(), py::arg("seed") = py::none(),
          py::arg("reward") = "win")
      .def(
          "reset",
          [](PyEnv& e, std::optional<uint64_t> seed, const py::object&) { e.env.reset(seed); },
          py::arg("seed") = py::none(), py::arg("options") = py::none(),
          "A new game from `seed` (default: the last seed + 1).")
      .def(
          "step",
          [](PyEnv& e, const py::object& action) {
            e.env.step(action.is_none() ? std::nullopt : std::optional<int>(action.cast<int>()));
          },
          py::arg("action"),
          "The selected agent's action: a relative action index (legal per its action_mask), or "
          "None for a terminated agent. Raises IllegalActionError (nothing changes).")
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
      .def_property_readonly("truncations",
                             [](const PyEnv& e) { return e.per_alive([](int) { return false; }); })
      .def_property_readonly(
          "infos", [](const PyEnv& e) { return e.per_alive([](int) { return py::dict(); }); })
      .def_property_readonly(
          "state",
          [](const PyEnv& e) {
            return PyState{e.env.state(), e.env.seed(), {}};
          },
          "A copy of the game's full State (hidden cards included: for analysis, not for agents).")
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
      .def("close", [](PyEnv&) {});
  const py::dict scope;
  py::exec(kAecHelpers, py::globals(), scope);
  env.attr("agent_iter") = scope["agent_iter"];
  env.attr("last") = scope["last"];

  py::class_<PyVectorEnv>(m, "VectorEnv",
                          "N games stepped together in C++: VectorEnv(num_envs, seats=None, "
                          "seed=0, options=None, reward=\"win\", **rules); seats: one bot spec "
                          "per seat, None for an agent (default: every seat an agent).")
      .def(py::init([](int num_envs, const py::object& seats, uint64_t seed,
                       const py::object& options, const std::string& reward,
                       const py::kwargs& kwargs) {
             const RuleOptions o = options_of(options, kwargs);
             std::vector<std::string> specs(static_cast<size_t>(o.players));
             if (!seats.is_none()) {
               specs.clear();
               for (const py::handle s : seats)
                 specs.push_back(s.is_none() ? std::string() : s.cast<std::string>());
             }
             return make_vector_env(
                 std::make_shared<VectorEnv>(num_envs, o, specs, seed, reward_mode_from(reward)));
           }),
           py::arg("num_envs"), py::arg("seats") = py::none(), py::arg("seed") = 0,
           py::arg("options") = py::none(), py::arg("reward") = "win")
      .def(
          "reset",
          [](PyVectorEnv& e, uint64_t seed) {
            e.env->reset(seed);
            return py::make_tuple(e.obs, e.mask);
          },
          py::arg("seed") = 0,
          "New games (game i from seed + i); returns (obs, mask): read-only views of the env's "
          "arrays.")
      .def(
          "step",
          [](PyVectorEnv& e,
             const py::array_t<int32_t, py::array::c_style | py::array::forcecast>& actions) {
            if (actions.ndim() != 1)
              throw py::value_error("actions must be a 1-d array of num_envs ints");
            {
              py::gil_scoped_release release;
              e.env->step(
                  std::span<const int32_t>(actions.data(), static_cast<size_t>(actions.size())));
            }
            return py::make_tuple(e.obs, e.mask, e.rewards, e.done);
          },
          py::arg("actions"),
          "One relative action index per game, for its current agent. Returns (obs, mask, "
          "rewards[num_envs, players], done): read-only views of the env's arrays, the same "
          "arrays at every step (the next step overwrites them: copy what you keep). A finished "
          "game starts the next at once.")
      .def(
          "random_actions",
          [](PyVectorEnv& e) {
            py::array_t<int32_t> out(e.env->num_envs());
            e.env->random_actions(
                std::span<int32_t>(out.mutable_data(), static_cast<size_t>(e.env->num_envs())));
            return out;
          },
          "A uniformly random legal action per game (seeded by reset()).")
      .def_property_readonly(
          "current_player", [](const PyVectorEnv& e) { return e.current; },
          "The seat of the agent each game waits for (a read-only view).")
      .def_property_readonly(
          "episodes", [](const PyVectorEnv& e) { return e.episodes; },
          "Games finished so far in each slot (a read-only view).")
      .def_property_readonly("num_envs", [](const PyVectorEnv& e) { return e.env->num_envs(); })
      .def_property_readonly("players", [](const PyVectorEnv& e) { return e.env->players(); })
      .def_property_readonly("observation_size",
                             [](const PyVectorEnv&) { return kObservationSize; })
      .def_property_readonly("num_actions", [](const PyVectorEnv&) { return kNumActionIndexes; })
      .def(
          "state",
          [](const PyVectorEnv& e, int i) {
            const VectorEnv& v = *e.env;
            if (i < 0 || i >= v.num_envs())
              throw py::index_error("game " + std::to_string(i) + " of " +
                                    std::to_string(v.num_envs()));
            return PyState{v.state(i), v.game_seed(i), {}};
          },
          py::arg("i"), "A copy of game i's full State.");
}

}  // namespace allegra::python
