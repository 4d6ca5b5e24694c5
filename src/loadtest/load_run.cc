#include "loadtest/load_run.h"

#include <fmt/format.h>
#include <sys/resource.h>

#include <array>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "engine/rng.h"
#include "loadtest/guest_session.h"
#include "loadtest/send_pacer.h"
#include "loadtest/socket_bytes.h"
#include "wire/client_writer.h"
#include "wire/frame_reader.h"

namespace allegra::loadtest {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using wire::client_text;
using wire::FrameRead;
using wire::PendingSeatRead;
using wire::read_frame;

std::string checked_loopback(const std::string& host) {
  if (host == "localhost") return "127.0.0.1";
  boost::system::error_code ec;
  const asio::ip::address_v4 address = asio::ip::make_address_v4(host, ec);
  if (ec || (address.to_uint() >> 24) != 127) {
    throw LoadError(fmt::format(
        "--host '{}': loadtest connects only to this machine (localhost or 127.x.x.x); a load "
        "test aimed at another machine would be an attack on it",
        host));
  }
  return address.to_string();
}

uint64_t raise_file_limit(uint64_t needed) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) throw LoadError("cannot read the open files limit");
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  if (limit.rlim_cur < needed) {
    throw LoadError(fmt::format(
        "this load test needs about {} open files, but the limit is {} (hard limit {}): raise "
        "the hard limit (ulimit -Hn as root, LimitNOFILE= in a service) or ask for fewer --tables",
        needed, limit.rlim_cur, limit.rlim_max));
  }
  return limit.rlim_cur;
}

namespace {

constexpr int kSetupSlots = 64;                 // tables being set up at once
constexpr size_t kReadBufferBytes = 64 * 1024;  // room to inflate any frame in one call
constexpr auto kActionTimeout = std::chrono::seconds(10);
constexpr auto kCloseTime = std::chrono::seconds(15);
constexpr auto kProgressEvery = std::chrono::seconds(5);
constexpr size_t kErrorsShown = 5;

double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

class Run;
struct TableRun;

// One WebSocket client: one person at one seat of one table.
class Client {
 public:
  Client(asio::io_context& io, Run& run, TableRun& table, int seat, asio::ip::address_v4 source,
         uint64_t seed);
  void connect();
  // Queues a frame; it is written when the connection's SendPacer has a token for it. An action
  // is timed (Run::action_sent) from the moment it is written.
  void send(std::string text, bool is_action = false);
  void close();
  bool can_act() const { return pending_ && !in_flight_ && (!acted_at_ || last_seq > *acted_at_); }
  std::string choose_action();  // marks the current seq as answered
  bool open() const { return handshaken_ && !closed_; }
  // The bytes this connection's socket has received (socket_bytes.h); 0 once closed.
  uint64_t wire_bytes() {
    return closed_ ? 0
                   : socket_bytes_received(beast::get_lowest_layer(ws_).socket().native_handle());
  }

  uint64_t last_seq = 0;

 private:
  void on_connect(boost::system::error_code ec);
  void read();
  void on_read(boost::system::error_code ec);
  void write_next();
  void handle(const FrameRead& frame);
  void check_seq(const FrameRead& frame);
  void see_table(const FrameRead& frame);
  void fail(std::string_view what, const boost::system::error_code& ec);
  // The creator opens /ws; the others /ws/CODE, so that a proxy routes them to the process that
  // holds the table (docs/scaling.md).
  std::string ws_path() const;

