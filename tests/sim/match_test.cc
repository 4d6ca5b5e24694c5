// play_match: a game between local bots, its statistics against the engine's own results.
#include "sim/match.h"

#include <gtest/gtest.h>

#include <numeric>

#include "engine/record.h"
#include "sim/test_bots.h"

namespace allegra::sim {
namespace {

using testing::make_local_bot;

struct Lineup {
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> seats;
  Lineup(int n, const char* spec, uint64_t seed) {
    for (int i = 0; i < n; ++i) {
      owned.push_back(make_local_bot(spec, seed + static_cast<uint64_t>(i)));
      seats.push_back(owned.back().get());
    }
  }
};

void expect_consistent(const MatchResult& m, int players) {
  ASSERT_EQ(static_cast<int>(m.players.size()), players);
  ASSERT_EQ(static_cast<int>(m.round_scores_half.size()), m.rounds);
  double shares = 0;
  int ended = 0;
  int winners = 0;
  int32_t best = m.players[0].total_half;
  for (const PlayerGameStats& p : m.players) best = std::min(best, p.total_half);
  for (int s = 0; s < players; ++s) {
    const PlayerGameStats& p = m.players[static_cast<size_t>(s)];
    shares += p.win_share;
    ended += p.rounds_ended;
    winners += p.winner ? 1 : 0;
    EXPECT_EQ(p.winner, p.total_half == best);
    EXPECT_EQ(p.winner, (m.winners >> s & 1) != 0);
    EXPECT_LE(p.knocks_given, p.knocks_offered);
    EXPECT_LE(p.rounds_ended_penalised, p.rounds_ended);
    EXPECT_EQ(p.round_score_half, p.total_half);
    int64_t sum = 0;
    for (const auto& round : m.round_scores_half) sum += round[static_cast<size_t>(s)];
    EXPECT_EQ(sum, p.total_half);
  }
  EXPECT_DOUBLE_EQ(shares, 1.0);
  EXPECT_EQ(ended, m.rounds);  // every round has exactly one ender
  for (const PlayerGameStats& p : m.players) EXPECT_EQ(p.outright, p.winner && winners == 1);
}

TEST(MatchTest, StatisticsAddUpOverPlayerCountsAndOptions) {
  int knocks = 0;
  int clears = 0;
  for (int players = 2; players <= 6; ++players) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      RuleOptions o;
      o.players = players;
      o.optional_clearing = seed == 2;
      o.rounds = seed == 3 ? 1 : 3;
      Lineup lineup(players, "random", seed * 10);
      const MatchResult m = play_match(o, seed, lineup.seats);
      SCOPED_TRACE(players * 100 + static_cast<int>(seed));
      expect_consistent(m, players);
      EXPECT_EQ(m.rounds, o.rounds);
      EXPECT_GT(m.actions, 0);
      for (const PlayerGameStats& p : m.players) {
        knocks += p.knocks_offered;
        clears += p.clears;
        if (players == 2) {
          EXPECT_EQ(p.knocks_offered, 0);  // no knocking with 2 players
        }
      }
    }
  }
  EXPECT_GT(knocks, 0);
  EXPECT_GT(clears, 0);
}

TEST(MatchTest, RecordReplaysAndMatchesTheStatistics) {
  RuleOptions o;
  Lineup lineup(4, "smart", 5);
  GameRecord record;
  const MatchResult m = play_match(o, 42, lineup.seats, &record);
  EXPECT_EQ(replay_check(record), std::nullopt);
  EXPECT_EQ(record.seed, 42u);
  ASSERT_EQ(static_cast<int>(record.rounds.size()), m.rounds);
  for (int r = 0; r < m.rounds; ++r) {
    const RoundRecord& round = record.rounds[static_cast<size_t>(r)];
    EXPECT_EQ(round.score_half, m.round_scores_half[static_cast<size_t>(r)]);
    EXPECT_EQ(m.players[static_cast<size_t>(round.ender)].rounds_ended > 0, true);
  }
  for (int p = 0; p < 4; ++p)
    EXPECT_EQ(record.totals_half[static_cast<size_t>(p)],
              m.players[static_cast<size_t>(p)].total_half);
  int steps = 0;
  for (const RoundRecord& round : record.rounds) steps += static_cast<int>(round.steps.size());
  EXPECT_EQ(steps, m.actions);
}

TEST(MatchTest, SameSeedsSameGame) {
  RuleOptions o;
  Lineup a(4, "random", 9);
  Lineup b(4, "random", 9);
  Lineup c(4, "random", 10);
  const MatchResult ma = play_match(o, 7, a.seats);
  EXPECT_EQ(ma, play_match(o, 7, b.seats));
  EXPECT_NE(ma, play_match(o, 7, c.seats));
}

class IllegalBot : public Bot {
 public:
  std::string name() const override { return "illegal"; }
  Action choose(const PublicView&) override { return Action::clear(19); }
};

TEST(MatchTest, AnIllegalActionIsABotError) {
  RuleOptions o;
  o.players = 2;
  IllegalBot bad;
  Lineup good(1, "random", 1);
  std::vector<Bot*> seats = {&bad, good.seats[0]};
  try {
    play_match(o, 1, seats);
    FAIL() << "no BotError";
  } catch (const BotError& e) {
    EXPECT_NE(std::string(e.what()).find("bot 'illegal' at seat 0"), std::string::npos) << e.what();
  }
  std::vector<Bot*> three = {good.seats[0], good.seats[0], good.seats[0]};
  EXPECT_THROW(play_match(o, 1, three), std::invalid_argument);
}

// A round that does not end within the cap is reported, not played forever.
TEST(MatchTest, AnEndlessRoundIsABotError) {
  RuleOptions o;
  o.players = 3;
  Lineup bots(3, "random", 4);
  try {
    play_match(o, 9, bots.seats, nullptr, 10);
    FAIL() << "no BotError";
  } catch (const BotError& e) {
    EXPECT_NE(std::string(e.what()).find("round 1 of the game dealt from seed 9 did not end after "
                                         "10 decisions (bots: random, random, random)"),
              std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(play_match(o, 9, bots.seats));
}

}  // namespace
}  // namespace allegra::sim
