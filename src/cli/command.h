// Command: a subcommand of allegra as its CLI11 app and the function that runs it.
//
// Each subcommand module (selfplay_command.h, replay_command.h, ...) adds its CLI11
// subcommand with its flags to the main app and returns a Command whose run() is called by
// app.cc after a successful parse if that subcommand was given. run() returns the exit code
// and reports user errors by throwing CliError.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace allegra::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

}  // namespace allegra::cli
