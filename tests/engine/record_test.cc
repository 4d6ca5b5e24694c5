// Game records: recording, JSON lines, replay checking and tamper detection (engine/record.h).
#include "engine/record.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "engine/public_view.h"
#include "engine/serialize.h"
#include "engine/serialize_test_util.h"

namespace allegra {
namespace {

using nlohmann::json;
using serialize_test::random_action;
using serialize_test::tiny_deck_options;
using serialize_test::variants;

struct RecordedGame {
  GameRecord record;
  State final_state;
  int reshuffles = 0;
};

// Plays a seeded random game through a GameRecorder.
RecordedGame play_recorded(const RuleOptions& options, uint64_t seed) {
  State s(options, seed);
  GameRecorder recorder(s, seed);
  Rng rng(seed * 31 + 7);
  int reshuffles = 0;
  for (int step = 0; !s.is_terminal(); ++step) {
    if (step >= serialize_test::kMaxGameSteps) throw std::runtime_error("game does not end");
    EventList events;
    recorder.apply(s, random_action(s, rng), &events);
    if (s.is_chance_node()) recorder.deal(s, &events);
    for (const Event& e : events) reshuffles += e.type == EventType::kReshuffled;
  }
  return {recorder.record(), s, reshuffles};
}

int recorded_reshuffles(const GameRecord& r) {
  int count = 0;
  for (const auto& round : r.rounds)
    for (const auto& step : round.steps) count += !step.reshuffle.empty();
  return count;
}

std::string describe_error(const std::optional<ReplayError>& e) {
  if (!e) return "no error";
  return "round " + std::to_string(e->round) + ", step " + std::to_string(e->step) + ": " +
         e->message;
}

// Runs `body` and returns the std::invalid_argument message it throws ("" if none).
std::string error_of(const std::function<void()>& body) {
  try {
    body();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// --- Recording and replaying -----------------------------------------------------------------

TEST(Record, RandomGamesReplayWithEveryVariant) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    for (const auto& v : variants(n)) {
      SCOPED_TRACE(::testing::Message() << n << " players, " << v.name);
      const uint64_t seed = 1000 * n + v.name.size();
      RecordedGame g = play_recorded(v.options, seed);
      const GameRecord& r = g.record;
      EXPECT_EQ(recorded_reshuffles(r), g.reshuffles);
      ASSERT_EQ(r.totals_half.size(), static_cast<size_t>(n));
      ASSERT_FALSE(r.winners.empty());
      ASSERT_EQ(std::ssize(r.rounds), g.final_state.rounds_played());
      for (const auto& round : r.rounds) {
        EXPECT_EQ(round.deal.size(), static_cast<size_t>(v.options.deck_size()));
        EXPECT_EQ(round.score_half.size(), static_cast<size_t>(n));
        EXPECT_NE(round.ender, kNoPlayer);
      }

      State replayed(v.options, 1);
      auto error = replay_check(r, &replayed);
      ASSERT_FALSE(error) << describe_error(error);
      EXPECT_TRUE(replayed.public_view() == g.final_state.public_view());
      // reshuffle_with() does not advance the Rng the way a real reshuffle does, so only a game
      // without a reshuffle replays bit for bit.
      if (g.reshuffles == 0) {
        EXPECT_TRUE(replayed == g.final_state);
      }

      // JSON and JSON lines round trips.
      EXPECT_EQ(record_from_json(record_to_json(r)), r);
      std::string line = record_to_line(r);
      EXPECT_EQ(line.find('\n'), std::string::npos);
      GameRecord back = record_from_line(line);
      EXPECT_EQ(back, r);
      EXPECT_FALSE(replay_check(back));
    }
  }
}

TEST(Record, TinyDeckGamesReshuffleAndReplay) {
  int reshuffles = 0;
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      RecordedGame g = play_recorded(tiny_deck_options(n), seed);
      reshuffles += recorded_reshuffles(g.record);
      for (const auto& round : g.record.rounds) {
        for (const auto& step : round.steps) {
          if (step.reshuffle.empty()) continue;
          EXPECT_EQ(step.action, Action::draw_pile());
        }
      }
      auto error = replay_check(record_from_line(record_to_line(g.record)));
      EXPECT_FALSE(error) << describe_error(error);
    }
  }
  EXPECT_GT(reshuffles, 10);
}

