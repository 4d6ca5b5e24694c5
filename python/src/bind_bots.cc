// Bots by spec and simulations for Python: make_bot() as the CLI's --seats take it, and sim()
// as `allegra sim` runs it, its table as a dict of lists (docs/sim.md).
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
#include <vector>

#include "action_index.h"
#include "bindings.h"
#include "bots/bot.h"
#include "engine/public_view.h"
#include "py_state.h"
#include "sim/report.h"
#include "sim/simulation.h"

namespace allegra::python {

namespace {

// A Bot shared by Python threads (docs/python.md, "Threads"). A bot object keeps working state
// between the steps of a decision (its random stream, search trees, scratch lists), so two
// threads deciding with one object at once corrupted it: that was the SIGFPE and the MCTS errors
// of issue 32 (four threads on one "expert" bot: a SIGFPE or a SIGSEGV in 2 of 4 runs; one bot
// per thread: no crash, so no static initialisation is involved). decide() runs
// without the GIL, so each call borrows a bot object of its own from a pool under a mutex: a
// thread alone uses the first object (as before), and threads at the same time get further
// objects, made from the same spec with seeds seed+1, seed+2, ... With a decision seed the
// choice is the same whichever object makes it.
struct BotPool {
  std::string spec;
  uint64_t seed = 0;
  std::mutex mutex;
  std::vector<std::unique_ptr<Bot>> idle;
  uint64_t made = 0;

