#include "cli/serve_command.h"

#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/app.h"
#include "cli/cli_error.h"
#include "cli/number_flags.h"
#include "server/code_prefix.h"
#include "server/forwarded_for.h"
#include "server/game_export.h"
#include "server/http_server.h"
#include "server/hub.h"
#include "server/pg_lobby.h"
#include "server/pg_store.h"
#include "server/player_export.h"
#include "server/sqlite_store.h"

namespace allegra::cli {
namespace {

namespace fs = std::filesystem;

constexpr long long kMaxBotDelayMs = 60'000;

// The exit status of a server whose code prefix another process took over (docs/cli.md).
constexpr int kExitPrefixLost = 3;

struct ServeArgs {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db;
  std::string store;  // --store postgresql://... (else the SQLite file of --db)
  std::string web;
  std::string export_dir;
  std::string bot_delay = "1000-2000";
  long long max_per_ip = 256;
  long long bot_threads = 1;
  std::string bot_specs = "levels";
  long long bot_max_ms = 2000;
  long long bot_max_threads = 1;
  long long max_tables = 10'000;
  long long max_tables_per_connection = 10;
  long long max_tables_per_ip = 50;
  long long idle_close_s = 120;
  long long chat_per_ip = 10;
  long long chat_per_table = 10;
  std::string log_level = "info";
  std::string deflate = "on";
  std::string code_prefix;                   // docs/scaling.md: several processes
  std::string standby_for;                   // a standby for this prefix (PostgreSQL only)
  std::vector<std::string> trusted_proxies;  // whose X-Forwarded-For is believed
  bool secure_cookies = false;
  std::string review_level = "hard";  // the game reviews (server/review_jobs.h)
  long long review_budget_s = 300;
  long long reviews_per_player = 10;
  long long reviews_per_ip = 30;
  long long review_threads = 1;
};

std::optional<long long> whole(std::string_view text) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// The database file: --db (its folder must exist), else the state folder's server.sqlite.
fs::path database_path(const std::string& flag) {
  if (!flag.empty()) {
    std::error_code ec;
    if (fs::is_directory(flag, ec))
      throw CliError(
          fmt::format("--db '{}' is a folder; give a file such as '{}/server.sqlite'", flag, flag));
    const fs::path parent = fs::absolute(flag, ec).parent_path();
    if (!fs::is_directory(parent, ec))
      throw CliError(
          fmt::format("--db '{}': the folder '{}' does not exist", flag, parent.string()));
    return flag;
  }
  try {
    return server::default_store_path();
  } catch (const std::exception& e) {
    throw CliError(fmt::format("{} (choose a file with --db PATH)", e.what()));
  }
}

void setup_logging(const std::string& level) {
  auto logger = spdlog::stderr_logger_mt("allegra");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ level=%l %v", spdlog::pattern_time_type::utc);
  spdlog::set_level(spdlog::level::from_str(level));
  spdlog::flush_on(spdlog::level::trace);
}

// The hub's settings from the flags.
server::HubConfig hub_config(const ServeArgs& args, const DelayRange& delay) {
  server::HubConfig config;
  config.bot_delay_min = server::Millis(delay.min_ms);
  config.bot_delay_max = server::Millis(delay.max_ms);
  config.server_name = fmt::format("allegra {}", kVersion);
  config.bot_threads = static_cast<size_t>(args.bot_threads);
  config.review_threads = static_cast<size_t>(args.review_threads);
  config.bots.any_spec = args.bot_specs == "any";
  config.bots.max_decision = server::Millis(args.bot_max_ms);
  config.bots.max_threads = static_cast<int>(args.bot_max_threads);
  config.max_tables = static_cast<size_t>(args.max_tables);
  config.max_tables_per_connection = static_cast<size_t>(args.max_tables_per_connection);
  config.max_tables_per_ip = static_cast<size_t>(args.max_tables_per_ip);
  config.idle_close = server::Millis(args.idle_close_s * 1000);
  // "N lines per 10 s": a burst of N, refilled at N/10 a second.
  config.chat_ip_burst = static_cast<double>(args.chat_per_ip);
  config.chat_ip_rate = config.chat_ip_burst / 10;
  config.chat_table_burst = static_cast<double>(args.chat_per_table);
  config.chat_table_rate = config.chat_table_burst / 10;
  config.code_prefix = args.code_prefix;
  return config;
}

// Serves until SIGTERM/SIGINT; returns once the hub, its bot and hint threads, the port and the
// store are all gone.
void serve(const ServeArgs& args, const server::ServerOptions& options, const fs::path& db,
           const DelayRange& delay);

int run_serve(ServeArgs args) {
  // 1. Check every flag before anything is opened or bound.
  if (!args.standby_for.empty()) {
    // A standby serves the prefix it stands by for, once it holds it (docs/scaling.md).
    if (args.store.empty())
      throw CliError(
          "--standby-for needs --store postgresql://...: a standby takes over the tables of the "
          "database it shares with the process it stands by for");
    if (!args.code_prefix.empty() && args.code_prefix != args.standby_for)
      throw CliError(
          fmt::format("--standby-for {} and --code-prefix {}: a standby serves the "
                      "prefix it stands by for (give one of them)",
                      args.standby_for, args.code_prefix));
    if (const std::optional<std::string> problem = server::code_prefix_problem(args.standby_for);
        problem || args.standby_for.empty())
      throw CliError("--standby-for " + problem.value_or("is empty"));
    args.code_prefix = args.standby_for;
  }
  const DelayRange delay = parse_delay_range("--bot-delay", args.bot_delay);
  server::ServerOptions options;
  options.host = args.host;
  options.port = static_cast<uint16_t>(args.port);
  options.version = kVersion;
  options.max_connections_per_ip = static_cast<size_t>(args.max_per_ip);
  options.deflate = args.deflate == "on"            ? server::ServerOptions::Deflate::on
                    : args.deflate == "no-takeover" ? server::ServerOptions::Deflate::no_takeover
                                                    : server::ServerOptions::Deflate::off;
  if (const std::optional<std::string> problem = server::code_prefix_problem(args.code_prefix))
    throw CliError("--code-prefix " + *problem);
  for (const std::string& proxy : args.trusted_proxies) {
    if (!server::canonical_address(proxy))
      throw CliError(fmt::format(
          "--trusted-proxy '{}': not an IPv4 or IPv6 address (give the proxy's address as it "
          "connects to this server, such as 127.0.0.1)",
          proxy));
  }
  options.trusted_proxies = args.trusted_proxies;
  options.secure_cookies = args.secure_cookies;
  server::ReviewConfig reviews;
  reviews.level = server::server_review_level(args.review_level);
  reviews.budget_seconds = static_cast<double>(args.review_budget_s);
  reviews.per_player_per_hour = static_cast<int>(args.reviews_per_player);
  reviews.per_address_per_hour = static_cast<int>(args.reviews_per_ip);
  options.reviews = reviews;
  if (!args.web.empty()) {
    std::error_code ec;
    if (!fs::is_directory(args.web, ec))
      throw CliError(fmt::format("--web '{}' is not a folder", args.web));
    options.web_dir = fs::path(args.web);
  }
  if (!args.export_dir.empty()) {
    std::error_code ec;
    if (!fs::is_directory(args.export_dir, ec))
      throw CliError(fmt::format("--export '{}' is not a folder", args.export_dir));
  }
  fs::path db;
  if (!args.store.empty()) {
    if (!server::is_postgres_url(args.store))
      throw CliError(fmt::format(
          "--store '{}': give a PostgreSQL URL such as postgresql://allegra@127.0.0.1:5432/allegra "
          "(a SQLite file is --db PATH)",
          server::url_without_password(args.store)));
    if (!args.db.empty()) throw CliError("--db and --store: give one store, not both");
  } else {
    db = database_path(args.db);
  }
  setup_logging(args.log_level);
  serve(args, options, db, delay);
  // Only now: every thread of the server has ended (a search is cancelled at the shutdown).
  spdlog::info("event=exit code=0");
  return kExitOk;
}

void serve(const ServeArgs& args, const server::ServerOptions& options, const fs::path& db,
           const DelayRange& delay) {
  // 2. The store, the port, the hub (which resumes the open tables).
  std::unique_ptr<server::Store> store;
  std::string store_name = db.string();
  if (!args.store.empty()) {
    try {
      store = std::make_unique<server::PgStore>(
          server::PgStore::Options{.url = args.store,
                                   .code_prefix = args.code_prefix,
                                   .standby = !args.standby_for.empty()});
    } catch (const std::exception& e) {
      throw CliError(fmt::format("--store: {}", e.what()));
    }
    store_name = server::url_without_password(args.store);
  } else {
    try {
      store = std::make_unique<server::SqliteStore>(db);
    } catch (const std::exception& e) {
      throw CliError(fmt::format("--db '{}': {}", db.string(), e.what()));
    }
  }
  std::unique_ptr<server::HttpServer> http;
  try {
    server::ServerOptions http_options = options;
    // On PostgreSQL the housekeeping also hands this server's tables to the shared lobby.
    if (!args.store.empty()) http_options.housekeeping_period = std::chrono::seconds(1);
    http = std::make_unique<server::HttpServer>(http_options);
  } catch (const std::runtime_error& e) {
    throw CliError(e.what());
  }
  // The players (accounts, sessions, ratings) live in the store (SQLite or PostgreSQL; on
  // PostgreSQL shared by every server of the database, docs/server-store.md).
  server::PlayerStore* players = dynamic_cast<server::PlayerStore*>(store.get());
  if (!players) spdlog::warn("event=no_player_store store={} accounts=off", store_name);
  std::unique_ptr<server::PgLobby> lobby;  // outlives the hub's use of it
  server::Hub hub(*store, http->transport(), hub_config(args, delay), http->now(), players);
  std::function<void()> housekeeping;
  if (!args.export_dir.empty()) {
    // Every finished game at start, then whenever games have finished (checked every 10 s), and
    // once more after the shutdown. A failed export is logged; the games stay in the database.
    auto exported = std::make_shared<uint64_t>(UINT64_MAX);
    housekeeping = [&hub, &store, players, exported, dir = fs::path(args.export_dir)] {
      const uint64_t finished = hub.stats().games_finished_total;
      if (finished == *exported) return;
      try {
        const server::ExportResult r = server::export_games(*store, dir);
        if (players) server::export_players(*players, dir);  // players.json: ratings, no secrets
        *exported = finished;
        if (r.written > 0)
          spdlog::info("event=export dir={} written={} unchanged={}", dir.string(), r.written,
                       r.unchanged);
      } catch (const std::exception& e) {
        spdlog::error("event=export_failed dir={} error=\"{}\"", dir.string(), e.what());
      }
    };
    housekeeping();
  }
  if (!args.store.empty()) {
    // The lobby of every server on the database (pg_lobby.h): ours out every second, theirs in.
    lobby = std::make_unique<server::PgLobby>(server::PgLobby::Options{
        .url = args.store, .server = args.code_prefix.empty() ? "default" : args.code_prefix});
    hub.set_remote_lobby([&lobby] { return lobby->remote(); });
    lobby->set_local(hub.public_tables());
    auto* pg = dynamic_cast<server::PgStore*>(store.get());
    housekeeping = [&hub, &lobby, pg, prefix = args.code_prefix,
                    exporting = std::move(housekeeping)] {
      if (pg->lost_prefix()) {
        // Another process took this prefix over (this one was cut off from the database or
        // stood still past its lease, docs/scaling.md): nothing more can be stored, so stop at
        // once, as a kill -9 would; the clients reconnect through the proxy to the new owner.
        spdlog::error("event=prefix_lost prefix={} exit={}", prefix, kExitPrefixLost);
        spdlog::default_logger()->flush();
        std::_Exit(kExitPrefixLost);
      }
      lobby->set_local(hub.public_tables());
      if (exporting) exporting();
    };
  }
  const server::HubStats resumed = hub.stats();
  spdlog::info("event=start version={} db={} tables_resumed={} web={} code_prefix={}", kVersion,
               store_name, resumed.tables, args.web.empty() ? "none" : args.web,
               args.code_prefix.empty() ? "none" : args.code_prefix);
  spdlog::info("event=listening url={} ws={}/ws", http->http_url(),
               "ws" + http->http_url().substr(4));
  // The one line on stdout: scripts and tests read the port from it (--port 0).
  fmt::print("listening on {}\n", http->http_url());
  std::fflush(stdout);

  // 3. Serve until SIGTERM/SIGINT (with the accounts' API, docs/accounts.md).
  if (players) http->set_players(*players);
  http->run(hub, *store, housekeeping);
  if (!args.export_dir.empty()) {
    // The players change without a game ending (a claim, a deletion): written once more at exit.
    try {
      if (players) server::export_players(*players, args.export_dir);
    } catch (const std::exception& e) {
      spdlog::error("event=export_failed dir={} error=\"{}\"", args.export_dir, e.what());
    }
  }
}

}  // namespace

DelayRange parse_delay_range(const std::string& flag, const std::string& text) {
  const std::string problem = fmt::format(
      "{}: must be MIN-MAX or MS in milliseconds, each a whole number from 0 to {}, got '{}'", flag,
      kMaxBotDelayMs, text);
  const size_t dash = text.find('-');
  const std::optional<long long> lo = whole(text.substr(0, dash));
  const std::optional<long long> hi =
      dash == std::string::npos ? lo : whole(std::string_view(text).substr(dash + 1));
  if (!lo || !hi || *lo < 0 || *hi < 0 || *lo > kMaxBotDelayMs || *hi > kMaxBotDelayMs)
    throw CliError(problem);
  if (*lo > *hi)
    throw CliError(
        fmt::format("{}: the minimum {} is above the maximum {} in '{}'", flag, *lo, *hi, text));
  return {*lo, *hi};
}

Command add_serve_command(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  CLI::App* sub = app.add_subcommand(
      "serve", "Run the game server: HTTP and WebSocket on one port (docs/server.md)");
  sub->add_option("--host", args->host, "Address to listen on (0.0.0.0: every interface)")
      ->capture_default_str();
  sub->add_option("--port", args->port, "TCP port (0: any free port, printed at start)")
      ->capture_default_str()
      ->check(whole_number(0, 65535));
  sub->add_option("--db", args->db,
                  "SQLite database file of the tables and games (default: "
                  "$XDG_STATE_HOME/allegra/server.sqlite or ~/.local/state/allegra/server.sqlite)")
      ->type_name("PATH");
  sub->add_option("--store", args->store,
                  "PostgreSQL database of the tables and games instead of the SQLite file "
                  "(docs/server-store.md): postgresql://USER@HOST:PORT/DB")
      ->type_name("URL");
  sub->add_option("--web", args->web,
                  "Folder of the web client's static files (default: a minimal status page)")
      ->type_name("DIR");
  sub->add_option("--export", args->export_dir,
                  "Folder to write every finished game into, as a record file ID.jsonl, and the "
                  "players and their ratings into players.json")
      ->type_name("DIR");
  sub->add_option("--bot-delay", args->bot_delay,
                  "How long a bot seems to think, in milliseconds: MIN-MAX (or one number)")
      ->capture_default_str()
      ->type_name("MIN-MAX");
  sub->add_option("--bot-threads", args->bot_threads,
                  "Threads that run the bots' decisions, off the thread that serves the tables")
      ->capture_default_str()
      ->check(whole_number(1, 64));
  sub->add_option("--bot-specs", args->bot_specs,
                  "Which bots clients may order: the levels (easy, medium, hard, level:expert), or "
                  "any spec of docs/bots.md within --bot-max-ms and --bot-max-threads (a trusted "
                  "deployment)")
      ->capture_default_str()
      ->check(CLI::IsMember({"levels", "any"}));
  sub->add_option("--bot-max-ms", args->bot_max_ms,
                  "Every bot decision's deadline in milliseconds (a search answers with what it "
                  "has then); with --bot-specs any also the largest mcts:<N>ms allowed")
      ->capture_default_str()
      ->check(whole_number(1, 600'000));
  sub->add_option("--bot-max-threads", args->bot_max_threads,
                  "With --bot-specs any: the most threads a bot spec may ask for (mcts:...:<T>t)")
      ->capture_default_str()
      ->check(whole_number(1, 64));
  sub->add_option("--max-tables", args->max_tables, "Open tables the server holds at most")
      ->capture_default_str()
      ->check(whole_number(1, 10'000'000));
  sub->add_option("--max-tables-per-connection", args->max_tables_per_connection,
                  "Open tables one connection may have created")
      ->capture_default_str()
      ->check(whole_number(1, 10'000'000));
  sub->add_option("--max-tables-per-ip", args->max_tables_per_ip,
                  "Open tables the connections of one IP address may have created")
      ->capture_default_str()
      ->check(whole_number(1, 10'000'000));
  sub->add_option("--idle-close-s", args->idle_close_s,
                  "Seconds after which a lobby or finished table nobody is at is closed")
      ->capture_default_str()
      ->check(whole_number(1, 86'400));
  sub->add_option("--chat-per-ip", args->chat_per_ip,
                  "Chat lines per 10 s from all connections of one IP address")
      ->capture_default_str()
      ->check(whole_number(1, 1'000'000));
  sub->add_option("--chat-per-table", args->chat_per_table,
                  "Chat lines per 10 s into one table, from everybody")
      ->capture_default_str()
      ->check(whole_number(1, 1'000'000));
  sub->add_option("--max-per-ip", args->max_per_ip,
                  "Open connections allowed from one IP address (more are refused)")
      ->capture_default_str()
      ->check(whole_number(1, 1'000'000));
  sub->add_option("--deflate", args->deflate,
                  "permessage-deflate for the clients that offer it: on, no-takeover (each frame "
                  "compressed on its own) or off (docs/server.md)")
      ->capture_default_str()
      ->check(CLI::IsMember({"on", "no-takeover", "off"}));
  sub->add_option("--code-prefix", args->code_prefix,
                  "Make only table codes starting with these 1 or 2 characters of the code "
                  "alphabet, one prefix per process behind a proxy (docs/scaling.md)")
      ->type_name("PREFIX");
  sub->add_option("--standby-for", args->standby_for,
                  "With --store: wait until no process holds this code prefix (it stopped, died, "
                  "or stood still past its 5 s lease), then serve it, resuming its open tables "
                  "(docs/scaling.md); the port is opened only then")
      ->type_name("PREFIX");
  sub->add_option("--trusted-proxy", args->trusted_proxies,
                  "Address of a proxy whose X-Forwarded-For names the client for the "
                  "per-address limits (repeatable; from any other address the header is ignored)")
      ->type_name("ADDR");
  sub->add_flag("--secure-cookies", args->secure_cookies,
                "Mark the session cookie Secure: the server is reached over HTTPS through a proxy "
                "(docs/accounts.md)");
  sub->add_option("--review-level", args->review_level,
                  "The game reviews' level (docs/review.md): hard, expert, or test (a tiny "
                  "budget, for tests)")
      ->capture_default_str()
      ->check(CLI::IsMember({"hard", "expert", "test"}));
  sub->add_option("--review-budget-s", args->review_budget_s,
                  "Seconds of bot-thread work one game's review may take; past it, it fails")
      ->capture_default_str()
      ->check(whole_number(1, 86'400));
  sub->add_option("--review-threads", args->review_threads,
                  "Threads that compute the game reviews, at a lower priority than the bots "
                  "(0: on the bot threads when they are idle)")
      ->capture_default_str()
      ->check(whole_number(0, 64));
  sub->add_option("--reviews-per-player", args->reviews_per_player,
                  "Reviews one player (session) may ask for in an hour")
      ->capture_default_str()
      ->check(whole_number(1, 1'000'000));
  sub->add_option("--reviews-per-ip", args->reviews_per_ip,
                  "Reviews one IP address may ask for in an hour")
      ->capture_default_str()
      ->check(whole_number(1, 1'000'000));
  sub->add_option("--log-level", args->log_level, "Log level of the stderr log")
      ->capture_default_str()
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));
  sub->footer(
      "Prints 'listening on http://HOST:PORT' on stdout, logs to stderr, stops on SIGTERM or\n"
      "SIGINT (clients get \"bye\"). The game protocol is in docs/protocol.md.\n"
      "Examples:\n"
      "  allegra serve\n"
      "  allegra serve --host 0.0.0.0 --port 8080 --db /var/lib/allegra/server.sqlite\n"
      "  allegra serve --port 0 --db /tmp/test.sqlite --bot-delay 20-40\n"
      "  allegra serve --port 8081 --db /var/lib/allegra/a.sqlite --code-prefix A "
      "--trusted-proxy 127.0.0.1");
  return {sub, [args] { return run_serve(*args); }};
}

}  // namespace allegra::cli
