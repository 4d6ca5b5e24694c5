// The review screen's frames without a terminal: each reviewed decision shows the table before
// it with its choices as notes (the best marked), and n/p jump between mistakes.
#include "tui/review_screen.h"

#include <gtest/gtest.h>

#include <memory>

#include "bots/bot.h"
#include "engine/record.h"
#include "table/decision_seed.h"

namespace allegra::tui {
namespace {

GameRecord random_game(uint64_t seed) {
  RuleOptions options;
  options.players = 2;
  options.rounds = 1;
  State state(options, seed);
  GameRecorder recorder(state, seed);
  auto bot = make_bot("random", seed);
  uint64_t n = 0;
  while (!state.is_terminal()) {
    const int seat = state.current_player();
    recorder.apply(state, seat,
                   bot->decide(state.public_view(), seat, table::decision_seed(seed, n++)));
  }
  return recorder.record();
}

TEST(TuiReviewScreen, ShowsEachDecisionWithItsChoicesAndJumpsToMistakes) {
  const text::Translator tr("en");
  const GameRecord record = random_game(3);
  const ReplayFrames frames(record, 1, tr);
  review::ReviewOptions options;
  options.level = {"test", 2};
  const ReviewFrames review(frames, review::review_game(record, options), tr);
  ASSERT_GT(review.size(), 5);
  const TableModel m = review.frame(0);
  EXPECT_NE(m.status.find("Decision"), std::string::npos) << m.status;
  ASSERT_GT(m.notes.size(), 3u);
  EXPECT_EQ(m.notes[0], tr.tr("review.legend"));
  EXPECT_EQ(m.notes[1].rfind("* ", 0), 0u) << m.notes[1];  // the best choice first, marked
  // n lands on a mistake or a blunder (a random player makes some), p comes back before it.
  const int k = review.next_mistake(0);
  ASSERT_GT(k, 0);
  const review::Label label = review.review().decisions[static_cast<size_t>(k)].label;
  EXPECT_TRUE(label == review::Label::kMistake || label == review::Label::kBlunder);
  EXPECT_LT(review.previous_mistake(k), k + 1);
  EXPECT_EQ(review.next_mistake(review.size() - 1), review.size() - 1);
}

}  // namespace
}  // namespace allegra::tui
