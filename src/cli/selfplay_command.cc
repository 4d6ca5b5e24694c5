#include "cli/selfplay_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>

#include "cli/cli_error.h"
#include "cli/game_printer.h"
#include "cli/number_flags.h"
#include "cli/output_file.h"
#include "cli/play_command.h"
#include "cli/random_player.h"
#include "cli/record_file.h"
#include "cli/rule_flags.h"
#include "cli/sim_command.h"
#include "engine/record.h"
#include "table/game_loop.h"
#include "text/translator.h"

namespace allegra::cli {
namespace {

struct SelfplayArgs {
  RuleFlags rules;
  int games = 1;
  uint64_t seed = 1;
  std::string record_path;
  bool quiet = false;
  std::string lang;
  CLI::Option* lang_option = nullptr;
};

int run_selfplay(const SelfplayArgs& args) {
  require_lang_value(args.lang_option, args.lang);
  const text::Translator tr = translator_for(args.lang.empty() ? "en" : args.lang);
  const RuleOptions options = rule_options(args.rules);
  std::ofstream record_file;
  if (!args.record_path.empty()) {
    // Appended to, as `play` does (cli/output_file.h).
    record_file = open_output_file(args.record_path, "--record", OutputKind::kRecords);
  }
  for (int g = 0; g < args.games; ++g) {
    const uint64_t seed = args.seed + static_cast<uint64_t>(g);
    State state(options, seed);
    Rng policy = policy_rng(seed);
    GameRecorder recorder(state, seed);
    GamePrinter printer(stdout, tr);
    if (!args.quiet) {
      if (g > 0) fmt::print("\n\n");
      printer.begin_game(state, g + 1, seed);
      printer.begin_round(state);
    }
    EventList events;
    auto decide = [&](const table::DecisionRequest& r) { return random_action(*r.state, policy); };
    auto apply = [&](int, Action a) {
      events.clear();
      recorder.apply(state, a, &events);
      if (args.quiet) return;
      printer.on_events(events);
      if (state.is_chance_node() || state.is_terminal()) printer.end_round(state);
    };
    // The chance step: the finished table has been printed; the next round is dealt.
    auto deal = [&] {
      events.clear();
      recorder.deal(state, &events);
      if (args.quiet) return;
      printer.on_events(events);
      printer.begin_round(state);
    };
    const int actions = static_cast<int>(table::play_to_end(state, decide, apply, deal));
    if (args.quiet)
      fmt::print("{}\n", game_summary_line(g + 1, seed, state, actions));
    else
      printer.end_game(state, actions);
    if (record_file.is_open()) {
      record_file << record_to_line(recorder.record()) << '\n';
      if (!record_file)
        throw CliError(fmt::format("cannot write record file '{}'", args.record_path));
    }
  }
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace

Command add_selfplay_command(CLI::App& app) {
  auto args = std::make_shared<SelfplayArgs>();
  CLI::App* sub = app.add_subcommand(
      "selfplay", "Play games with uniformly random legal actions and print them");
  sub->add_option("--games", args->games, "Number of games to play")
      ->capture_default_str()
      ->check(whole_number(1, kMaxGames));
  add_seed_option(*sub, args->seed,
                  "Seed of the first game; game g (from 0) is dealt from seed S+g and its "
                  "random player is seeded from that too");
  sub->add_option("--record", args->record_path,
                  "Write each game as one JSON line (record format) to FILE")
      ->type_name("FILE");
  sub->add_flag("--quiet", args->quiet, "Print only one summary line per game");
  args->lang_option =
      sub->add_option("--lang", args->lang,
                      "Language of the printed games: en, de, fr, nl or es (default: en)")
          ->type_name("CODE");
  add_rule_flags(*sub, args->rules);
  sub->footer(
      "Examples:\n"
      "  allegra selfplay --players 4 --games 1\n"
      "  allegra selfplay --games 100 --seed 7 --quiet --record games.jsonl\n"
      "  allegra selfplay --players 2 --point-limit 100 --optional-clearing");
  return {sub, [args] { return run_selfplay(*args); }};
}

}  // namespace allegra::cli
