// A Hub on a real SQLite file with a Transport that records the frames it is given (the hub's
// output port; the network itself is tested by the integration tests), and an injected clock.
// Every frame recorded is checked against the protocol's schema (a ServerMessage of
// data/protocol/protocol.schema.json), and so is every message a test sends (a ClientMessage;
// send_invalid() sends one the schema refuses, which the hub must refuse too).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "server/hub.h"
#include "server/sqlite_store.h"
#include "wire/protocol_schema.h"

namespace allegra::server::testing {

using nlohmann::json;

class RecordingTransport : public Transport {
 public:
  void send(ConnectionId to, SharedText text) override {
    frames[to].push_back(json::parse(*text));
    const auto problems =
        wire::testing::ProtocolSchema::get().problems(frames[to].back(), "ServerMessage");
    if (!problems.empty()) {
      ADD_FAILURE() << "frame to connection " << to << " is no ServerMessage of the schema:\n"
                    << wire::testing::problems_text(problems) << *text;
    }
    texts[to].push_back(text);
  }
  void close(ConnectionId to, std::string_view reason) override {
    closed[to] = std::string(reason);
  }
  std::map<ConnectionId, std::vector<json>> frames;
  std::map<ConnectionId, std::vector<SharedText>> texts;
  std::map<ConnectionId, std::string> closed;
};

class HubHarness {
 public:
  explicit HubHarness(HubConfig config = test_config()) : config_(config) {
    static std::atomic<int> counter{0};
    dir_ = std::filesystem::temp_directory_path() /
           ("allegra_hub_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(dir_);
    reopen();
  }
  ~HubHarness() {
    hub.reset();
    store.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  // A fixed seed, no bot delay and no bot thread unless a test asks for them.
  static HubConfig test_config() {
    HubConfig c;
    c.random_seed = 7;
    c.bot_delay_min = c.bot_delay_max = Millis(0);
    c.round_pause = Millis(1000);
    c.bot_threads = 0;  // the bots decide when asked, on the test's thread: no timing
    // The tests order the cheap bots by name (random, greedy); the policy that allows only the
    // levels (the server's default) has tests of its own.
    c.bots.any_spec = true;
    return c;
  }
  // A new Hub on the same file (a restart: the old one is dropped without flushing more).
  void reopen() {
    hub.reset();
    store.reset();
    store = std::make_unique<SqliteStore>(dir_ / "server.sqlite");
    hub = std::make_unique<Hub>(*store, net, config_, now, with_players ? store.get() : nullptr);
  }

  // The store's players for the hub (reopen() after setting it): seats tied to players.
  bool with_players = false;

  void connect(ConnectionId c, const std::string& ip = "127.0.0.1") {
    hub->open(c, ip, now);
    send(c, {{"type", "hello"}, {"version", 1}, {"name", "P" + std::to_string(c)}});
  }
  // A message of the schema (a test fails if `j` is none).
  void send(ConnectionId c, const json& j) {
    const auto problems = wire::testing::ProtocolSchema::get().problems(j, "ClientMessage");
    if (!problems.empty()) {
      ADD_FAILURE() << "the test sends no ClientMessage of the schema: " << j.dump() << "\n"
                    << wire::testing::problems_text(problems);
    }
    send_text(c, j.dump());
  }
  // A message the schema refuses, on purpose: the hub must answer it with an error.
  void send_invalid(ConnectionId c, const json& j) {
    EXPECT_FALSE(wire::testing::ProtocolSchema::get().valid(j, "ClientMessage"))
        << "send_invalid() of a valid ClientMessage: " << j.dump();
    const size_t before = net.frames[c].size();
    send_text(c, j.dump());
    EXPECT_GT(net.frames[c].size(), before) << "no answer to " << j.dump();
    if (net.frames[c].size() > before) {
      EXPECT_EQ(net.frames[c].back().at("type"), "error") << "the hub accepts " << j.dump();
    }
  }
  void send_text(ConnectionId c, const std::string& text) {
    hub->receive(c, text, now);
    hub->flush();
  }
  void disconnect(ConnectionId c) {
    hub->close(c, now);
    hub->flush();
  }
  // Moves the clock on by `ms`, ticking at every wake-up on the way.
  void advance(int64_t ms) {
    const Millis end = now + Millis(ms);
    for (int guard = 0; guard < 100000; ++guard) {
      auto wake = hub->next_wake();
      if (!wake || *wake > end) break;
      now = std::max(now, *wake);
      hub->tick(now);
      hub->flush();
    }
    now = end;
    hub->tick(now);
    hub->flush();
  }

  // The frames `c` got of `type` (all, in order).
  std::vector<json> of_type(ConnectionId c, const std::string& type) {
    std::vector<json> out;
    for (const json& j : net.frames[c]) {
      if (j.at("type") == type) out.push_back(j);
    }
    return out;
  }
  json last(ConnectionId c, const std::string& type) {
    auto all = of_type(c, type);
    if (all.empty()) {
      ADD_FAILURE() << "connection " << c << " got no " << type;
      return json();
    }
    return all.back();
  }
  json last_frame(ConnectionId c) { return net.frames[c].empty() ? json() : net.frames[c].back(); }
  std::string last_error(ConnectionId c) {
    auto all = of_type(c, "error");
    return all.empty() ? std::string() : all.back().at("code").get<std::string>();
  }
  // The latest table object `c` saw (from state or update).
  json table(ConnectionId c) {
    for (auto it = net.frames[c].rbegin(); it != net.frames[c].rend(); ++it) {
      if (it->at("type") == "state" || it->at("type") == "update") return it->at("table");
    }
    return json();
  }

  // Creates a table from connection `c` and returns its code.
  std::string create(ConnectionId c, json extra = json::object()) {
    json m = {{"type", "create"}, {"id", 1}};
    m.update(extra);
    send(c, m);
    return last(c, "created").at("code").get<std::string>();
  }

  HubConfig config_;
  std::filesystem::path dir_;
  RecordingTransport net;
  std::unique_ptr<SqliteStore> store;
  std::unique_ptr<Hub> hub;
  Millis now{1'000'000};
};

// Lets every person of `seats` answer with the first legal action (a pass in knock windows)
// and the clock run, until the game is over or `max_steps` steps were taken; returns the
// table's status.
// Sends one decision for the first pending seat of `table` that `seats` plays (its first legal
// action; a pass in a knock window); false if none of them is pending.
inline bool act_for_first_pending(HubHarness& h, const nlohmann::json& table,
                                  const std::map<int, ConnectionId>& seats) {
  for (const nlohmann::json& p : table.at("pending")) {
    auto it = seats.find(p.at("seat").get<int>());
    if (it == seats.end()) continue;
    const std::string action = p.at("knock_window").get<bool>()
                                   ? std::string("pass")
                                   : p.at("legal").at(0).get<std::string>();
    h.send(it->second, {{"type", "act"}, {"action", action}});
    return true;
  }
  return false;
}

inline std::string play(HubHarness& h, const std::map<int, ConnectionId>& seats,
                        int max_steps = 5000) {
  const ConnectionId watcher = seats.begin()->second;
  for (int step = 0; step < max_steps; ++step) {
    nlohmann::json table = h.table(watcher);
    if (table.at("status") != "playing") return table.at("status").get<std::string>();
    if (!act_for_first_pending(h, table, seats)) h.advance(500);
  }
  return h.table(watcher).at("status").get<std::string>();
}

}  // namespace allegra::server::testing
