// The hint as the terminal shows it (explain_hint): the moves named as on their buttons with
// the short form to type, the expected points, the reasons, in the person's language.
#include "tui/hint_view.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "bots/evaluation.h"
#include "bots/hint_positions.h"
#include "text/written_number.h"

namespace allegra::tui {
namespace {

using bots::HintMove;
using hint_test::holding;
using hint_test::kSevens;
using text::Translator;
using text_test::written;

class TuiHint : public ::testing::Test {
 protected:
  State state_ = holding(kSevens);
  PublicView view_ = state_.public_view();
  Translator tr_{"en"};
  double mean_ = bots::CardStats::unseen(view_.masked()).mean;
};

TEST_F(TuiHint, ExplainsTheTopMovesInPointsNotPercentages) {
  const double now = bots::expected_display_score(view_);
  std::vector<HintMove> moves = {{Action::swap(make_cell(0, 0, 2)), 0.5, 40, now - 14 - mean_},
                                 {Action::swap(make_cell(0, 2, 0)), 0.4, 30, now - 4}};
  const std::vector<std::string> lines =
      explain_hint(view_, moves, tr_, {"You", "Bea", "Carlo", "Dora"});
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(
      lines[0],
      fmt::format("Hint: the strongest bot would play (your 15 cards now: {} points expected)",
                  written(now)));
  EXPECT_EQ(lines[1].rfind("1. ", 0), 0u) << lines[1];
  // The move named as on its button, with the short form typed for it (row 1, column 3).
  const std::string scored =
      fmt::format("[1,3]: then {} points expected", written(now - 14 - mean_));
  EXPECT_NE(lines[1].find(scored), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2], "   Completes a line of three 7s: they are cleared.");
  EXPECT_EQ(lines[3].rfind("2. ", 0), 0u) << lines[3];
  EXPECT_EQ(lines[4], "   Replaces the 11 with the 7.");
  for (const std::string& l : lines) EXPECT_EQ(l.find('%'), std::string::npos) << l;
}

TEST_F(TuiHint, SaysWhyTheFavouriteComesFirstWhenItsPointsDoNotShowIt) {
  const double now = bots::expected_display_score(view_);
  const std::vector<std::string> names = {"You", "Bea", "Carlo", "Dora"};
  // The search prefers a move with more expected points than the next one.
  std::vector<std::string> lines =
      explain_hint(view_,
                   {{Action::swap(make_cell(0, 2, 0)), 0.5, 40, now - 4},
                    {Action::swap(make_cell(0, 0, 2)), 0.4, 30, now - 14 - mean_}},
                   tr_, names);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[5],
            "The bot prefers the first for what may follow (the others’ turns, the end of the "
            "round), not for its points now.");
  // Moves worth the same.
  lines = explain_hint(view_,
                       {{Action::swap(make_cell(0, 0, 3)), 0.5, 40, now - mean_ + 7},
                        {Action::swap(make_cell(0, 1, 3)), 0.4, 30, now - mean_ + 7}},
                       tr_, names);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[5],
            "In points these moves are equal: the bot prefers the first for what may follow.");
}

TEST_F(TuiHint, NumbersAreWrittenAsEachLanguageWritesThem) {
  const Action down = Action::swap(make_cell(0, 0, 3));
  const std::vector<std::string> names = {"Du", "Bea", "Carlo", "Dora"};
  const double now = bots::expected_display_score(view_);
  const std::vector<std::string> de = explain_hint(
      view_, {{down, 0.5, 40, 1.0}, {Action::discard(), 0.4, 30, now}}, Translator("de"), names);
  ASSERT_EQ(de.size(), 5u);
  EXPECT_NE(de[0].find(written(now, ',') + " Punkte erwartet"), std::string::npos) << de[0];
  EXPECT_NE(de[1].find("danach 1 Punkt erwartet"), std::string::npos) << de[1];
  EXPECT_NE(de[2].find("(erwartet " + written(mean_, ',')), std::string::npos) << de[2];
}

}  // namespace
}  // namespace allegra::tui
