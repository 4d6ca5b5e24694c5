// The one translation unit with Beast in the server (see http_server.h for what and why).
//
// Objects and lifetimes: Impl owns the io_context, the acceptor, the timers and the table of
// open WebSocket sessions (by ConnectionId, for the hub's send/close). Each session is kept
// alive by its own pending operations (shared_from_this); a session never calls the hub from a
// Transport call (send/close only queue and start writes), so the hub is never re-entered.
// The per-IP count lives in a shared table that a session's IpSlot releases when it dies.
#include "server/http_server.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <csignal>
#include <deque>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/accounts.h"
#include "server/credentials.h"
#include "server/forwarded_for.h"
#include "server/game_replay.h"
#include "server/log_field.h"
#include "server/metrics.h"
#include "server/review_jobs.h"
#include "server/static_files.h"
#include "server/status_page.h"
#include "server/tutorial.h"

namespace allegra::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

constexpr std::chrono::seconds kHttpTimeout{30};
constexpr size_t kHttpBodyLimit = 16 * 1024;
constexpr std::chrono::milliseconds kAcceptRetry{100};

// Open connections per IP address, shared with the sessions so that the last one can release
// its slot even after the server is gone.
using IpCounts = std::unordered_map<std::string, size_t>;

class IpSlot {
 public:
  IpSlot() = default;
  IpSlot(std::shared_ptr<IpCounts> counts, std::string ip)
      : counts_(std::move(counts)), ip_(std::move(ip)) {
    ++(*counts_)[ip_];
  }
  IpSlot(IpSlot&& other) noexcept = default;
  // Releases this slot and takes the other's (a proxied connection moves to its client's slot).
  IpSlot& operator=(IpSlot&& other) noexcept {
    if (this == &other) return *this;
    release();
    counts_ = std::move(other.counts_);
    ip_ = std::move(other.ip_);
    return *this;
  }
  IpSlot(const IpSlot&) = delete;
  ~IpSlot() { release(); }
  const std::string& ip() const { return ip_; }

 private:
  void release() {
    if (!counts_) return;
    auto it = counts_->find(ip_);
    if (it != counts_->end() && --it->second == 0) counts_->erase(it);
    counts_.reset();
  }
  std::shared_ptr<IpCounts> counts_;
  std::string ip_;
};

// "/games/ABC-1.jsonl" -> "ABC-1" with suffix ".jsonl" (likewise "/replay.json", or "" for the
// viewer's page) if the id is plausible (letters, digits, '-', '_').
std::optional<std::string> game_id_of(std::string_view path, std::string_view suffix) {
  constexpr std::string_view kPrefix = "/games/";
  if (!path.starts_with(kPrefix) || !path.ends_with(suffix)) return std::nullopt;
  const std::string_view id =
      path.substr(kPrefix.size(), path.size() - kPrefix.size() - suffix.size());
  if (id.empty() || id.size() > 128) return std::nullopt;
  for (char c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return std::nullopt;
  return std::string(id);
}

// The web client's own pages (its router reads the path): /t/CODE, /games/ID, /rules,
// /rules/LANG. With --web they are its index.html.
bool is_client_route(std::string_view path) {
  auto one_segment = [](std::string_view rest) {
    return !rest.empty() && rest.find('/') == std::string_view::npos;
  };
  if (path == "/rules" || path == "/tutorial") return true;
  if (path == "/me" || path == "/leaderboard") return true;  // the players' pages (issue 29)
  if (path.starts_with("/players/")) return one_segment(path.substr(9));
  if (path.starts_with("/rules/")) return one_segment(path.substr(7));
  if (path.starts_with("/t/")) return one_segment(path.substr(3));
  if (path.ends_with("/review") && game_id_of(path, "/review")) return true;  // the review page
  return game_id_of(path, "").has_value() && !path.ends_with(".jsonl") && !path.ends_with(".json");
}

std::string read_whole_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A value for a key=value log field.
std::string field(std::string_view value) { return log_field(value); }

}  // namespace

class WsSession;
class HttpSession;

struct HttpServer::Impl final : Transport {
  explicit Impl(ServerOptions o) : options(std::move(o)) {
    for (const std::string& proxy : options.trusted_proxies) {
      const std::optional<std::string> address = canonical_address(proxy);
      if (!address)
        throw std::runtime_error(fmt::format(
            "--trusted-proxy '{}': not an IPv4 or IPv6 address (give the proxy's address, such "
            "as 127.0.0.1)",
            proxy));
      trusted_proxies.push_back(*address);
    }
  }
  bool is_trusted_proxy(const std::string& ip) const {
    return std::find(trusted_proxies.begin(), trusted_proxies.end(), ip) != trusted_proxies.end();
  }

