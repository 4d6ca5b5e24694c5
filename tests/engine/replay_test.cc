// The record cursor (engine/replay.h): forward, back and seek give exactly the states and
// events of the game as it was played; a corrupted record stops the cursor at the decision
// that fails, with chance from the record and from the seed; round boundaries; ends of saves.
#include "engine/replay.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "engine/record.h"
#include "engine/serialize_test_util.h"

namespace allegra {
namespace {

using serialize_test::random_action;
using serialize_test::tiny_deck_options;
using serialize_test::variants;

// A seeded random game as it was played: the record, and the state and events after every
// decision (states[k]: after k decisions).
struct Played {
  GameRecord record;
  std::vector<State> states;
  std::vector<EventList> events;
};

Played play(const RuleOptions& options, uint64_t seed, int max_decisions = 1 << 30) {
  State s(options, seed);
  GameRecorder recorder(s, seed);
  Rng rng(seed * 17 + 3);
  Played g{{}, {s}, {EventList{}}};
  for (int k = 0; k < max_decisions && !s.is_terminal(); ++k) {
    if (k >= serialize_test::kMaxGameSteps) throw std::runtime_error("the game does not end");
    EventList events;
    recorder.apply(s, random_action(s, rng), &events);
    if (s.is_chance_node()) recorder.deal(s, &events);
    g.states.push_back(s);
    g.events.push_back(events);
  }
  g.record = recorder.record();
  return g;
}

int decisions(const GameRecord& r) {
  int n = 0;
  for (const RoundRecord& round : r.rounds) n += static_cast<int>(round.steps.size());
  return n;
}

std::string error_text(const ReplayCursor& c) {
  return c.error() ? c.error()->message : std::string("no error");
}

// The cursor at `c.index()` shows the game as it was played there.
void expect_at(const ReplayCursor& c, const Played& g, const std::string& where) {
  const auto k = static_cast<size_t>(c.index());
  ASSERT_LT(k, g.states.size()) << where;
  EXPECT_TRUE(c.state() == g.states[k]) << where << ", decision " << k;
  EXPECT_TRUE(c.events() == g.events[k]) << where << ", decision " << k;
}

TEST(ReplayCursor, ForwardBackAndSeekEqualTheGameAsPlayedForEveryPlayerCount) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    for (const auto& v : variants(n)) {
      for (ChanceSource chance : {ChanceSource::kRecord, ChanceSource::kSeed}) {
        const uint64_t seed = 40 + static_cast<uint64_t>(n);
        const Played g = play(v.options, seed);
        const std::string what = fmt::format("{} players, {}, chance from the {}", n, v.name,
                                             chance == ChanceSource::kRecord ? "record" : "seed");
        ReplayCursor c(g.record, chance);
        ASSERT_FALSE(c.error()) << what << ": " << error_text(c);
        ASSERT_EQ(c.decisions(), decisions(g.record)) << what;
        ASSERT_EQ(c.decisions() + 1, std::ssize(g.states)) << what;
        expect_at(c, g, what + ", start");
        // Forward to the end.
        while (c.forward()) expect_at(c, g, what + ", forward");
        ASSERT_TRUE(c.at_end()) << what << ": " << error_text(c);
        EXPECT_FALSE(c.end_error(RecordEnd::kFinishedGame)) << what;
        EXPECT_FALSE(c.end_error(RecordEnd::kAnyPoint)) << what;
        EXPECT_FALSE(c.forward());
        // Back to the start, one decision at a time.
        while (c.back()) expect_at(c, g, what + ", back");
        EXPECT_EQ(c.index(), 0) << what;
        expect_at(c, g, what + ", back at 0");
        // Seeks in a random order, and past both ends (clamped).
        Rng rng(seed);
        for (int i = 0; i < 40; ++i) {
          const int k = static_cast<int>(rng.below(static_cast<uint32_t>(c.decisions() + 1)));
          EXPECT_TRUE(c.seek(k)) << what;
          EXPECT_EQ(c.index(), k) << what;
          expect_at(c, g, what + ", seek");
        }
        EXPECT_TRUE(c.seek(c.decisions() + 5));
        EXPECT_EQ(c.index(), c.decisions());
        EXPECT_TRUE(c.seek(-3));
        EXPECT_EQ(c.index(), 0);
      }
    }
  }
}