  asio::io_context& io_;
  Run& run_;
  TableRun& table_;
  int seat_;
  std::string cookie_;  // --signed-in: the guest session's "allegra_session=..." (guest_session.h)
  asio::ip::address_v4 source_;
  Rng rng_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  struct Outgoing {
    Clock::time_point at;  // when the pacer lets it go
    std::string text;
    bool is_action;
  };
  std::deque<Outgoing> out_;
  // Never more than the server's per-connection rate (docs/protocol.md, Limits).
  SendPacer pacer_;
  asio::steady_timer send_timer_;  // waits for the pacer's time of the next frame
  bool waiting_ = false;           // send_timer_ armed
  bool writing_ = false, handshaken_ = false, closing_ = false, closed_ = false, sit_sent_ = false;
  bool pending_ = false, seen_state_ = false;
  std::string game_;         // the table's game, as last sent (a delta sends it when it changes)
  std::string status_;       // the table's status, as last sent (likewise)
  bool ready_sent_ = false;  // Continue sent for the round end on show
  std::vector<std::string> legal_;
  std::optional<uint64_t> acted_at_;  // the seq this seat last answered
  // An action sent and not yet seen applied: an update built before it (another seat's, in a
  // knock window) may still list this seat as pending, and answering again would be an error.
  bool in_flight_ = false;
};

// One table: its 4 clients and its pace.
struct TableRun {
  explicit TableRun(asio::io_context& io, int index_) : index(index_), timer(io) {}
  int index;
  std::string code;
  std::array<std::unique_ptr<Client>, 4> clients;
  int seated = 0;
  bool started = false, playing = false;
  std::string rematched_game;
  std::deque<Client*> queue;  // seats waiting for their turn to send an action
  asio::steady_timer timer;
  bool timer_armed = false;
  Clock::time_point next_allowed{};
  struct Outstanding {
    Clock::time_point sent;
    uint64_t base_seq;  // the update answering it has a larger seq
  };
  std::deque<Outstanding> outstanding;
  // The last frame parsed by a client of this table: the server sends the same bytes to all 4,
  // so the others usually find it here and skip the parse.
  std::string last_text;
  FrameRead last_frame;

  std::string name() const { return code.empty() ? fmt::format("#{}", index + 1) : code; }
};

class Run {
 public:
  Run(const LoadConfig& config, std::ostream* progress);
  LoadReport run();

  // Called by the clients.
  const LoadConfig& config() const { return config_; }
  const tcp::endpoint& server() const { return server_; }
  bool stopping() const { return stopping_; }
  void error(std::string what);
  void refused();
  void connected() { ++report_.connections; }
  void disconnected();
  void table_created(TableRun& t);
  void table_playing(TableRun& t);
  void game_over() { report_.games += measuring_; }
  void request(TableRun& t, Client* c);
  void action_sent(TableRun& t, uint64_t base_seq);
  void delivered(TableRun& t);
  void received(size_t bytes) {
    if (!measuring_) return;
    ++report_.frames_received;
    report_.frame_bytes_received += bytes;
  }

 private:
  void launch_tables();
  void begin_measure();
  void end_measure();
  void pump(TableRun& t);
  void act_next(TableRun& t);
  void tick();
  uint64_t wire_bytes();  // every open client's socket_bytes_received