  // --- Transport (called by the hub, inside its calls) ------------------------------------
  void send(ConnectionId to, SharedText text) override;
  void close(ConnectionId to, std::string_view reason) override;

  // --- The loop -----------------------------------------------------------------------------
  Millis now() const { return std::chrono::duration_cast<Millis>(Clock::now() - epoch); }
  void listen();
  void accept();
  void on_accept(beast::error_code ec, tcp::socket socket);
  void request_flush();
  void flush();
  void arm_wake();
  void sample_rates();
  void housekeeping();
  void begin_shutdown(std::string_view why);
  void stop_if_drained();

  // --- Sessions -----------------------------------------------------------------------------
  void ws_opened(const std::shared_ptr<WsSession>& session);
  void ws_closed(ConnectionId id);
  void note_receive(Clock::time_point at);
  Response answer(const Request& request);
  // An /api/ request (accounts.h): `write` gets the response on the io thread, now or later.
  void answer_api(const Request& request, const std::string& ip,
                  std::function<void(Response)> write);
  // /api/games/ID/review (review_jobs.h): answered at once.
  Response answer_review(const Request& request, const std::string& ip);
  // A WebSocket upgrade that a cross-site page asks for with the player's cookie: a 403.
  std::optional<Response> refuse_upgrade(const Request& request);
  std::string status(std::optional<std::string> table_code) const;

  ServerOptions options;
  asio::io_context ioc{1};
  tcp::acceptor acceptor{ioc};
  asio::signal_set signals{ioc, SIGINT, SIGTERM};
  asio::steady_timer wake_timer{ioc};
  asio::steady_timer rate_timer{ioc};
  asio::steady_timer housekeeping_timer{ioc};
  asio::steady_timer accept_retry{ioc};
  asio::steady_timer shutdown_timer{ioc};
  Clock::time_point epoch = Clock::now();
  std::string host_text;  // for URLs: [::1] for IPv6

  Hub* hub = nullptr;
  Store* store = nullptr;
  PlayerStore* players = nullptr;
  std::unique_ptr<Accounts> accounts;
  std::unique_ptr<PasswordHasher> hasher;  // after accounts: joined before accounts goes
  std::unique_ptr<ReviewJobs> reviews;     // the game reviews, on the hub's bot threads
  std::unordered_map<ConnectionId, std::shared_ptr<WsSession>> sockets;
  std::shared_ptr<IpCounts> per_ip = std::make_shared<IpCounts>();
  std::vector<std::string> trusted_proxies;  // canonical addresses (--trusted-proxy)
  ConnectionId next_id = 1;
  bool flush_posted = false;
  bool stopping = false;
  std::optional<Millis> armed_wake;         // when wake_timer fires (nullopt: not armed)
  Millis last_tick{-1};                     // when tick() last ran
  uint64_t wake_generation = 0;             // a fired wait of an older arming does nothing
  std::vector<Clock::time_point> receipts;  // messages read since the last flush
  std::function<void()> housekeeping_fn;
  NetMetrics metrics;
  ActionRate action_rate;
  std::array<uint64_t, 4> last_summary{};  // tables, playing, finished, connections last logged
};

// ---------------------------------------------------------------------------------------------
// WsSession: one game connection. Reads messages into the hub; writes the queued frames in
// order, one async_write at a time; closes after the queue when the hub (or shutdown) asks.
// ---------------------------------------------------------------------------------------------
// The permessage-deflate settings of a server that offers it. A 4 KiB window (12 bits) reaches
// back over the whole previous frame (2.7-2.9 KB), which is where nearly all of a frame's text
// is found again; memLevel 4 keeps the compressor's hash at 8 KiB. So each connection holds
// about 16 + 8 KiB for compressing and 4 KiB for inflating, instead of zlib's 256 KiB default.
// Frames below 64 bytes (acks, pongs) are not worth compressing. Level 3 (zlib's fast matcher,
// no lazy matching): a third less compression CPU than level 6 for ~95 instead of ~71 bytes per
// delta on the wire (docs/bench.md, issue 27 §4).
websocket::permessage_deflate deflate_options(ServerOptions::Deflate mode) {
  websocket::permessage_deflate pmd;
  pmd.server_enable = true;
  pmd.server_max_window_bits = 12;
  pmd.client_max_window_bits = 12;
  pmd.server_no_context_takeover = mode == ServerOptions::Deflate::no_takeover;
  pmd.client_no_context_takeover = mode == ServerOptions::Deflate::no_takeover;
  pmd.compLevel = 3;
  pmd.memLevel = 4;
  pmd.msg_size_threshold = 64;
  return pmd;
}

