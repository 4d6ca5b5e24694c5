// The replay of a finished game for the browser (GET /games/ID/replay.json): one step per
// decision of the record, each with the engine's events and the public view after it, ending
// on the final table; a record that is not a finished game is refused.
#include "server/game_replay.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/event_json.h"
#include "engine/options_json.h"
#include "engine/record.h"
#include "engine/view_json.h"
#include "table/table.h"

namespace allegra::server {
namespace {

using nlohmann::json;
using table::Millis;

// A whole game of bots on a Table, with its events.
table::Table bot_game(const RuleOptions& options, uint64_t seed) {
  std::vector<table::Seat> seats;
  for (int p = 0; p < options.players; ++p) {
    seats.push_back({table::SeatKind::kBot, "Bot " + std::to_string(p + 1), "greedy", {}});
  }
  table::Table t(options, seed, seats, Millis(0), "greedy", Millis(0));
  for (int i = 0; i < 100 && !t.game_over(); ++i) (void)t.tick(Millis(i));
  return t;
}

size_t record_steps(const GameRecord& r) {
  size_t n = 0;
  for (const RoundRecord& round : r.rounds) n += round.steps.size();
  return n;
}

TEST(GameReplayTest, OneStepPerDecisionEndingOnTheFinalTable) {
  RuleOptions options;
  options.players = 3;
  options.rounds = 2;
  const table::Table t = bot_game(options, 42);
  ASSERT_TRUE(t.game_over());
  const GameRecord record = t.record();
  const json replay = json::parse(replay_json("ABCDEF-1", record_to_line(record) + "\n"));
  EXPECT_EQ(replay.at("format"), 1);
  EXPECT_EQ(replay.at("game"), "ABCDEF-1");
  EXPECT_EQ(replay.at("players").size(), 3u);
  EXPECT_EQ(replay.at("players").at(0).at("name"), "Bot 1");
  EXPECT_EQ(replay.at("options"), options_to_json(options));
  EXPECT_EQ(replay.at("rounds").size(), 2u);
  EXPECT_EQ(replay.at("winners"), json(record.winners));
  ASSERT_EQ(replay.at("totals").size(), 3u);
  EXPECT_DOUBLE_EQ(replay.at("totals").at(0).get<double>(), record.totals_half.at(0) / 2.0);
  const json& steps = replay.at("steps");
  ASSERT_EQ(steps.size(), record_steps(record));
  EXPECT_EQ(steps.back().at("view"), public_view_to_json(t.view(), LegalActionsKey::kWithout));
  EXPECT_EQ(steps.front().at("index"), 1);
  // Every step has events; a round's last step shows the finished round.
  int round_overs = 0;
  for (const json& s : steps) {
    EXPECT_FALSE(s.at("events").empty()) << s.dump();
    round_overs += s.at("round_over").is_null() ? 0 : 1;
  }
  EXPECT_EQ(round_overs, 1);  // between round 1 and 2 (the game's end is the last view)
  EXPECT_EQ(steps.front().at("action"), to_text(record.rounds.at(0).steps.at(0).action));
}

TEST(GameReplayTest, ARecordThatIsNoFinishedGameIsRefused) {
  EXPECT_THROW(replay_json("X-1", "not json"), RecordError);
  RuleOptions options;
  options.players = 2;
  options.rounds = 1;
  const table::Table t = bot_game(options, 7);
  GameRecord unfinished = t.record();
  unfinished.rounds.back().steps.resize(unfinished.rounds.back().steps.size() / 2);
  unfinished.totals_half.clear();
  unfinished.winners.clear();
  unfinished.rounds.back().score_half.clear();
  unfinished.rounds.back().raw_half.clear();
  unfinished.rounds.back().ender = kNoPlayer;
  EXPECT_THROW(replay_json("X-1", record_to_line(unfinished)), RecordError);
}

}  // namespace
}  // namespace allegra::server
