#include "cli/valuedata_command.h"

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>

#include "cli/cli_error.h"
#include "cli/number_flags.h"
#include "cli/output_file.h"
#include "cli/rule_flags.h"
#include "cli/sim_command.h"
#include "sim/value_data.h"

namespace allegra::cli {
namespace {

struct ValueDataArgs {
  RuleFlags rules;
  std::string seats = "expert,expert,expert,expert";
  int games = 1000;
  uint64_t seed = 1;
  int threads = 1;
  int every = 4;
  std::string out;
};

int run_valuedata(const ValueDataArgs& args) {
  sim::ValueDataConfig config;
  config.seats = parse_bot_list("--seats", args.seats);
  const int seats = static_cast<int>(config.seats.size());
  if (seats < 2 || seats > 6)
    throw CliError(fmt::format("--seats needs 2 to 6 bots (one per player), got {}", seats));
  RuleFlags rules = args.rules;
  rules.players = seats;
  config.rules = rule_options(rules);
  config.games = args.games;
  config.seed = args.seed;
  config.threads = args.threads;
  config.every = args.every;
  // Replaced only if it is a value-data file already (cli/output_file.h).
  std::ofstream file = open_output_file(args.out, "--out", OutputKind::kValueData);
  const auto start = std::chrono::steady_clock::now();
  file << sim::value_data_header(0);
  const sim::ValueDataStats stats = sim::write_value_rows(config, bot_factory(), file);
  file.seekp(0);
  file << sim::value_data_header(stats.rows);
  file.close();
  if (!file) throw CliError(fmt::format("cannot write '{}'", args.out));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(
      "{} rows ({} positions, {} games, mean round score {:.2f}) written to {} in {:.1f} s\n",
      stats.rows, stats.positions, stats.games, stats.mean_score, args.out, seconds);
  return kExitOk;
}

}  // namespace

Command add_valuedata_command(CLI::App& app) {
  auto args = std::make_shared<ValueDataArgs>();
  CLI::App* sub = app.add_subcommand(
      "valuedata", "Write bot games as training data for the learned value (docs/value-format.md)");
  sub->add_option("--seats", args->seats, "Comma-separated bot specs, one per player")
      ->capture_default_str();
  sub->add_option("--games", args->games, "Number of games; seats rotate every game")
      ->capture_default_str()
      ->check(whole_number(1, kMaxGames));
  add_seed_option(*sub, args->seed, "Seed of the first game; game g is dealt from seed S+g");
  sub->add_option("--threads", args->threads,
                  "Worker threads (games run in parallel; the file does not depend on it)")
      ->capture_default_str()
      ->check(whole_number(1, 256));
  sub->add_option("--every", args->every,
                  "Keep one decision point in N (chosen at random from the game seed)")
      ->capture_default_str()
      ->check(whole_number(1, 1000));
  sub->add_option("--out", args->out, "The data file to write")->required()->type_name("FILE");
  add_rule_flags(*sub, args->rules);
  sub->footer(
      "Example:\n"
      "  allegra valuedata --games 20000 --threads 2 --out /tmp/value.bin\n"
      "The file: one header line, then float32 rows of the features and the round score "
      "(docs/value-format.md).");
  return {sub, [args] { return run_valuedata(*args); }};
}

}  // namespace allegra::cli