TEST(ReplayCursor, RoundBoundariesAndTheNewDeal) {
  RuleOptions o;
  o.players = 3;
  const Played g = play(o, 5);
  ReplayCursor c(g.record);
  ASSERT_EQ(c.rounds(), 3);
  int start = 0;
  for (int r = 0; r < c.rounds(); ++r) {
    EXPECT_EQ(c.round_start(r), start);
    EXPECT_EQ(c.round_of(start), r);
    start += static_cast<int>(g.record.rounds[static_cast<size_t>(r)].steps.size());
    EXPECT_EQ(c.round_of(start - 1), r);
  }
  EXPECT_EQ(c.round_of(c.decisions()), 2);
  // Exactly the decisions that end rounds 1 and 2 deal the next round; the first player
  // moves on (R11) and the cursor's round follows.
  int deals = 0;
  while (c.forward()) {
    if (!c.dealt_new_round()) continue;
    ++deals;
    EXPECT_EQ(c.index(), c.round_start(deals));
    EXPECT_EQ(c.round(), deals);
    EXPECT_EQ(c.step_in_round(), 0);
    EXPECT_EQ(c.state().first_player(), deals);
    EXPECT_EQ(c.events().back().type, EventType::kRoundStarted);
  }
  EXPECT_EQ(deals, 2);
  EXPECT_EQ(c.actor(), g.record.rounds[2].steps.back().player);
}

TEST(ReplayCursor, SeekIsFastOnALongGame) {
  RuleOptions o;
  o.players = 6;
  o.rounds = 8;
  const Played g = play(o, 11);
  ReplayCursor c(g.record);
  ASSERT_GE(c.decisions(), 3000);
  Rng rng(1);
  const auto t0 = std::chrono::steady_clock::now();
  constexpr int kSeeks = 2000;
  for (int i = 0; i < kSeeks; ++i)
    c.seek(static_cast<int>(rng.below(static_cast<uint32_t>(c.decisions() + 1))));
  const double us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() /
      kSeeks;
  RecordProperty("decisions", c.decisions());
  RecordProperty("microseconds_per_seek", static_cast<int>(us));
  // A viewer redraws on every key press: far below a frame, even in a debug build.
  EXPECT_LT(us, 20000.0) << c.decisions() << " decisions";
  expect_at(c, g, "after the seeks");
}

// --- Corrupted records ---------------------------------------------------------------------

struct Stop {
  int round;
  int step;
  int decision;
  std::string message;
};

// Where a cursor run to the end stops.
Stop run(const GameRecord& r, ChanceSource chance) {
  ReplayCursor c(r, chance);
  while (c.forward()) {
  }
  std::optional<ReplayError> e = c.error();
  if (!e) e = c.end_error(RecordEnd::kFinishedGame);
  if (!e) return {-2, -2, -2, "no error"};
  EXPECT_EQ(e->decision, c.index());
  return {e->round, e->step, e->decision, e->message};
}

TEST(ReplayCursor, AnIllegalActionStopsTheCursorAtItsDecision) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    RuleOptions o;
    o.players = n;
    const Played g = play(o, 70 + static_cast<uint64_t>(n));
    GameRecord r = g.record;
    // A reveal of a card that is already face up, late in round 2.
    RoundRecord& round = r.rounds[1];
    const int k = static_cast<int>(round.steps.size()) - 3;
    round.steps[static_cast<size_t>(k)].action = {ActionType::kReveal, 0};
    for (ChanceSource chance : {ChanceSource::kRecord, ChanceSource::kSeed}) {
      ReplayCursor c(r, chance);
      while (c.forward()) {
      }
      const int decision = c.round_start(1) + k;
      ASSERT_TRUE(c.error()) << n;
      EXPECT_EQ(c.error()->round, 1);
      EXPECT_EQ(c.error()->step, k);
      EXPECT_EQ(c.error()->decision, decision);
      EXPECT_NE(c.error()->message.find(fmt::format("round 2, step {} (player", k + 1)),
                std::string::npos)
          << c.error()->message;
      // The cursor stays before the decision that fails, with the game as played there.
      EXPECT_EQ(c.index(), decision);
      expect_at(c, g, "at the error");
      // It cannot go past it, but back and forth before it as before.
      EXPECT_FALSE(c.seek(c.decisions()));
      EXPECT_EQ(c.index(), decision);
      EXPECT_TRUE(c.seek(3));
      expect_at(c, g, "back before the error");
      EXPECT_FALSE(c.seek(decision + 1));
      EXPECT_EQ(c.index(), decision);
    }
  }
}

TEST(ReplayCursor, ADealThatIsNotTheSeedsIsADeckOrderMismatchWhenChanceComesFromTheSeed) {
  RuleOptions o;
  o.players = 4;
  GameRecord r = play(o, 3).record;
  auto& deal = r.rounds[2].deal;
  std::iter_swap(deal.begin(), std::find_if(deal.begin(), deal.end(),
                                            [&](int8_t card) { return card != deal[0]; }));
  const int start = ReplayCursor(r).round_start(2);
  // From the seed: the deal of round 3 is refused where it is dealt.
  const Stop seed = run(r, ChanceSource::kSeed);
  EXPECT_EQ(seed.round, 2);
  EXPECT_EQ(seed.step, -1);
  EXPECT_EQ(seed.decision, start);
  EXPECT_EQ(seed.message, "round 3: the deal is not the one the seed gives");
  // From the record the deal is imposed: the game goes differently from there, so the record
  // fails later or not at all, never at that deal.
  EXPECT_NE(run(r, ChanceSource::kRecord).decision, start);
}

