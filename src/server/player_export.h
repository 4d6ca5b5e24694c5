#pragma once

#include <filesystem>

#include "server/player_store.h"

namespace allegra::server {

// Writes `dir`/players.json: every player (id, guest, name, created, deleted) with his skill and
// its history, and the seats he played (docs/accounts.md, "Export"). Never a password hash or a
// session. Rewritten at each export (under a temporary name, then renamed); a players.json that
// is not one of ours (no "format": "allegra-players") is never overwritten: StoreError.
void export_players(PlayerStore& players, const std::filesystem::path& dir);

}  // namespace allegra::server
