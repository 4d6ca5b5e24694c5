// A person at a table of a real `allegra serve`, for the integration tests: one WebSocket
// connection speaking docs/protocol.md, that remembers the last table it saw, its seat and seat
// token, and the last sequence number (for reconnecting). Every wait is bounded.
//
// It speaks through the wire library, as the load generator does: its own messages are the
// server's typed client messages written by wire::client_text(), and what it keeps of a frame
// (sequence numbers, seat, token, pending seats and decisions) comes from wire::read_frame().
// The frame's JSON tree is kept beside it for the tests to look into. It asks for delta frames
// (hello.deltas), as the web client does, and applies them with wire::apply_delta().
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/ws_client.h"
#include "wire/client_writer.h"
#include "wire/frame_reader.h"
#include "wire/protocol_schema.h"
#include "wire/table_delta.h"

namespace allegra::server_testing {

using nlohmann::json;

class Player {
 public:
  // Connects (offering permessage-deflate if `offer_deflate`) and says hello (waits for
  // "welcome"), asking for delta frames unless `deltas` is false (then: whole updates).
  Player(uint16_t port, std::string name, bool offer_deflate = false, bool deltas = true)
      : ws_(std::make_unique<WsClient>(port, std::chrono::seconds(10), offer_deflate)),
        name_(name),
        deltas_(deltas) {
    say_hello();
    wait([](const json& m) { return m["type"] == "welcome"; }, "welcome");
  }

  // The same on a connection made with `options` (e.g. /ws/CODE through a proxy).
  Player(uint16_t port, std::string name, const WsConnectOptions& options)
      : ws_(std::make_unique<WsClient>(port, options)), name_(name) {
    say_hello();
    wait([](const json& m) { return m["type"] == "welcome"; }, "welcome");
  }

  WsClient& ws() { return *ws_; }
  const std::string& name() const { return name_; }
  int seat() const { return seat_; }
  const std::string& token() const { return token_; }
  const std::string& code() const { return code_; }
  const std::string& creator_token() const { return creator_token_; }
  uint64_t last_seq() const { return last_seq_; }
  const json& table() const { return table_; }
  const std::vector<json>& errors() const { return errors_; }
  bool over() const { return table_.is_object() && table_.value("status", "") == "over"; }
  // This seat has a decision to make now (act_random would act).
  bool act_ready() const { return my_pending_index().has_value(); }
  std::string game_id() const { return table_.value("game", ""); }

  // Sends `message` with a fresh id and returns the reply of type `reply` (or the error) with
  // that id, handling every frame that comes before it. `message` must be a ClientMessage of
  // the schema unless `any_message` (the tests send broken messages too, expecting an error).
  json request(json message, std::string_view reply, bool any_message = false) {
    const int64_t id = next_id_++;
    message["id"] = id;
    if (!any_message) expect_client_message(message);
    ws_->send(message);
    return wait_reply(id, reply, message.dump());
  }
  // The same for a typed client message (wire/protocol.h), written by the wire library.
  json ask(wire::MessageBody body, std::string_view reply) {
    const int64_t id = next_id_++;
    const std::string text = wire::client_text({static_cast<uint64_t>(id), std::move(body)});
    send_checked(text);
    return wait_reply(id, reply, text);
  }

  // The error answering `message` (sent with an id); fails the test if the reply is no error.
  json expect_error(json message, std::string_view code) {
    const json reply = request(std::move(message), "error", /*any_message=*/true);
    EXPECT_EQ(reply["type"], "error") << reply.dump();
    EXPECT_EQ(reply.value("code", ""), code) << reply.dump();
    return reply;
  }

  // create: a table with these seats and options; this player sits in seat 0.
  void create(const json& seats, const json& options, int knock_window_s = 1) {
    wire::Create create;
    create.options = options;
    create.seats.emplace();
    for (const json& s : seats) {
      const std::string spec = s;
      create.seats->push_back(spec == "person" ? wire::SeatSpec{} : wire::SeatSpec{spec.substr(4)});
    }
    create.knock_window_s = knock_window_s;
    create_table(std::move(create));
  }

  // create: a rated table of `players` people (docs/ratings.md), this player in seat 0, the
  // players of `invite` invited to it (docs/protocol.md "create").
  void create_rated(int players, std::vector<int64_t> invite = {}) {
    wire::Create create;
    create.options = json{{"players", players}};
    create.rated = true;
    create.invite = std::move(invite);
    create_table(std::move(create));
  }

