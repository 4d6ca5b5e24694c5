// TABLE.rounds (docs/protocol.md): the scores of every finished round of the game, so that a
// page that joins (or reloads) in the middle of a game shows the whole scoreboard. Played
// through the hub with an injected clock: after each round, the rounds listed equal the
// round-scored events every connection was sent, a late watcher's state lists them too, and
// the update's hand-written text carries the same array as its JSON tree.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "engine/record.h"
#include "engine/rng.h"
#include "hub_harness.h"
#include "server/wire_names.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using testing::HubHarness;

// The round-scored events of every update `c` was sent, one array of score_half per round
// (the events of one round come in one frame, in player order).
std::vector<std::vector<int>> scored_in_updates(HubHarness& h, ConnectionId c) {
  std::vector<std::vector<int>> rounds;
  for (const json& f : h.net.frames[c]) {
    if (f.at("type") != "update") continue;
    std::vector<int> scores;
    for (const json& e : f.at("events")) {
      if (e.at("type") == "round-scored") scores.push_back(e.at("score_half").get<int>());
    }
    if (!scores.empty()) rounds.push_back(scores);
  }
  return rounds;
}

// The empty_display flags of the round-scored events of every update `c` was sent, per round.
std::vector<std::vector<bool>> empty_in_updates(HubHarness& h, ConnectionId c) {
  std::vector<std::vector<bool>> rounds;
  for (const json& f : h.net.frames[c]) {
    if (f.at("type") != "update") continue;
    std::vector<bool> empty;
    for (const json& e : f.at("events")) {
      if (e.at("type") == "round-scored") empty.push_back(e.at("empty_display").get<bool>());
    }
    if (!empty.empty()) rounds.push_back(empty);
  }
  return rounds;
}

std::vector<std::vector<bool>> listed_empty(const json& table) {
  std::vector<std::vector<bool>> rounds;
  for (const json& r : table.at("rounds")) rounds.push_back(r.at("empty_display"));
  return rounds;
}

std::vector<std::vector<int>> listed(const json& table) {
  std::vector<std::vector<int>> rounds;
  for (const json& r : table.at("rounds")) rounds.push_back(r.at("score_half"));
  return rounds;
}

TEST(TableRoundsTest, EveryFinishedRoundIsListedForLateComersToo) {
  HubHarness h;
  h.connect(1);
  const json seats = json::array({"bot:greedy", "bot:greedy", "bot:greedy"});
  const std::string code =
      h.create(1, {{"seats", seats}, {"options", {{"players", 3}, {"rounds", 2}}}});
  EXPECT_EQ(h.table(1).at("rounds"), json::array());  // the lobby
  h.send(1, {{"type", "start"}});
  EXPECT_EQ(h.table(1).at("rounds"), json::array());  // round 1 is being played

  // Until round 1 is over and scored.
  for (int guard = 0; guard < 2000 && h.table(1).at("view").at("rounds_played") == 0; ++guard) {
    h.advance(200);
  }
  const json after1 = h.table(1);
  ASSERT_EQ(after1.at("view").at("rounds_played"), 1);
  ASSERT_EQ(after1.at("rounds").size(), 1u);
  EXPECT_EQ(listed(after1), scored_in_updates(h, 1));
  // The entry is the round's result in the form of the view's last_round.
  EXPECT_EQ(after1.at("rounds").at(0), after1.at("view").at("last_round"));

  // A page that comes later gets the same list in its state.
  h.connect(2);
  h.send(2, {{"type", "watch"}, {"code", code}});
  EXPECT_EQ(h.last(2, "state").at("table").at("rounds"), after1.at("rounds"));

  // The hand-written update parses to the rounds of table_json.
  for (int guard = 0; guard < 5000 && h.table(1).at("status") == "playing"; ++guard) {
    h.advance(200);
  }
  const json end = h.table(1);
  ASSERT_EQ(end.at("status"), "over");
  ASSERT_EQ(end.at("rounds").size(), 2u);
  EXPECT_EQ(listed(end), scored_in_updates(h, 1));
  EXPECT_EQ(listed_empty(end), empty_in_updates(h, 1));  // R9's flag, one per player
  EXPECT_EQ(end.at("rounds").at(1), end.at("view").at("last_round"));
  // Each round's scores add up to the totals.
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(end.at("rounds").at(0).at("score_half").at(p).get<int>() +
                  end.at("rounds").at(1).at("score_half").at(p).get<int>(),
              end.at("view").at("totals_half").at(p).get<int>());
  }
}

TEST(TableRoundsTest, ScoredRoundsSkipsTheRoundBeingPlayed) {
  GameRecord record;
  RoundRecord scored;
  scored.raw_half = {10, -20, 30};
  scored.score_half = {20, -20, 30};
  scored.ender = 0;
  record.rounds = {scored, RoundRecord{}};
  // A record without deals does not replay: the results come from its numbers.
  const std::vector<RoundResult> rounds = scored_rounds(record);
  ASSERT_EQ(rounds.size(), 1u);
  EXPECT_EQ(rounds[0].score_half[0], 20);  // the ender doubled, as the engine scores it
  EXPECT_TRUE(rounds[0].penalised);
  EXPECT_EQ(rounds[0].ender, 0);
  EXPECT_EQ(rounds[0].empty_display, 0b010);  // -10 points: an empty display
}

// A real game's record replays to the results the engine computed, empty displays included.
TEST(TableRoundsTest, ScoredRoundsOfARecordAreTheEnginesResults) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    RuleOptions o;
    o.players = 2 + static_cast<int>(seed % 5);
    State s(o, seed);
    GameRecorder recorder(s, seed);
    Rng rng(seed);
    std::vector<RoundResult> want;
    for (int step = 0; step < 20000 && !s.is_terminal(); ++step) {
      if (s.is_chance_node()) {
        recorder.deal(s);
        continue;
      }
      const int played = s.rounds_played();
      recorder.apply(s, s.random_legal_action(rng));
      if (s.rounds_played() > played) want.push_back(s.last_round());
    }
    ASSERT_TRUE(s.is_terminal());
    EXPECT_EQ(scored_rounds(recorder.record()), want) << "seed " << seed;
  }
}

}  // namespace
}  // namespace allegra::server