TEST(ReplayCursor, AReshuffleOrderThatIsNotTheSeedsIsNamedAtItsStep) {
  // The first reshuffle of 3 or more cards in tiny-deck games.
  GameRecord r;
  int round = -1, step = -1;
  for (uint64_t seed = 1; seed < 20 && round < 0; ++seed) {
    r = play(tiny_deck_options(3), seed).record;
    for (size_t ri = 0; ri < r.rounds.size() && round < 0; ++ri)
      for (size_t si = 0; si < r.rounds[ri].steps.size() && round < 0; ++si)
        if (r.rounds[ri].steps[si].reshuffle.size() >= 3) {
          round = static_cast<int>(ri);
          step = static_cast<int>(si);
        }
  }
  ASSERT_GE(round, 0) << "no reshuffle of 3 or more cards in this game";
  auto& pile = r.rounds[static_cast<size_t>(round)].steps[static_cast<size_t>(step)].reshuffle;
  const auto different = std::adjacent_find(pile.begin(), pile.end(), std::not_equal_to<>());
  ASSERT_NE(different, pile.end());
  std::iter_swap(different, different + 1);
  const Stop seed = run(r, ChanceSource::kSeed);
  EXPECT_EQ(seed.round, round);
  EXPECT_EQ(seed.step, step);
  EXPECT_EQ(seed.decision, ReplayCursor(r).round_start(round) + step);
  EXPECT_NE(seed.message.find("the reshuffle order is not the one the seed gives"),
            std::string::npos)
      << seed.message;
  // From the record, the other order holds the right cards: it is imposed, not refused (the
  // game goes on differently, so a later step may not fit).
  EXPECT_GT(run(r, ChanceSource::kRecord).decision, seed.decision);
}

TEST(ReplayCursor, AWrongScoreIsFoundAfterTheRoundsLastDecision) {
  RuleOptions o;
  o.players = 5;
  GameRecord r = play(o, 9).record;
  r.rounds[0].score_half[1] += 2;
  const Stop s = run(r, ChanceSource::kRecord);
  EXPECT_EQ(s.round, 0);
  EXPECT_EQ(s.step, -1);
  EXPECT_EQ(s.decision, static_cast<int>(r.rounds[0].steps.size()));
  EXPECT_NE(s.message.find("round 1: the scores (half points)"), std::string::npos) << s.message;
}

TEST(ReplayCursor, ARecordThatCannotStartStopsAtZero) {
  GameRecord r;
  r.options.players = 9;
  EXPECT_EQ(run(r, ChanceSource::kRecord).message.substr(0, 9), "options: ");
  r.options.players = 3;
  EXPECT_EQ(run(r, ChanceSource::kRecord).message, "the record has no rounds");
  ReplayCursor c(r);
  EXPECT_EQ(c.decisions(), 0);
  EXPECT_FALSE(c.forward());
  EXPECT_FALSE(c.back());
  EXPECT_TRUE(c.seek(0));
}

// --- Games stopped part way (saves) --------------------------------------------------------

TEST(ReplayCursor, AGameStoppedAnywhereEndsWellOnlyAsAnUnfinishedGame) {
  RuleOptions o;
  o.players = 4;
  const Played full = play(o, 21);
  // Right after round 1's last decision, the record holds round 2's deal and no step of it.
  const int end_of_round_1 = static_cast<int>(full.record.rounds[0].steps.size());
  for (int stop : {0, 1, 17, 200, end_of_round_1}) {
    const Played part = play(o, 21, stop);
    ReplayCursor c(part.record, ChanceSource::kSeed);
    while (c.forward()) {
    }
    ASSERT_TRUE(c.at_end()) << stop << ": " << error_text(c);
    EXPECT_FALSE(c.end_error(RecordEnd::kAnyPoint)) << stop;
    EXPECT_TRUE(c.state() == part.states.back()) << stop;
    const auto unfinished = c.end_error(RecordEnd::kFinishedGame);
    ASSERT_TRUE(unfinished) << stop;
    // A result recorded for a round still going is refused.
    GameRecord bad = part.record;
    if (bad.rounds.back().score_half.empty()) {
      bad.rounds.back().ender = 0;
      ReplayCursor b(bad, ChanceSource::kSeed);
      while (b.forward()) {
      }
      const auto e = b.end_error(RecordEnd::kAnyPoint);
      ASSERT_TRUE(e) << stop;
      EXPECT_NE(e->message.find("the round is not over, but the record gives its result"),
                std::string::npos)
          << e->message;
    }
  }
}

}  // namespace
}  // namespace allegra
