#include "server/ws_client.h"

#include <fmt/format.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <stdexcept>

#include "loadtest/socket_bytes.h"

namespace allegra::server_testing {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// Runs `ioc` until `done` or the deadline; false on timeout.
bool run_until(asio::io_context& ioc, const bool& done, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  ioc.restart();
  while (!done) {
    const auto left = deadline - std::chrono::steady_clock::now();
    if (left <= std::chrono::steady_clock::duration::zero()) return false;
    if (ioc.run_one_for(left) == 0 && ioc.stopped()) ioc.restart();
  }
  return true;
}

}  // namespace

HttpResult http_request(uint16_t port, std::string_view target, std::string_view method,
                        std::chrono::milliseconds timeout, std::string_view accept_encoding) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(timeout);
  beast::error_code ec;
  stream.async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                       [&](beast::error_code e) { ec = e; });
  ioc.run();
  if (ec) throw std::runtime_error(fmt::format("connect to port {}: {}", port, ec.message()));
  http::request<http::empty_body> req{http::string_to_verb(method), std::string(target), 11};
  req.set(http::field::host, fmt::format("127.0.0.1:{}", port));
  if (!accept_encoding.empty()) req.set(http::field::accept_encoding, accept_encoding);
  req.keep_alive(false);
  http::response_parser<http::string_body> parser;
  parser.skip(req.method() == http::verb::head);  // a HEAD answer has a length but no body
  beast::flat_buffer buffer;
  http::async_write(stream, req, [&](beast::error_code e, size_t) {
    ec = e;
    if (e) return;
    http::async_read(stream, buffer, parser, [&](beast::error_code e2, size_t) { ec = e2; });
  });
  ioc.restart();
  ioc.run();
  if (ec)
    throw std::runtime_error(
        fmt::format("{} {} on port {}: {}", method, target, port, ec.message()));
  const http::response<http::string_body>& res = parser.get();
  return {static_cast<int>(res.result_int()),
          std::string(res[http::field::content_type]),
          res.body(),
          std::string(res[http::field::cache_control]),
          std::string(res[http::field::content_encoding]),
          std::string(res[http::field::vary])};
}

HttpCall http_call(uint16_t port, std::string_view method, std::string_view target,
                   const std::vector<std::pair<std::string, std::string>>& headers,
                   std::string_view body, std::chrono::milliseconds timeout) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(timeout);
  beast::error_code ec;
  stream.async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                       [&](beast::error_code e) { ec = e; });
  ioc.run();
  if (ec) throw std::runtime_error(fmt::format("connect to port {}: {}", port, ec.message()));
  http::request<http::string_body> req{http::string_to_verb(method), std::string(target), 11};
  req.set(http::field::host, fmt::format("127.0.0.1:{}", port));
  for (const auto& [name, value] : headers) req.set(name, value);
  req.keep_alive(false);
  req.body() = std::string(body);
  req.prepare_payload();
  http::response_parser<http::string_body> parser;
  beast::flat_buffer buffer;
  http::async_write(stream, req, [&](beast::error_code e, size_t) {
    ec = e;
    if (e) return;
    http::async_read(stream, buffer, parser, [&](beast::error_code e2, size_t) { ec = e2; });
  });
  ioc.restart();
  ioc.run();
  if (ec)
    throw std::runtime_error(
        fmt::format("{} {} on port {}: {}", method, target, port, ec.message()));
  const http::response<http::string_body>& res = parser.get();
  HttpCall call{static_cast<int>(res.result_int()),
                res.body(),
                {},
                std::string(res[http::field::content_disposition])};
  for (auto [it, end] = res.equal_range(http::field::set_cookie); it != end; ++it)
    call.set_cookies.emplace_back(it->value());
  return call;
}

struct WsClient::Impl {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  bool reading = false;  // an async_read is pending (from a receive() that timed out)
  bool read_done = false;
  beast::error_code read_error;
};

WsClient::WsClient(uint16_t port, std::chrono::milliseconds timeout, bool offer_deflate)
    : WsClient(port, WsConnectOptions{"/ws", "", "", timeout, offer_deflate, {}}) {}