TEST(Record, CurrentDealFollowsTheDealingConvention) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    RuleOptions o;
    o.players = n;
    State s(o, 99);
    std::vector<int8_t> deal = current_deal(s);
    ASSERT_EQ(deal.size(), static_cast<size_t>(o.deck_size()));
    // deck[k] goes to player (first + k) mod n, cell k / n; then the starter, then the pile.
    for (int k = 0; k < n * kGridCells; ++k)
      EXPECT_EQ(deal[k], s.cell_value(static_cast<CellId>((k % n) * kGridCells + k / n)));
    EXPECT_EQ(deal[n * kGridCells], s.discard_pile_card(0));
    EXPECT_EQ(deal[n * kGridCells + 1], s.draw_pile_card(0));
    // Dealing it reproduces the table.
    State t(o, 12345, deal);
    EXPECT_EQ(current_deal(t), deal);
    // Not once a card is revealed.
    s.apply(s.legal_actions()[0]);
    EXPECT_THROW(current_deal(s), std::invalid_argument);
  }
}

TEST(Record, RecorderRejectsIllegalActionsAndRecordsNothing) {
  RuleOptions o;
  State s(o, 5);
  GameRecorder recorder(s, 5);
  EXPECT_THROW(recorder.apply(s, Action::draw_pile()), IllegalAction);
  EXPECT_TRUE(recorder.record().rounds[0].steps.empty());
  State later = s;
  later.apply(later.legal_actions()[0]);
  EXPECT_THROW(GameRecorder(later, 5), std::invalid_argument);
}

// --- Tampering -------------------------------------------------------------------------------

// A 4-player game with knocking, and a 3-player tiny-deck game with reshuffles.
const RecordedGame& game4() {
  static const RecordedGame g = play_recorded(variants(4)[0].options, 4242);
  return g;
}
const RecordedGame& reshuffle_game() {
  static const RecordedGame g = [] {
    for (uint64_t seed = 1;; ++seed) {
      RecordedGame played = play_recorded(tiny_deck_options(3), seed);
      if (recorded_reshuffles(played.record) > 0 && played.record.rounds.size() >= 2) return played;
    }
  }();
  return g;
}

TEST(RecordTamper, ChangedActionIsReportedAtItsStep) {
  GameRecord r = game4().record;
  // Round 2: the first draw becomes a knock, which is never legal in phase choose-draw.
  auto& steps = r.rounds[1].steps;
  int k = 0;
  while (steps[k].action.type != ActionType::kDrawPile &&
         steps[k].action.type != ActionType::kDrawDiscard)
    ++k;
  steps[k].action = Action::knock();
  auto e = replay_check(r);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->round, 1);
  EXPECT_EQ(e->step, k);
  EXPECT_NE(e->message.find("round 2, step " + std::to_string(k + 1)), std::string::npos)
      << e->message;
  EXPECT_NE(e->message.find("illegal"), std::string::npos) << e->message;
}

TEST(RecordTamper, ChangedLegalActionIsCaughtInItsRound) {
  GameRecord r = game4().record;
  // The first setup reveal of round 1 reveals another legal cell: the scores or a later step
  // must differ.
  State s(r.options, r.seed, r.rounds[0].deal);
  Action original = r.rounds[0].steps[0].action;
  for (Action a : s.legal_actions()) {
    if (a == original) continue;
    r.rounds[0].steps[0].action = a;
    auto e = replay_check(r);
    if (!e) continue;  // revealing another cell can, rarely, change nothing
    EXPECT_EQ(e->round, 0) << describe_error(e);
    return;
  }
  FAIL() << "no changed reveal was detected";
}

