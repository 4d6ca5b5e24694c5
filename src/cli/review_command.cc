#include "cli/review_command.h"

#include <fmt/format.h>

#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "cli/cli_error.h"
#include "cli/number_flags.h"
#include "cli/play_command.h"
#include "cli/record_file.h"
#include "cli/sim_command.h"
#include "engine/record.h"
#include "review/review.h"
#include "review/review_json.h"
#include "review/review_text.h"
#include "sim/progress.h"
#include "text/hint_text.h"
#include "text/translator.h"

namespace allegra::cli {
namespace {

struct ReviewArgs {
  std::string path;
  int game = 1;
  int player = -1;  // -1: every player
  std::string level = "hard";
  uint64_t seed = 1;
  int threads = 1;
  int samples = 0;  // 0: the level's
  bool json = false;
  std::string lang;
  CLI::Option* lang_option = nullptr;
};

// The game on line `number` of the file; a CliError naming the file and the lines it has.
GameRecord read_game(const std::string& path, int number) {
  std::optional<GameRecord> game;
  int lines = 0;
  for_each_record(path, [&](int line, const GameRecord& record) {
    lines = line;
    if (line != number) return true;
    game = record;
    return false;
  });
  if (!game)
    throw CliError(
        fmt::format("'{}' has no game {}: its last game record is on line {} (--game "
                    "counts lines from 1)",
                    path, number, lines));
  return *game;
}

void print_table(const review::Review& r, int game, const text::Translator& tr) {
  for (const std::string& line : review::review_table_lines(r, tr)) fmt::print("{}\n", line);
  (void)game;
}

int run_review(const ReviewArgs& args) {
  require_lang_value(args.lang_option, args.lang);
  const text::Translator tr = translator_for(args.lang.empty() ? "en" : args.lang);
  review::ReviewOptions options;
  try {
    options.level = review::review_level(args.level);
  } catch (const std::invalid_argument& e) {
    throw CliError(e.what());
  }
  if (args.samples > 0) options.level.samples = args.samples;
  const GameRecord record = read_game(args.path, args.game);
  if (args.player >= record.options.players)
    throw CliError(fmt::format("--player {}: game {} of '{}' has {} players, numbered 0 to {}",
                               args.player, args.game, args.path, record.options.players,
                               record.options.players - 1));
  if (args.player >= 0) options.player = args.player;
  options.seed = args.seed;
  options.threads = args.threads;
  std::unique_ptr<sim::ProgressBar> bar;
  options.progress = [&](int done, int total) {
    if (!bar) bar = std::make_unique<sim::ProgressBar>(stderr, "review", total, "decisions");
    bar->update(done);
  };
  review::Review result;
  try {
    result = review::review_game(record, options);
  } catch (const review::ReviewError& e) {
    throw CliError(fmt::format("game {} of '{}': {} (check it with allegra replay --check)",
                               args.game, args.path, e.what()));
  }
  if (bar) bar->finish();
  if (args.json) {
    nlohmann::json j = review::review_to_json(result);
    j["game"] = args.game;
    fmt::print("{}\n", j.dump());
  } else {
    fmt::print("{}\n\n", tr.tr("review.title", {{"game", args.game},
                                                {"level", result.level},
                                                {"samples", result.samples},
                                                {"seed", static_cast<int64_t>(result.seed)}}));
    print_table(result, args.game, tr);
  }
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace

Command add_review_command(CLI::App& app) {
  auto args = std::make_shared<ReviewArgs>();
  CLI::App* sub = app.add_subcommand(
      "review",
      "Review a recorded game: every decision valued by the strongest bot's search, "
      "the points lost, a label, accuracy and luck (docs/review.md)");
  sub->add_option("RECORD", args->path,
                  "JSON lines file of game records (selfplay --record, a saved game's record); - "
                  "reads standard input")
      ->required();
  sub->add_option("--game", args->game, "The game on this line of RECORD (from 1)")
      ->type_name("LINE")
      ->capture_default_str()
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  sub->add_option("--player", args->player,
                  "Review only this player (0 to players-1, as in the record); default: all")
      ->type_name("P")
      ->check(whole_number(0, 5));
  sub->add_option("--level", args->level,
                  "The search: hard (64 resampled deals a decision, 256 for the best few) or "
                  "expert (256, 1024)")
      ->capture_default_str()
      ->check(CLI::IsMember({"hard", "expert"}));
  add_seed_option(*sub, args->seed,
                  "Seed of the resampled deals: the same record, level and seed give the same "
                  "review");
  sub->add_option("--threads", args->threads,
                  "Worker threads (decisions valued in parallel; the result does not depend on it)")
      ->capture_default_str()
      ->check(whole_number(1, kMaxThreads));
  sub->add_option("--samples", args->samples,
                  "Resampled deals a decision instead of the level's (4 times as many for the "
                  "best few): for experiments and tests")
      ->type_name("N")
      ->check(whole_number(2, 100000));
  sub->add_flag("--json", args->json,
                "Print one JSON object (docs/review-format.md) instead of the table");
  args->lang_option = sub->add_option("--lang", args->lang,
                                      "Language of the table: en, de, fr, nl or es (default: en)")
                          ->type_name("CODE");
  sub->footer(
      "Progress goes to stderr. Exit codes: 0 done, 2 bad arguments, an unreadable file, or a\n"
      "record that does not replay.\n"
      "Examples:\n"
      "  allegra sim --seats expert,expert,expert,random --games 1 --record g.jsonl\n"
      "  allegra review g.jsonl --player 3\n"
      "  allegra review g.jsonl --level expert --threads 2 --json > review.json");
  return {sub, [args] { return run_review(*args); }};
}

}  // namespace allegra::cli