  std::unique_ptr<Bot> take() {
    {
      const std::lock_guard<std::mutex> hold(mutex);
      if (!idle.empty()) {
        auto bot = std::move(idle.back());
        idle.pop_back();
        return bot;
      }
      ++made;
    }
    return make_bot(spec, seed + made - 1);
  }
  void give_back(std::unique_ptr<Bot> bot) {
    const std::lock_guard<std::mutex> hold(mutex);
    idle.push_back(std::move(bot));
  }
};

struct PyBot {
  std::string spec;
  uint64_t seed = 0;
  std::shared_ptr<BotPool> pool;
  std::string name;
};

PyBot new_bot(const std::string& spec, uint64_t seed) {
  auto pool = std::make_shared<BotPool>();
  pool->spec = spec;
  pool->seed = seed;
  auto first = pool->take();  // throws ValueError for a bad spec
  PyBot b{spec, seed, pool, first->name()};
  pool->give_back(std::move(first));
  return b;
}

PublicView view_of(const py::handle& state_or_view) {
  if (py::isinstance<PyState>(state_or_view))
    return PublicView(state_or_view.cast<const PyState&>().state);
  if (py::isinstance<PublicView>(state_or_view)) return state_or_view.cast<PublicView>();
  throw py::type_error("decide() takes a State or a PublicView, got " +
                       py::repr(state_or_view).cast<std::string>());
}

int decide(PyBot& b, const py::handle& state_or_view, std::optional<uint64_t> seed) {
  const PublicView view = view_of(state_or_view);
  if (view.current_player() < 0)
    throw py::value_error("nobody decides now (" + std::string(phase_name(view.phase())) + ")");
  py::gil_scoped_release release;
  const int seat = view.current_player();
  auto bot = b.pool->take();
  const Action a = seed ? bot->decide(view, seat, *seed) : bot->choose(view.decision_view(seat));
  b.pool->give_back(std::move(bot));
  return action_index(a);
}

// The columns of `allegra sim --format csv`, one row per distinct bot.
py::dict sim_table(const sim::SimResult& r) {
  py::dict t;
  auto column = [&](const char* name, auto value) {
    py::list values;
    for (const sim::BotStats& b : r.bots) values.append(value(b));
    t[name] = values;
  };
  column("spec", [](const sim::BotStats& b) { return b.spec; });
  column("name", [](const sim::BotStats& b) { return b.name; });
  column("instances", [](const sim::BotStats& b) { return b.instances; });
  column("games", [](const sim::BotStats& b) { return b.games; });
  column("player_games", [](const sim::BotStats& b) { return b.player_games; });
  column("wins", [](const sim::BotStats& b) { return b.win_share; });
  column("win_rate", [](const sim::BotStats& b) { return b.win_rate(); });
  column("win_rate_ci95_low", [](const sim::BotStats& b) { return b.win_rate_ci().low; });
  column("win_rate_ci95_high", [](const sim::BotStats& b) { return b.win_rate_ci().high; });
  column("outright_wins", [](const sim::BotStats& b) { return b.outright_wins; });
  column("shared_wins", [](const sim::BotStats& b) { return b.shared_wins; });
  column("mean_round_score", [](const sim::BotStats& b) { return b.mean_round_score(); });
  column("mean_game_total", [](const sim::BotStats& b) { return b.mean_game_total(); });
  column("clears_per_round", [](const sim::BotStats& b) { return b.clears_per_round(); });
  column("knocks_offered_per_round",
         [](const sim::BotStats& b) { return b.knocks_offered_per_round(); });
  column("knocks_given_per_round",
         [](const sim::BotStats& b) { return b.knocks_given_per_round(); });
  column("rounds_ended", [](const sim::BotStats& b) { return b.rounds_ended; });
  column("rounds_ended_per_round",
         [](const sim::BotStats& b) { return b.rounds_ended_per_round(); });
  column("rounds_ended_penalised", [](const sim::BotStats& b) { return b.rounds_ended_penalised; });
  column("penalised_fraction", [](const sim::BotStats& b) { return b.penalised_fraction(); });
  return t;
}

}  // namespace

void bind_bots(py::module_& m) {
  py::class_<PyBot>(m, "Bot", "A bot made by make_bot(); it sees only the public view.")
      .def_readonly("spec", &PyBot::spec)
      .def_readonly("seed", &PyBot::seed)
      .def_readonly("name", &PyBot::name, "The bot's short name.")
      .def("decide", &decide, py::arg("state"), py::arg("seed") = py::none(),
           "The bot's action index for the current player of a State or PublicView (only the "
           "public view is passed on). With a seed the decision depends on nothing else.")
      .def("__repr__", [](const PyBot& b) { return "<allegra.Bot " + b.spec + ">"; })
      // A copy or a pickle is a new bot of the same spec and seed: with decide(..., seed) it
      // decides as this one does.
      .def("__copy__", [](const PyBot& b) { return new_bot(b.spec, b.seed); })
      .def(
          "__deepcopy__", [](const PyBot& b, const py::object&) { return new_bot(b.spec, b.seed); },
          py::arg("memo"))
      .def(py::pickle([](const PyBot& b) { return py::make_tuple(b.spec, b.seed); },
                      [](const py::tuple& t) {
                        return new_bot(t[0].cast<std::string>(), t[1].cast<uint64_t>());
                      }));
  m.def(
      "make_bot", [](const std::string& spec, uint64_t seed) { return new_bot(spec, seed); },
      py::arg("spec"), py::arg("seed") = 0,
      "A bot by spec: \"random\", \"greedy\", \"expert\", \"mcts\", \"mcts:2000it\", \"easy\", "
      "\"medium\", \"hard\", \"level:expert\" (docs/bots.md). ValueError for an unknown spec.");
  m.def("bot_specs", &bot_spec_help, "The specs make_bot() accepts, as text.");

  m.def(
      "sim",
      [](const std::vector<std::string>& seats, int games, uint64_t seed, int threads,
         const py::object& options, const py::kwargs& kwargs) {
        sim::SimConfig config;
        py::kwargs rules = kwargs;
        const bool players_given =
            rules.contains("players") ||
            (py::isinstance<py::dict>(options) && options.cast<py::dict>().contains("players"));
        if (!players_given) rules["players"] = seats.size();
        config.options = options_of(options, rules);
        config.lineup = seats;
        config.games = games;
        config.seed = seed;
        config.threads = threads;
        sim::SimResult result;
        {
          py::gil_scoped_release release;
          result = sim::run_simulation(
              config, [](std::string_view spec, uint64_t s) { return make_bot(spec, s); });
        }
        return sim_table(result);
      },
      py::arg("seats"), py::arg("games") = 1, py::arg("seed") = 1, py::arg("threads") = 1,
      py::arg("options") = py::none(),
      "Plays `games` games between the bots of `seats` (one spec per seat; seats rotate) as "
      "`allegra sim` does; returns its table, one row per distinct bot, as a dict of lists "
      "(columns as `allegra sim --format csv`). Rule options as for Game, e.g. players=3 (the "
      "number of seats sets players unless given).");
}

}  // namespace allegra::python
