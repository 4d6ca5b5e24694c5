#include "cli/rate_command.h"

#include <fmt/format.h>

#include <memory>
#include <string>

#include "bots/bot.h"
#include "cli/cli_error.h"
#include "cli/mpi_split.h"
#include "cli/number_flags.h"
#include "cli/rule_flags.h"
#include "cli/sim_command.h"
#include "sim/rating.h"
#include "sim/report.h"
#include "sim/skill_run.h"

namespace allegra::cli {
namespace {

struct RateArgs {
  RuleFlags rules;
  std::string bots;
  int games = 200;
  uint64_t seed = 1;
  int threads = 1;
  int bootstrap = 200;
  bool json = false;
  bool no_progress = false;
  bool skill = false;  // the Plackett-Luce skills of rated tables instead of Elo
};

// --skill: the bots' skills on the players' scale (src/sim/skill_run.h, docs/ratings.md).
int run_skill(const RateArgs& args, const std::vector<std::string>& bots,
              const RuleOptions& options, MpiSplit& split) {
  if (static_cast<int>(bots.size()) < options.players)
    throw CliError(
        fmt::format("--skill seats {} different bots a game (--players): --bots lists {}",
                    options.players, bots.size()));
  sim::SkillRunConfig config;
  config.options = options;
  config.bots = bots;
  config.games = args.games;
  config.seed = args.seed;
  config.threads = args.threads;
  sim::SimCallbacks callbacks;
  callbacks.runner = split.runner();
  const sim::SkillRunResult result = run_games(
      "rate", args.games, args.no_progress || !split.is_root(), callbacks,
      [&](const sim::SimCallbacks& c) { return sim::run_skill_rating(config, bot_factory(), c); });
  if (!split.is_root()) return split.worker_exit_code();
  if (args.json)
    fmt::print("{}\n", sim::skill_result_to_json(result).dump(2));
  else
    fmt::print("{}", sim::skill_result_table(result));
  std::fflush(stdout);
  return kExitOk;
}

int run_rate(const RateArgs& args) {
  MpiSplit split;  // before anything can fail: every rank must reach its destructor
  const std::vector<std::string> bots = parse_bot_list("--bots", args.bots);
  if (bots.size() < 2 || bots.size() > 16)
    throw CliError(fmt::format("--bots needs 2 to 16 different bots, got {}", bots.size()));
  for (size_t i = 0; i < bots.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (bots[i] == bots[j]) throw CliError(fmt::format("--bots lists '{}' twice", bots[i]));
  const RuleOptions options = rule_options(args.rules);
  if (args.skill) return run_skill(args, bots, options, split);

  sim::RateConfig config;
  config.options = options;
  config.bots = bots;
  config.games = args.games;
  config.seed = args.seed;
  config.threads = args.threads;
  config.bootstrap = args.bootstrap;
  sim::SimCallbacks callbacks;
  callbacks.runner = split.runner();
  const sim::RateResult result = run_games(
      "rate", args.games, args.no_progress || !split.is_root(), callbacks,
      [&](const sim::SimCallbacks& c) { return sim::run_rating(config, bot_factory(), c); });
  if (!split.is_root()) return split.worker_exit_code();
  if (args.json)
    fmt::print("{}\n", sim::rate_result_to_json(result).dump(2));
  else
    fmt::print("{}", sim::rate_result_table(result));
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace

Command add_rate_command(CLI::App& app) {
  auto args = std::make_shared<RateArgs>();
  CLI::App* sub = app.add_subcommand(
      "rate", "Rate a set of bots (Elo from a Bradley-Terry fit of a round robin)");
  sub->add_option("--bots", args->bots,
                  "Comma-separated bot specs to rate (2 to 16, all different; the first is "
                  "rated 0): " +
                      bot_spec_help())
      ->required()
      ->type_name("SPECS");
  sub->add_option("--games", args->games,
                  "Number of games; each plays a lineup of --players bots from the set")
      ->capture_default_str()
      ->check(whole_number(1, kMaxGames));
  add_seed_option(*sub, args->seed,
                  "Seed of the schedule, the deals (game g: S+g), the bots and the bootstrap");
  sub->add_option("--threads", args->threads,
                  "Worker threads (games run in parallel; results do not depend on it)")
      ->capture_default_str()
      ->check(whole_number(1, kMaxThreads));
  sub->add_option("--bootstrap", args->bootstrap,
                  "Bootstrap resamples for the 95% intervals (0: none)")
      ->capture_default_str()
      ->check(whole_number(0, 100000));
  sub->add_flag("--json", args->json, "Print one JSON object instead of the table");
  sub->add_flag("--skill", args->skill,
                "Skill ratings on the players' scale instead of Elo: every game --players "
                "different bots, the Plackett-Luce update of rated tables without drift "
                "(docs/ratings.md); --bootstrap is not used");
  sub->add_flag("--no-progress", args->no_progress, "Do not draw the progress bar on stderr");
  add_rule_flags(*sub, args->rules);
  sub->footer(
      "Examples:\n"
      "  allegra rate --bots random,greedy,expert,mcts:200it --games 2000 --threads 2\n"
      "  allegra rate --bots easy,medium,hard --players 3 --games 600 --seed 5 --json\n"
      "  allegra rate --skill --bots easy,medium,hard,level:expert --games 40 --threads 2 --json");
  return {sub, [args] { return run_rate(*args); }};
}

}  // namespace allegra::cli