  LoadConfig config_;
  std::ostream* progress_;
  asio::io_context io_;
  tcp::endpoint server_;
  std::vector<std::unique_ptr<TableRun>> tables_;
  int next_table_ = 0, in_setup_ = 0, open_ = 0;
  bool measuring_ = false, stopping_ = false;
  Clock::time_point start_, measure_start_, last_progress_;
  asio::steady_timer tick_timer_, phase_timer_, guard_timer_;
  LoadReport report_;
  std::vector<double> latencies_;
};

// --- Client ---------------------------------------------------------------------------------

Client::Client(asio::io_context& io, Run& run, TableRun& table, int seat,
               asio::ip::address_v4 source, uint64_t seed)
    : io_(io),
      run_(run),
      table_(table),
      seat_(seat),
      source_(source),
      rng_(seed),
      ws_(io),
      send_timer_(io) {}

std::string Client::ws_path() const {
  return seat_ == 0 || table_.code.empty() ? "/ws" : "/ws/" + table_.code;
}

void Client::connect() {
  // A signed-in player first gets a session, as a browser's first visit does.
  if (run_.config().signed_in && cookie_.empty()) {
    return fetch_guest_cookie(
        io_, run_.server(), source_, run_.config().host, [this](GuestCookie guest) {
          if (closing_) return;
          if (guest.refused) return run_.refused();
          if (guest.cookie.empty())
            return run_.error(
                fmt::format("table {} seat {}: {}", table_.name(), seat_, guest.problem));
          cookie_ = std::move(guest.cookie);
          connect();
        });
  }
  tcp::socket& socket = beast::get_lowest_layer(ws_).socket();
  boost::system::error_code ec;
  // Bind first: each 127.0.0.x source address has its own ~28,000 ephemeral ports.
  socket.open(tcp::v4(), ec);
  if (!ec) socket.bind(tcp::endpoint(source_, 0), ec);
  if (ec) return fail("cannot bind a client socket", ec);
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
  beast::get_lowest_layer(ws_).async_connect(
      run_.server(), [this](boost::system::error_code e) { on_connect(e); });
}

void Client::on_connect(boost::system::error_code ec) {
  if (closing_) return;  // the run ended while connecting
  if (ec == asio::error::connection_refused) return run_.refused();
  if (ec) return fail("cannot connect", ec);
  run_.connected();
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ec);
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.text(true);
  if (run_.config().deflate) {
    // What Chromium offers: the server chooses the window (allegra serve --deflate).
    websocket::permessage_deflate pmd;
    pmd.client_enable = true;
    pmd.msg_size_threshold = 64;
    ws_.set_option(pmd);
  }
  if (!cookie_.empty()) {
    // The session, and the page's origin that the server checks beside it (docs/security.md).
    ws_.set_option(websocket::stream_base::decorator(
        [cookie = cookie_,
         origin = fmt::format("http://{}:{}", run_.config().host, run_.server().port())](
            websocket::request_type& request) {
          request.set(beast::http::field::cookie, cookie);
          request.set(beast::http::field::origin, origin);
        }));
  }
  // Host with the port, as a browser sends it: the server compares a cookie's Origin with it.
  const std::string host = fmt::format("{}:{}", run_.config().host, run_.server().port());
  ws_.async_handshake(host, ws_path(), [this](boost::system::error_code e) {
    if (closing_) return;
    if (e) return fail("WebSocket handshake failed", e);
    handshaken_ = true;
    send(client_text(
        {std::nullopt, wire::Hello{wire::kProtocolVersion, "Load" + std::to_string(seat_ + 1),
                                   run_.config().deltas}}));
    read();
  });
}

// A message is read with read_some into 64 KiB of free space at a time, not with async_read:
// Beast up to 1.89 (Debian has 1.81) fails to inflate a compressed message with "invalid stored
// block length" when the output space of one inflate call runs out while it feeds the 4-byte
// tail of the message (boostorg/beast#3028, fixed in 1.90): the tail is then fed again from its
// start. async_read gives each call only ~1.5 KB of space (a TABLE inflates to ~3 KB), so now
// and then a message ended there; these were the errors of the full-speed runs with --deflate
// on (docs/server.md, "Compression"). The server's frames were sound all along.
void Client::read() {
  ws_.async_read_some(buffer_.prepare(kReadBufferBytes),
                      [this](boost::system::error_code ec, size_t n) {
                        buffer_.commit(n);
                        if (!ec && !ws_.is_message_done()) return read();
                        on_read(ec);
                      });
}

void Client::on_read(boost::system::error_code ec) {
  if (ec) {
    closed_ = true;
    if (!closing_ && !run_.stopping()) fail("connection closed", ec);
    run_.disconnected();
    return;
  }
  const auto data = buffer_.cdata();
  const std::string_view text(static_cast<const char*>(data.data()), data.size());
  run_.received(text.size());
  if (text != table_.last_text) {
    table_.last_text.assign(text);
    table_.last_frame = read_frame(text);
  }
  buffer_.consume(buffer_.size());
  const FrameRead& frame = table_.last_frame;  // handle() only queues writes: no other read runs
  if (frame.ok) {
    handle(frame);
  } else {
    run_.error(
        fmt::format("table {} seat {}: a frame that is not a JSON object", table_.name(), seat_));
  }
  read();
}

