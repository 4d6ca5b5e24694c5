#include "cli/app.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli/bench_command.h"
#include "cli/cli_error.h"
#include "cli/command.h"
#include "cli/loadtest_command.h"
#include "cli/mpi_split.h"
#include "cli/play_command.h"
#include "cli/rate_command.h"
#include "cli/replay_command.h"
#include "cli/review_command.h"
#include "cli/rules_command.h"
#include "cli/selfplay_command.h"
#include "cli/serve_command.h"
#include "cli/sim_command.h"
#include "cli/store_command.h"
#include "cli/valuedata_command.h"

namespace allegra::cli {
namespace {

// One line: newlines and runs of spaces become single spaces.
std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Only rank 0 of an MPI job speaks (cli/mpi_split.h): every rank parses the same arguments,
// so a bad one fails on all of them alike.
bool quiet_rank() { return launch_rank().rank > 0; }

int report(std::string_view message) {
  if (quiet_rank()) return kExitUsage;
  std::fflush(stdout);
  fmt::print(stderr, "allegra: error: {}\n", one_line(message));
  return kExitUsage;
}

// An error that every rank of an MPI job meets alike (the arguments, a command that does not
// split over ranks): rank 0 says it and fails, the other ranks exit quietly with 0.
// mpirun ends the job at the first rank that fails; had it been one of the others, which have
// nothing to print and so are faster, rank 0 would often be killed before its message got out.
int report_on_rank0(std::string_view message) { return quiet_rank() ? kExitOk : report(message); }

// An option given an empty value (`--seats ''`, `--record ''`, `--save-file ''`) was silently
// taken as "not given": refused, for the commands of the terminal game and the tools (serve
// and loadtest check their own). Options whose value may be left out (--resume) are exempt.
void refuse_empty_values(const CLI::App& command) {
  const std::string name = command.get_name();
  if (name == "serve" || name == "loadtest") return;
  for (const CLI::Option* o : command.get_options()) {
    if (o->count() == 0 || o->get_type_size_min() == 0 || o->get_expected_min() == 0) continue;
    if (o->get_name() == "--lang") continue;  // require_lang_value() lists the languages
    for (const std::string& value : o->results())
      if (value.empty())
        throw CliError(fmt::format("{} needs a value, and '' is empty: give one, or leave {} out",
                                   o->get_name(), o->get_name()));
  }
}

}  // namespace

int run_app(int argc, char** argv) {
  CLI::App app{"Allegra: a rules engine for the card game ALLEGRA (Bella Lucca, 2020)", "allegra"};
  app.set_version_flag("--version", fmt::format("allegra {}", kVersion),
                       "Print the version and exit");
  app.require_subcommand(0, 1);
  app.footer("Run 'allegra <subcommand> --help' for the flags of a subcommand.");
  std::vector<Command> commands;
  try {
    commands = {add_play_command(app),      add_selfplay_command(app), add_replay_command(app),
                add_rules_command(app),     add_bench_command(app),    add_sim_command(app),
                add_rate_command(app),      add_serve_command(app),    add_loadtest_command(app),
                add_valuedata_command(app), add_review_command(app),   add_store_command(app)};
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0)  // --help, --help-all, --version
      return quiet_rank() ? 0 : app.exit(e);
    std::string hint = " (see allegra --help)";
    for (const Command& c : commands)
      if (c.app->parsed()) hint = fmt::format(" (see allegra {} --help)", c.app->get_name());
    return report_on_rank0(std::string(e.what()) + hint);
  }
  try {
    for (const Command& c : commands)
      if (c.app->parsed()) {
        try {
          refuse_empty_values(*c.app);
          check_mpi_launch(c.app->get_name());
        } catch (const CliError& e) {
          return report_on_rank0(e.what());
        }
        return c.run();
      }
    return report(
        "a subcommand is required: play, selfplay, replay, rules, bench, sim, rate, serve, "
        "loadtest, valuedata or store "
        "(see allegra --help)");
  } catch (const CliError& e) {
    // A bad argument found by the command itself (`--seats easy,bogus`), which every rank of an
    // MPI job meets alike, also after joining the job: a worker that failed with it ended the
    // job before rank 0's message was out (1 run in 6 printed nothing).
    return report_on_rank0(e.what());
  } catch (const std::exception& e) {
    return report(fmt::format("internal error: {}", e.what()));
  } catch (...) {
    return report("internal error: unknown exception");
  }
}

}  // namespace allegra::cli