WsClient::WsClient(uint16_t port, const WsConnectOptions& options)
    : impl_(std::make_unique<Impl>()) {
  auto& ws = impl_->ws;
  const std::chrono::milliseconds timeout = options.timeout;
  if (options.offer_deflate) {
    websocket::permessage_deflate pmd;
    pmd.client_enable = true;
    ws.set_option(pmd);
  }
  if (!options.forwarded_for.empty() || !options.headers.empty()) {
    ws.set_option(websocket::stream_base::decorator(
        [value = options.forwarded_for, headers = options.headers](websocket::request_type& req) {
          if (!value.empty()) req.set("X-Forwarded-For", value);
          for (const auto& [name, text] : headers) req.set(name, text);
        }));
  }
  websocket::response_type response;
  beast::error_code ec;
  bool done = false;
  if (!options.source_address.empty()) {
    auto& socket = beast::get_lowest_layer(ws).socket();
    socket.open(tcp::v4());
    socket.bind(tcp::endpoint(asio::ip::make_address(options.source_address), 0));
  }
  beast::get_lowest_layer(ws).expires_after(timeout);
  beast::get_lowest_layer(ws).async_connect(
      tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), [&](beast::error_code e) {
        ec = e;
        if (e) {
          done = true;
          return;
        }
        ws.async_handshake(response, fmt::format("127.0.0.1:{}", port), options.path,
                           [&](beast::error_code e2) {
                             ec = e2;
                             done = true;
                           });
      });
  if (!run_until(impl_->ioc, done, timeout + 1s) || ec)
    throw std::runtime_error(fmt::format("WebSocket connect to port {}{}: {}", port, options.path,
                                         ec ? ec.message() : "timeout"));
  extensions_ = std::string(response[http::field::sec_websocket_extensions]);
  beast::get_lowest_layer(ws).expires_never();
  ws.read_message_max(16 * 1024 * 1024);
  ws.text(true);
}

WsClient::~WsClient() = default;

void WsClient::send(std::string_view text) {
  if (!try_send(text)) throw std::runtime_error("WebSocket send: " + send_error_);
}

bool WsClient::try_send(std::string_view text) {
  beast::error_code ec;
  impl_->ws.write(asio::buffer(text.data(), text.size()), ec);
  if (ec) send_error_ = ec.message();
  return !ec;
}

std::optional<std::string> WsClient::receive(std::chrono::milliseconds timeout) {
  if (closed_) return std::nullopt;
  Impl& s = *impl_;
  if (!s.reading) {
    s.reading = true;
    s.read_done = false;
    s.ws.async_read(s.buffer, [&s](beast::error_code e, size_t) {
      s.read_error = e;
      s.read_done = true;
    });
  }
  if (!run_until(s.ioc, s.read_done, timeout)) return std::nullopt;
  s.reading = false;
  if (s.read_error) {
    closed_ = true;
    close_code_ = s.ws.reason().code;
    close_reason_ = std::string(s.ws.reason().reason.c_str());
    if (s.read_error != websocket::error::closed && close_code_ == 0) close_code_ = -1;
    if (close_reason_.empty() && s.read_error != websocket::error::closed)
      close_reason_ = s.read_error.message();
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(s.buffer.cdata());
  s.buffer.consume(s.buffer.size());
  frame_bytes_ += text.size();
  return text;
}

uint64_t WsClient::wire_bytes_received() const {
  return loadtest::socket_bytes_received(
      beast::get_lowest_layer(impl_->ws).socket().native_handle());
}

std::optional<nlohmann::json> WsClient::receive_json(std::chrono::milliseconds timeout) {
  std::optional<std::string> text = receive(timeout);
  if (!text) return std::nullopt;
  return nlohmann::json::parse(*text);
}

nlohmann::json WsClient::wait_for(const std::function<bool(const nlohmann::json&)>& match,
                                  std::string_view what, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  const size_t first = seen_.size();
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    std::optional<nlohmann::json> message;
    if (left.count() > 0) message = receive_json(left);
    if (!message) {
      std::string last;
      for (size_t i = seen_.size() > first + 5 ? seen_.size() - 5 : first; i < seen_.size(); ++i)
        last += "\n  " + seen_[i].dump().substr(0, 400);
      throw std::runtime_error(fmt::format(
          "waiting for {}: {} (last frames:{})", what,
          closed_ ? fmt::format("the connection closed ({} {})", close_code_, close_reason_)
                  : "timed out",
          last.empty() ? " none" : last));
    }
    seen_.push_back(*message);
    if (match(*message)) return *message;
  }
}

nlohmann::json WsClient::wait_type(std::string_view type, std::chrono::milliseconds timeout) {
  return wait_for([type](const nlohmann::json& m) { return m.value("type", "") == type; },
                  fmt::format("a \"{}\" message", type), timeout);
}

void WsClient::close() {
  if (closed_) return;
  Impl& s = *impl_;
  auto done = std::make_shared<bool>(false);
  s.ws.async_close(websocket::close_code::normal, [done](beast::error_code) { *done = true; });
  run_until(s.ioc, *done, 5s);
  // Drain until the server's close frame ends the pending or a new read.
  for (int i = 0; i < 1000 && !closed_; ++i)
    if (!receive(5s)) break;
  closed_ = true;
}

}  // namespace allegra::server_testing
