#include "cli/store_command.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_error.h"
#include "engine/record.h"
#include "server/pg_store.h"
#include "server/player_copy.h"
#include "server/sqlite_store.h"
#include "sim/progress.h"

namespace allegra::cli {
namespace {

struct MigrateArgs {
  std::string from;  // sqlite:PATH
  std::string to;    // postgresql://...
  bool json = false;
  bool no_progress = false;
};

struct MigrateResult {
  size_t tables = 0, log_lines = 0, games = 0, games_checked = 0;
  std::vector<server::PlayerTableRows> player_rows;  // players, sessions, skills, ...
  size_t players_checked = 0;
  double seconds = 0;
};

// One game of the copy: it reads, it replays exactly, and it equals the source's text.
std::optional<std::string> check_game(const std::string& id, const std::optional<std::string>& copy,
                                      const std::string& source) {
  if (!copy) return fmt::format("game {}: missing from the copy", id);
  if (*copy != source) return fmt::format("game {}: the copy differs from the source", id);
  std::string_view line = *copy;
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  try {
    if (auto error = replay_check(record_from_line(line))) {
      return fmt::format("game {}: does not replay: {}", id, error->message);
    }
  } catch (const std::exception& e) {
    return fmt::format("game {}: does not read: {}", id, e.what());
  }
  return std::nullopt;
}

// 1. Open both (the source is locked against a running server; the target must be empty).
// 2. Copy the open tables, one batch each, then the games, 100 a batch, then the players (one
//    transaction: player_copy.h). 3. Check the copy: the tables' logs, every game replayed, the
//    player tables row by row, every player's profile read back through both stores.
MigrateResult migrate(const MigrateArgs& args) {
  const auto start = std::chrono::steady_clock::now();
  if (!args.from.starts_with("sqlite:")) {
    throw CliError(
        fmt::format("--from '{}': give sqlite:PATH (the file of allegra serve --db)", args.from));
  }
  if (!server::is_postgres_url(args.to)) {
    throw CliError(
        fmt::format("--to '{}': give a PostgreSQL URL such as "
                    "postgresql://allegra@127.0.0.1:5432/allegra",
                    server::url_without_password(args.to)));
  }
  const std::string path = args.from.substr(7);
  std::unique_ptr<server::SqliteStore> source;
  try {
    source = std::make_unique<server::SqliteStore>(path);
  } catch (const std::exception& e) {
    throw CliError(fmt::format("--from: {}", e.what()));
  }
  std::unique_ptr<server::PgStore> target;
  try {
    target = std::make_unique<server::PgStore>(server::PgStore::Options{.url = args.to});
  } catch (const std::exception& e) {
    throw CliError(fmt::format("--to: {}", e.what()));
  }
  const std::string target_name = target->name();
  try {
    if (!target->open_tables().empty() || !target->game_ids().empty() ||
        !target->players().empty()) {
      throw CliError(fmt::format(
          "--to '{}' is not empty (it holds tables, games or players): give an empty database",
          target_name));
    }
    const std::vector<server::StoredTable> tables = source->open_tables();
    const std::vector<std::string> ids = source->game_ids();
    const size_t player_count = source->players().size();
    MigrateResult result;
    std::optional<sim::ProgressBar> progress;
    const int total = static_cast<int>(tables.size() + 2 * ids.size() + 2 * player_count);
    if (!args.no_progress) progress.emplace(stderr, "store migrate", total);
    int done = 0;
    // 2. The copy.
    for (const server::StoredTable& table : tables) {
      target->create_table(table.code, table.meta_json);
      for (const server::LogEntry& entry : table.log) target->append(table.code, entry);
      target->commit();
      result.tables += 1;
      result.log_lines += table.log.size();
      if (progress) progress->update(++done);
    }
    std::vector<std::string> records;
    records.reserve(ids.size());
    for (size_t i = 0; i < ids.size(); ++i) {
      std::optional<std::string> record = source->game(ids[i]);
      if (!record) throw CliError(fmt::format("--from: the game {} cannot be read", ids[i]));
      const size_t dash = ids[i].rfind('-');
      target->save_game(ids[i], ids[i].substr(0, dash), *record);
      // Its review, if the server made one (docs/review-format.md; its level inside).
      if (std::optional<std::string> review = source->review(ids[i]))
        target->save_review(
            ids[i], nlohmann::json::parse(*review, nullptr, false).value("level", ""), *review);
      records.push_back(std::move(*record));
      if (i % 100 == 99) target->commit();
      if (progress) progress->update(++done);
    }
    target->commit();
    result.games = ids.size();
    result.player_rows = server::copy_player_tables(path, args.to);
    if (progress) progress->update(done += static_cast<int>(player_count));
    // 3. The check, on what the copy holds.
    const std::vector<server::StoredTable> copied = target->open_tables();
    if (copied.size() != tables.size()) {
      throw CliError(fmt::format("the copy holds {} open tables, the source {}", copied.size(),
                                 tables.size()));
    }
    for (size_t t = 0; t < tables.size(); ++t) {
      if (copied[t].code != tables[t].code || copied[t].meta_json != tables[t].meta_json ||
          copied[t].log != tables[t].log) {
        throw CliError(
            fmt::format("the copy of the table {} differs from the source", tables[t].code));
      }
    }
    for (size_t i = 0; i < ids.size(); ++i) {
      if (auto problem = check_game(ids[i], target->game(ids[i]), records[i])) {
        throw CliError(*problem);
      }
      result.games_checked += 1;
      if (progress) progress->update(++done);
    }
    if (auto problem = server::player_tables_difference(path, args.to)) throw CliError(*problem);
    const int before_players = done;
    if (auto problem = server::player_profiles_difference(*source, *target, ids, [&](size_t n) {
          result.players_checked = n;
          if (progress) progress->update(done = before_players + static_cast<int>(n));
        }))
      throw CliError(*problem);
    if (progress) progress->finish();
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  } catch (const server::StoreError& e) {
    throw CliError(fmt::format("--to: {}", e.what()));
  }
}

int run_migrate(const MigrateArgs& args) {
  const MigrateResult r = migrate(args);
  if (args.json) {
    nlohmann::json j = {{"from", args.from},   {"to", server::url_without_password(args.to)},
                        {"tables", r.tables},  {"log_lines", r.log_lines},
                        {"games", r.games},    {"games_checked", r.games_checked},
                        {"seconds", r.seconds}};
    for (const server::PlayerTableRows& rows : r.player_rows) j[rows.table] = rows.rows;
    j["players_checked"] = r.players_checked;
    fmt::print("{}\n", j.dump(2));
  } else {
    fmt::print("copied       {} open tables ({} log lines), {} finished games\n", r.tables,
               r.log_lines, r.games);
    std::string rows;
    for (const server::PlayerTableRows& t : r.player_rows)
      rows += fmt::format("{}{} {}", rows.empty() ? "" : ", ", t.rows, t.table);
    fmt::print("copied       {}\n", rows);
    fmt::print("checked      every table's log equal, {} games replay exactly\n", r.games_checked);
    fmt::print("checked      every player row equal, {} players' profiles read back equal\n",
               r.players_checked);
    fmt::print("took         {:.1f} s\n", r.seconds);
  }
  return kExitOk;
}

}  // namespace

Command add_store_command(CLI::App& app) {
  CLI::App* sub = app.add_subcommand("store", "Manage the server's store (docs/server-store.md)");
  sub->require_subcommand(1);
  auto args = std::make_shared<MigrateArgs>();
  CLI::App* migrate_app = sub->add_subcommand(
      "migrate",
      "Copy a SQLite store (open tables, finished games, players with their sessions and "
      "ratings) into an empty PostgreSQL database and check the copy by replaying every "
      "finished game and reading every player's profile back");
  migrate_app->add_option("--from", args->from, "the SQLite store: sqlite:PATH")
      ->required()
      ->type_name("sqlite:PATH");
  migrate_app->add_option("--to", args->to, "the PostgreSQL database (empty)")
      ->required()
      ->type_name("URL");
  migrate_app->add_flag("--json", args->json, "Print one JSON object instead of the table");
  migrate_app->add_flag("--no-progress", args->no_progress, "No progress bar on stderr");
  migrate_app->footer(
      "Stop the server first (the SQLite file is locked while it runs).\n"
      "Example:\n"
      "  allegra store migrate --from sqlite:$HOME/.local/state/allegra/server.sqlite \\\n"
      "      --to postgresql://allegra@127.0.0.1:5432/allegra");
  return {sub, [args] { return run_migrate(*args); }};
}

}  // namespace allegra::cli