  // Sends `create` with this player in seat 0; keeps the code and creator token, waits until
  // seated.
  void create_table(wire::Create create) {
    create.sit = 0;
    const json created = ask(std::move(create), "created");
    if (created["type"] != "created") throw std::runtime_error("create failed: " + created.dump());
    code_ = created["code"];
    creator_token_ = created["creator_token"];
    wait([](const json& m) { return m["type"] == "seated"; }, "seated after create");
  }

  void join(const std::string& code, std::optional<int> sit) {
    wire::Join join;
    join.code = code;
    const json state = ask(std::move(join), "state");
    if (state["type"] != "state") throw std::runtime_error("join failed: " + state.dump());
    code_ = code;
    if (sit) {
      const json seated = ask(wire::Sit{*sit, std::nullopt}, "seated");
      if (seated["type"] != "seated") throw std::runtime_error("sit failed: " + seated.dump());
    }
  }

  // Reads the frames that arrive within `timeout` (at least one wait); true if any came.
  bool pump(std::chrono::milliseconds timeout) {
    bool any = false;
    while (receive(any ? std::chrono::milliseconds(0) : timeout)) any = true;
    if (ws_->closed() && !any)
      throw std::runtime_error(fmt::format("{}: the connection closed ({} {})", name_,
                                           ws_->close_code(), ws_->close_reason()));
    return any;
  }

  // My pending entry in the last table, if I have not answered it yet.
  std::optional<json> my_pending() const {
    const std::optional<size_t> i = my_pending_index();
    if (!i) return std::nullopt;
    return table_.at("pending").at(*i);
  }

  // Answers my pending decision with a random legal action; false if I have none.
  bool act_random(std::mt19937_64& rng) {
    const std::optional<size_t> i = my_pending_index();
    if (!i) return false;
    const wire::PendingSeatRead& p = pending_[*i];
    const std::string action = p.legal[rng() % p.legal.size()];
    acted_ = DecisionKey{p.seat, p.decision};
    if (p.knock_window) knock_answered_ = true;
    // The decision number: an answer that crosses the table moving on is refused as "stale".
    send_checked(wire::client_text({std::nullopt, wire::Act{action, p.decision}}));
    return true;
  }

  // Reads until `match`; every frame is handled on the way.
  json wait(const std::function<bool(const json&)>& match, std::string_view what,
            std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::vector<std::string> last;  // the frames read meanwhile, for the message
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      std::optional<json> m;
      if (left.count() > 0) m = receive(left);
      if (!m) {
        std::string shown;
        for (size_t i = last.size() > 5 ? last.size() - 5 : 0; i < last.size(); ++i)
          shown += "\n  " + last[i].substr(0, 400);
        throw std::runtime_error(
            fmt::format("{}: waiting for {}: {} (last frames:{})", name_, what,
                        ws_->closed() ? fmt::format("the connection closed ({} {})",
                                                    ws_->close_code(), ws_->close_reason())
                                      : "timed out",
                        shown.empty() ? " none" : shown));
      }
      if (match(*m)) return *m;
      last.push_back(m->dump());
    }
  }

  // Drops the connection (as a lost network would) and opens a new one that says hello.
  void reconnect_socket(uint16_t port, const WsConnectOptions& options = {}) {
    ws_ = std::make_unique<WsClient>(port, options);
    say_hello();
    wait([](const json& m) { return m["type"] == "welcome"; }, "welcome after reconnect");
    acted_.reset();
    knock_answered_ = false;
  }

