// The chance node between rounds (State::kRoundOver): the round ends in its own phase after the
// final reveal and the scoring, and the next round's deal is a separate step, from the state's
// Rng or from a recorded deck order.
#include <gtest/gtest.h>

#include <string>

#include "engine/public_view.h"
#include "engine/record.h"
#include "engine/replay.h"
#include "engine/serialize.h"
#include "engine/state.h"

namespace allegra {
namespace {

// Plays random legal actions until the first round is over (the chance node, or the game's end
// when it has one round).
State play_first_round(const RuleOptions& o, uint64_t seed, EventList* events = nullptr) {
  State s(o, seed);
  Rng rng(seed * 7 + 1);
  for (int step = 0; s.rounds_played() == 0; ++step) {
    if (step > 100000) throw std::runtime_error("the round does not end");
    const ActionList legal = s.legal_actions();
    if (events) events->clear();
    s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))], events);
  }
  return s;
}

RuleOptions two_rounds(int players) {
  RuleOptions o;
  o.players = players;
  o.rounds = 2;
  return o;
}

TEST(Chance, TheRoundEndsInItsOwnPhaseAfterTheRevealAndTheScoring) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    EventList events;
    const State s = play_first_round(two_rounds(n), 40 + n, &events);
    ASSERT_TRUE(s.is_chance_node());
    EXPECT_EQ(s.phase(), Phase::kRoundOver);
    EXPECT_FALSE(s.is_terminal());
    EXPECT_EQ(s.current_player(), kChancePlayer);
    EXPECT_TRUE(s.legal_actions().empty());
    EXPECT_EQ(s.round(), 0);
    EXPECT_EQ(s.rounds_played(), 1);
    // The finished table stays: every card up, the result filled in, nothing dealt yet.
    for (int c = 0; c < n * kGridCells; ++c)
      EXPECT_NE(s.cell_state(static_cast<CellId>(c)), CellState::kFaceDown);
    EXPECT_NE(s.last_round().ender, kNoPlayer);
    EXPECT_EQ(s.last_round().ender, s.ender());
    int scored = 0;
    for (const Event& e : events) {
      EXPECT_NE(e.type, EventType::kRoundStarted);
      scored += e.type == EventType::kRoundScored;
    }
    EXPECT_EQ(scored, n);
    EXPECT_EQ(s.first_player(), 0);
  }
}

TEST(Chance, ApplyIsRefusedAtTheChanceNodeWithASentence) {
  const State s = play_first_round(two_rounds(3), 5);
  ASSERT_TRUE(s.is_chance_node());
  State t = s;
  for (Action a : {Action::draw_pile(), Action::pass(), Action::reveal(0)}) {
    EXPECT_FALSE(t.is_legal(a));
    try {
      t.apply(a);
      ADD_FAILURE() << "applied " << to_text(a);
    } catch (const IllegalAction& e) {
      EXPECT_EQ(std::string(e.what()),
                "'" + to_text(a) +
                    "' is not legal: round 1 is over and the next round must be dealt first");
    }
  }
  EXPECT_EQ(t, s);
}

TEST(Chance, DealingFromTheRngEqualsDealingTheSameDeck) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    const State s = play_first_round(two_rounds(n), 60 + n);
    ASSERT_TRUE(s.is_chance_node());
    State from_rng = s, from_deck = s;
    EventList e1, e2;
    from_rng.deal(&e1);
    from_deck.deal(current_deal(from_rng), &e2);
    EXPECT_EQ(from_rng, from_deck);  // the Rng included: it advanced as a deal does
    ASSERT_EQ(e1.size(), 1u);
    EXPECT_EQ(e1[0].type, EventType::kRoundStarted);
    EXPECT_TRUE(std::equal(e1.begin(), e1.end(), e2.begin(), e2.end()));
    EXPECT_EQ(from_rng.phase(), Phase::kSetupReveal);
    EXPECT_EQ(from_rng.round(), 1);
    EXPECT_EQ(from_rng.first_player(), 1);  // R11: the left neighbour begins
    EXPECT_EQ(from_rng.rounds_played(), 1);
  }
}

TEST(Chance, ARecordedDeckIsImposed) {
  const RuleOptions o = two_rounds(4);
  State s = play_first_round(o, 9);
  // Another game's deck order (a valid deck, but not the one this Rng gives).
  const std::vector<int8_t> deck = current_deal(State(o, 12345));
  s.deal(deck);
  EXPECT_EQ(current_deal(s), deck);
  // The first round too: the deck constructor deals round 0 from a recorded deck, and the
  // Rng's own deck gives the plain constructor's state.
  EXPECT_EQ(current_deal(State(o, 9, deck)), deck);
  EXPECT_EQ(State(o, 9, current_deal(State(o, 9))), State(o, 9));
}