void Client::send(std::string text, bool is_action) {
  if (closing_ || closed_) return;
  out_.push_back({pacer_.reserve(Clock::now()), std::move(text), is_action});
  if (!writing_) write_next();
}

void Client::write_next() {
  writing_ = true;
  const Outgoing& next = out_.front();
  if (next.at > Clock::now()) {
    waiting_ = true;
    send_timer_.expires_at(next.at);
    send_timer_.async_wait([this](boost::system::error_code ec) {
      waiting_ = false;
      if (!ec && !out_.empty()) write_next();  // close() empties the queue
    });
    return;
  }
  if (next.is_action) run_.action_sent(table_, last_seq);
  ws_.async_write(asio::buffer(next.text), [this](boost::system::error_code ec, size_t) {
    out_.pop_front();
    if (ec) {
      writing_ = false;
      if (!closing_ && !run_.stopping()) fail("cannot send", ec);
      return;
    }
    if (closing_) out_.clear();  // the run is over: the frames still queued are not needed
    if (!out_.empty()) return write_next();
    writing_ = false;
    if (closing_) close();
  });
}

void Client::close() {
  closing_ = true;
  if (!handshaken_ || closed_) {
    if (!closed_) {  // still connecting: nothing to close but the socket
      closed_ = true;
      boost::system::error_code ec;
      beast::get_lowest_layer(ws_).socket().close(ec);
    }
    return;
  }
  if (waiting_) {  // frames still waiting for the pacer are dropped: the run is over
    send_timer_.cancel();
    out_.clear();
    waiting_ = writing_ = false;
  }
  if (writing_) return;  // write_next() closes after the frame being written
  ws_.async_close(websocket::close_code::normal, [](boost::system::error_code) {});
}

std::string Client::choose_action() {
  acted_at_ = last_seq;
  in_flight_ = true;
  return legal_[rng_.below(static_cast<uint32_t>(legal_.size()))];
}

void Client::fail(std::string_view what, const boost::system::error_code& ec) {
  run_.error(fmt::format("table {} seat {}: {}: {}", table_.name(), seat_, what, ec.message()));
}

// Every sequenced frame (update, chat) must follow the last one seen by exactly 1; a state
// (after join) sets where the count stands.
void Client::check_seq(const FrameRead& frame) {
  if (!frame.seq) {
    if (frame.type == "update" || frame.type == "delta" || frame.type == "chat" ||
        frame.type == "state") {
      run_.error(fmt::format("table {} seat {}: a {} frame without seq", table_.name(), seat_,
                             frame.type));
    }
    return;
  }
  const uint64_t seq = *frame.seq;
  if (frame.type == "state") {
    seen_state_ = true;
  } else if ((frame.type == "update" || frame.type == "delta" || frame.type == "chat") &&
             seen_state_ && seq != last_seq + 1) {
    run_.error(fmt::format("table {} seat {}: seq {} after {} (frames lost or out of order)",
                           table_.name(), seat_, seq, last_seq));
  }
  last_seq = std::max(last_seq, seq);
}

