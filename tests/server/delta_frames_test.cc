// Delta frames (docs/protocol.md "delta") over whole games with every player count: one
// connection asks for deltas, one for whole updates, at the same table; each delta applied to the
// table before it (wire::apply_delta) must give exactly the update's TABLE of the same seq. The
// hub harness checks every frame against the schema. With ALLEGRA_DELTA_PAIRS=FILE the pairs
// (the first whole table, then each delta with the update's TABLE) are written to FILE as JSON
// lines, which web/src/state/delta.test.ts replays through the web client's applyDelta.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "server/hub_harness.h"
#include "wire/table_delta.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

// The pairs file of ALLEGRA_DELTA_PAIRS, opened once for all the tests (nullptr if unset).
std::ofstream* pairs_file() {
  static std::unique_ptr<std::ofstream> file = [] {
    const char* path = std::getenv("ALLEGRA_DELTA_PAIRS");
    return path ? std::make_unique<std::ofstream>(path) : nullptr;
  }();
  return file.get();
}

void connect_with_deltas(HubHarness& h, ConnectionId c) {
  h.hub->open(c, "127.0.0.1", h.now);
  h.send(c,
         {{"type", "hello"}, {"version", 1}, {"name", "D" + std::to_string(c)}, {"deltas", true}});
}

// Applies c's deltas in order from its first state; each must equal `full`'s update TABLE of the
// same seq. Returns the number of deltas checked.
int check_deltas(HubHarness& h, ConnectionId c, ConnectionId full, int players) {
  std::map<uint64_t, json> updates;
  for (const json& u : h.of_type(full, "update")) updates[u.at("seq").get<uint64_t>()] = u;
  json table;
  uint64_t seq = 0;
  int checked = 0;
  std::ofstream* out = pairs_file();
  for (const json& f : h.net.frames[c]) {
    const std::string type = f.at("type").get<std::string>();
    if (type == "update") ADD_FAILURE() << "a connection that asked for deltas got an update";
    if (type == "state") {
      table = f.at("table");
      seq = f.at("seq").get<uint64_t>();
      if (out) *out << json{{"players", players}, {"state", table}}.dump() << '\n';
      continue;
    }
    if (type == "chat") seq = f.at("seq").get<uint64_t>();
    if (type != "delta") continue;
    const uint64_t s = f.at("seq").get<uint64_t>();
    EXPECT_EQ(s, seq + 1) << "frames lost or out of order";
    seq = s;
    if (!f.at("base").is_null()) {
      EXPECT_LE(f.at("base").get<uint64_t>(), s - 1);
    }
    EXPECT_TRUE(wire::apply_delta(table, f));
    auto it = updates.find(s);
    if (it == updates.end()) {
      ADD_FAILURE() << "no update of seq " << s;
      continue;
    }
    EXPECT_EQ(table, it->second.at("table")) << "seq " << s << ": " << f.dump();
    json events = it->second.at("events");  // a delta's events have no text
    for (json& e : events) e.erase("text");
    EXPECT_EQ(f.at("events"), events);
    if (out) *out << json{{"delta", f}, {"table", it->second.at("table")}}.dump() << '\n';
    ++checked;
  }
  return checked;
}

class DeltaFramesTest : public ::testing::TestWithParam<int> {};

TEST_P(DeltaFramesTest, AppliedDeltasAreTheUpdatesTablesOverAWholeGame) {
  const int n = GetParam();
  // Bots that take 100 ms a decision, so that the test can act between frames.
  HubConfig config = HubHarness::test_config();
  config.bot_delay_min = config.bot_delay_max = Millis(100);
  HubHarness h(config);
  // 1 holds the updates; 2 the deltas from the lobby on; 3 watches from the middle of the game
  // (a state, then deltas), leaves, and comes back with last_seq (resumed: the missed deltas).
  h.connect(1);
  connect_with_deltas(h, 2);
  json seats = json::array();
  for (int i = 0; i < n; ++i) seats.push_back("bot:random");
  const std::string code =
      h.create(1, {{"options", {{"players", n}, {"rounds", 2}}}, {"seats", seats}});
  h.send(2, {{"type", "join"}, {"code", code}});
  h.send(1, {{"type", "start"}});
  bool watched = false, left = false, back = false;
  for (int step = 0; step < 4000 && h.table(1).at("status") != "over"; ++step) {
    h.advance(100);
    const size_t updates = h.of_type(1, "update").size();
    if (!watched && updates > 20) {
      connect_with_deltas(h, 3);
      h.send(3, {{"type", "join"}, {"code", code}});
      h.send(2, {{"type", "chat"}, {"text", "hello"}});
      watched = true;
    } else if (watched && !left && updates > 40) {
      h.send(3, {{"type", "leave"}});
      left = true;
    } else if (left && !back && updates > 43) {
      json join = {{"type", "join"}, {"code", code}};
      uint64_t last = 0;
      for (const json& f : h.net.frames[3]) {
        if (f.contains("seq") && f.at("type") != "resumed") last = f.at("seq").get<uint64_t>();
      }
      join["last_seq"] = last;
      h.send(3, join);
      back = true;
    }
  }
  ASSERT_EQ(h.table(1).at("status"), "over");
  EXPECT_GT(check_deltas(h, 2, 1, n), 50);
  EXPECT_TRUE(back);
  EXPECT_FALSE(h.of_type(3, "resumed").empty());
  EXPECT_GT(check_deltas(h, 3, 1, n), 10);
  // The deltas' bytes against the updates': far smaller.
  size_t delta_bytes = 0, update_bytes = 0, deltas = 0, updates = 0;
  for (const SharedText& t : h.net.texts[2]) {
    if (t->rfind(R"({"type":"delta")", 0) == 0) delta_bytes += t->size(), ++deltas;
  }
  for (const SharedText& t : h.net.texts[1]) {
    if (t->rfind(R"({"type":"update")", 0) == 0) update_bytes += t->size(), ++updates;
  }
  EXPECT_LT(delta_bytes * 4, update_bytes) << delta_bytes << " vs " << update_bytes;
  // For docs/bench.md: the average frame over the whole game (2 rounds).
  std::cout << n << " players: " << deltas << " deltas, "
            << delta_bytes / std::max<size_t>(1, deltas) << " bytes on average; " << updates
            << " updates, " << update_bytes / std::max<size_t>(1, updates) << " bytes\n";
}

INSTANTIATE_TEST_SUITE_P(EveryPlayerCount, DeltaFramesTest, ::testing::Values(2, 3, 4, 5, 6));

// The schema's Delta.set and ViewChanges repeat TableFrame's and PublicView's keys (copies, so
// that the generated TypeScript types keep their names): they must stay the same, but for
// `pending`, which a delta carries in its own compact key.
TEST(DeltaFramesTest, TheSchemasKeysOfADeltaAreThoseOfTableFrameAndPublicView) {
  std::ifstream in(wire::testing::protocol_schema_path());
  const json defs = json::parse(in).at("$defs");
  const json& set = defs.at("Delta").at("properties").at("set").at("properties");
  json table = defs.at("TableFrame").at("properties");
  table.erase("pending");
  EXPECT_EQ(set, table);
  json view = defs.at("PublicView").at("properties");
  view.erase("grids");
  EXPECT_EQ(defs.at("ViewChanges").at("properties"), view);
}

TEST(DeltaFramesTest, ADeltaWhoseBaseIsMissingDoesNotApplyToNoTable) {
  json table;
  EXPECT_FALSE(wire::apply_delta(
      table, json::parse(R"({"type":"delta","seq":5,"base":4,"events":[],"set":{}})")));
}

}  // namespace
}  // namespace allegra::server