class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(HttpServer::Impl& server, beast::tcp_stream&& stream, IpSlot slot, ConnectionId id)
      : server_(server), ws_(std::move(stream)), slot_(std::move(slot)), id_(id) {}

  ConnectionId id() const { return id_; }
  const std::string& ip() const { return slot_.ip(); }
  // The player of the upgrade's session cookie (docs/accounts.md): his seats come back to him.
  void set_player(std::optional<PlayerId> player) { player_ = player; }

  void accept(Request request) {
    websocket::stream_base::timeout timeouts =
        websocket::stream_base::timeout::suggested(beast::role_type::server);
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator(
        [version = server_.options.version](websocket::response_type& res) {
          res.set(http::field::server, "allegra/" + version);
        }));
    ws_.read_message_max(server_.options.ws_read_max);
    ws_.text(true);
    if (server_.options.deflate != ServerOptions::Deflate::off)
      ws_.set_option(deflate_options(server_.options.deflate));
    ws_.async_accept(request,
                     [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
  }

  // Transport::send: queue one frame; a client that lets too much pile up is cut off.
  void send(SharedText text) {
    if (dead_ || close_started_) return;
    if (queue_.size() >= server_.options.max_queue_frames ||
        queued_bytes_ + text->size() > server_.options.max_queue_bytes) {
      ++server_.metrics.slow_clients_closed;
      spdlog::warn("event=connection_dropped id={} ip={} reason=send_queue_full frames={} bytes={}",
                   id_, ip(), queue_.size(), queued_bytes_);
      abort();
      return;
    }
    queued_bytes_ += text->size();
    queue_.push_back(std::move(text));
    if (!writing_) write_next();
  }

  // Transport::close: a close frame with `reason` once the queued frames are written.
  void close_after_queue(std::string_view reason) {
    if (dead_ || close_requested_) return;
    close_requested_ = true;
    // A close reason is at most 123 bytes (RFC 6455); cut it at a character boundary.
    std::string text(reason.substr(0, 123));
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
      text.pop_back();
    if (!text.empty() && (static_cast<unsigned char>(text.back()) & 0x80)) text.pop_back();
    close_reason_ = std::move(text);
    if (!writing_) write_next();
  }

  // Drops the connection now (the read completes with an error, which ends the session).
  void abort() {
    if (dead_) return;
    dead_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) {
      spdlog::info("event=handshake_failed ip={} error={}", ip(), field(ec.message()));
      return;
    }
    if (server_.stopping) return;
    server_.ws_opened(shared_from_this());
    open_ = true;
    server_.hub->open(id_, ip(), server_.now());
    if (player_) server_.hub->set_player(id_, *player_);
    server_.request_flush();
    read();
  }

  void read() {
    ws_.async_read(
        buffer_, [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) return finish(ec);
    const Clock::time_point received = Clock::now();
    ++server_.metrics.messages_received;
    // A flat_buffer holds the whole message in one piece.
    const auto data = buffer_.cdata();
    server_.hub->receive(id_, std::string_view(static_cast<const char*>(data.data()), data.size()),
                         server_.now());
    buffer_.consume(buffer_.size());
    server_.note_receive(received);
    read();
  }

  // The socket is gone (closed by either side, reset, timed out): tell the hub once.
  void finish(beast::error_code ec) {
    if (open_) {
      open_ = false;
      const bool normal = ec == websocket::error::closed || ec == asio::error::operation_aborted;
      spdlog::info("event=connection_close id={} ip={} reason={}", id_, ip(),
                   field(normal ? "closed" : ec.message()));
      server_.hub->close(id_, server_.now());
      server_.request_flush();
      server_.ws_closed(id_);
    }
    dead_ = true;
  }

  void write_next() {
    if (dead_) return;
    if (queue_.empty()) {
      if (close_requested_ && !close_started_) start_close();
      return;
    }
    writing_ = true;
    ws_.async_write(
        asio::buffer(*queue_.front()),
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_write(ec); });
  }

  void on_write(beast::error_code ec) {
    writing_ = false;
    if (ec) {
      abort();
      return;
    }
    ++server_.metrics.frames_sent;
    queued_bytes_ -= queue_.front()->size();
    queue_.pop_front();
    write_next();
  }

  void start_close() {
    close_started_ = true;
    ws_.async_close(websocket::close_reason(websocket::close_code::normal, close_reason_),
                    [self = shared_from_this()](beast::error_code) {
                      // The pending read ends with websocket::error::closed (or the timeout).
                    });
  }

  HttpServer::Impl& server_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  IpSlot slot_;
  ConnectionId id_;
  std::optional<PlayerId> player_;
  std::deque<SharedText> queue_;
  size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool open_ = false;             // the hub knows this connection
  bool dead_ = false;             // the socket is closed or failed
  bool close_requested_ = false;  // close after the queue
  bool close_started_ = false;    // async_close issued
  std::string close_reason_;
};

