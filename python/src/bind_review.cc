// allegra.review(record, ...): the game review for Python (docs/review.md), the same data as
// `allegra review --json` (docs/review-format.md) as a dict.
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.h"
#include "engine/record.h"
#include "review/review.h"
#include "review/review_json.h"

namespace allegra::python {

void bind_review(py::module_& m) {
  m.def(
      "review",
      [](const py::object& record, std::optional<int> player, const std::string& level,
         uint64_t seed, int threads, std::optional<int> samples) {
        const GameRecord game = py::isinstance<GameRecord>(record)
                                    ? record.cast<GameRecord>()
                                    : record_from_json(json_of(record));
        review::ReviewOptions options;
        try {
          options.level = review::review_level(level);
        } catch (const std::invalid_argument& e) {
          throw py::value_error(e.what());
        }
        if (samples) {
          if (*samples < 2) throw py::value_error("samples must be at least 2");
          options.level.samples = *samples;
        }
        if (threads < 1) throw py::value_error("threads must be at least 1");
        options.player = player;
        options.seed = seed;
        options.threads = threads;
        review::Review result;
        try {
          py::gil_scoped_release release;
          result = review::review_game(game, options);
        } catch (const review::ReviewError& e) {
          throw py::value_error(e.what());
        }
        return py_of(review::review_to_json(result));
      },
      py::arg("record"), py::kw_only(), py::arg("player") = py::none(), py::arg("level") = "hard",
      py::arg("seed") = 1, py::arg("threads") = 1, py::arg("samples") = py::none(),
      "The review of a recorded game (a Record, a dict or JSON text): every decision of `player` "
      "(0-based; None: every player) valued by the search over resampled hidden cards, the "
      "points lost, a label, and per player accuracy, points lost and luck, as a dict in the "
      "format of docs/review-format.md (the same as `allegra review --json`). level: \"hard\" or "
      "\"expert\"; samples overrides the level's; the result does not depend on threads. "
      "ValueError for a record that does not replay or a player not at its table.");
}

}  // namespace allegra::python