TEST(RecordTamper, ChangedScoreEnderTotalsAndWinners) {
  const GameRecord& good = game4().record;
  {
    GameRecord r = good;
    r.rounds[1].score_half[2] += 2;
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 1);
    EXPECT_EQ(e->step, -1);
    EXPECT_NE(e->message.find("round 2: the scores"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;
    r.rounds[0].raw_half[0] -= 2;
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 0);
    EXPECT_NE(e->message.find("raw scores"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;
    r.rounds[2].ender = (r.rounds[2].ender + 1) % 4;
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 2);
    EXPECT_NE(e->message.find("ended the round"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;
    r.totals_half[3] += 1;
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, -1);
    EXPECT_NE(e->message.find("totals"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;
    r.winners = {0, 1, 2, 3};
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, -1);
    EXPECT_NE(e->message.find("winners"), std::string::npos) << e->message;
  }
}

TEST(RecordTamper, ChangedDeal) {
  const GameRecord& good = game4().record;
  {
    GameRecord r = good;  // not the deck any more
    r.rounds[1].deal[5] = static_cast<int8_t>(r.rounds[1].deal[5] == 11 ? 10 : 11);
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 1);
    EXPECT_EQ(e->step, -1);
    EXPECT_NE(e->message.find("round 2: the deal is not valid"), std::string::npos) << e->message;
    // The reader already refuses it.
    std::string message = error_of([&] { record_from_json(record_to_json(r)); });
    EXPECT_NE(message.find("record.rounds[1].deal"), std::string::npos) << message;
  }
  {
    GameRecord r = good;  // a valid deck order, but not the one played
    auto& deal = r.rounds[0].deal;
    std::reverse(deal.begin(), deal.end());
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 0);
  }
  {
    GameRecord r = good;
    r.rounds[2].first_player = 0;
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 2);
    EXPECT_NE(e->message.find("plays first"), std::string::npos) << e->message;
  }
}

TEST(RecordTamper, WrongPlayerIsReportedAtItsStep) {
  GameRecord r = game4().record;
  r.rounds[2].steps[30].player = (r.rounds[2].steps[30].player + 1) % 4;
  auto e = replay_check(r);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->round, 2);
  EXPECT_EQ(e->step, 30);
  EXPECT_NE(e->message.find("round 3, step 31"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("is to act"), std::string::npos) << e->message;
}

