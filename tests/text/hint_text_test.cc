// The hint in words: each reason code as a sentence with its cards and numbers, in every
// language, and the lines of a whole hint.
#include "text/hint_text.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>

#include "text/written_number.h"

namespace allegra::text {
namespace {

using bots::Hint;
using bots::HintOrder;
using bots::HintReason;
using enum bots::HintReasonCode;
using text_test::written;

constexpr double kMean = 5.4375;  // an unseen mean that needs rounding

TEST(TextHint, SaysWhatEachMoveDoesWithTheCardsItMoves) {
  const Translator tr("en");
  EXPECT_EQ(hint_reason_text({.code = kClears, .card = 7}, tr),
            "Completes a line of three 7s: they are cleared.");
  EXPECT_EQ(hint_reason_text({.code = kReplaceDown, .card = 7, .mean = kMean}, tr),
            "Replaces a face-down card (expected " + written(kMean) + ") with the 7.");
  EXPECT_EQ(hint_reason_text({.code = kReplace, .card = 7, .old = 11}, tr),
            "Replaces the 11 with the 7.");
  EXPECT_EQ(hint_reason_text({.code = kDiscard, .card = 7, .mean = kMean}, tr),
            "Keeps the 7 out of your cards; then you turn up a face-down card (expected " +
                written(kMean) + ").");
}

TEST(TextHint, EveryLanguageExplainsEveryReason) {
  for (const std::string& code : language_codes()) {
    const Translator tr(code);
    for (int c = 0; c <= static_cast<int>(kLeaveLines); ++c) {
      const HintReason r{
          .code = static_cast<bots::HintReasonCode>(c), .card = 7, .old = 11, .mean = kMean};
      const std::string why = hint_reason_text(r, tr);
      EXPECT_FALSE(why.empty()) << code << ": reason " << c;
      EXPECT_EQ(why.find("hint."), std::string::npos) << code << ": " << why;
      EXPECT_EQ(why.find('{'), std::string::npos) << code << ": " << why;
    }
  }
}

TEST(TextHintNumbers, PointsAreRoundedToOneDecimal) {
  EXPECT_EQ(one_decimal(6.34), 6.3);
  EXPECT_EQ(one_decimal(-6.36), -6.4);
  EXPECT_EQ(one_decimal(-0.01), 0.0);
  EXPECT_FALSE(std::signbit(one_decimal(-0.01)));  // never "-0"
}

// The numbers of a hint are ICU number arguments: each language writes them its own way
// ("6,3" in German and French), with the plural the number asks for.
TEST(TextHint, NumbersAreWrittenAsEachLanguageWritesThem) {
  const HintReason down{.code = kReplaceDown, .card = 7, .mean = kMean};
  EXPECT_NE(hint_reason_text(down, Translator("de")).find("(erwartet " + written(kMean, ',')),
            std::string::npos);
  EXPECT_NE(hint_reason_text(down, Translator("fr")).find("attendue " + written(kMean, ',')),
            std::string::npos);
  Hint hint;
  hint.moves = {{Action::discard(), 0.5, 40, 1.0}, {Action::reveal(0), 0.4, 30, 12.25}};
  hint.reasons = {{.code = kDiscard, .card = 7, .mean = kMean}, {.code = kReveal, .mean = kMean}};
  hint.expected_now = 51.24;
  const std::vector<std::string> de = hint_lines(hint, {"A", "B"}, Translator("de"));
  ASSERT_EQ(de.size(), 5u);
  EXPECT_NE(de[0].find("51,2 Punkte erwartet"), std::string::npos) << de[0];
  EXPECT_NE(de[1].find("danach 1 Punkt erwartet"), std::string::npos) << de[1];
  EXPECT_NE(de[3].find("danach 12,3 Punkte erwartet"), std::string::npos) << de[3];
}

TEST(TextHint, TellsTheMovesBestFirstWithTheirLabelsAndReasons) {
  const Translator tr("en");
  Hint hint;
  hint.moves = {{Action::discard(), 0.5, 40, 30.0}, {Action::reveal(0), 0.4, 30, 20.0}};
  hint.reasons = {{.code = kDiscard, .card = 7, .mean = 6.0}, {.code = kReveal, .mean = 6.0}};
  hint.expected_now = 25.0;
  hint.order = HintOrder::kSearchPrefers;
  const std::vector<std::string> lines = hint_lines(hint, {"Discard [d]", "Turn up [1,1]"}, tr);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0], "Hint: the strongest bot would play (your 15 cards now: 25 points expected)");
  EXPECT_EQ(lines[1].rfind("1. Discard [d]", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find("30 points expected"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2],
            "   Keeps the 7 out of your cards; then you turn up a face-down card (expected 6).");
  EXPECT_EQ(lines[3].rfind("2. Turn up [1,1]", 0), 0u) << lines[3];
  EXPECT_EQ(lines[5],
            "The bot prefers the first for what may follow (the others’ turns, the end of the "
            "round), not for its points now.");
  hint.order = HintOrder::kEqualPoints;
  EXPECT_EQ(hint_lines(hint, {"Discard [d]", "Turn up [1,1]"}, tr)[5],
            "In points these moves are equal: the bot prefers the first for what may follow.");
  hint.order = HintOrder::kByPoints;
  EXPECT_EQ(hint_lines(hint, {"Discard [d]", "Turn up [1,1]"}, tr).size(), 5u);
}

TEST(TextHint, TheOnlyLegalMoveIsOneLine) {
  Hint hint;
  hint.moves = {{Action::discard(), 1.0, 0, 30.0}};
  hint.reasons = {{.code = kDiscard, .card = 7, .mean = 6.0}};
  const std::vector<std::string> lines = hint_lines(hint, {"Discard [d]"}, Translator("en"));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("Discard [d]"), std::string::npos) << lines[0];
}

}  // namespace
}  // namespace allegra::text
