// HttpServer: the network side of `allegra serve`, one port for HTTP and WebSocket (Boost.Beast).
//
// What: it listens on one TCP port; a GET of /ws that asks for a WebSocket upgrade becomes a
// game connection, every other request is plain HTTP (the status page or the --web files,
// /t/CODE, /healthz, /metrics, /games/ID.jsonl). It is the hub's Transport: each connection has
// a bounded queue of frames (SharedText, serialised once per broadcast and shared by every
// recipient) written one at a time. It drives the hub: open/receive/close as sockets do, one
// flush() per turn of the event loop after any input (group commit: the store commits once for
// the whole batch, then the frames go out), one timer re-armed to hub.next_wake() for tick().
// SIGTERM and SIGINT stop it gracefully (see run()).
// Why one thread: the hub and the store are single-threaded by design (no locks, one order of
// events, a deterministic log); one core does tens of thousands of small messages a second, and
// the other core is left to the OS and the store's fsyncs. Beast lives only in http_server.cc
// (one slow translation unit), behind this Beast-free header.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/hub.h"
#include "server/player_store.h"
#include "server/review_jobs.h"
#include "server/store.h"
#include "server/transport.h"

namespace allegra::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port (see HttpServer::port())
  std::optional<std::filesystem::path> web_dir;
  std::string version;
  // The largest WebSocket message read. Above the hub's 16 KiB limit on purpose: a message of
  // 16 to 64 KiB reaches the hub, which answers with an error on a connection that stays open;
  // only a bigger one makes Beast close the connection (close code 1009, "message too big").
  size_t ws_read_max = 64 * 1024;
  // Open connections (HTTP and WebSocket) from one IP address; more are refused at accept.
  size_t max_connections_per_ip = 256;
  // A client whose unsent frames exceed either bound does not read: it is disconnected.
  size_t max_queue_frames = 4096;
  size_t max_queue_bytes = 8 * 1024 * 1024;
  // Graceful shutdown: how long the clients get to read their "bye" and close.
  std::chrono::milliseconds shutdown_grace{3000};
  // permessage-deflate (RFC 7692) for the clients that offer it (browsers all do): off, on (each
  // connection keeps its compressor's window between frames, so a frame much like the last one
  // costs a few dozen bytes), or no_takeover (every frame compressed on its own: less memory,
  // more bytes). docs/server.md and docs/bench.md give the figures behind the default.
  enum class Deflate { off, on, no_takeover };
  Deflate deflate = Deflate::off;
  // Addresses of the proxies whose X-Forwarded-For is believed (docs/server.md, "Behind a
  // proxy"): a WebSocket from one of them counts for the address the proxy names (its last
  // X-Forwarded-For value) in every per-address limit; from anywhere else the header is ignored.
  // Numeric IPv4 or IPv6 addresses; HttpServer's constructor throws on one it cannot read.
  std::vector<std::string> trusted_proxies;
  // How often run()'s housekeeping function is called.
  std::chrono::milliseconds housekeeping_period{10'000};
  // The accounts (docs/accounts.md): Secure on the session cookie (reached over TLS, through a
  // proxy), and how many Argon2id hashes run at once and may wait.
  bool secure_cookies = false;
  size_t hash_threads = 1;
  size_t hash_queue = 64;
  // The game reviews (review_jobs.h; `allegra serve --review-*`): nullopt serves none.
  std::optional<ReviewConfig> reviews;
};

class HttpServer {
 public:
  // Binds and listens; throws std::runtime_error naming the address and the reason (e.g. the
  // port is in use, the host is not an address of this machine).
  explicit HttpServer(ServerOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  uint16_t port() const;         // the bound port (the chosen one for port 0)
  std::string http_url() const;  // http://HOST:PORT
  Transport& transport();        // give it to the hub
  Millis now() const;            // the server's steady clock, the hub's time

  // Serves until SIGTERM or SIGINT, then shuts down gracefully: stops accepting, calls
  // hub.shutdown() (every client gets "bye", the store commits), lets every connection write
  // what is queued and closes it (at most shutdown_grace), and returns. An exception from the
  // hub or the store (a write the store cannot make) ends the loop and is rethrown.
  // `housekeeping` (may be empty) is called on the io thread every housekeeping_period and once
  // more after the shutdown (e.g. the export of finished games).
  void run(Hub& hub, Store& store, std::function<void()> housekeeping = {});
  // The players' store: with it, run() serves the accounts' API under /api/ and ties the
  // session cookie of a WebSocket upgrade to its player (docs/accounts.md). Call before run().
  void set_players(PlayerStore& players);

  struct Impl;  // the sessions, timers and state (http_server.cc); public for the sessions there

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace allegra::server
