#include "cli/play_command.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_error.h"
#include "cli/number_flags.h"
#include "cli/play_paths.h"
#include "cli/rule_flags.h"
#include "text/player_name.h"
#include "tui/curses_screen.h"
#include "tui/plain_screen.h"
#include "tui/replay_viewer.h"
#include "tui/review_screen.h"
#include "tui/save_file.h"
#include "tui/save_lock.h"
#include "tui/session.h"
#include "tui/terminal_check.h"

namespace allegra::cli {
namespace {

// Pleasant names for the bots, one per seat in order.
constexpr const char* kBotNames[] = {"Bea", "Carlo", "Dora", "Emil", "Fritz", "Greta"};

struct PlayArgs {
  RuleFlags rules;
  std::string seats;
  std::string names;
  uint64_t seed = 0;
  int delay_ms = 600;
  bool fast = false;
  bool plain = false;
  bool screen_reader = false;
  std::string lang;
  std::string resume_id;  // --resume ID; see resume_option for a plain --resume
  std::string save_file;
  std::string record;
  bool no_record = false;
  int hint_iterations = bots::kHintIterations;
  CLI::App* app = nullptr;
  CLI::Option* players_option = nullptr;
  CLI::Option* seed_option = nullptr;
  CLI::Option* lang_option = nullptr;
  CLI::Option* resume_option = nullptr;
  bool resume() const { return resume_option->count() > 0; }
};

// A saved game keeps the settings it was started with: flags that would change them are
// refused with --resume rather than silently ignored.
void check_resume_flags(const PlayArgs& args) {
  if (!args.resume()) return;
  for (const CLI::Option* o : args.app->get_options()) {
    const std::string name = o->get_name();
    if (o->count() == 0) continue;
    if (o->get_group() == "Rule options" || name == "--seats" || name == "--names" ||
        name == "--seed")
      throw CliError(fmt::format(
          "{} cannot be combined with --resume: a saved game keeps the settings it was started "
          "with (start a new game without --resume to use {})",
          name, name));
  }
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  for (char c : text + ",") {
    if (c == ',') {
      while (!item.empty() && item.back() == ' ') item.pop_back();
      out.push_back(item);
      item.clear();
    } else if (!(c == ' ' && item.empty())) {
      item += c;
    }
  }
  return out;
}

std::vector<tui::SeatConfig> make_seats(const PlayArgs& args, int players,
                                        const text::Translator& tr) {
  std::vector<std::string> kinds =
      args.seats.empty() ? std::vector<std::string>{"human"} : split_list(args.seats);
  if (args.seats.empty()) kinds.resize(static_cast<size_t>(players), "medium");
  if (static_cast<int>(kinds.size()) != players)
    throw CliError(fmt::format("--seats lists {} seats for {} players", kinds.size(), players));
  const std::vector<std::string> names =
      args.names.empty() ? std::vector<std::string>{} : split_list(args.names);
  if (!names.empty() && static_cast<int>(names.size()) != players)
    throw CliError(fmt::format("--names lists {} names for {} players", names.size(), players));
  int humans = 0;
  for (const std::string& k : kinds) humans += k == "human" ? 1 : 0;
  std::vector<tui::SeatConfig> seats;
  int human_number = 0;
  for (size_t i = 0; i < kinds.size(); ++i) {
    tui::SeatConfig seat;
    if (kinds[i] == "human") {
      ++human_number;
      seat.name = humans == 1 ? tr.tr("name.you")
                              : tr.tr("name.player", {{"number", std::to_string(human_number)}});
    } else {
      try {
        (void)make_bot(kinds[i], 1);  // a clear error now, before the screen opens
      } catch (const std::invalid_argument& e) {
        throw CliError(fmt::format("--seats: {} (or human)", e.what()));
      }
      seat.bot = kinds[i];
      seat.name = kBotNames[i];
    }
    if (!names.empty()) seat.name = names[i];
    seats.push_back(seat);
  }
  std::vector<std::string> all;
  for (const tui::SeatConfig& s : seats) all.push_back(s.name);
  if (auto problem = text::player_names_problem(all)) throw CliError("--names: " + *problem);
  return seats;
}

// Flags that contradict each other are refused, not settled by one of them silently.
void check_contradictions(const PlayArgs& args) {
  const auto given = [&](const char* name) { return args.app->get_option(name)->count() > 0; };
  if (args.no_record && given("--record"))
    throw CliError("--no-record and --record contradict each other: give one of them");
  if (args.fast && given("--delay"))
    throw CliError("--fast is --delay 0, so it contradicts --delay: give one of them");
}

int run_play(const PlayArgs& args) {
  require_lang_value(args.lang_option, args.lang);
  check_contradictions(args);
  const auto tr = std::make_unique<text::Translator>(translator_for(args.lang));
  check_resume_flags(args);

  tui::SessionConfig config;
  config.delay_ms = args.fast ? 0 : args.delay_ms;
  config.hint_iterations = args.hint_iterations;
  RuleFlags rules = args.rules;
  if (!args.resume()) {
    if (!args.seats.empty() && args.players_option->count() == 0)
      rules.players = static_cast<int>(split_list(args.seats).size());
    config.options = rule_options(rules);
    config.seats = make_seats(args, config.options.players, *tr);
    config.seed =
        args.seed_option->count() > 0
            ? args.seed
            : static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  }
  // Every path is checked now, before the screen opens.
  const PlayPaths paths = resolve_play_paths({.resume = args.resume(),
                                              .resume_id = args.resume_id,
                                              .save_file = args.save_file,
                                              .record = args.record,
                                              .no_record = args.no_record,
                                              .seed = config.seed},
                                             *tr);
  for (const std::string& note : paths.notes) fmt::print(stderr, "allegra: {}\n", note);
  config.save_path = paths.save_path;
  config.record_path = paths.record_path;
  config.resume_command = paths.resume_command;

  // One game at a time on a save: a second `play --resume` would overwrite the first's moves.
  std::optional<tui::SaveLock> lock;
  try {
    lock.emplace(config.save_path);
  } catch (const tui::SaveLocked& e) {
    throw CliError(fmt::format("{}: quit that game first, or play another one", e.what()));
  } catch (const std::runtime_error& e) {
    throw CliError(fmt::format("{}: choose another --save-file PATH", e.what()));
  }

  std::unique_ptr<tui::Session> session;
  if (args.resume()) {
    try {
      State state(RuleOptions{}, 1);
      tui::SavedGame saved = tui::load_save(tui::read_text_file(config.save_path), &state);
      session = std::make_unique<tui::Session>(config, *tr, std::move(saved), state);
    } catch (const std::exception& e) {
      throw CliError(
          fmt::format("cannot resume the saved game '{}': {}", config.save_path, e.what()));
    }
  } else {
    try {
      session = std::make_unique<tui::Session>(config, *tr);
    } catch (const std::invalid_argument& e) {
      throw CliError(e.what());
    }
  }

  bool plain = args.plain || args.screen_reader;
  if (!plain && !tui::is_interactive_terminal()) {
    fmt::print(stderr, "allegra: not a terminal: playing in plain line mode (--plain)\n");
    plain = true;
  }
  if (!plain) {
    if (const auto problem = tui::full_screen_problem()) {
      fmt::print(stderr, "allegra: {}: playing in plain line mode (--plain)\n", *problem);
      plain = true;
    }
  }
  try {
    if (plain) {
      tui::PlainScreen screen(
          *tr, std::cin, stdout, false,
          args.screen_reader ? tui::PlainTable::kDescription : tui::PlainTable::kPicture);
      session->run(screen);
    } else {
      tui::CursesScreen screen(*tr, args.fast ? 0 : args.delay_ms);
      // At the game's end, v opens the review of the game just played (tui/review_screen.h).
      screen.set_review([&] {
        const tui::ReplayFrames frames(session->record(), 1, *tr);
        tui::run_review_screen(screen, frames, *tr);
      });
      session->run(screen);
    }
  } catch (const std::runtime_error& e) {  // a save or record file that cannot be written
    throw CliError(e.what());
  }
  for (const std::string& m : session->messages()) fmt::print("{}\n", m);
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace

text::Translator translator_for(const std::string& lang) {
  try {
    return text::Translator(lang.empty() ? text::language_from_environment() : lang);
  } catch (const std::invalid_argument& e) {
    throw CliError(fmt::format("--lang: {}", e.what()));
  }
}

void require_lang_value(const CLI::Option* option, const std::string& lang) {
  if (option->count() > 0 && lang.empty())
    throw CliError("--lang needs a language: en, de, fr, nl or es");
}

Command add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  CLI::App* sub = app.add_subcommand(
      "play", "Play ALLEGRA in the terminal: you against three medium bots by default");
  args->app = sub;
  add_rule_flags(*sub, args->rules);
  args->players_option = sub->get_option("--players");
  sub->add_option("--seats", args->seats,
                  "Comma-separated seats in playing order: human or a bot level/spec (easy, "
                  "medium, hard, level:expert, expert, greedy, random, mcts:2000it, ...); "
                  "default human,medium,medium,medium")
      ->type_name("LIST");
  sub->add_option("--names", args->names,
                  fmt::format("Comma-separated names, one per seat, each looking different: "
                              "at most {} columns each (8 wide characters), no control or "
                              "invisible characters",
                              text::kMaxNameColumns))
      ->type_name("LIST");
  args->seed_option =
      sub->add_option("--seed", args->seed, "Seed of the deal (default: from the clock)")
          ->check(seed_number());
  sub->add_option("--delay", args->delay_ms, "Pause after each bot move, in milliseconds")
      ->capture_default_str()
      ->type_name("MS")
      ->check(whole_number(0, 60'000));
  sub->add_flag("--fast", args->fast, "No pause after bot moves (--delay 0)");
  sub->add_flag("--plain", args->plain, "Plain lines instead of the full screen (pipes, scripts)");
  sub->add_flag("--screen-reader", args->screen_reader,
                "Plain lines with the table told in sentences, a line per row, instead of a "
                "picture (implies --plain)");
  args->lang_option =
      sub->add_option("--lang", args->lang,
                      "Language: en, de, fr, nl or es (default: from LC_ALL / LC_MESSAGES / LANG)")
          ->type_name("CODE");
  args->resume_option =
      sub->add_option("--resume", args->resume_id,
                      "Continue a saved game: the only one, or the game ID (with several saves "
                      "--resume lists them)")
          ->expected(0, 1)
          ->type_name("[ID]");
  sub->add_option("--save-file", args->save_file,
                  "Save this game in PATH instead of the saves folder "
                  "($XDG_STATE_HOME/allegra/saves/ID.json or ~/.local/state/allegra/saves/...); "
                  "with --resume, continue the game saved there. Only an Allegra save is ever "
                  "replaced")
      ->type_name("PATH");
  sub->add_option("--record", args->record,
                  "Append the finished game's record to this JSON lines file (default: "
                  "games.jsonl in the state folder)")
      ->type_name("FILE");
  sub->add_flag("--no-record", args->no_record, "Do not write a record of the game");
  sub->add_option("--hint-iterations", args->hint_iterations,
                  "Search budget of the hint key (run in full, capped at 0.9 s)")
      ->capture_default_str()
      ->type_name("N")
      ->check(whole_number(1, 100'000'000));
  sub->footer(
      "Keys: arrows move, Enter chooses, 1-9 choose a button, ':' types a move (e.g. '2,4' for\n"
      "row 2, column 4 of your grid), h asks for a hint, ? or F1 shows the help, PgUp/PgDn scroll\n"
      "the log, + - p speed up, slow down and pause the bots, q saves and quits.\n"
      "docs/play.md has the details.\n"
      "Examples:\n"
      "  allegra play\n"
      "  allegra play --players 4 --seats human,expert,hard,easy\n"
      "  allegra play --seats human,human,medium --fast\n"
      "  allegra play --resume\n"
      "  allegra play --resume k7m2q");
  return {sub, [args] { return run_play(*args); }};
}

}  // namespace allegra::cli