void Client::handle(const FrameRead& frame) {
  const std::string& type = frame.type;
  check_seq(frame);
  if (type == "update" || type == "delta" || type == "state") {
    if (frame.has_table) see_table(frame);
    // The action in flight has been applied once an event of this seat comes back (or the seat
    // is no longer asked).
    for (int player : frame.event_players) {
      if (player == seat_) in_flight_ = false;
    }
    if (!pending_ || type == "state") in_flight_ = false;
    if (can_act()) run_.request(table_, this);
    if (type == "state" && seat_ != 0 && !sit_sent_) {
      sit_sent_ = true;
      send(client_text({3, wire::Sit{seat_, std::nullopt}}));
    }
    run_.delivered(table_);
  } else if (type == "welcome") {
    pacer_.set_rate(frame.messages_per_s);
    if (seat_ == 0) {
      // Private (not listed), 4 person seats; a long knock window, since the paced answers of a
      // knock window come one after another.
      wire::Create create;
      create.options = {{"players", 4}};
      create.is_public = false;
      create.knock_window_s = 30;
      create.sit = 0;
      send(client_text({1, std::move(create)}));
    } else {
      wire::Join join;
      join.code = table_.code;
      send(client_text({2, std::move(join)}));
    }
  } else if (type == "created") {
    table_.code = frame.code;
    run_.table_created(table_);
  } else if (type == "seated") {
    if (++table_.seated == 4 && !table_.started) {
      table_.started = true;
      table_.clients[0]->send(client_text({std::nullopt, wire::Start{}}));
    }
  } else if (type == "error") {
    run_.error(fmt::format("table {} seat {}: error {}: {}", table_.name(), seat_,
                           frame.code.empty() ? "?" : frame.code, frame.message));
    // Counted above, but the table must not stall: the refused frame was most likely this seat's
    // action, so the seat answers again (paced) if it is still asked.
    if (frame.code == "rate_limited") {
      in_flight_ = false;
      acted_at_.reset();
      if (can_act()) run_.request(table_, this);
    }
  } else if (type == "bye") {
    if (!run_.stopping()) {
      run_.error(fmt::format("table {} seat {}: bye: {}", table_.name(), seat_, frame.reason));
    }
  }
}

void Client::see_table(const FrameRead& frame) {
  // A delta carries the game only when it changes.
  if (!frame.game.empty()) game_ = frame.game;
  if (!frame.status.empty()) status_ = frame.status;
  if (frame.status == "playing" && !table_.playing) run_.table_playing(table_);
  if (frame.status == "over" && seat_ == 0) {
    if (game_ != table_.rematched_game) {
      table_.rematched_game = game_;
      run_.game_over();
      send(client_text({std::nullopt, wire::Rematch{}}));
    }
  }
  pending_ = false;
  legal_.clear();
  for (const PendingSeatRead& p : frame.pending) {
    if (p.seat != seat_ || p.legal.empty()) continue;
    legal_.insert(legal_.end(), p.legal.begin(), p.legal.end());
    pending_ = !legal_.empty();
  }
  // Every seat is a person: nobody pending during a game is a round's end, which waits for
  // each seat's Continue (docs/protocol.md `ready`); pressed once per round end.
  const bool round_end = status_ == "playing" && frame.pending.empty();
  if (round_end && !ready_sent_) send(client_text({std::nullopt, wire::Ready{}}));
  ready_sent_ = round_end;
}

// --- Run --------------------------------------------------------------------------------------

Run::Run(const LoadConfig& config, std::ostream* progress)
    : config_(config),
      progress_(progress),
      server_(asio::ip::make_address_v4(checked_loopback(config.host)), config.port),
      tick_timer_(io_),
      phase_timer_(io_),
      guard_timer_(io_) {
  report_.tables = config.tables;
  const uint32_t first_source = asio::ip::make_address_v4("127.0.0.2").to_uint();
  // At most 200 connections per address (the server allows 256), and with --signed-in at most
  // 100 (the server makes at most 100 guests per address in 10 minutes, docs/accounts.md).
  const int per_source = config.signed_in ? 100 : 200;
  const int sources = config.source_addresses > 0
                          ? config.source_addresses
                          : std::clamp((config.tables * 4 + per_source - 1) / per_source, 8, 250);
  tables_.reserve(static_cast<size_t>(config.tables));
  for (int i = 0; i < config.tables; ++i) {
    auto t = std::make_unique<TableRun>(io_, i);
    for (int seat = 0; seat < 4; ++seat) {
      const int n = i * 4 + seat;
      const asio::ip::address_v4 source(first_source + static_cast<uint32_t>(n % sources));
      t->clients[static_cast<size_t>(seat)] = std::make_unique<Client>(
          io_, *this, *t, seat, source, config.seed * 1'000'003 + static_cast<uint64_t>(n));
    }
    tables_.push_back(std::move(t));
  }
}