  // One frame: what the wire's reader keeps of it, and its JSON tree for the tests.
  void handle(const wire::FrameRead& f, const json& m) {
    // Every frame the real server sends is a message of the protocol's schema.
    const auto problems = wire::testing::ProtocolSchema::get().problems(m, "ServerMessage");
    EXPECT_TRUE(problems.empty()) << name_ << " got no ServerMessage of the schema:\n"
                                  << wire::testing::problems_text(problems) << m.dump();
    const std::string& type = f.type;
    // The sequenced frames (a full state starts the count again).
    if ((type == "update" || type == "delta" || type == "chat" || type == "state") && f.seq) {
      if (type == "state") seqs_.clear();
      seqs_.push_back(*f.seq);
      last_seq_ = *f.seq;
    }
    if ((type == "update" || type == "delta" || type == "state") && f.has_table) {
      // A delta (asked for in hello, as the web client does) applies to the table so far.
      if (type == "delta") {
        EXPECT_TRUE(wire::apply_delta(table_, m)) << name_ << ": a delta that does not apply";
      } else {
        table_ = m["table"];
      }
      pending_ = f.pending;
      last_table_seq_ = f.seq.value_or(0);
      bool in_window = false;
      for (const wire::PendingSeatRead& p : pending_)
        in_window = in_window || (p.seat == seat_ && p.knock_window);
      if (!in_window) knock_answered_ = false;
      // A frame that only reports a seat change (someone left, came back, chatted) still lists
      // the decision I answered: it is the same decision until my pending entry changes.
      if (acted_) {
        std::optional<DecisionKey> mine;
        for (const wire::PendingSeatRead& p : pending_)
          if (p.seat == seat_) mine = DecisionKey{p.seat, p.decision};
        if (mine != acted_) acted_.reset();
      }
      if (type == "state" && f.you) seat_ = *f.you;
    } else if (type == "seated") {
      if (f.seat) seat_ = *f.seat;
      if (!f.token.empty()) token_ = f.token;
      if (!f.code.empty()) code_ = f.code;
    } else if (type == "error" && f.code == "rate_limited") {
      // Two people playing as fast as a program can go past the per-connection rate limit:
      // the refused action is sent again a little later (the rate limit is tested elsewhere).
      acted_.reset();
      knock_answered_ = false;
      ready_sent_at_ = 0;  // a refused Ready too
      retry_at_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
    } else if (type == "error") {
      errors_.push_back(m);
    }
  }

  std::vector<uint64_t>& seqs() { return seqs_; }

  // Reads until an update or delta holding an event of type `event` (e.g. "left").
  json wait_event(std::string event, std::string_view what) {
    return wait(
        [&](const json& m) {
          if (m["type"] != "update" && m["type"] != "delta") return false;
          for (const json& e : m["events"])
            if (e.value("type", "") == event) return true;
          return false;
        },
        what);
  }

  // At a round's end (TABLE.round_over) while this seat is not among the ready ones: says it
  // is ready for the next deal (Continue), once per round's end.
  void ready_at_round_end() {
    if (!table_.is_object() || !table_.contains("round_over") || !table_["round_over"].is_object())
      return;
    const json& ready = table_["round_over"].value("ready", json::array());
    if (std::find(ready.begin(), ready.end(), json(seat_)) != ready.end()) return;
    if (ready_sent_at_ == last_table_seq_) return;  // sent; its frame has not come yet
    send_checked(wire::client_text({std::nullopt, wire::Ready{}}));
    ready_sent_at_ = last_table_seq_;
  }

  // As the creator: sends start and waits for the game to be dealt.
  void start() {
    send_checked(wire::client_text({std::nullopt, wire::Start{}}));
    wait_event("game-started", "game-started");
  }

 private:
  using DecisionKey = std::pair<int, uint64_t>;  // (seat, decision number)

  void say_hello() {
    send_checked(
        wire::client_text({std::nullopt, wire::Hello{wire::kProtocolVersion, name_, deltas_}}));
  }

  // Fails the test unless `message` is a ClientMessage of the protocol's schema.
  void expect_client_message(const json& message) const {
    const auto problems = wire::testing::ProtocolSchema::get().problems(message, "ClientMessage");
    EXPECT_TRUE(problems.empty()) << name_
                                  << " sends no ClientMessage of the schema: " << message.dump()
                                  << "\n"
                                  << wire::testing::problems_text(problems);
  }
  // Sends a message the wire library wrote, checked against the schema.
  void send_checked(const std::string& text) {
    expect_client_message(json::parse(text));
    ws_->send(std::string_view(text));
  }

  // The next frame (nullopt after `timeout` or when the connection closed), handled.
  std::optional<json> receive(std::chrono::milliseconds timeout) {
    const std::optional<std::string> text = ws_->receive(timeout);
    if (!text) return std::nullopt;
    const wire::FrameRead frame = wire::read_frame(*text);
    if (!frame.ok)
      throw std::runtime_error(name_ + ": a frame that is not a JSON object: " + *text);
    json m = json::parse(*text);
    handle(frame, m);
    return m;
  }

  json wait_reply(int64_t id, std::string_view reply, std::string_view sent) {
    return wait(
        [&](const json& m) {
          return m.value("id", json()) == json(id) && (m["type"] == reply || m["type"] == "error");
        },
        fmt::format("the {} reply to {}", reply, sent));
  }