TEST(RecordTamper, TruncatedOrExtendedRecords) {
  const GameRecord& good = game4().record;
  {
    GameRecord r = good;  // the last step of the last round is missing
    r.rounds.back().steps.pop_back();
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, std::ssize(r.rounds) - 1);
    EXPECT_EQ(e->step, -1);
    EXPECT_NE(e->message.find("the round is not over"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;  // half of round 2 is missing
    r.rounds[1].steps.resize(r.rounds[1].steps.size() / 2);
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 1);
    EXPECT_EQ(e->step, -1);
  }
  {
    GameRecord r = good;  // the last round is missing
    r.rounds.pop_back();
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, -1);
    EXPECT_NE(e->message.find("the game is not over"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;  // an extra step after the end
    r.rounds.back().steps.push_back({0, Action::draw_pile(), {}});
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, std::ssize(r.rounds) - 1);
    EXPECT_EQ(e->step, std::ssize(r.rounds.back().steps) - 1);
    EXPECT_NE(e->message.find("already ended"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;  // a step of round 2 moved into round 1
    r.rounds[0].steps.push_back(r.rounds[1].steps[0]);
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 0);
    EXPECT_EQ(e->step, std::ssize(r.rounds[0].steps) - 1);
  }
  {
    GameRecord r = good;  // an extra round
    r.rounds.push_back(r.rounds.back());
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, std::ssize(r.rounds) - 1);
    EXPECT_NE(e->message.find("the game ended"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;
    r.rounds.clear();
    EXPECT_TRUE(replay_check(r));
  }
}

TEST(RecordTamper, ReshuffleOrders) {
  const GameRecord& good = reshuffle_game().record;
  ASSERT_FALSE(replay_check(good));
  int round = 0, step = 0;
  [&] {
    for (round = 0; round < std::ssize(good.rounds); ++round)
      for (step = 0; step < std::ssize(good.rounds[round].steps); ++step)
        if (!good.rounds[round].steps[step].reshuffle.empty()) return;
  }();
  {
    GameRecord r = good;  // the order is dropped
    r.rounds[round].steps[step].reshuffle.clear();
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, round);
    EXPECT_EQ(e->step, step);
    EXPECT_NE(e->message.find("no reshuffle order"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;  // not the discard pile's cards
    r.rounds[round].steps[step].reshuffle.pop_back();
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, round);
    EXPECT_EQ(e->step, step);
    EXPECT_NE(e->message.find("reshuffle order is not valid"), std::string::npos) << e->message;
  }
  {
    GameRecord r = good;  // a reshuffle where there is none
    r.rounds[0].steps[0].reshuffle = {1, 2, 3};
    auto e = replay_check(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->round, 0);
    EXPECT_EQ(e->step, 0);
  }
}

// --- Reading ---------------------------------------------------------------------------------

TEST(RecordJson, RejectsMalformedLines) {
  const std::string good = record_to_line(game4().record);
  for (std::string text : {"", "{", "[]", "{}", "null", "42", "\"record\""})
    EXPECT_THROW(record_from_line(text), std::invalid_argument) << text;
  EXPECT_THROW(record_from_line(std::string(50000, '{')), std::invalid_argument);

  struct Case {
    std::string what;
    std::function<void(json&)> mutate;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {"version", [](json& j) { j["format_version"] = 3; }, "record.format_version: unsupported"},
      {"version 0", [](json& j) { j["format_version"] = 0; }, "record.format_version: unsupported"},
      {"seats of v1",
       [](json& j) {
         j["format_version"] = 1;
         j["seats"] = json::array();
       },
       "record.seats: a version 1 record has no seats"},
      {"seat count",
       [](json& j) {
         j["seats"] = {{{"name", "A"}}};
       },
       "record.seats: must have one entry per player (4), got 1"},
      {"seat name",
       [](json& j) {
         j["seats"] = {{{"name", "A\x1b[2J"}}, {{"name", "B"}}, {{"name", "C"}}, {{"name", "D"}}};
       },
       "record.seats[0].name: the name contains a control character (U+001B)"},
      {"seat names",
       [](json& j) {
         j["seats"] = {{{"name", "A"}}, {{"name", "B"}}, {{"name", "A"}}, {{"name", "D"}}};
       },
       "record.seats: two players are named 'A'"},
      {"seat bot",
       [](json& j) {
         j["seats"] = {
             {{"name", "A"}, {"bot", "x y"}}, {{"name", "B"}}, {{"name", "C"}}, {{"name", "D"}}};
       },
       "record.seats[0].bot: must be a bot spec"},
      {"seat key",
       [](json& j) {
         j["seats"] = {
             {{"name", "A"}, {"age", 3}}, {{"name", "B"}}, {{"name", "C"}}, {{"name", "D"}}};
       },
       "record.seats[0]: unknown key"},
      {"unknown key", [](json& j) { j["comment"] = "hi"; }, "unknown key \"comment\""},
      {"missing rounds", [](json& j) { j.erase("rounds"); }, "record.rounds: missing"},
      {"options", [](json& j) { j["options"]["players"] = 1; }, "record.options"},
      {"seed", [](json& j) { j["seed"] = -1; }, "record.seed"},
      {"first player", [](json& j) { j["rounds"][0]["first_player"] = 4; },
       "record.rounds[0].first_player"},
      {"deal size", [](json& j) { j["rounds"][1]["deal"].erase(0); }, "record.rounds[1].deal"},
      {"deal card", [](json& j) { j["rounds"][1]["deal"][3] = 12; }, "record.rounds[1].deal[3]"},
      {"action", [](json& j) { j["rounds"][0]["steps"][3]["action"] = "swap 9a9"; },
       "record.rounds[0].steps[3].action"},
      {"action type", [](json& j) { j["rounds"][0]["steps"][3]["action"] = 7; },
       "record.rounds[0].steps[3].action"},
      {"step player", [](json& j) { j["rounds"][0]["steps"][3]["player"] = -1; },
       "record.rounds[0].steps[3].player"},
      {"step key", [](json& j) { j["rounds"][0]["steps"][3]["who"] = 1; },
       "record.rounds[0].steps[3]: unknown key"},
      {"reshuffle",
       [](json& j) {
         j["rounds"][0]["steps"][3]["reshuffle"] = {1, "x"};
       },
       "record.rounds[0].steps[3].reshuffle[1]"},
      {"scores",
       [](json& j) {
         j["rounds"][2]["score_half"] = {1, 2};
       },
       "record.rounds[2].score_half"},
      {"ender", [](json& j) { j["rounds"][2]["ender"] = 9; }, "record.rounds[2].ender"},
      {"winners",
       [](json& j) {
         j["winners"] = {1, 1};
       },
       "record.winners[1]"},
      {"totals",
       [](json& j) {
         j["totals_half"] = {1.5, 2, 3, 4};
       },
       "record.totals_half[0]"},
  };
  const json base = parse_json(good);
  for (const Case& c : cases) {
    json j = base;
    c.mutate(j);
    std::string message = error_of([&] { record_from_line(j.dump()); });
    EXPECT_NE(message.find(c.expected), std::string::npos)
        << c.what << ": got \"" << message << "\", expected \"" << c.expected << "\"";
  }
  // A seed may be a JSON number too.
  json j = base;
  j["seed"] = 4242;
  EXPECT_EQ(record_from_json(j).seed, 4242u);
}

// Version 2 keeps the players' names; version 1 records (no seats) still read and replay.
TEST(RecordJson, SeatsRoundTripAndVersion1StillReads) {
  GameRecord r = game4().record;
  r.seats = {{"Anna", ""}, {"Bea", "medium"}, {"Carlo", "mcts:2000it"}, {"Dóra", "easy"}};
  const std::string line = record_to_line(r);
  EXPECT_NE(line.find(R"("seats":[{"name":"Anna"},{"bot":"medium","name":"Bea"})"),
            std::string::npos)
      << line.substr(0, 200);
  EXPECT_EQ(line.rfind(R"({"format_version":2,)", 0), 0u);
  const GameRecord back = record_from_line(line);
  EXPECT_EQ(back, r);
  EXPECT_FALSE(replay_check(back).has_value());

  json v1 = parse_json(record_to_line(game4().record));
  EXPECT_FALSE(v1.contains("seats"));
  v1["format_version"] = 1;
  const GameRecord old = record_from_json(v1);
  EXPECT_TRUE(old.seats.empty());
  EXPECT_EQ(old.format_version, kRecordFormatVersion);
  EXPECT_FALSE(replay_check(old).has_value());
}

// A line that is not JSON says where in the line: the column of the byte.
TEST(RecordJson, SyntaxErrorsGiveLineAndColumn) {
  const std::string good = record_to_line(game4().record);
  try {
    record_from_line(good.substr(0, 30) + "@" + good.substr(30));
    ADD_FAILURE() << "accepted";
  } catch (const JsonSyntaxError& e) {
    EXPECT_EQ(e.line(), 1u);
    EXPECT_EQ(e.column(), 31u);
    EXPECT_EQ(std::string(e.what()).rfind("json: line 1, column 31: ", 0), 0u) << e.what();
    EXPECT_EQ(e.reason().find("[json.exception"), std::string::npos) << e.reason();
  }
  try {
    parse_json("{\n  \"a\": 1,\n  x\n}");
    ADD_FAILURE() << "accepted";
  } catch (const JsonSyntaxError& e) {
    EXPECT_EQ(e.line(), 3u);
    EXPECT_EQ(e.column(), 3u);
  }
}

TEST(RecordJson, RandomMutationsNeverCrash) {
  const json base = record_to_json(reshuffle_game().record);
  Rng rng(77);
  int caught = 0;
  for (int i = 0; i < 300; ++i) {
    json j = base;
    // Replace one random step, deal card or score by something else.
    auto& rounds = j["rounds"];
    auto& round = rounds[rng.below(static_cast<uint32_t>(rounds.size()))];
    switch (rng.below(4)) {
      case 0: {
        auto& steps = round["steps"];
        steps[rng.below(static_cast<uint32_t>(steps.size()))]["action"] =
            std::vector<std::string>{"draw",       "draw-discard", "discard", "knock",
                                     "pass",       "refuse",       "leave",   "swap 0a0",
                                     "reveal 1c3", "take 2b3",     "put 0a1", "give 1",
                                     "clear col-0"}[rng.below(13)];
        break;
      }
      case 1: {
        auto& steps = round["steps"];
        steps[rng.below(static_cast<uint32_t>(steps.size()))]["player"] = rng.below(3);
        break;
      }
      case 2: {
        auto& deal = round["deal"];
        std::swap(deal[rng.below(static_cast<uint32_t>(deal.size()))],
                  deal[rng.below(static_cast<uint32_t>(deal.size()))]);
        break;
      }
      default:
        round["steps"].erase(rng.below(static_cast<uint32_t>(round["steps"].size())));
    }
    try {
      GameRecord r = record_from_line(j.dump());
      if (replay_check(r)) ++caught;
    } catch (const std::invalid_argument&) {
      ++caught;
    }
  }
  EXPECT_GT(caught, 150);
}

}  // namespace
}  // namespace allegra
