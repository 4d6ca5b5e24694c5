// A small synchronous client for the server tests: WebSocket (text frames of the game protocol)
// and plain HTTP GET, on Boost.Beast, behind a Beast-free header so that each test file compiles
// fast (Beast lives in ws_client.cc only).
//
// Every call that waits has a bound: receive() returns nothing after its timeout, a connect or
// an HTTP request that takes too long throws. A test never sleeps where it can wait for a frame.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace allegra::server_testing {

using namespace std::chrono_literals;

struct HttpResult {
  int status = 0;
  std::string content_type;
  std::string body;
  std::string cache_control;
  std::string content_encoding;
  std::string vary;
};

// GET (or another method) of `target` on 127.0.0.1:port; throws std::runtime_error on a network
// failure or after `timeout`.
HttpResult http_request(uint16_t port, std::string_view target, std::string_view method = "GET",
                        std::chrono::milliseconds timeout = 10s,
                        std::string_view accept_encoding = {});
inline HttpResult http_get(uint16_t port, std::string_view target) {
  return http_request(port, target);
}

// Where and how a WsClient connects (the defaults are those of WsClient(port)).
struct WsConnectOptions {
  std::string path = "/ws";    // e.g. /ws/CODE through a proxy that routes by code
  std::string source_address;  // bind the socket to this local address first ("": any)
  std::string forwarded_for;   // an X-Forwarded-For header in the handshake ("": none)
  std::chrono::milliseconds timeout = 10s;
  bool offer_deflate = false;
  // More headers of the handshake, e.g. a signed-in browser's Cookie and Origin.
  std::vector<std::pair<std::string, std::string>> headers;
};
// A request with headers and a body (the accounts' API, tests/server/serve_accounts_test.cc),
// and what its answer says: the status, the body, every Set-Cookie and Content-Disposition.
struct HttpCall {
  int status = 0;
  std::string body;
  std::vector<std::string> set_cookies;
  std::string content_disposition;
};
HttpCall http_call(uint16_t port, std::string_view method, std::string_view target,
                   const std::vector<std::pair<std::string, std::string>>& headers,
                   std::string_view body = {}, std::chrono::milliseconds timeout = 10s);

class WsClient {
 public:
  // Connects to ws://127.0.0.1:port<options.path>; throws std::runtime_error on failure,
  // timeout, or a handshake the server refuses.
  WsClient(uint16_t port, const WsConnectOptions& options);
  // Connects to ws://127.0.0.1:port/ws; throws std::runtime_error on failure or timeout.
  // `offer_deflate`: offer permessage-deflate in the handshake, as browsers do.
  explicit WsClient(uint16_t port, std::chrono::milliseconds timeout = 10s,
                    bool offer_deflate = false);
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void send(std::string_view text);
  // The same without the exception: false if the write failed (the server may close the socket
  // while a message it refuses is still being written).
  bool try_send(std::string_view text);
  void send(const nlohmann::json& message) { send(std::string_view(message.dump())); }

  // The next text frame, or nullopt if none came within `timeout` or the connection closed
  // (then closed() is true and close_code()/close_reason() tell why).
  std::optional<std::string> receive(std::chrono::milliseconds timeout = 10s);
  // The next frame parsed as JSON (nullopt as for receive(); a frame that is not JSON throws).
  std::optional<nlohmann::json> receive_json(std::chrono::milliseconds timeout = 10s);
  // Reads frames until one satisfies `match` and returns it; every frame read (the match
  // included) is appended to seen(). Throws std::runtime_error naming `what` and the last
  // frames if none matches within `timeout` or the connection closes first.
  nlohmann::json wait_for(const std::function<bool(const nlohmann::json&)>& match,
                          std::string_view what, std::chrono::milliseconds timeout = 20s);
  // wait_for a frame whose "type" is `type`.
  nlohmann::json wait_type(std::string_view type, std::chrono::milliseconds timeout = 20s);

  const std::vector<nlohmann::json>& seen() const { return seen_; }
  bool closed() const { return closed_; }
  int close_code() const { return close_code_; }
  const std::string& close_reason() const { return close_reason_; }
  // The server's Sec-WebSocket-Extensions answer ("" if it accepted none).
  const std::string& extensions() const { return extensions_; }
  // Bytes received: on the wire (the kernel's count of TCP payload, so compressed) and in the
  // text frames read (after inflating).
  uint64_t wire_bytes_received() const;
  uint64_t frame_bytes_received() const { return frame_bytes_; }
  // Sends a close frame and waits (bounded) for the server's.
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::vector<nlohmann::json> seen_;
  bool closed_ = false;
  std::string send_error_;
  int close_code_ = 0;
  std::string close_reason_;
  std::string extensions_;
  uint64_t frame_bytes_ = 0;
};

}  // namespace allegra::server_testing
