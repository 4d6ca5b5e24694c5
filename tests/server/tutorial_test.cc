// The tutorial's script (data/tutorial/tutorial.json) replays through the engine: every
// scripted action is legal, and every situation the tutorial teaches is reached, by the learner
// (seat 0): a knock kept and one given, a knock of his own given to him, taking and putting
// back, a clear in a row, a clear around the corner with the neighbour's column, the round's
// end with the ender's points doubled, and the empty-display bonus. Every text the tutorial
// shows is in all five languages. A broken script is refused with the lesson and step named.
#include "server/tutorial.h"

#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "text/lang_data.h"
#include "wire/protocol_schema.h"

namespace allegra::server {
namespace {

using nlohmann::json;
constexpr int kLearner = 0;

// Some event of the whole tutorial satisfies `pred` (given the lesson's run and the step).
bool reached(const std::vector<TutorialRun>& runs,
             const std::function<bool(const TutorialRun&, size_t, const Event&)>& pred) {
  for (const TutorialRun& run : runs)
    for (size_t i = 0; i < run.events.size(); ++i)
      for (const Event& e : run.events[i])
        if (pred(run, i, e)) return true;
  return false;
}

bool row_clear(const Event& e) { return e.type == EventType::kCleared && !is_col_line(e.line); }

TEST(TutorialTest, EveryScriptedActionIsLegal) {
  const std::vector<TutorialRun> runs = run_tutorial(tutorial_script());
  ASSERT_GE(runs.size(), 4u);
  for (const TutorialRun& run : runs) {
    EXPECT_FALSE(run.after.empty()) << run.id;
    EXPECT_EQ(run.start.phase(), Phase::kChooseDraw) << run.id;
  }
}

TEST(TutorialTest, TeachesEveryMove) {
  const std::vector<TutorialRun> runs = run_tutorial(tutorial_script());
  auto by = [](EventType t, int player) {
    return [t, player](const TutorialRun&, size_t, const Event& e) {
      return e.type == t && e.player == player;
    };
  };
  EXPECT_TRUE(reached(runs, by(EventType::kDrew, kLearner)));
  EXPECT_TRUE(reached(runs, by(EventType::kSwapped, kLearner)));
  EXPECT_TRUE(reached(runs, [](const TutorialRun&, size_t, const Event& e) {
    return e.type == EventType::kDiscarded && e.player == kLearner && e.cell == kNoCell;
  })) << "the learner discards a drawn card";
  EXPECT_TRUE(reached(runs, by(EventType::kRevealed, kLearner)));
  EXPECT_TRUE(reached(runs, by(EventType::kPassed, kLearner)));
  EXPECT_TRUE(reached(runs, by(EventType::kRefused, kLearner))) << "a knock kept";
  EXPECT_TRUE(reached(runs, by(EventType::kGave, kLearner))) << "a knock given";
  EXPECT_TRUE(reached(runs, [](const TutorialRun&, size_t, const Event& e) {
    return e.type == EventType::kGave && e.knocker == kLearner;
  })) << "the learner knocks and is given the card";
  EXPECT_TRUE(reached(runs, by(EventType::kKnockerSwapped, kLearner)));
  EXPECT_TRUE(reached(runs, by(EventType::kTook, kLearner)));
  EXPECT_TRUE(reached(runs, by(EventType::kPut, kLearner)));
  EXPECT_TRUE(reached(runs, by(EventType::kPutBack, kLearner)));
}

TEST(TutorialTest, TeachesBothClears) {
  const std::vector<TutorialRun> runs = run_tutorial(tutorial_script());
  EXPECT_TRUE(reached(runs, [](const TutorialRun&, size_t, const Event& e) {
    if (!row_clear(e) || e.player != kLearner) return false;
    for (CellId c : e.cells)
      if (cell_owner(c) != kLearner) return false;
    return true;
  })) << "three in a row of the learner's own grid";
  EXPECT_TRUE(reached(runs, [](const TutorialRun&, size_t, const Event& e) {
    if (!row_clear(e) || e.player != kLearner) return false;
    for (CellId c : e.cells)
      if (cell_owner(c) != kLearner) return true;
    return false;
  })) << "around the corner, with a card of the neighbour's column";
}

TEST(TutorialTest, TeachesTheRoundEndDoublingAndTheEmptyDisplayBonus) {
  const std::vector<TutorialRun> runs = run_tutorial(tutorial_script());
  EXPECT_TRUE(reached(runs, [](const TutorialRun&, size_t, const Event& e) {
    return e.type == EventType::kRoundEnded && e.player == kLearner;
  }));
  EXPECT_TRUE(reached(runs, [](const TutorialRun&, size_t, const Event& e) {
    return e.type == EventType::kRoundScored && e.player == kLearner && e.penalised &&
           e.score_half == 2 * e.display_half && e.display_half > 0;
  })) << "the learner ended the round without the lowest score: his points double";
  EXPECT_TRUE(reached(runs, [](const TutorialRun&, size_t, const Event& e) {
    return e.type == EventType::kRoundScored && e.player == kLearner && e.empty_display &&
           e.score_half == -20;
  })) << "the learner cleared his whole display: 10 minus points";
}

TEST(TutorialTest, EveryLessonEndsWhereItsLastStepLeftIt) {
  // The lessons with a round end are played to the game's end (one-round games), so the
  // browser shows the scores; the others stop at the learner's last taught move.
  const std::vector<TutorialRun> runs = run_tutorial(tutorial_script());
  int over = 0;
  for (const TutorialRun& run : runs) over += run.after.back().is_terminal() ? 1 : 0;
  EXPECT_GE(over, 2);
}

TEST(TutorialTest, EveryTextIsInEveryLanguage) {
  const json script = json::parse(tutorial_script());
  std::set<std::string> keys;
  for (const json& lesson : script["lessons"]) {
    for (const char* k : {"title", "intro", "end"}) keys.insert(lesson.at(k).get<std::string>());
    for (const json& step : lesson["steps"]) {
      if (step.at("seat") == kLearner) {
        EXPECT_TRUE(step.contains("say")) << step.dump();
      }
      if (step.contains("say")) keys.insert(step["say"].get<std::string>());
    }
  }
  ASSERT_EQ(text::embedded_languages().size(), 5u);
  for (const text::EmbeddedLanguage& lang : text::embedded_languages()) {
    const json texts = json::parse(lang.json);
    for (const std::string& k : keys) EXPECT_TRUE(texts.contains(k)) << lang.code << ": " << k;
  }
}

TEST(TutorialTest, TheBrowsersFileHasEveryStepWithItsView) {
  const json out = json::parse(tutorial_json(tutorial_script()));
  EXPECT_EQ(out["format"], 1);
  EXPECT_EQ(out["learner"], kLearner);
  const std::vector<TutorialRun> runs = run_tutorial(tutorial_script());
  ASSERT_EQ(out["lessons"].size(), runs.size());
  for (size_t l = 0; l < runs.size(); ++l) {
    const json& lesson = out["lessons"][l];
    EXPECT_EQ(lesson["steps"].size(), runs[l].after.size());
    EXPECT_TRUE(lesson["initial"].contains("grids"));
    for (const json& step : lesson["steps"]) {
      EXPECT_TRUE(step["view"].contains("phase"));
      EXPECT_TRUE(step["events"].is_array());
    }
  }
}

// The browser reads the views with the wire's types: each is a PublicView of the protocol's
// schema (the one source of message shapes).
TEST(TutorialTest, EveryViewIsAPublicViewOfTheSchema) {
  auto& schema = wire::testing::ProtocolSchema::get();
  const json out = json::parse(tutorial_json(tutorial_script()));
  for (const json& lesson : out["lessons"]) {
    const auto initial = schema.problems(lesson["initial"], "PublicView");
    EXPECT_TRUE(initial.empty()) << lesson["id"] << wire::testing::problems_text(initial);
    for (const json& step : lesson["steps"]) {
      const auto problems = schema.problems(step["view"], "PublicView");
      EXPECT_TRUE(problems.empty()) << lesson["id"] << wire::testing::problems_text(problems);
    }
  }
}

TEST(TutorialTest, ABrokenScriptNamesTheLessonAndTheStep) {
  json script = json::parse(tutorial_script());
  script["lessons"][0]["steps"][0]["action"] = "discard";
  try {
    run_tutorial(script.dump());
    FAIL() << "a script with an illegal step was accepted";
  } catch (const TutorialError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("lesson turn, step 0"), std::string::npos) << what;
    EXPECT_NE(what.find("legal: draw, draw-discard"), std::string::npos) << what;
  }
  json bad_card = json::parse(tutorial_script());
  bad_card["lessons"][0]["grids"][0][0] = "^12";
  EXPECT_THROW(run_tutorial(bad_card.dump()), TutorialError);
  EXPECT_THROW(run_tutorial("{"), TutorialError);
}

}  // namespace
}  // namespace allegra::server
