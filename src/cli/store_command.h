// `allegra store migrate --from sqlite:PATH --to postgresql://...`: copies the store of a SQLite
// server (its open tables with their logs, its finished games, its players with their sessions,
// ratings and seats) into an empty PostgreSQL database, then checks the copy: every open table's
// log equals the source's, every finished game of the copy replays exactly (`allegra replay
// --check`), and the players' rows and profiles read back equal. Progress on stderr; a table for
// people, or --json. docs/server-store.md, "Moving to PostgreSQL".
#pragma once

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace allegra::cli {

Command add_store_command(CLI::App& app);

}  // namespace allegra::cli
