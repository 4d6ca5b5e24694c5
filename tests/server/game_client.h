// A person at a table of a real `allegra serve`, for the integration tests: one WebSocket
// connection speaking docs/protocol.md, that remembers the last table it saw, its seat and seat
// token, and the last sequence number (for reconnecting). Every wait is bounded.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/ws_client.h"
#include "wire/protocol_schema.h"

namespace allegra::server_testing {

using nlohmann::json;

class Player {
 public:
  // Connects (offering permessage-deflate if `offer_deflate`) and says hello (waits for
  // "welcome").
  Player(uint16_t port, std::string name, bool offer_deflate = false)
      : ws_(std::make_unique<WsClient>(port, std::chrono::seconds(10), offer_deflate)),
        name_(name) {
    send(json{{"type", "hello"}, {"version", 1}, {"name", name_}});
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
  std::string game_id() const { return table_.value("game", ""); }

  // Sends `message` with a fresh id and returns the reply of type `reply` (or the error) with
  // that id, handling every frame that comes before it.
  // `message` must be a ClientMessage of the schema unless `any_message` (an error is expected).
  json request(json message, std::string_view reply, bool any_message = false) {
    const int64_t id = next_id_++;
    message["id"] = id;
    if (any_message) {
      ws_->send(message);
    } else {
      send(message);
    }
    return wait(
        [&](const json& m) {
          return m.value("id", json()) == json(id) && (m["type"] == reply || m["type"] == "error");
        },
        fmt::format("the {} reply to {}", reply, message.dump()));
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
    const json created = request({{"type", "create"},
                                  {"options", options},
                                  {"seats", seats},
                                  {"public", true},
                                  {"knock_window_s", knock_window_s},
                                  {"sit", 0}},
                                 "created");
    if (created["type"] != "created") throw std::runtime_error("create failed: " + created.dump());
    code_ = created["code"];
    creator_token_ = created["creator_token"];
    wait([](const json& m) { return m["type"] == "seated"; }, "seated after create");
  }

  void join(const std::string& code, std::optional<int> sit) {
    const json state = request({{"type", "join"}, {"code", code}}, "state");
    if (state["type"] != "state") throw std::runtime_error("join failed: " + state.dump());
    code_ = code;
    if (sit) {
      const json seated = request({{"type", "sit"}, {"seat", *sit}}, "seated");
      if (seated["type"] != "seated") throw std::runtime_error("sit failed: " + seated.dump());
    }
  }

  // Reads the frames that arrive within `timeout` (at least one wait); true if any came.
  bool pump(std::chrono::milliseconds timeout) {
    bool any = false;
    while (std::optional<json> m =
               ws_->receive_json(any ? std::chrono::milliseconds(0) : timeout)) {
      handle(*m);
      any = true;
    }
    if (ws_->closed() && !any)
      throw std::runtime_error(fmt::format("{}: the connection closed ({} {})", name_,
                                           ws_->close_code(), ws_->close_reason()));
    return any;
  }

  // My pending entry in the last table, if I have not answered it yet.
  std::optional<json> my_pending() const {
    if (!table_.is_object() || acted_) return std::nullopt;
    if (std::chrono::steady_clock::now() < retry_at_) return std::nullopt;
    for (const json& p : table_.value("pending", json::array())) {
      if (p.value("seat", -1) != seat_ || p["legal"].empty()) continue;
      // A knock window I answered may still list me in frames built before my answer arrived.
      if (p.value("knock_window", false) && knock_answered_) return std::nullopt;
      return p;
    }
    return std::nullopt;
  }

  // Answers my pending decision with a random legal action; false if I have none.
  bool act_random(std::mt19937_64& rng) {
    const std::optional<json> p = my_pending();
    if (!p) return false;
    const json& legal = (*p)["legal"];
    const std::string action = legal[rng() % legal.size()];
    acted_ = decision_key(*p);
    if (p->value("knock_window", false)) knock_answered_ = true;
    // The decision number: an answer that crosses the table moving on is refused as "stale".
    send(json{{"type", "act"}, {"action", action}, {"decision", (*p)["decision"]}});
    return true;
  }

  // Reads until `match`; every frame is handled on the way.
  json wait(const std::function<bool(const json&)>& match, std::string_view what,
            std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    return ws_->wait_for(
        [&](const json& m) {
          handle(m);
          return match(m);
        },
        fmt::format("{}: {}", name_, what), timeout);
  }

  // Drops the connection (as a lost network would) and opens a new one that says hello.
  // Sends a message of the protocol's schema (a test fails if `message` is none).
  void send(const json& message) {
    const auto problems = wire::testing::ProtocolSchema::get().problems(message, "ClientMessage");
    EXPECT_TRUE(problems.empty()) << name_
                                  << " sends no ClientMessage of the schema: " << message.dump()
                                  << "\n"
                                  << wire::testing::problems_text(problems);
    ws_->send(message);
  }

  void reconnect_socket(uint16_t port) {
    ws_ = std::make_unique<WsClient>(port);
    send(json{{"type", "hello"}, {"version", 1}, {"name", name_}});
    wait([](const json& m) { return m["type"] == "welcome"; }, "welcome after reconnect");
    acted_.reset();
    knock_answered_ = false;
  }

  void handle(const json& m) {
    // Every frame the real server sends is a message of the protocol's schema.
    const auto problems = wire::testing::ProtocolSchema::get().problems(m, "ServerMessage");
    EXPECT_TRUE(problems.empty()) << name_ << " got no ServerMessage of the schema:\n"
                                  << wire::testing::problems_text(problems) << m.dump();
    const std::string type = m.value("type", "");
    // The sequenced frames (a full state starts the count again).
    if ((type == "update" || type == "chat" || type == "state") && m.contains("seq")) {
      const uint64_t seq = m["seq"];
      if (type == "state") seqs_.clear();
      seqs_.push_back(seq);
      last_seq_ = seq;
    }
    if ((type == "update" || type == "state") && m.contains("table")) {
      table_ = m["table"];
      last_table_seq_ = m.value("seq", uint64_t{0});
      bool in_window = false;
      for (const json& p : table_.value("pending", json::array()))
        in_window = in_window || (p.value("seat", -1) == seat_ && p.value("knock_window", false));
      if (!in_window) knock_answered_ = false;
      // A frame that only reports a seat change (someone left, came back, chatted) still lists
      // the decision I answered: it is the same decision until my pending entry changes.
      if (acted_) {
        std::optional<json> mine;
        for (const json& p : table_.value("pending", json::array()))
          if (p.value("seat", -1) == seat_) mine = decision_key(p);
        if (mine != acted_) acted_.reset();
      }
      if (type == "state" && m.contains("you") && m["you"].is_number()) seat_ = m["you"];
    } else if (type == "seated") {
      seat_ = m["seat"];
      if (m.value("token", json()).is_string()) token_ = m["token"];
      if (m.value("code", json()).is_string()) code_ = m["code"];
    } else if (type == "error" && m.value("code", "") == "rate_limited") {
      // Two people playing as fast as a program can go past the per-connection rate limit:
      // the refused action is sent again a little later (the rate limit is tested elsewhere).
      acted_.reset();
      knock_answered_ = false;
      retry_at_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
    } else if (type == "error") {
      errors_.push_back(m);
    }
  }

  std::vector<uint64_t>& seqs() { return seqs_; }

  // Reads until an update holding an event of type `event` (e.g. "left").
  json wait_event(std::string event, std::string_view what) {
    return wait(
        [&](const json& m) {
          if (m["type"] != "update") return false;
          for (const json& e : m["events"])
            if (e.value("type", "") == event) return true;
          return false;
        },
        what);
  }

  // As the creator: sends start and waits for the game to be dealt.
  void start() {
    send(json{{"type", "start"}});
    wait_event("game-started", "game-started");
  }

 private:
  std::unique_ptr<WsClient> ws_;
  std::string name_;
  int64_t next_id_ = 1;
  int seat_ = -1;
  std::string token_, code_, creator_token_;
  uint64_t last_seq_ = 0;
  uint64_t last_table_seq_ = 0;
  // The decision I answered last (seat, decision number), until a frame shows another.
  std::optional<json> acted_;
  std::chrono::steady_clock::time_point retry_at_;
  static json decision_key(const json& pending) {
    return json{pending["seat"], pending["decision"]};
  }
  bool knock_answered_ = false;
  json table_;
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
// connections in turn; throws if that takes longer than `timeout`.
inline void play_to_end(std::vector<Player*> players, std::mt19937_64& rng,
                        std::chrono::milliseconds timeout = std::chrono::seconds(120)) {
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
    }
  }
}

}  // namespace allegra::server_testing
