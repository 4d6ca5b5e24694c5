// The game review (src/review): the values of a decision's choices come from the public view
// only (resampling the hidden cards changes nothing), labels follow the thresholds, a known
// blunder is labelled one, threads change nothing, a random player loses far more than the
// expert bot, and the JSON holds what docs/review-format.md says. Small budgets: seconds in all.
#include "review/review.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <memory>
#include <vector>

#include "../bots/hint_positions.h"
#include "bots/bot.h"
#include "engine/diagram.h"
#include "engine/record.h"
#include "engine/rng.h"
#include "review/review_json.h"
#include "review/review_text.h"
#include "table/decision_seed.h"
#include "text/translator.h"
#include "wire/protocol_schema.h"

namespace allegra::review {
namespace {

// A game between `specs` (one bot per seat), recorded.
GameRecord play_game(const std::vector<std::string>& specs, int rounds, uint64_t seed) {
  RuleOptions options;
  options.players = static_cast<int>(specs.size());
  options.rounds = rounds;
  State state(options, seed);
  GameRecorder recorder(state, seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (const std::string& spec : specs) bots.push_back(make_bot(spec, seed));
  uint64_t n = 0;
  while (!state.is_terminal()) {
    if (state.is_chance_node()) {
      recorder.deal(state);
      continue;
    }
    const int seat = state.current_player();
    const Action a = bots[static_cast<size_t>(seat)]->decide(state.public_view(), seat,
                                                             table::decision_seed(seed, n++));
    recorder.apply(state, seat, a);
  }
  return recorder.record();
}

ReviewOptions small(int samples, int threads = 1) {
  ReviewOptions o;
  o.level = {"test", samples};
  o.seed = 5;
  o.threads = threads;
  return o;
}

TEST(ReviewLabels, FollowTheThresholds) {
  const Thresholds t{.best = 0.25, .good = 1, .inaccuracy = 2.5, .mistake = 5};
  EXPECT_EQ(label_of(0, t), Label::kBest);
  EXPECT_EQ(label_of(0.24, t), Label::kBest);
  EXPECT_EQ(label_of(0.25, t), Label::kGood);
  EXPECT_EQ(label_of(1.0, t), Label::kInaccuracy);
  EXPECT_EQ(label_of(2.5, t), Label::kMistake);
  EXPECT_EQ(label_of(4.99, t), Label::kMistake);
  EXPECT_EQ(label_of(5, t), Label::kBlunder);
  EXPECT_EQ(label_name(Label::kInaccuracy), "inaccuracy");
  EXPECT_EQ(review_level("hard").name, "hard");
  EXPECT_GT(review_level("expert").samples, review_level("hard").samples);
  EXPECT_THROW(review_level("easy"), std::invalid_argument);
}

// The values depend on the view alone: a state whose hidden cards were dealt again (same public
// view) gets exactly the same values, losses and errors.
TEST(ReviewValues, DependOnThePublicViewOnly) {
  State s = hint_test::holding(hint_test::kSevens);
  Rng rng(3);
  for (int k = 0; k < 3; ++k) {
    const State other = s.resample(rng);
    ASSERT_EQ(other.public_view().masked().legal_actions(),
              s.public_view().masked().legal_actions());
    const DecisionValues a = value_choices(s.public_view(), 6, 11);
    const DecisionValues b = value_choices(other.public_view(), 6, 11);
    ASSERT_EQ(a.choices.size(), b.choices.size());
    for (size_t i = 0; i < a.choices.size(); ++i) {
      EXPECT_EQ(a.choices[i].action, b.choices[i].action);
      EXPECT_EQ(a.choices[i].expected, b.choices[i].expected);
      EXPECT_EQ(a.choices[i].loss, b.choices[i].loss);
      EXPECT_EQ(a.choices[i].std_error, b.choices[i].std_error);
    }
  }
}

// Late in a round, player 0 draws the 10 that completes his line of three 10s: discarding it
// (the card that would clear the line) is a blunder, and the clear is the best choice.
constexpr const char* kTens = R"(
draw 10
0: 10 10 ? 3 | 2 4 1 0 | 5 1 2 ?
1: 1 2 3 4 | 0 1 2 3 | 4 0 1 ?
2: 2 2 3 1 | 0 5 2 3 | 4 0 1 ?
3: 1 3 3 4 | 0 1 6 3 | 4 0 2 ?
)";

TEST(ReviewValues, DiscardingTheCardThatClearsALineIsABlunder) {
  State s = position_from_diagram(RuleOptions{}, kTens);
  s.apply(Action::draw_pile());
  while (s.phase() == Phase::kKnockWindow) s.apply(Action::pass());
  ASSERT_EQ(s.phase(), Phase::kHoldDrawn);
  ASSERT_EQ(s.held_card(), 10);
  const DecisionValues v = value_choices(s.public_view(), 16, 1, Action::discard());
  ASSERT_GT(v.choices.size(), 2u);
  EXPECT_EQ(v.choices[0].action, Action::swap(make_cell(0, 0, 2)));
  EXPECT_EQ(v.choices[0].loss, 0);
  EXPECT_EQ(v.choices[0].diff, 0);
  bool seen = false;
  for (const ChoiceValue& c : v.choices) {
    EXPECT_GE(c.loss, 0);
    if (c.action == Action::discard()) {
      seen = true;
      EXPECT_EQ(label_of(c.loss), Label::kBlunder) << c.loss;
      EXPECT_GT(c.loss, 3 * c.loss_error);
    }
  }
  EXPECT_TRUE(seen);
}

TEST(ReviewGame, ThreadsDoNotChangeTheResult) {
  const GameRecord record = play_game({"expert", "random", "greedy"}, 1, 7);
  const Review one = review_game(record, small(3, 1));
  const Review three = review_game(record, small(3, 3));
  EXPECT_EQ(review_to_json(one), review_to_json(three));
  EXPECT_FALSE(one.decisions.empty());
  // And the seed does change it: the samples are its.
  ReviewOptions other = small(3, 1);
  other.seed = 6;
  EXPECT_NE(review_to_json(one), review_to_json(review_game(record, other)));
}

// The sanity check of issue 31 at a small budget: in a game of two expert bots and two random
// players, the random players lose far more points per decision and are less accurate.
TEST(ReviewGame, ARandomPlayerLosesFarMoreThanTheExpert) {
  const GameRecord record = play_game({"expert", "random", "expert", "random"}, 1, 9);
  const Review r = review_game(record, small(8, 2));
  std::array<double, 2> lost{}, n{}, accuracy{};
  for (const ReviewDecision& d : r.decisions) {
    lost[static_cast<size_t>(d.player % 2)] += d.loss;
    ++n[static_cast<size_t>(d.player % 2)];
  }
  for (const PlayerReview& p : r.summaries)
    accuracy[static_cast<size_t>(p.player % 2)] += p.accuracy / 2;
  ASSERT_GT(n[0], 20);
  ASSERT_GT(n[1], 20);
  EXPECT_GT(lost[1] / n[1], 1.5 * lost[0] / n[0]);
  EXPECT_LT(accuracy[1], accuracy[0]);
}

TEST(ReviewGame, SummariesAddUp) {
  const GameRecord record = play_game({"greedy", "random", "expert"}, 2, 3);
  ReviewOptions o = small(3, 2);
  o.player = 1;
  const Review r = review_game(record, o);
  ASSERT_EQ(r.reviewed, std::vector<int>{1});
  ASSERT_EQ(r.summaries.size(), 1u);
  const PlayerReview& p = r.summaries[0];
  double lost = 0, luck = 0;
  int counted = 0;
  for (const ReviewDecision& d : r.decisions) {
    EXPECT_EQ(d.player, 1);
    EXPECT_GE(d.values.choices.size(), 2u);
    EXPECT_EQ(d.made().action, d.chosen);
    lost += d.diff;
    EXPECT_EQ(d.loss, std::max(0.0, d.diff));
    ++counted;
  }
  EXPECT_EQ(p.decisions, counted);
  EXPECT_NEAR(p.lost, lost, 1e-9);
  EXPECT_NEAR(p.lost_per_round, lost / 2, 1e-9);
  for (const ReviewRound& round : p.rounds) {
    EXPECT_DOUBLE_EQ(round.actual,
                     0.5 * record.rounds[static_cast<size_t>(round.round)].score_half[1]);
    luck += round.luck();
  }
  EXPECT_NEAR(p.luck, luck, 1e-9);
  ASSERT_LE(p.costliest.size(), 3u);
  for (size_t k = 1; k < p.costliest.size(); ++k)
    EXPECT_GE(r.decisions[static_cast<size_t>(p.costliest[k - 1])].loss,
              r.decisions[static_cast<size_t>(p.costliest[k])].loss);
  int labelled = 0;
  for (int c : p.label_counts) labelled += c;
  EXPECT_EQ(labelled, p.decisions);
}

TEST(ReviewGame, RefusesASeatThatIsNotAtTheTableAndARecordThatDoesNotReplay) {
  GameRecord record = play_game({"random", "random"}, 1, 4);
  ReviewOptions o = small(2);
  o.player = 2;
  EXPECT_THROW(review_game(record, o), ReviewError);
  record.rounds[0].steps[3].player = 1 - record.rounds[0].steps[3].player;
  EXPECT_THROW(review_game(record, small(2)), ReviewError);
}

TEST(ReviewJson, HoldsTheDocumentedFields) {
  const GameRecord record = play_game({"expert", "random"}, 1, 9);
  const nlohmann::json j = review_to_json(review_game(record, small(2)));
  EXPECT_EQ(j["format"], "allegra-review");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["reviewed"], (nlohmann::json{0, 1}));
  const nlohmann::json& d = j["decisions"][0];
  for (const char* key :
       {"index", "round", "player", "chosen", "best", "chosen_rank", "loss", "loss_error", "label",
        "samples", "best_reason", "chosen_reason", "choices"})
    EXPECT_TRUE(d.contains(key)) << key;
  EXPECT_TRUE(d["best_reason"].contains("code"));
  for (const char* key : {"player", "decisions", "accuracy", "lost", "lost_per_round", "labels",
                          "costliest", "luck", "rounds"})
    EXPECT_TRUE(j["summaries"][0].contains(key)) << key;
}

// The JSON of a review (every player, a player, a game whose rounds had to be dealt) follows
// data/review/review.schema.json, checked by a real validator.
TEST(ReviewJson, FollowsTheSchema) {
  std::ifstream in(std::string(ALLEGRA_SOURCE_DIR) + "/data/review/review.schema.json");
  wire::testing::ProtocolSchema schema(nlohmann::json::parse(in));
  const GameRecord record = play_game({"expert", "random", "greedy"}, 2, 12);
  nlohmann::json j = review_to_json(review_game(record, small(2, 2)));
  j["game"] = 1;
  EXPECT_EQ(wire::testing::problems_text(schema.problems(j, "Review")), "");
  ReviewOptions one = small(2);
  one.player = 2;
  EXPECT_EQ(wire::testing::problems_text(
                schema.problems(review_to_json(review_game(record, one)), "Review")),
            "");
  j["decisions"][0]["label"] = "great";
  EXPECT_FALSE(schema.valid(j, "Review"));
}

// Every text of the review exists in the five languages.
TEST(ReviewText, TheTableIsWordedInEveryLanguage) {
  const GameRecord record = play_game({"expert", "random"}, 1, 9);
  const Review r = review_game(record, small(2));
  for (const std::string& lang : text::language_codes()) {
    const text::Translator tr(lang);
    const std::vector<std::string> lines = review_table_lines(r, tr);
    ASSERT_GT(lines.size(), r.decisions.size()) << lang;
    for (const std::string& l : lines) EXPECT_EQ(l.find("review."), std::string::npos) << lang << l;
    for (const std::string& l : decision_lines(r.decisions[0], tr))
      EXPECT_EQ(l.find("review."), std::string::npos) << lang << l;
  }
}

}  // namespace
}  // namespace allegra::review