// ---------------------------------------------------------------------------------------------
// HttpSession: reads requests on a connection, answers them (keep-alive), or hands the socket
// to a WsSession on an upgrade of /ws.
// ---------------------------------------------------------------------------------------------
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(HttpServer::Impl& server, tcp::socket&& socket, IpSlot slot, bool from_proxy)
      : server_(server),
        stream_(std::move(socket)),
        slot_(std::move(slot)),
        from_proxy_(from_proxy) {}

  void read() {
    parser_.emplace();
    parser_->body_limit(kHttpBodyLimit);
    stream_.expires_after(kHttpTimeout);
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

 private:
  void on_read(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
        ec == asio::error::operation_aborted || ec == asio::error::connection_reset ||
        ec == asio::error::eof) {
      beast::error_code ignored;
      stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
      return;
    }
    if (ec) {  // a request Beast cannot parse: one 400, then the connection closes
      Response res{http::status::bad_request, 11};
      res.set(http::field::content_type, "text/plain; charset=utf-8");
      res.body() = "bad request: " + ec.message() + "\n";
      res.keep_alive(false);
      res.prepare_payload();
      return write(std::move(res));
    }
    Request request = parser_->release();
    if (server_.reviews && ReviewJobs::handles(target_path(request.target())))
      return write(server_.answer_review(request, slot_.ip()));
    if (server_.accounts && Accounts::handles(target_path(request.target()))) {
      return server_.answer_api(
          request, slot_.ip(),
          [self = shared_from_this()](Response response) { self->write(std::move(response)); });
    }
    if (websocket::is_upgrade(request)) {  // on /ws (any path: docs/protocol.md)
      if (std::optional<Response> refused = server_.refuse_upgrade(request))
        return write(std::move(*refused));
      if (server_.stopping) {
        Response res{http::status::service_unavailable, request.version()};
        res.body() = "the server is shutting down\n";
        res.keep_alive(false);
        res.prepare_payload();
        return write(std::move(res));
      }
      if (from_proxy_ && !take_forwarded_slot(request)) return;
      stream_.expires_never();
      auto session = std::make_shared<WsSession>(server_, std::move(stream_), std::move(slot_),
                                                 server_.next_id++);
      if (server_.accounts)
        session->set_player(server_.accounts->player_of(request[http::field::cookie]));
      session->accept(std::move(request));
      return;
    }
    write(server_.answer(request));
  }

  void write(Response response) {
    auto res = std::make_shared<Response>(std::move(response));
    ++server_.metrics.http_requests;
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res](beast::error_code ec, size_t) {
                        if (ec) return;
                        if (!res->keep_alive() || self->server_.stopping) {
                          beast::error_code ignored;
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
                          return;
                        }
                        self->read();
                      });
  }

  // A WebSocket through a trusted proxy counts for the client the proxy names in
  // X-Forwarded-For (forwarded_for.h), under the same per-address limit as a direct one; false
  // (after a 503 reply) if that address has as many connections as it may.
  bool take_forwarded_slot(const Request& request) {
    std::vector<std::string_view> values;
    for (const auto& f : request)
      if (beast::iequals(f.name_string(), "X-Forwarded-For")) values.emplace_back(f.value());
    const std::optional<std::string> client = forwarded_client(values);
    if (!client) return true;  // no usable header: the proxy's own address, as for /healthz
    auto it = server_.per_ip->find(*client);
    if (it != server_.per_ip->end() && it->second >= server_.options.max_connections_per_ip) {
      ++server_.metrics.connections_refused;
      spdlog::warn("event=connection_refused ip={} proxy={} reason=per_ip_limit limit={}", *client,
                   slot_.ip(), server_.options.max_connections_per_ip);
      Response res{http::status::service_unavailable, request.version()};
      res.set(http::field::content_type, "text/plain; charset=utf-8");
      res.body() = "too many connections from your address\n";
      res.keep_alive(false);
      res.prepare_payload();
      write(std::move(res));
      return false;
    }
    slot_ = IpSlot(server_.per_ip, *client);
    return true;
  }

  HttpServer::Impl& server_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  IpSlot slot_;
  bool from_proxy_ = false;  // the peer is a --trusted-proxy
};

