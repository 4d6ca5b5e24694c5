// One public table as the lobby (`list`) shows it, from this process or from another one that
// shares the PostgreSQL store (pg_lobby.h, docs/scaling.md "The lobby across processes").
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace allegra::server {

struct LobbyEntry {
  int status = 0;       // wire::RoomStatus as a number: the lobby lists waiting tables first
  std::string code;     // the table's code (its process's code prefix first)
  std::string summary;  // the table's summary, as the `tables` frame carries it (JSON text)

  friend bool operator==(const LobbyEntry&, const LobbyEntry&) = default;
};

// The public tables of the other processes (a snapshot; called on the io thread, must not block).
using RemoteLobby = std::function<std::vector<LobbyEntry>()>;

}  // namespace allegra::server
