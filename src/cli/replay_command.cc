#include "cli/replay_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>

#include "cli/cli_error.h"
#include "cli/game_printer.h"
#include "cli/number_flags.h"
#include "cli/play_command.h"
#include "cli/record_file.h"
#include "engine/record.h"
#include "engine/replay.h"
#include "text/translator.h"
#include "tui/curses_screen.h"
#include "tui/replay_viewer.h"
#include "tui/terminal_check.h"

namespace allegra::cli {
namespace {

struct ReplayArgs {
  std::string path;
  bool check = false;
  int game = 0;  // 0: every game (no --game); else only the game on this line
  bool view = false;
  bool print = false;
  bool screen_reader = false;
  std::string lang;
  CLI::Option* lang_option = nullptr;
};

int count_actions(const GameRecord& record) {
  int actions = 0;
  for (const RoundRecord& r : record.rounds) actions += static_cast<int>(r.steps.size());
  return actions;
}

// "round 2, action 17" (1-based) for the record location of a replay error.
std::string where(const ReplayError& e) {
  if (e.round < 0) return "the game result";
  if (e.step < 0) return fmt::format("round {}", e.round + 1);
  return fmt::format("round {}, action {}", e.round + 1, e.step + 1);
}

// The error with its location: the engine's message, whose "round R, step S" prefix becomes
// "round R, action S" (people count actions), or where() in front if it names no location.
std::string located(const ReplayError& e) {
  const std::string& msg = e.message;
  if (e.round >= 0 && e.step >= 0) {
    std::string theirs = fmt::format("round {}, step {}", e.round + 1, e.step + 1);
    if (msg.starts_with(theirs))
      return fmt::format("round {}, action {}{}", e.round + 1, e.step + 1,
                         msg.substr(theirs.size()));
  } else if (e.round >= 0) {
    std::string theirs = fmt::format("round {}", e.round + 1);
    if (msg.starts_with(theirs + ":") || msg.starts_with(theirs + ",")) return msg;
  }
  return fmt::format("{}: {}", where(e), msg);
}

// Replays a record that replay_check() accepted, feeding the printer.
void print_record(const GameRecord& record, int game_number, const text::Translator& tr) {
  ReplayCursor cursor(record);
  GamePrinter printer(stdout, tr);
  printer.begin_game(cursor.state(), game_number, record.seed, record.seats);
  printer.begin_round(cursor.state());
  while (cursor.forward()) {
    printer.on_events(cursor.events());
    // The finished table: the state at the chance node before the deal, or the game's end.
    if (cursor.round_over()) {
      printer.end_round(*cursor.round_over());
      printer.begin_round(cursor.state());
    } else if (cursor.state().is_chance_node() || cursor.state().is_terminal()) {
      printer.end_round(cursor.state());
    }
  }
  printer.end_game(cursor.state(), cursor.index());
}

// The game in sentences for screen readers, in the --lang language (tui::replay_transcript).
void print_transcript(const GameRecord& record, int game_number, const text::Translator& tr) {
  const tui::ReplayFrames frames(record, game_number, tr);
  for (const std::string& l : tui::replay_transcript(frames, tr)) fmt::print("{}\n", l);
}

// The full-screen viewer (src/tui/replay_viewer.h) for one game of the file (default: the
// first), after checking that it replays.
int run_viewer(const ReplayArgs& args) {
  const text::Translator tr = translator_for(args.lang);
  std::optional<GameRecord> game;
  int number = 0;
  for_each_record(args.path, [&](int line, const GameRecord& record) {
    if (args.game != 0 && line != args.game) return true;
    game = record;
    number = line;
    return false;
  });
  if (!game)
    throw CliError(fmt::format("'{}' has no game record on line {}", args.path, args.game));
  if (auto error = replay_check(*game))
    throw CliError(
        fmt::format("game {} of {} does not replay: {}", number, args.path, located(*error)));
  const tui::ReplayFrames frames(*game, number, tr);
  tui::run_replay_viewer(frames, tr);
  return kExitOk;
}

int run_replay(const ReplayArgs& args) {
  require_lang_value(args.lang_option, args.lang);
  if (args.screen_reader && (args.view || args.check))
    throw CliError("--screen-reader cannot be combined with --view or --check");
  if (args.view && (args.check || args.print))
    throw CliError("--view cannot be combined with --check or --print");
  if (args.view && !tui::is_interactive_terminal())
    throw CliError("--view needs a terminal (use --print for text)");
  const std::optional<std::string> no_screen =
      args.view ||
              (!args.check && !args.print && !args.screen_reader && tui::is_interactive_terminal())
          ? tui::full_screen_problem()
          : std::nullopt;
  if (args.view && no_screen)
    throw CliError(fmt::format("--view needs a full-screen terminal, but {} (use --print for text)",
                               *no_screen));
  if (no_screen) fmt::print(stderr, "allegra: {}: printing the games (--print)\n", *no_screen);
  if (args.view || (!no_screen && !args.check && !args.print && !args.screen_reader &&
                    tui::is_interactive_terminal()))
    return run_viewer(args);
  // Text in the --lang language; --print is English without it (a stable language for
  // scripts), --screen-reader speaks the language of the environment.
  const text::Translator tr =
      translator_for(args.lang.empty() && !args.screen_reader ? "en" : args.lang);
  int games = 0;
  int64_t actions = 0;
  bool found = false;
  std::optional<std::string> failure;
  for_each_record(args.path, [&](int line, const GameRecord& record) {
    if (args.game != 0 && line != args.game) return true;
    found = true;
    if (auto error = replay_check(record)) {
      if (args.check) fmt::print("game {}: MISMATCH: {}\n", line, located(*error));
      failure = fmt::format("game {} (line {} of {}) does not replay: {}", line, line, args.path,
                            located(*error));
      return false;
    }
    ++games;
    const int n = count_actions(record);
    actions += n;
    if (args.check) {
      fmt::print("game {}: ok ({} round{}, {} actions)\n", line, record.rounds.size(),
                 record.rounds.size() == 1 ? "" : "s", n);
    } else {
      if (games > 1) fmt::print("\n\n");
      if (args.screen_reader)
        print_transcript(record, line, tr);
      else
        print_record(record, line, tr);
    }
    return true;
  });
  if (args.game != 0 && !found)
    throw CliError(fmt::format("'{}' has no game record on line {}", args.path, args.game));
  if (failure) {
    std::fflush(stdout);
    fmt::print(stderr, "allegra: replay failed: {}\n", *failure);
    return kExitMismatch;
  }
  if (args.check)
    fmt::print("{} game{} checked, all ok ({} actions)\n", games, games == 1 ? "" : "s", actions);
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace

Command add_replay_command(CLI::App& app) {
  auto args = std::make_shared<ReplayArgs>();
  CLI::App* sub = app.add_subcommand(
      "replay", "Replay recorded games (JSON lines): step through them, check them, or print them");
  sub->add_option("FILE", args->path,
                  "JSON lines file of game records (selfplay --record); - reads standard input")
      ->required();
  sub->add_flag("--check", args->check,
                "Only check that every game replays exactly (deal, actions, scores, winners); "
                "exit 1 at the first game that does not");
  sub->add_flag("--view", args->view,
                "Step through the game in the full-screen viewer (the default on a terminal)");
  sub->add_flag("--print", args->print,
                "Print the game as text (the default when not on a terminal)");
  sub->add_flag("--screen-reader", args->screen_reader,
                "Print the game in sentences, the table at each round's end told row by row, "
                "in the --lang language (for screen readers)");
  args->lang_option =
      sub->add_option("--lang", args->lang,
                      "Language of the viewer, --print and --screen-reader: en, de, fr, nl or es "
                      "(default: en for --print, else from LC_ALL / LC_MESSAGES / LANG)")
          ->type_name("CODE");
  sub->add_option("--game", args->game,
                  "Only the game on this line of FILE (games are numbered by line, from 1)")
      ->type_name("LINE")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  sub->footer(
      "Exit codes: 0 every game replays, 1 a game does not (the message names its line, round\n"
      "and action), 2 bad arguments or an unreadable or malformed file.\n"
      "Examples:\n"
      "On a terminal, replay opens a viewer: Left/Right step, Up/Down scroll, PgUp/PgDn jump a\n"
      "round, q quits. FILE - reads standard input.\n"
      "  allegra replay games.jsonl --check\n"
      "  allegra replay games.jsonl --game 3");
  return {sub, [args] { return run_replay(*args); }};
}

}  // namespace allegra::cli