void Run::error(std::string what) {
  ++report_.errors;
  if (report_.first_errors.size() < kErrorsShown) report_.first_errors.push_back(std::move(what));
}

void Run::refused() {
  error(fmt::format("nothing listens on {}:{} (is allegra serve running?)",
                    server_.address().to_string(), server_.port()));
  if (!stopping_) end_measure();
}

void Run::disconnected() {
  if (stopping_ && --open_ <= 0) io_.stop();
}

void Run::table_created(TableRun& t) {
  for (int seat = 1; seat < 4; ++seat) t.clients[static_cast<size_t>(seat)]->connect();
}

void Run::table_playing(TableRun& t) {
  t.playing = true;
  ++report_.tables_playing;
  --in_setup_;
  if (report_.tables_playing == config_.tables) begin_measure();
  launch_tables();
}

void Run::launch_tables() {
  while (!stopping_ && in_setup_ < kSetupSlots && next_table_ < config_.tables) {
    ++in_setup_;
    tables_[static_cast<size_t>(next_table_++)]->clients[0]->connect();
  }
}

void Run::request(TableRun& t, Client* c) {
  if (stopping_) return;
  if (std::find(t.queue.begin(), t.queue.end(), c) == t.queue.end()) t.queue.push_back(c);
  pump(t);
}

void Run::pump(TableRun& t) {
  if (t.timer_armed || t.queue.empty() || stopping_) return;
  const Clock::time_point now = Clock::now();
  if (config_.pace_ms == 0 || t.next_allowed <= now) return act_next(t);
  t.timer_armed = true;
  t.timer.expires_at(t.next_allowed);
  t.timer.async_wait([this, &t](boost::system::error_code ec) {
    t.timer_armed = false;
    if (!ec && !stopping_) act_next(t);
  });
}

void Run::act_next(TableRun& t) {
  while (!t.queue.empty()) {
    Client* c = t.queue.front();
    t.queue.pop_front();
    if (!c->can_act()) continue;  // the table moved on while it waited
    c->send(client_text({std::nullopt, wire::Act{c->choose_action(), std::nullopt}}), true);
    t.next_allowed = Clock::now() + std::chrono::milliseconds(config_.pace_ms);
    break;
  }
  pump(t);
}

void Run::action_sent(TableRun& t, uint64_t base_seq) {
  if (!measuring_) return;
  ++report_.actions;
  t.outstanding.push_back({Clock::now(), base_seq});
}

void Run::delivered(TableRun& t) {
  if (t.outstanding.empty()) return;
  uint64_t seen_by_all = UINT64_MAX;
  for (const auto& c : t.clients) seen_by_all = std::min(seen_by_all, c->last_seq);
  const Clock::time_point now = Clock::now();
  while (!t.outstanding.empty() && t.outstanding.front().base_seq < seen_by_all) {
    latencies_.push_back(ms_between(t.outstanding.front().sent, now));
    t.outstanding.pop_front();
  }
}

uint64_t Run::wire_bytes() {
  uint64_t sum = 0;
  for (auto& t : tables_) {
    for (auto& c : t->clients) {
      if (c) sum += c->wire_bytes();
    }
  }
  return sum;
}

void Run::begin_measure() {
  if (measuring_ || stopping_) return;
  const Clock::time_point now = Clock::now();
  report_.setup_seconds = std::chrono::duration<double>(now - start_).count();
  if (report_.tables_playing < config_.tables) {
    error(fmt::format("{} of {} tables did not start within {:.0f} s",
                      config_.tables - report_.tables_playing, config_.tables,
                      report_.setup_seconds));
  }
  measuring_ = true;
  measure_start_ = now;
  report_.wire_bytes_received = wire_bytes();  // the end's count less this
  phase_timer_.cancel();
  phase_timer_.expires_after(std::chrono::seconds(config_.seconds));
  phase_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) end_measure();
  });
}

