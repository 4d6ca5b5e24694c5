#include "cli/bench_command.h"

#include <fmt/format.h>

#include <memory>

#include "cli/cli_error.h"
#include "cli/number_flags.h"
#include "cli/signature.h"

namespace allegra::cli {
namespace {

struct BenchArgs {
  int games = kSignatureGames;
};

int run_bench(const BenchArgs& args) {
  SignatureRun run = run_signature(args.games);
  const double secs = run.cpu_seconds > 0 ? run.cpu_seconds : 1e-9;
  fmt::print("signature: {:016x}\n", run.signature);
  fmt::print("games: {} (seeds {}..{}, 4 players, 3 rounds, random play)\n", run.games,
             kSignatureSeed, kSignatureSeed + static_cast<uint64_t>(run.games) - 1);
  fmt::print("rounds: {}, actions: {}, time: {:.3f} s CPU ({:.3f} s wall)\n", run.rounds,
             run.actions, run.cpu_seconds, run.seconds);
  fmt::print("rounds/s: {:.0f}\n", static_cast<double>(run.rounds) / secs);
  fmt::print("actions/s: {:.0f}\n", static_cast<double>(run.actions) / secs);
  return kExitOk;
}

}  // namespace

Command add_bench_command(CLI::App& app) {
  auto args = std::make_shared<BenchArgs>();
  CLI::App* sub = app.add_subcommand(
      "bench", "Play a fixed-seed run of random games; print its signature and speed");
  sub->add_option("--games", args->games,
                  "Number of games (the signature is only comparable for the same number)")
      ->capture_default_str()
      ->check(whole_number(1, kMaxGames));
  sub->footer(
      "The signature hashes the final totals of the fixed-seed games; it changes only when the\n"
      "rules, the Rng or the random player change. Build the release preset for timings.\n"
      "Example:\n"
      "  allegra bench --games 1000");
  return {sub, [args] { return run_bench(*args); }};
}

}  // namespace allegra::cli