  std::optional<size_t> my_pending_index() const {
    if (!table_.is_object() || acted_) return std::nullopt;
    if (std::chrono::steady_clock::now() < retry_at_) return std::nullopt;
    for (size_t i = 0; i < pending_.size(); ++i) {
      const wire::PendingSeatRead& p = pending_[i];
      if (p.seat != seat_ || p.legal.empty()) continue;
      // A knock window I answered may still list me in frames built before my answer arrived.
      if (p.knock_window && knock_answered_) return std::nullopt;
      return i;
    }
    return std::nullopt;
  }

  std::unique_ptr<WsClient> ws_;
  std::string name_;
  bool deltas_ = true;  // hello.deltas
  int64_t next_id_ = 1;
  int seat_ = -1;
  std::string token_, code_, creator_token_;
  uint64_t last_seq_ = 0;
  uint64_t last_table_seq_ = 0;
  uint64_t ready_sent_at_ = 0;  // last_table_seq_ when Ready was sent
  // The decision I answered last, until a frame shows another.
  std::optional<DecisionKey> acted_;
  std::chrono::steady_clock::time_point retry_at_;
  bool knock_answered_ = false;
  json table_;
  std::vector<wire::PendingSeatRead> pending_;  // the last table's, as the wire reads it
  std::vector<json> errors_;
  std::vector<uint64_t> seqs_;
};

// Anna (the creator, seat 0) and Bea (seat 1) at a dealt table of one round with an easy bot
// in seat 2: the start of the tests of reconnecting, tokens and turns.
struct TwoPeopleAndABot {
  Player anna;
  Player bea;
  explicit TwoPeopleAndABot(uint16_t port) : anna(port, "Anna"), bea(port, "Bea") {
    anna.create(json{"person", "person", "bot:easy"}, json{{"players", 3}, {"rounds", 1}});
    bea.join(anna.code(), 1);
    anna.start();
  }
};

// Plays every player's decisions (random legal actions) until each table is over, reading all
// connections in turn; throws if that takes longer than `timeout`. `press_continue`: at a
// round's end each player says it is ready for the next deal (Continue), as people do, instead
// of waiting for the table's timer.
inline void play_to_end(std::vector<Player*> players, std::mt19937_64& rng,
                        std::chrono::milliseconds timeout = std::chrono::seconds(120),
                        bool press_continue = false) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    bool all_over = true;
    for (Player* p : players) all_over = all_over && p->over();
    if (all_over) return;
    if (std::chrono::steady_clock::now() > deadline) {
      std::string where;
      for (Player* p : players)
        where += fmt::format("\n  {} seat {}: status {}, pending {}", p->name(), p->seat(),
                             p->table().value("status", json()).dump(),
                             p->table().value("pending", json()).dump().substr(0, 100)) +
                 (p->errors().empty() ? "" : " last error " + p->errors().back().dump());
      throw std::runtime_error("the games did not end in time:" + where);
    }
    // Read first, then act: frames already on their way (e.g. those a "resumed" answer
    // announces) may make the last table seen out of date.
    for (Player* p : players) {
      p->pump(std::chrono::milliseconds(5));
      p->act_random(rng);
      if (press_continue) p->ready_at_round_end();
    }
  }
}

// Plays `players` with random legal actions until `stop` holds; throws after 60 s.
inline void play_until(std::vector<Player*> players, std::mt19937_64& rng,
                       const std::function<bool()>& stop) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!stop()) {
    if (std::chrono::steady_clock::now() > deadline)
      throw std::runtime_error("play_until timed out");
    for (Player* p : players) {
      p->act_random(rng);
      p->pump(std::chrono::milliseconds(5));
    }
  }
}

// The codes of the tables `list` shows through `player`'s connection.
inline std::vector<std::string> listed_codes(Player& player) {
  const json tables = player.request({{"type", "list"}}, "tables");
  std::vector<std::string> codes;
  for (const json& t : tables.value("tables", json::array())) codes.push_back(t.value("code", ""));
  return codes;
}

// Whether `list` through `player`'s connection shows the table `code`.
inline bool lists(Player& player, const std::string& code) {
  const std::vector<std::string> codes = listed_codes(player);
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

// Asks `list` until it shows `code` (want) or does not (!want), for at most 10 s; true if it did.
// The lobby of several servers on one database is refreshed every second (docs/scaling.md).
inline bool list_until(Player& player, const std::string& code, bool want) {
  for (int i = 0; i < 100; ++i) {
    if (lists(player, code) == want) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

}  // namespace allegra::server_testing