// ---------------------------------------------------------------------------------------------
// Impl
// ---------------------------------------------------------------------------------------------
void HttpServer::Impl::send(ConnectionId to, SharedText text) {
  auto it = sockets.find(to);
  if (it != sockets.end()) it->second->send(std::move(text));
}

void HttpServer::Impl::close(ConnectionId to, std::string_view reason) {
  auto it = sockets.find(to);
  if (it != sockets.end()) it->second->close_after_queue(reason);
}

void HttpServer::Impl::listen() {
  // A numeric address is taken as it is (no DNS lookup for a mistyped "999.1.1.1"); a name
  // ("localhost") is resolved.
  beast::error_code ec;
  const bool numeric =
      options.host.find_first_not_of("0123456789.:abcdefABCDEF") == std::string::npos;
  tcp::resolver resolver(ioc);
  const auto flags = numeric ? tcp::resolver::numeric_service | tcp::resolver::numeric_host
                             : tcp::resolver::numeric_service;
  const auto endpoints = resolver.resolve(options.host, std::to_string(options.port), flags, ec);
  if (ec || endpoints.empty())
    throw std::runtime_error(fmt::format("--host {}: not an address of this machine ({})",
                                         options.host, ec ? ec.message() : "no address"));
  const tcp::endpoint endpoint = *endpoints.begin();
  const std::string where = fmt::format("{}:{}", options.host, options.port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot listen on {}: {}", where, ec.message()));
  const asio::ip::address address = acceptor.local_endpoint().address();
  host_text = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
}

void HttpServer::Impl::accept() {
  acceptor.async_accept(
      [this](beast::error_code ec, tcp::socket socket) { on_accept(ec, std::move(socket)); });
}

void HttpServer::Impl::on_accept(beast::error_code ec, tcp::socket socket) {
  if (stopping || ec == asio::error::operation_aborted) return;
  if (ec) {  // e.g. out of file descriptors: wait a little instead of spinning
    spdlog::warn("event=accept_failed error={}", field(ec.message()));
    accept_retry.expires_after(kAcceptRetry);
    accept_retry.async_wait([this](beast::error_code e) {
      if (!e) accept();
    });
    return;
  }
  beast::error_code ignored;
  const tcp::endpoint peer = socket.remote_endpoint(ignored);
  std::string ip = peer.address().to_string();
  // A trusted proxy's connections are limited by the client address it names (HttpSession).
  const bool from_proxy = is_trusted_proxy(ip);
  auto it = per_ip->find(ip);
  if (!from_proxy && it != per_ip->end() && it->second >= options.max_connections_per_ip) {
    ++metrics.connections_refused;
    spdlog::warn("event=connection_refused ip={} reason=per_ip_limit limit={}", ip,
                 options.max_connections_per_ip);
    socket.close(ignored);
  } else {
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(*this, std::move(socket), IpSlot(per_ip, std::move(ip)),
                                  from_proxy)
        ->read();
  }
  accept();
}

void HttpServer::Impl::ws_opened(const std::shared_ptr<WsSession>& session) {
  sockets.emplace(session->id(), session);
  ++metrics.connections_total;
  metrics.connections_open = sockets.size();
  spdlog::info("event=connection_open id={} ip={}", session->id(), session->ip());
}

void HttpServer::Impl::ws_closed(ConnectionId id) {
  sockets.erase(id);
  metrics.connections_open = sockets.size();
  if (stopping) stop_if_drained();
}

void HttpServer::Impl::note_receive(Clock::time_point at) {
  receipts.push_back(at);
  request_flush();
}

// One flush per turn of the loop: every handler that is ready now runs before the posted flush.
void HttpServer::Impl::request_flush() {
  if (flush_posted) return;
  flush_posted = true;
  asio::post(ioc, [this] { flush(); });
}

void HttpServer::Impl::flush() {
  flush_posted = false;
  hub->flush();
  ++metrics.flushes;
  const Clock::time_point done = Clock::now();
  for (const Clock::time_point at : receipts)
    metrics.message_latency.observe(std::chrono::duration<double>(done - at).count());
  receipts.clear();
  if (!stopping) arm_wake();
}

// The timer follows hub.next_wake(): re-armed only when the wake moves, so a burst of messages
// does not cancel and restart it each time. A wake that comes early only ticks for nothing.
void HttpServer::Impl::arm_wake() {
  const std::optional<Millis> wake = hub->next_wake();
  if (wake == armed_wake) return;
  armed_wake = wake;
  const uint64_t generation = ++wake_generation;
  if (!wake) {
    wake_timer.cancel();
    return;
  }
  // Never sooner than 1 ms after the last tick: a wake that a tick leaves in the past must not
  // make the loop spin.
  wake_timer.expires_at(epoch + std::max(*wake, last_tick + Millis(1)));
  wake_timer.async_wait([this, generation](beast::error_code ec) {
    if (ec || generation != wake_generation || stopping) return;
    armed_wake.reset();
    last_tick = now();
    hub->tick(last_tick);
    request_flush();
  });
}

// Once a second: the action rate, and a log line when the tables changed (the hub itself does
// not log; this keeps the log at one line a second at most under load).
void HttpServer::Impl::sample_rates() {
  const HubStats stats = hub->counts();
  action_rate.sample(stats.actions_total);
  const std::array<uint64_t, 4> summary{stats.tables, stats.games_playing,
                                        stats.games_finished_total, sockets.size()};
  if (summary != last_summary) {
    last_summary = summary;
    spdlog::info("event=tables open={} lobby={} playing={} games_finished_total={} connections={}",
                 stats.tables, stats.tables_lobby, stats.games_playing, stats.games_finished_total,
                 sockets.size());
  }
  rate_timer.expires_after(std::chrono::seconds(1));
  rate_timer.async_wait([this](beast::error_code ec) {
    if (!ec) sample_rates();
  });
}

void HttpServer::Impl::housekeeping() {
  housekeeping_timer.expires_after(options.housekeeping_period);
  housekeeping_timer.async_wait([this](beast::error_code ec) {
    if (ec) return;
    housekeeping_fn();
    housekeeping();
  });
}

void HttpServer::Impl::begin_shutdown(std::string_view why) {
  if (stopping) return;
  stopping = true;
  spdlog::info("event=shutdown reason={} connections={}", why, sockets.size());
  beast::error_code ignored;
  acceptor.close(ignored);
  signals.cancel();
  rate_timer.cancel();
  housekeeping_timer.cancel();
  accept_retry.cancel();
  wake_timer.cancel();
  ++wake_generation;
  hub->shutdown(now());  // "bye" to every client, the store commits, the frames are queued
  for (auto& [id, session] : sockets) session->close_after_queue("server shutting down");
  shutdown_timer.expires_after(options.shutdown_grace);
  shutdown_timer.async_wait([this](beast::error_code ec) {
    if (ec) return;
    spdlog::warn("event=shutdown_timeout connections={}", sockets.size());
    ioc.stop();
  });
  stop_if_drained();
}

void HttpServer::Impl::stop_if_drained() {
  if (sockets.empty()) ioc.stop();
}

std::string HttpServer::Impl::status(std::optional<std::string> table_code) const {
  const HubStats stats = hub->stats();
  StatusInfo info;
  info.version = options.version;
  info.tables = stats.tables;
  info.games_playing = stats.games_playing;
  info.connections = sockets.size();
  info.ws_url = fmt::format("ws://{}:{}/ws", host_text,
                            acceptor.is_open() ? acceptor.local_endpoint().port() : options.port);
  info.table_code = std::move(table_code);
  return status_page(info);
}

void HttpServer::Impl::answer_api(const Request& request, const std::string& ip,
                                  std::function<void(Response)> write) {
  ApiRequest api;
  api.method = std::string(request.method_string());
  api.path = std::string(target_path(request.target()));
  if (const size_t q = request.target().find('?'); q != std::string_view::npos)
    api.query = std::string(request.target().substr(q + 1));
  api.cookie = std::string(request[http::field::cookie]);
  api.origin = std::string(request[http::field::origin]);
  api.host = std::string(request[http::field::host]);
  api.content_type = std::string(request[http::field::content_type]);
  api.body = request.body();
  api.ip = ip;
  const unsigned version = request.version();
  const bool keep_alive = request.keep_alive();
  accounts->handle(api, [this, version, keep_alive, write = std::move(write)](ApiReply reply) {
    Response res{static_cast<http::status>(reply.status), version};
    res.set(http::field::server, "allegra/" + options.version);
    res.set(http::field::content_type, reply.content_type);
    res.set(http::field::cache_control, "no-store");
    for (const std::string& cookie : reply.set_cookies) res.insert(http::field::set_cookie, cookie);
    if (!reply.content_disposition.empty())
      res.set(http::field::content_disposition, reply.content_disposition);
    res.keep_alive(keep_alive);
    res.body() = std::move(reply.body);
    res.prepare_payload();
    write(std::move(res));
  });
}

Response HttpServer::Impl::answer_review(const Request& request, const std::string& ip) {
  ApiRequest api;
  api.method = std::string(request.method_string());
  api.path = std::string(target_path(request.target()));
  api.ip = ip;
  const std::string_view cookie = request[http::field::cookie];
  const std::string_view origin = request[http::field::origin];
  ApiReply reply;
  if (api.method == "POST" && !origin.empty() && !same_origin(origin, request[http::field::host]))
    reply = {403,
             "application/json",
             R"({"error":"foreign_origin","message":"ask for a review from this site's pages"})",
             {},
             {}};
  else
    reply = reviews->handle(api, accounts ? accounts->player_of(cookie) : std::nullopt);
  Response res{static_cast<http::status>(reply.status), request.version()};
  res.set(http::field::server, "allegra/" + options.version);
  res.set(http::field::content_type, reply.content_type);
  res.set(http::field::cache_control, "no-store");
  if (reply.status == 429) {
    const auto retry = nlohmann::json::parse(reply.body, nullptr, false);
    if (retry.is_object() && retry.contains("retry_after_s"))
      res.set(http::field::retry_after, std::to_string(retry["retry_after_s"].get<int64_t>()));
  }
  res.keep_alive(request.keep_alive());
  res.body() = std::move(reply.body);
  res.prepare_payload();
  return res;
}

std::optional<Response> HttpServer::Impl::refuse_upgrade(const Request& request) {
  // A browser always sends Origin on a WebSocket upgrade; a page of another site that opens a
  // socket here would carry the player's cookie (docs/security.md).
  const std::string_view cookie = request[http::field::cookie];
  const std::string_view origin = request[http::field::origin];
  if (cookie.empty() || origin.empty() || !cookie_value(cookie, kSessionCookie).has_value() ||
      same_origin(origin, request[http::field::host]))
    return std::nullopt;
  ++metrics.connections_refused;
  spdlog::warn("event=upgrade_refused reason=foreign_origin origin={}", field(origin));
  Response res{http::status::forbidden, request.version()};
  res.set(http::field::content_type, "text/plain; charset=utf-8");
  res.body() = "a page of another site cannot open a game connection with your session\n";
  res.keep_alive(false);
  res.prepare_payload();
  return res;
}

// Every plain HTTP request (see docs/server.md for the list).
Response HttpServer::Impl::answer(const Request& request) {
  Response res{http::status::ok, request.version()};
  res.set(http::field::server, "allegra/" + options.version);
  res.keep_alive(request.keep_alive());
  auto reply = [&](http::status code, std::string_view type, std::string body) {
    res.result(code);
    res.set(http::field::content_type, type);
    res.body() = std::move(body);
  };
  const std::string_view path = target_path(request.target());
  const bool head = request.method() == http::verb::head;
  if (request.method() != http::verb::get && !head) {
    reply(http::status::method_not_allowed, "text/plain; charset=utf-8",
          "only GET and HEAD are served\n");
    res.set(http::field::allow, "GET, HEAD");
  } else if (path == "/healthz") {
    // Answered on the io thread, so an answer says the loop runs; the store says its own.
    const std::optional<std::string> store_problem = store->health_problem();
    if (stopping)
      reply(http::status::service_unavailable, "text/plain; charset=utf-8", "stopping\n");
    else if (store_problem)
      reply(http::status::service_unavailable, "text/plain; charset=utf-8",
            "store: " + *store_problem + "\n");
    else
      reply(http::status::ok, "text/plain; charset=utf-8", "ok\n");
  } else if (path == "/metrics") {
    reply(http::status::ok, "text/plain; version=0.0.4; charset=utf-8",
          metrics_text(metrics, hub->stats(), store->stats(), action_rate.per_second()));
  } else if (path == "/ws" || path.starts_with("/ws/")) {
    reply(http::status::upgrade_required, "text/plain; charset=utf-8",
          "this is the WebSocket endpoint: connect with a WebSocket client\n");
    res.set(http::field::upgrade, "websocket");
  } else if (const std::optional<std::string> id = game_id_of(path, ".jsonl")) {
    std::optional<std::string> record = hub->game_record(*id);
    if (record)
      reply(http::status::ok, "application/x-ndjson", std::move(*record));
    else
      reply(http::status::not_found, "text/plain; charset=utf-8",
            fmt::format("no finished game {}\n", *id));
  } else if (path == "/tutorial.json") {
    // The tutorial's lessons, replayed through the engine (docs/tutorial-format.md).
    static const std::string tutorial = tutorial_json(tutorial_script());
    reply(http::status::ok, "application/json", tutorial);
  } else if (const std::optional<std::string> game = game_id_of(path, "/replay.json")) {
    // The replay viewer's steps, built from the stored record (docs/replay-format.md).
    std::optional<std::string> record = hub->game_record(*game);
    if (!record) {
      reply(http::status::not_found, "text/plain; charset=utf-8",
            fmt::format("no finished game {}\n", *game));
    } else {
      try {
        reply(http::status::ok, "application/json", replay_json(*game, *record));
      } catch (const RecordError& e) {
        reply(http::status::not_found, "text/plain; charset=utf-8",
              fmt::format("game {} cannot be replayed: {}\n", *game, e.what()));
      }
    }
  } else if (options.web_dir && is_client_route(path)) {
    // The web client's router takes over from its index.html.
    if (const std::optional<std::filesystem::path> index =
            resolve_static(*options.web_dir, "/index.html")) {
      reply(http::status::ok, content_type(index->string()), read_whole_file(*index));
      res.set(http::field::cache_control, "no-cache");
    } else {
      reply(http::status::not_found, "text/plain; charset=utf-8", "no index.html in --web\n");
    }
  } else if (path.starts_with("/t/") && path.size() > 3 &&
             path.find('/', 3) == std::string_view::npos) {
    // An invite link without the web client: the status page naming the table.
    reply(http::status::ok, "text/html; charset=utf-8",
          status(percent_decode(path.substr(3)).value_or(std::string(path.substr(3)))));
  } else if (options.web_dir) {
    if (const std::optional<std::filesystem::path> file =
            resolve_static(*options.web_dir, request.target())) {
      // The build's .br/.gz sibling if the client accepts it (docs/server.md).
      const EncodedFile sent = precompressed(*file, request[http::field::accept_encoding]);
      reply(http::status::ok, content_type(file->string()), read_whole_file(sent.path));
      res.set(http::field::cache_control, cache_control(path));
      res.set(http::field::vary, "Accept-Encoding");
      if (!sent.encoding.empty()) res.set(http::field::content_encoding, sent.encoding);
    } else if (path == "/") {
      reply(http::status::ok, "text/html; charset=utf-8", status(std::nullopt));
    } else {
      reply(http::status::not_found, "text/plain; charset=utf-8", "not found\n");
    }
  } else if (path == "/" || path == "/index.html") {
    reply(http::status::ok, "text/html; charset=utf-8", status(std::nullopt));
  } else {
    reply(http::status::not_found, "text/plain; charset=utf-8", "not found\n");
  }
  res.prepare_payload();
  if (head) {
    const size_t length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// HttpServer
// ---------------------------------------------------------------------------------------------
HttpServer::HttpServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  impl_->listen();
}

HttpServer::~HttpServer() = default;

uint16_t HttpServer::port() const { return impl_->acceptor.local_endpoint().port(); }

std::string HttpServer::http_url() const {
  return fmt::format("http://{}:{}", impl_->host_text, port());
}

Transport& HttpServer::transport() { return *impl_; }

void HttpServer::set_players(PlayerStore& players) { impl_->players = &players; }

Millis HttpServer::now() const { return impl_->now(); }

void HttpServer::run(Hub& hub, Store& store, std::function<void()> housekeeping) {
  Impl& s = *impl_;
  s.housekeeping_fn = std::move(housekeeping);
  s.hub = &hub;
  s.store = &store;
  if (s.players) {
    s.hasher = std::make_unique<PasswordHasher>(
        s.options.hash_threads, s.options.hash_queue,
        [&s](std::function<void()> result) { asio::post(s.ioc, std::move(result)); });
    AccountOptions account_options;
    account_options.secure_cookies = s.options.secure_cookies;
    s.accounts = std::make_unique<Accounts>(store, *s.players, *s.hasher, account_options);
  }
  if (s.options.reviews && hub.bot_worker())
    s.reviews = std::make_unique<ReviewJobs>(
        store, *hub.bot_worker(), *s.options.reviews,
        [&s](std::function<void()> f) { asio::post(s.ioc, std::move(f)); });
  s.signals.async_wait([&s](beast::error_code ec, int signal) {
    if (!ec) s.begin_shutdown(signal == SIGTERM ? "SIGTERM" : "SIGINT");
  });
  s.accept();
  s.sample_rates();
  if (s.housekeeping_fn) s.housekeeping();
  s.request_flush();  // the resumed tables' timers
  // A store that commits on a thread of its own calls back through the loop (PgStore).
  store.set_post([&s](std::function<void()> f) { asio::post(s.ioc, std::move(f)); });
  s.ioc.run();
  if (s.reviews) s.reviews->stop();  // the reviews under way end; nothing posts any more
  store.set_post(nullptr);           // the loop is over: the last flush waits for its commit
  hub.flush();                       // what the last closes logged
  if (s.housekeeping_fn) s.housekeeping_fn();
  spdlog::info("event=stopped connections={}", s.sockets.size());
}

}  // namespace allegra::server