void Run::end_measure() {
  if (stopping_) return;
  const Clock::time_point now = Clock::now();
  if (measuring_) {
    report_.seconds = std::chrono::duration<double>(now - measure_start_).count();
    report_.wire_bytes_received = wire_bytes() - report_.wire_bytes_received;
  }
  measuring_ = false;
  stopping_ = true;
  for (auto& t : tables_) {
    t->timer.cancel();
    t->queue.clear();
  }
  open_ = 0;
  for (auto& t : tables_) {
    for (auto& c : t->clients) {
      open_ += c->open();
      c->close();
    }
  }
  if (open_ == 0) return io_.stop();
  phase_timer_.cancel();
  phase_timer_.expires_after(kCloseTime);
  phase_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    error(fmt::format("{} connections were not closed {} s after the end", open_,
                      std::chrono::duration_cast<std::chrono::seconds>(kCloseTime).count()));
    io_.stop();
  });
}

void Run::tick() {
  const Clock::time_point now = Clock::now();
  for (auto& t : tables_) {
    if (!t->outstanding.empty() && now - t->outstanding.front().sent > kActionTimeout) {
      error(fmt::format("table {}: no update reached all 4 clients {} s after an action", t->name(),
                        std::chrono::duration_cast<std::chrono::seconds>(kActionTimeout).count()));
      t->outstanding.clear();
    }
  }
  if (progress_ != nullptr && now - last_progress_ >= kProgressEvery) {
    last_progress_ = now;
    *progress_ << fmt::format(
        "loadtest: {:.0f} s: {} connections, {}/{} tables playing, {} actions, {} errors{}\n",
        std::chrono::duration<double>(now - start_).count(), report_.connections,
        report_.tables_playing, config_.tables, report_.actions, report_.errors,
        measuring_ ? "" : (stopping_ ? " (closing)" : " (setting up)"));
    progress_->flush();
  }
  tick_timer_.expires_after(std::chrono::seconds(1));
  tick_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) tick();
  });
}

LoadReport Run::run() {
  start_ = last_progress_ = Clock::now();
  // The phases, each bounded: setup, then the measured window, then closing; the guard ends the
  // run whatever happens.
  const auto setup_limit =
      std::chrono::seconds(60) + std::chrono::milliseconds(20) * config_.tables;
  phase_timer_.expires_after(setup_limit);
  phase_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) begin_measure();
  });
  guard_timer_.expires_after(setup_limit + std::chrono::seconds(config_.seconds) + kCloseTime +
                             std::chrono::seconds(5));
  guard_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    error("the run passed its hard deadline");
    io_.stop();
  });
  launch_tables();
  tick();
  io_.run();
  if (measuring_) {  // stopped by the guard
    report_.seconds = std::chrono::duration<double>(Clock::now() - measure_start_).count();
  }
  report_.latency_samples = latencies_.size();
  report_.p50_ms = percentile(latencies_, 0.50);
  report_.p99_ms = percentile(latencies_, 0.99);
  report_.p999_ms = percentile(latencies_, 0.999);
  return report_;
}

}  // namespace

LoadReport run_load(const LoadConfig& config, std::ostream* progress) {
  if (config.tables < 1 || config.tables > kMaxTables) {
    throw LoadError(fmt::format("--tables must be from 1 to {}", kMaxTables));
  }
  if (config.seconds < 1 || config.seconds > kMaxSeconds) {
    throw LoadError(fmt::format("--seconds must be from 1 to {}", kMaxSeconds));
  }
  checked_loopback(config.host);
  raise_file_limit(static_cast<uint64_t>(config.tables) * 4 + 64);
  Run run(config, progress);
  return run.run();
}

}  // namespace allegra::loadtest
