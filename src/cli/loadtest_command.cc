#include "cli/loadtest_command.h"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>

#include "cli/cli_error.h"
#include "cli/number_flags.h"
#include "loadtest/load_run.h"

namespace allegra::cli {

namespace {

struct LoadtestArgs {
  loadtest::LoadConfig config;
  long long port = 0;
  bool json = false;
  bool quiet = false;
  std::string deflate = "on";
  std::string deltas = "on";
};

int run_loadtest(const LoadtestArgs& args) {
  loadtest::LoadConfig config = args.config;
  config.port = static_cast<uint16_t>(args.port);
  config.deflate = args.deflate == "on";
  config.deltas = args.deltas == "on";
  loadtest::LoadReport report;
  try {
    report = loadtest::run_load(config, args.quiet ? nullptr : &std::cerr);
  } catch (const loadtest::LoadError& e) {
    throw CliError(e.what());
  }
  fmt::print("{}", args.json ? loadtest::report_json(report) : loadtest::report_text(report));
  return report.errors == 0 ? kExitOk : 1;
}

}  // namespace

Command add_loadtest_command(CLI::App& app) {
  auto args = std::make_shared<LoadtestArgs>();
  CLI::App* sub = app.add_subcommand(
      "loadtest", "Play many 4-player tables against a running allegra serve on this machine");
  sub->add_option("--port", args->port, "The port of allegra serve")
      ->required()
      ->check(whole_number(1, 65535));
  sub->add_option("--host", args->config.host,
                  "The server's address: localhost or 127.x.x.x only (this machine)")
      ->capture_default_str();
  sub->add_option("--tables", args->config.tables, "Tables of 4 person seats (4 connections each)")
      ->capture_default_str()
      ->check(whole_number(1, loadtest::kMaxTables));
  sub->add_option("--seconds", args->config.seconds, "Length of the measured window, after setup")
      ->capture_default_str()
      ->check(whole_number(1, loadtest::kMaxSeconds));
  sub->add_option("--pace-ms", args->config.pace_ms,
                  "One action per table every this many ms (0: as fast as the server answers)")
      ->capture_default_str()
      ->check(whole_number(0, 60'000));
  sub->add_option("--seed", args->config.seed, "Seed of the players' choices")
      ->capture_default_str()
      ->check(seed_number());
  sub->add_option("--sources", args->config.source_addresses,
                  "Spread the clients over this many source addresses 127.0.0.2, 127.0.0.3, ... "
                  "(0: at most 200 connections per address, at least 8 addresses)")
      ->capture_default_str()
      ->check(whole_number(0, 250));
  sub->add_option("--deflate", args->deflate,
                  "Offer permessage-deflate, as browsers do (the server decides: serve --deflate)")
      ->capture_default_str()
      ->check(CLI::IsMember({"on", "off"}));
  sub->add_option("--deltas", args->deltas,
                  "Ask for delta frames after the first table, as the web client does (off: a "
                  "whole table per update, as a server before delta frames sends)")
      ->capture_default_str()
      ->check(CLI::IsMember({"on", "off"}));
  sub->add_flag("--signed-in", args->config.signed_in,
                "Every client a signed-in player: a guest session from GET /api/me, its cookie "
                "on the WebSocket (at most 100 clients per source address: the server's guest "
                "limit)");
  sub->add_flag("--json", args->json, "Print the report as one JSON object");
  sub->add_flag("--quiet", args->quiet, "No progress lines on stderr");
  sub->footer(
      "Sets up the tables (4 clients each: one creates, the others join, all sit, the creator\n"
      "starts), then measures for --seconds: every client answers with a seeded legal action\n"
      "when asked, at most one action per table every --pace-ms and, per connection, never\n"
      "more messages than the server allows (20 a second). Latency: from writing an action to\n"
      "its update reaching all 4 clients. Exit status 1 if there was any error (an error\n"
      "frame, a lost connection, an action left unanswered for 10 s).\n"
      "Example:\n"
      "  allegra loadtest --port 8080 --tables 1000 --seconds 60 --pace-ms 2000");
  return {sub, [args] { return run_loadtest(*args); }};
}

}  // namespace allegra::cli