TEST(Chance, DealIsRefusedAwayFromTheChanceNodeAndAWrongDeckIsRefused) {
  const RuleOptions o = two_rounds(3);
  State fresh(o, 1);
  const State before = fresh;
  EXPECT_THROW(fresh.deal(), IllegalAction);
  EXPECT_THROW(fresh.deal(current_deal(before)), IllegalAction);
  EXPECT_EQ(fresh, before);
  State s = play_first_round(o, 2);
  const State at_chance = s;
  std::vector<int8_t> deck = current_deal(State(o, 3));
  deck.pop_back();
  EXPECT_THROW(s.deal(deck), std::invalid_argument);
  deck.push_back(deck.front() == 5 ? int8_t{6} : int8_t{5});  // right size, wrong cards
  EXPECT_THROW(s.deal(deck), std::invalid_argument);
  EXPECT_EQ(s, at_chance);
  EXPECT_THROW(State(o, 1, deck), std::invalid_argument);
}

TEST(Chance, TheRoundOverStateRoundTripsThroughJsonAndValidates) {
  const State s = play_first_round(two_rounds(5), 17);
  ASSERT_TRUE(s.is_chance_node());
  EXPECT_FALSE(validate_state(s)) << validate_state(s).value_or("");
  const nlohmann::json j = state_to_json(s);
  EXPECT_EQ(j.at("phase"), "round-over");
  EXPECT_EQ(state_from_json(j), s);
  const nlohmann::json v = public_view_to_json(s.public_view());
  EXPECT_EQ(v.at("phase"), "round-over");
  EXPECT_TRUE(v.at("current_player").is_null());
  EXPECT_TRUE(v.at("legal_actions").empty());
  // Search bots may sample there: only the draw pile is hidden.
  Rng rng(3);
  const State r = s.resample(rng);
  EXPECT_EQ(r.public_view(), s.public_view());
  EXPECT_EQ(State::sample(s.public_view(), rng).public_view(), s.public_view());
  State dealt = r;
  dealt.deal();
  EXPECT_FALSE(validate_state(dealt));
}

TEST(Chance, TheLastRoundGoesStraightToGameOver) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    RuleOptions o;
    o.players = n;
    o.rounds = 1;
    EventList events;
    const State s = play_first_round(o, 80 + n, &events);
    EXPECT_TRUE(s.is_terminal());
    EXPECT_FALSE(s.is_chance_node());
    EXPECT_EQ(s.phase(), Phase::kGameOver);
    EXPECT_EQ(s.current_player(), kNoPlayer);
    EXPECT_EQ(events.back().type, EventType::kGameOver);
  }
}

TEST(Chance, ARecordStoppedAtTheRoundsEndReplaysToTheChanceNode) {
  const RuleOptions o = two_rounds(3);
  State s(o, 23);
  GameRecorder recorder(s, 23);
  Rng rng(1);
  while (!s.is_chance_node()) {
    const ActionList legal = s.legal_actions();
    recorder.apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  EXPECT_EQ(recorder.record().rounds.size(), 1u);  // the next deal is not recorded yet
  for (ChanceSource chance : {ChanceSource::kRecord, ChanceSource::kSeed}) {
    ReplayCursor cursor(recorder.record(), chance);
    cursor.seek(cursor.decisions());
    EXPECT_EQ(cursor.state(), s);
    EXPECT_FALSE(cursor.end_error(RecordEnd::kAnyPoint));
    EXPECT_TRUE(cursor.end_error(RecordEnd::kFinishedGame));
  }
  // The deal goes into the record; the cursor then shows the finished table before it.
  recorder.deal(s);
  ASSERT_EQ(recorder.record().rounds.size(), 2u);
  EXPECT_EQ(recorder.record().rounds[1].deal, current_deal(s));
  EXPECT_EQ(recorder.record().rounds[1].first_player, 1);
  const ActionList legal = s.legal_actions();
  recorder.apply(s, legal[0]);
  ReplayCursor cursor(recorder.record());
  cursor.seek(cursor.round_start(1));
  ASSERT_TRUE(cursor.dealt_new_round());
  ASSERT_TRUE(cursor.round_over());
  EXPECT_TRUE(cursor.round_over()->is_chance_node());
  EXPECT_EQ(cursor.state().round(), 1);
  EXPECT_EQ(cursor.events().back().type, EventType::kRoundStarted);
}

}  // namespace
}  // namespace allegra
