#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "loadtest/load_report.h"

namespace allegra::loadtest {

inline constexpr int kMaxTables = 10000;
inline constexpr int kMaxSeconds = 3600;

struct LoadConfig {
  std::string host = "127.0.0.1";  // this machine only (checked_loopback)
  uint16_t port = 0;
  int tables = 10;     // 1 .. kMaxTables, 4 person seats each
  int seconds = 10;    // the measured window, 1 .. kMaxSeconds
  int pace_ms = 2000;  // one action per table every pace_ms (0: as fast as the server answers)
  uint64_t seed = 1;   // the clients' choices among the legal actions
  // Offer permessage-deflate (as browsers do); the server decides (allegra serve --deflate).
  bool deflate = true;
  // Ask for delta frames (hello's `deltas`), as the web client does; off: whole updates.
  bool deltas = true;
  // Clients bind to 127.0.0.2 .. 127.0.0.(1+N); 0: enough addresses for at most 200 connections
  // each (allegra serve allows 256 per address by default, --max-per-ip), at least 8.
  int source_addresses = 0;
  // Every client a signed-in player: a guest session from GET /api/me (guest_session.h), its
  // cookie on the WebSocket upgrade; off: anonymous connections, as before accounts.
  bool signed_in = false;
};

// The IPv4 address to connect to: "localhost" or an address in 127.0.0.0/8; anything else is a
// LoadError (a load test aimed at another machine would be an attack on it).
std::string checked_loopback(const std::string& host);

// Raises the soft limit of open files to the hard limit; a LoadError if even the hard limit is
// below `needed`. Returns the new soft limit.
uint64_t raise_file_limit(uint64_t needed);

// LoadRun: `allegra loadtest`, the load generator for `allegra serve` (docs/bench.md has figures).
//
// Why its own client: the figures must come from clients that speak the real protocol
// (docs/protocol.md) over real sockets, as many as 4 x 10,000 on one io thread, which no tool
// installed here does. Each table is 4 Beast WebSocket clients: the first creates a private table
// of 4 person seats and sits, the others join and sit, the creator starts (and asks for a rematch
// when a game ends). Every client answers when its seat is pending with a legal action drawn from
// a seeded Rng; the table sends at most one action per pace_ms, and each connection at most the
// server's per-connection message rate (send_pacer.h: at pace 0 one seat would play faster than
// the server allows). Latency is measured from writing an action to the moment the update that
// follows reached all 4 clients of the table.
//
// Steps: 1. set up the tables, at most 64 at a time; 2. measure for `seconds`; 3. close every
// connection cleanly. Bounded: a hard deadline (setup 60 s + 20 ms a table, the window, 15 s to
// close) ends the run whatever the server does. Every error frame, unexpected close, sequenced
// frame whose seq is not the last one + 1 (per client) and action unanswered for 10 s counts as
// an error. Progress goes to `progress` every 5 s (if not null). The bytes the clients received in
// the window are counted twice: as frames (after inflating) and on the wire (the kernel's count
// of TCP payload, socket_bytes.h), so a compressed connection's real cost shows.
LoadReport run_load(const LoadConfig& config, std::ostream* progress);

}  // namespace allegra::loadtest
