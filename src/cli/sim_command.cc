#include "cli/sim_command.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include "bots/bot.h"
#include "cli/cli_error.h"
#include "cli/mpi_split.h"
#include "cli/number_flags.h"
#include "cli/output_file.h"
#include "cli/record_file.h"
#include "cli/rule_flags.h"
#include "engine/record.h"
#include "sim/decision_times.h"
#include "sim/report.h"
#include "sim/simulation.h"

namespace allegra::cli {
namespace {

struct SimArgs {
  RuleFlags rules;
  std::string seats;
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  bool json = false;
  bool csv = false;
  bool times = false;
  std::string record_path;
  bool no_progress = false;
  CLI::Option* players_option = nullptr;
};

int run_sim(const SimArgs& args) {
  MpiSplit split;  // before anything can fail: every rank must reach its destructor
  const std::vector<std::string> lineup = parse_bot_list("--seats", args.seats);
  const int seats = static_cast<int>(lineup.size());
  if (seats < 2 || seats > 6)
    throw CliError(fmt::format("--seats needs 2 to 6 bots (one per player), got {}", seats));
  RuleFlags rules = args.rules;
  if (args.players_option != nullptr && args.players_option->count() > 0) {
    if (rules.players != seats)
      throw CliError(
          fmt::format("--players {} does not match the {} bots of --seats", rules.players, seats));
  }
  rules.players = seats;
  const RuleOptions options = rule_options(rules);
  if (args.json && args.csv) throw CliError("--json and --csv cannot be combined");
  if (args.times && args.csv)
    throw CliError("--times cannot be combined with --csv (use the table or --json)");
  if (args.times && launch_rank().several())
    throw CliError(
        "--times measures the decisions of one process: run it without mpirun (use --threads)");

  std::ofstream record_file;
  if (!args.record_path.empty() && split.is_root()) {  // rank 0 alone writes
    // Appended to, as `play` does (cli/output_file.h).
    record_file = open_output_file(args.record_path, "--record", OutputKind::kRecords);
  }

  sim::SimConfig config;
  config.options = options;
  config.lineup = lineup;
  config.games = args.games;
  config.seed = args.seed;
  config.threads = args.threads;
  config.keep_partial = true;  // print what was played, then the error
  sim::SimCallbacks callbacks;
  callbacks.runner = split.runner();
  if (!args.record_path.empty()) {  // on every rank, so that each records its games
    callbacks.record = [&](int, const GameRecord& record) {
      record_file << record_to_line(record) << '\n';
      if (!record_file)
        throw CliError(fmt::format("cannot write record file '{}'", args.record_path));
    };
  }
  sim::DecisionTimes times;
  const sim::BotFactory factory =
      args.times ? sim::timed_factory(bot_factory(), times) : bot_factory();
  const sim::SimResult result = run_games(
      "sim", args.games, args.no_progress || !split.is_root(), callbacks,
      [&](const sim::SimCallbacks& c) { return sim::run_simulation(config, factory, c); });
  if (!split.is_root()) return split.worker_exit_code();
  if (args.json) {
    nlohmann::json j = sim::sim_result_to_json(result);
    if (args.times) j["decision_times"] = sim::decision_times_json(times.summaries(lineup));
    fmt::print("{}\n", j.dump(2));
  } else if (args.csv) {
    fmt::print("{}", sim::sim_result_csv(result));
  } else {
    fmt::print("{}", sim::sim_result_table(result));
    if (args.times) fmt::print("{}", sim::decision_times_table(times.summaries(lineup)));
  }
  std::fflush(stdout);
  if (!result.stopped_by.empty())
    throw CliError(fmt::format("{} (the summary above counts the first {} games{})",
                               result.stopped_by, result.games,
                               args.record_path.empty() ? "" : ", as does the record file"));
  return kExitOk;
}

}  // namespace

std::vector<std::string> parse_bot_list(const std::string& flag, const std::string& text) {
  std::vector<std::string> specs = sim::split_specs(text);
  for (const std::string& spec : specs) {
    if (spec.empty())
      throw CliError(fmt::format("{} '{}': an empty bot spec (expected comma-separated specs: {})",
                                 flag, text, bot_spec_help()));
    try {
      make_bot(spec, 0);
    } catch (const std::invalid_argument& e) {
      throw CliError(fmt::format("{}: {}", flag, e.what()));
    }
  }
  return specs;
}

sim::BotFactory bot_factory() {
  return [](std::string_view spec, uint64_t seed) { return make_bot(spec, seed); };
}

CLI::Option* add_seed_option(CLI::App& sub, uint64_t& seed, const std::string& help) {
  return sub.add_option("--seed", seed, help)->capture_default_str()->check(seed_number());
}

Command add_sim_command(CLI::App& app) {
  auto args = std::make_shared<SimArgs>();
  CLI::App* sub =
      app.add_subcommand("sim", "Play games between a lineup of bots and print statistics per bot");
  sub->add_option(
         "--seats", args->seats,
         "Comma-separated bot specs, one per seat (the number of players): " + bot_spec_help())
      ->required()
      ->type_name("SPECS");
  sub->add_option("--games", args->games, "Number of games; seats rotate every game")
      ->capture_default_str()
      ->check(whole_number(1, kMaxGames));
  add_seed_option(*sub, args->seed,
                  "Seed: game g (from 0) is dealt from seed S+g; each bot decision is seeded "
                  "from that seed and the decision's number in the game");
  sub->add_option("--threads", args->threads,
                  "Worker threads (games run in parallel; results do not depend on it)")
      ->capture_default_str()
      ->check(whole_number(1, kMaxThreads));
  sub->add_flag("--json", args->json, "Print one JSON object instead of the table");
  sub->add_flag("--csv", args->csv, "Print CSV (a header and one row per bot) instead");
  sub->add_flag("--times", args->times,
                "Also measure every decision's CPU time per bot (mean, median, p99, max; not "
                "deterministic; the games are the same)");
  sub->add_option("--record", args->record_path,
                  "Write each game as one JSON line (record format) to FILE, in game order")
      ->type_name("FILE");
  sub->add_flag("--no-progress", args->no_progress, "Do not draw the progress bar on stderr");
  add_rule_flags(*sub, args->rules);
  args->players_option = sub->get_option("--players");
  args->players_option->description(
      "Number of players: the number of --seats (if given it must match)");
  sub->footer(
      "Examples:\n"
      "  allegra sim --seats greedy,random,random,random --games 2000 --threads 2\n"
      "  allegra sim --seats mcts:100ms,expert,expert,expert --games 500 --seed 7 --json\n"
      "  allegra sim --seats expert,greedy --rounds 1 --csv --record games.jsonl\n"
      "  allegra sim --seats level:expert,expert,expert,expert --games 100 --times");
  return {sub, [args] { return run_sim(*args); }};
}

}  // namespace allegra::cli
