#include "server/hub.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <utility>

#include "bots/hint.h"
#include "server/bot_worker.h"
#include "server/code_prefix.h"
#include "server/hints.h"
#include "server/log_field.h"
#include "server/player_api.h"
#include "server/room.h"
#include "server/wire_names.h"

namespace allegra::server {
namespace {

constexpr std::string_view kCodeAlphabet = kTableCodeAlphabet;
constexpr int kCodeLength = static_cast<int>(kTableCodeLength);
constexpr size_t kMaxListed = 100;
constexpr Millis kHintPoll{10};  // how often a running hint search is looked at
constexpr Millis kBotPoll{5};    // how often the bots' answers are looked for while they think

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

bool Hub::Bucket::take(double rate, double burst, Millis now) {
  if (at.count() == 0 && tokens == 0) tokens = burst;  // a new bucket starts full
  const double elapsed = std::max<double>(0, static_cast<double>((now - at).count()) / 1000.0);
  tokens = std::min(burst, tokens + elapsed * rate);
  at = now;
  if (tokens < 1) return false;
  tokens -= 1;
  return true;
}

Hub::Hub(Store& store, Transport& transport, HubConfig config, Millis now, PlayerStore* players)
    : store_(store),
      transport_(transport),
      config_(std::move(config)),
      out_(std::make_unique<Outbox>()),
      random_(std::make_unique<Random>(config_.random_seed)),
      hints_(std::make_unique<HintWorker>(config_.hint_iterations, config_.hints_running)),
      bots_(std::make_unique<BotWorker>(
          config_.bot_threads, std::chrono::duration<double>(config_.bots.max_decision).count(),
          config_.bots.max_threads, config_.review_threads)) {
  players_ = players;
  for (const StoredTable& stored : store_.open_tables()) {
    // A table that does not replay (a bug, or a file edited by hand) stays in the store,
    // untouched, and the others are served.
    try {
      RoomContext ctx{store_, *out_, config_, *random_, stats_, players_, &connection_players_};
      auto room = std::make_unique<Room>(ctx, stored, now);
      Room* r = room.get();
      rooms_.emplace(stored.code, std::move(room));
      reschedule(*r, now);
    } catch (const std::exception& e) {
      stats_.errors["restore"] += 1;
      restore_errors_.push_back("table " + stored.code + ": " + e.what());
    }
  }
}

Hub::~Hub() = default;

const Room* Hub::room(std::string_view code) const {
  auto it = rooms_.find(std::string(code));
  return it == rooms_.end() ? nullptr : it->second.get();
}

void Hub::open(ConnectionId c, std::string_view peer_ip, Millis) {
  Connection conn;
  conn.ip = std::string(peer_ip);
  addresses_[conn.ip].connections += 1;
  connections_.emplace(c, std::move(conn));
}

void Hub::close(ConnectionId c, Millis now) {
  auto it = connections_.find(c);
  if (it == connections_.end()) return;
  try {
    leave_room(c, it->second, now);
  } catch (const std::exception&) {
    stats_.errors["internal"] += 1;
  }
  auto a = addresses_.find(it->second.ip);
  if (a != addresses_.end() && --a->second.connections <= 0) addresses_.erase(a);
  connections_.erase(it);
  connection_players_.erase(c);
}

void Hub::reply_error(ConnectionId c, std::optional<uint64_t> id, ErrorCode code,
                      std::string_view message) {
  stats_.errors[std::string(error_code_name(code))] += 1;
  out_->send(c, error_frame(id, code, message));
  if (spdlog::should_log(spdlog::level::debug)) {
    auto conn = connections_.find(c);
    const Room* room = conn == connections_.end() ? nullptr : conn->second.room;
    spdlog::debug("event=refused conn={} table={} code={} message={}", c,
                  room ? room->code() : std::string("none"), error_code_name(code),
                  log_field(message));
  }
}

void Hub::receive(ConnectionId c, std::string_view text, Millis now) {
  auto it = connections_.find(c);
  if (it == connections_.end() || it->second.closing) return;
  Connection& conn = it->second;
  stats_.messages_total += 1;
  // 1. Rate limits: per connection and per address; far over them, the connection is closed.
  Address& address = addresses_[conn.ip];
  const bool conn_ok = conn.bucket.take(config_.conn_rate, config_.conn_burst, now);
  const bool ip_ok = conn_ok && address.bucket.take(config_.ip_rate, config_.ip_burst, now);
  if (!conn_ok || !ip_ok) {
    // A bucket of its own, not a count "in a row": one message let through whenever a token
    // refills would reset such a count, so how fast the server works through a flood (slow
    // under a sanitizer or a loaded machine) would decide whether a flood is ever closed.
    if (!conn.limited.take(config_.conn_rate, config_.close_after_limited, now)) {
      conn.closing = true;
      out_->send(c, bye_frame("too many messages"));
      out_->close(c, "rate limit");
      return;
    }
    reply_error(c, std::nullopt, ErrorCode::kRateLimited,
                !conn_ok ? "too many messages on this connection: slow down"
                         : "too many messages from this address: slow down");
    return;
  }
  // 2. The message itself; nothing a client sends may throw out of here.
  try {
    handle(c, conn, text, now);
  } catch (const RoomError& e) {
    reply_error(c, std::nullopt, e.code(), e.what());
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    reply_error(c, std::nullopt, ErrorCode::kInternal, e.what());
  }
}

void Hub::handle(ConnectionId c, Connection& conn, std::string_view text, Millis now) {
  ParseResult parsed = parse_client_message(text, config_.max_message_bytes);
  if (auto* error = std::get_if<ProtocolError>(&parsed)) {
    reply_error(c, error->id, error->code, error->message);
    return;
  }
  const ClientMessage& message = std::get<ClientMessage>(parsed);
  const auto id = message.id;
  if (!conn.hello && !std::holds_alternative<Hello>(message.body)) {
    reply_error(c, id, ErrorCode::kNoHello, "say hello first: {\"type\":\"hello\",\"version\":1}");
    return;
  }
  // While the store cannot take changes (PostgreSQL away, its queue full), a message that would
  // change a table is refused: nothing is played that could not be acknowledged.
  if (!std::holds_alternative<Hello>(message.body) && !std::holds_alternative<List>(message.body) &&
      !std::holds_alternative<Ping>(message.body) && !std::holds_alternative<Hint>(message.body)) {
    if (auto why = store_.unavailable()) {
      // Sent at once, not after the batches stuck in the store's queue: it changes nothing.
      stats_.errors[std::string(error_code_name(ErrorCode::kStoreUnavailable))] += 1;
      transport_.send(c, error_frame(id, ErrorCode::kStoreUnavailable,
                                     *why + ": nothing was changed; try again in a moment"));
      return;
    }
  }
  Room* touched = conn.room;
  try {
    std::visit(
        Overloaded{
            [&](const Hello& m) {
              if (m.version != kProtocolVersion) {
                throw RoomError(ErrorCode::kUnsupportedVersion,
                                "version: this server speaks version " +
                                    std::to_string(kProtocolVersion) + ", not " +
                                    std::to_string(m.version));
              }
              conn.hello = true;
              conn.deltas = m.deltas;
              if (m.name) conn.name = *m.name;
              out_->send(
                  c, welcome_frame(config_.server_name, {config_.max_message_bytes,
                                                         config_.chat_chars, config_.conn_rate}));
            },
            [&](const Create& m) { create(c, conn, id, m, now); },
            [&](const List&) { list(c, id); },
            [&](const Join& m) { join(c, conn, id, m, now); },
            [&](const Sit& m) { room_of(conn).sit(c, m, conn.name, id, now); },
            [&](const Stand&) { room_of(conn).stand(c, now); },
            [&](const PutBot& m) { room_of(conn).put_bot(c, m, now); },
            [&](const Start&) { room_of(conn).start(c, now); },
            [&](const Act& m) { room_of(conn).act(c, m, now); },
            [&](const Chat& m) {
              Room& room = room_of(conn);
              if (!conn.chat.take(config_.chat_rate, config_.chat_burst, now)) {
                throw RoomError(ErrorCode::kChatRate, "too many chat lines: at most 5 in 10 s");
              }
              check_chat_rate(conn, room, now);  // per address, per table
              room.chat(c, m.text, conn.name, now);
            },
            [&](const Hint&) {
              hint(c, conn, id);
              hint_poll_ = now + kHintPoll;
            },
            [&](const Rematch&) { room_of(conn).rematch(c, now); },
            [&](const Ready&) { room_of(conn).ready(c, now); },
            [&](const Leave&) { leave_room(c, conn, now); },
            [&](const Ping&) { out_->send(c, pong_frame(id)); },
        },
        message.body);
  } catch (const RoomError& e) {
    reply_error(c, id, e.code(), e.what());
  }
  if (touched != nullptr && rooms_.count(touched->code())) reschedule(*touched, now);
  if (conn.room != nullptr && conn.room != touched) reschedule(*conn.room, now);
}

Room& Hub::room_of(const Connection& conn) {
  if (conn.room == nullptr) {
    throw RoomError(ErrorCode::kNotAtTable, "join a table first");
  }
  return *conn.room;
}

std::string Hub::new_code() {
  for (;;) {
    // The process's --code-prefix first (docs/scaling.md), then random characters.
    std::string code = config_.code_prefix;
    uint64_t v = random_->next();
    for (int i = static_cast<int>(code.size()); i < kCodeLength; ++i, v /= kCodeAlphabet.size()) {
      code.push_back(kCodeAlphabet[v % kCodeAlphabet.size()]);
    }
    // A closed table's code may come up again: its games' ids (CODE-N) must stay unique.
    if (!rooms_.count(code) && !store_.game(code + "-1")) return code;
  }
}

// A new table must fit the limits of open tables: the server's, the connection's, the address's.
void Hub::check_table_limits(const Connection& conn) const {
  if (rooms_.size() >= config_.max_tables) {
    throw RoomError(ErrorCode::kServerFull,
                    "the server holds as many open tables as it allows (" +
                        std::to_string(config_.max_tables) +
                        "): join a table, or create one when a table has closed");
  }
  if (conn.tables >= config_.max_tables_per_connection) {
    throw RoomError(ErrorCode::kTooManyTables,
                    "this connection has created " + std::to_string(conn.tables) +
                        " tables that are still open, as many as the server allows: play at one "
                        "of them (a table nobody is at closes within minutes)");
  }
  auto ip = tables_of_ip_.find(conn.ip);
  if (ip != tables_of_ip_.end() && ip->second >= config_.max_tables_per_ip) {
    throw RoomError(ErrorCode::kTooManyTables,
                    "your address has created " + std::to_string(ip->second) +
                        " tables that are still open, as many as the server allows: play at one "
                        "of them (a table nobody is at closes within minutes)");
  }
}

void Hub::create(ConnectionId c, Connection& conn, std::optional<uint64_t> id, const Create& m,
                 Millis now) {
  if (shutting_down_) throw RoomError(ErrorCode::kShuttingDown, "the server is shutting down");
  check_table_limits(conn);
  if (!m.invite.empty()) check_invitations(c, conn, m, now);
  const std::string code = new_code();
  RoomContext ctx{store_, *out_, config_, *random_, stats_, players_, &connection_players_};
  auto room = std::make_unique<Room>(ctx, code, m, now);
  Room* r = room.get();
  rooms_.emplace(code, std::move(room));
  limits_[r] = RoomLimits{c, conn.ip, {}};
  conn.tables += 1;
  tables_of_ip_[conn.ip] += 1;
  leave_room(c, conn, now);
  out_->send(c, created_frame(id, code, r->creator_token()));
  Join join_message;
  join_message.code = code;
  r->join(c, join_message, id, now, conn.deltas);
  r->make_creator(c);
  conn.room = r;
  if (m.sit) {
    Sit sit;
    sit.seat = *m.sit;
    r->sit(c, sit, conn.name, id, now);
  }
  reschedule(*r, now);
  if (!m.invite.empty()) send_invitations(c, code, m);
}

void Hub::join(ConnectionId c, Connection& conn, std::optional<uint64_t> id, const Join& m,
               Millis now) {
  auto it = rooms_.find(m.code);
  if (it == rooms_.end() && !code_has_prefix(m.code, config_.code_prefix)) {
    // Behind a proxy that routes by prefix this is a routing mistake, not a typo.
    throw RoomError(ErrorCode::kNoTable, "code: no table " + m.code +
                                             " on this server, which holds only the codes "
                                             "starting with " +
                                             config_.code_prefix + ": connect to ws://HOST/ws/" +
                                             m.code + " through the proxy");
  }
  if (it == rooms_.end()) throw RoomError(ErrorCode::kNoTable, "code: no table " + m.code);
  Room& room = *it->second;
  if (conn.room != &room) leave_room(c, conn, now);
  room.join(c, m, id, now, conn.deltas);
  conn.room = &room;
  reschedule(room, now);
}

// A chat line must fit the buckets of its connection's address and of the table (the
// connection's own is taken first).
void Hub::check_chat_rate(const Connection& conn, const Room& room, Millis now) {
  if (!addresses_[conn.ip].chat.take(config_.chat_ip_rate, config_.chat_ip_burst, now)) {
    throw RoomError(ErrorCode::kChatRate,
                    "too many chat lines from your address: wait a few seconds");
  }
  if (!limits_[&room].chat.take(config_.chat_table_rate, config_.chat_table_burst, now)) {
    throw RoomError(ErrorCode::kChatRate,
                    "too many chat lines at table " + room.code() + ": wait a few seconds");
  }
}

void Hub::leave_room(ConnectionId c, Connection& conn, Millis now) {
  if (conn.room == nullptr) return;
  Room& room = *conn.room;
  conn.room = nullptr;
  room.leave(c, now);
  reschedule(room, now);
}

void Hub::list(ConnectionId c, std::optional<uint64_t> id) {
  // The summaries are written only for the tables shown (the entries of this process's tables
  // carry none until then).
  std::vector<LobbyEntry> shown;
  for (const auto& [code, room] : rooms_) {
    if (room->is_public()) shown.push_back({static_cast<int>(room->status()), code, {}});
  }
  if (remote_lobby_) {
    // The other processes' tables (pg_lobby.h): a code is only ever one process's.
    for (LobbyEntry& e : remote_lobby_()) {
      if (rooms_.find(e.code) == rooms_.end()) shown.push_back(std::move(e));
    }
  }
  std::sort(shown.begin(), shown.end(), [](const LobbyEntry& a, const LobbyEntry& b) {
    if (a.status != b.status) return a.status < b.status;
    return a.code < b.code;
  });
  if (shown.size() > kMaxListed) shown.resize(kMaxListed);
  std::vector<std::string> summaries;
  for (LobbyEntry& e : shown) {
    const auto room = rooms_.find(e.code);
    summaries.push_back(room != rooms_.end() ? table_summary_text(room->second->info())
                                             : std::move(e.summary));
  }
  out_->send(c, tables_frame(id, summaries));
}

std::vector<LobbyEntry> Hub::public_tables() const {
  std::vector<LobbyEntry> tables;
  for (const auto& [code, room] : rooms_) {
    if (room->is_public())
      tables.push_back({static_cast<int>(room->status()), code, table_summary_text(room->info())});
  }
  return tables;
}

void Hub::hint(ConnectionId c, Connection& conn, std::optional<uint64_t> id) {
  auto [question, view] = room_of(conn).hint(c, id);
  if (hints_->busy(c) || !hints_->start(std::move(question), std::move(view))) {
    throw RoomError(ErrorCode::kRateLimited, "the hint bot is busy: ask again in a moment");
  }
}

// The finished searches answer their question, if it is still the seat's decision.
void Hub::answer_hints(Millis now) {
  if (!hints_->running()) return;
  for (HintWorker::Done& d : hints_->collect()) {
    auto conn = connections_.find(d.question.conn);
    if (conn == connections_.end() || conn->second.closing) continue;
    const Room* r = conn->second.room;
    if (r == nullptr || r->code() != d.question.code || !r->hint_current(d.question)) {
      reply_error(d.question.conn, d.question.id, ErrorCode::kStale,
                  "the decision of this hint is over; the table has moved on");
      continue;
    }
    out_->send(d.question.conn, hint_frame(d.question.id, d.answer));
  }
  hint_poll_ = now + kHintPoll;
}

void Hub::answer_bots(Millis now) {
  if (bots_->running() == 0) return;
  for (BotWorker::Done& d : bots_->collect()) {
    stats_.bot_seconds_total += d.seconds;
    auto it = rooms_.find(d.code);
    if (it == rooms_.end() || it->second->games() != d.game) {
      stats_.bot_stale_total += 1;
      continue;
    }
    Room& room = *it->second;
    if (!d.error.empty()) {
      stats_.errors["internal"] += 1;
      spdlog::error("event=bot_failed table={} stand_in={} error={}", d.code,
                    d.move ? "random" : "none", log_field(d.error));
    }
    if (!d.ran.empty()) {
      spdlog::warn("event=bot_replaced table={} reason=over_the_caps by={}", d.code,
                   log_field(d.ran));
    }
    if (!d.move) continue;
    try {
      if (room.bot_answer(*d.move)) {
        stats_.bot_decisions_total += 1;
      } else {
        stats_.bot_stale_total += 1;
      }
    } catch (const std::exception& e) {
      stats_.errors["internal"] += 1;
      spdlog::error("event=bot_failed table={} error={}", d.code, log_field(e.what()));
    }
    reschedule(room, now);
  }
  bot_poll_ = now + kBotPoll;
}

void Hub::reschedule(Room& room, Millis now) {
  // 1. The bot decisions the room asks for now (each is asked for once).
  std::vector<table::BotJob> jobs = room.take_bot_jobs();
  if (!jobs.empty()) {
    const bool idle = bots_->running() == 0;
    for (table::BotJob& job : jobs) bots_->start(room.code(), room.games(), std::move(job));
    // Without bot threads the answers are there already: the next tick takes them.
    if (bots_->threads() == 0) {
      bot_poll_ = now;
    } else if (idle) {
      bot_poll_ = now + kBotPoll;
    }
  }
  // 2. Its wake-up, moved in place (a room is rescheduled at every change of its table: the
  //    set's node is reused, not freed and allocated again).
  std::optional<Millis> wake = room.next_wake();
  if (auto idle = room.idle_since()) {
    const Millis close = *idle + config_.idle_close;
    wake = wake ? std::min(*wake, close) : close;
  }
  auto it = wake_of_.find(&room);
  if (it == wake_of_.end()) {
    if (wake) {
      wakes_.insert({*wake, &room});
      wake_of_.emplace(&room, *wake);
    }
    return;
  }
  if (wake && *wake == it->second) return;
  auto node = wakes_.extract({it->second, &room});
  if (!wake) {
    wake_of_.erase(it);
    return;
  }
  if (node.empty()) {  // never: wakes_ holds every entry of wake_of_
    wakes_.insert({*wake, &room});
  } else {
    node.value().first = *wake;
    wakes_.insert(std::move(node));
  }
  it->second = *wake;
}

void Hub::close_room(Room& room) {
  auto it = wake_of_.find(&room);
  if (it != wake_of_.end()) {
    wakes_.erase({it->second, &room});
    wake_of_.erase(it);
  }
  if (auto limits = limits_.find(&room); limits != limits_.end()) {
    auto creator = connections_.find(limits->second.creator);
    if (creator != connections_.end() && creator->second.tables > 0) creator->second.tables -= 1;
    auto ip = tables_of_ip_.find(limits->second.ip);
    if (ip != tables_of_ip_.end() && --ip->second == 0) tables_of_ip_.erase(ip);
    limits_.erase(limits);
  }
  store_.close_table(room.code());
  rooms_.erase(room.code());
}

void Hub::tick(Millis now) {
  answer_hints(now);
  answer_bots(now);
  // The rooms due now, each ticked once (a room still due afterwards waits for the next call,
  // so a room can never keep this loop spinning).
  std::vector<Room*> due;
  while (!wakes_.empty() && wakes_.begin()->first <= now) {
    due.push_back(wakes_.begin()->second);
    wake_of_.erase(wakes_.begin()->second);
    wakes_.erase(wakes_.begin());
  }
  for (Room* room : due) {
    try {
      room->tick(now);
    } catch (const std::exception&) {
      stats_.errors["internal"] += 1;
    }
    if (auto idle = room->idle_since(); idle && *idle + config_.idle_close <= now) {
      close_room(*room);
      continue;
    }
    reschedule(*room, now);
  }
}

std::optional<Millis> Hub::next_wake() const {
  std::optional<Millis> wake;
  if (!wakes_.empty()) wake = wakes_.begin()->first;
  if (hints_->running()) wake = wake ? std::min(*wake, hint_poll_) : hint_poll_;
  if (bots_->running() > 0) wake = wake ? std::min(*wake, bot_poll_) : bot_poll_;
  return wake;
}

void Hub::flush() {
  // The frames wait for the commit: SQLite calls back at once, PgStore from its thread through
  // the io loop (docs/server-store.md). A failed commit throws here, as before: none of the
  // batch's frames may go out.
  auto send = [this](std::vector<Outbox::Item> items, std::exception_ptr error) {
    if (error) std::rethrow_exception(error);
    for (Outbox::Item& item : items) {
      if (item.text) {
        transport_.send(item.to, std::move(item.text));
      } else {
        transport_.close(item.to, item.reason);
      }
    }
  };
  if (out_->empty()) {
    store_.commit_async([send](std::exception_ptr error) { send({}, error); });
    return;
  }
  store_.commit_async([send, items = out_->take()](std::exception_ptr error) mutable {
    send(std::move(items), error);
  });
}

void Hub::shutdown(Millis) {
  shutting_down_ = true;
  // The searches end now (a bot answers with what it has; the answers are not played), so that
  // the process exits within the shutdown grace whatever a bot was asked to think.
  bots_->stop();
  hints_->stop();
  for (auto& [c, conn] : connections_) {
    if (conn.closing) continue;
    conn.closing = true;
    out_->send(c, bye_frame("the server is shutting down"));
    out_->close(c, "shutdown");
  }
  flush();
}

HubStats Hub::counts() const {
  HubStats s = stats_;  // tables_lobby and games_playing are kept by the rooms (CountedStatus)
  s.tables = rooms_.size();
  s.connections = connections_.size();
  return s;
}

HubStats Hub::stats() const {
  HubStats s = counts();
  for (const auto& [code, room] : rooms_) s.spectators += room->spectators();
  return s;
}

std::optional<std::string> Hub::game_record(std::string_view game_id) {
  return store_.game(game_id);
}

// --- Invitations (play again: docs/protocol.md, `create`'s invite) ----------------------------

void Hub::check_invitations(ConnectionId c, Connection& conn, const Create& m, Millis now) {
  const auto inviter = connection_players_.find(c);
  if (players_ == nullptr || inviter == connection_players_.end()) {
    throw RoomError(ErrorCode::kBadField,
                    "invite: only a player may invite (open the page again to get a session)");
  }
  // 10 invited players a minute per connection, each one a token; all or none.
  Bucket after = conn.invitations;
  for (size_t i = 0; i < m.invite.size(); ++i) {
    if (!after.take(10.0 / 60.0, 10, now)) {
      throw RoomError(ErrorCode::kRateLimited,
                      "invite: at most 10 invitations a minute: create the table without "
                      "\"invite\" and send its link instead");
    }
  }
  conn.invitations = after;
}

void Hub::send_invitations(ConnectionId c, const std::string& code, const Create& m) {
  const std::optional<PlayerRecord> from = players_->player(connection_players_.at(c));
  if (!from) return;
  const std::string from_text = player_summary(*from).dump();
  const SharedText frame = wire::invitation_frame(code, from_text);
  for (const int64_t invited : m.invite) {
    if (invited == from->id) continue;
    for (const auto& [connection, player] : connection_players_)
      if (player == invited && connection != c) out_->send(connection, frame);
  }
}

}  // namespace allegra::server
