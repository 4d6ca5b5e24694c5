// Golden transcripts: one scripted game told in each language, checked in for people to read
// (tests/text/golden/transcript.<lang>.txt). Three players, "you" and two bots, every seat played
// by a fixed-seed bot so the game is the same on every machine: setup reveals, draws, knocking
// (given and refused), clears, reshuffles where they happen, each round's end with its penalty
// or bonus, and the summary with the winner. Each decision's status line comes before the
// sentences of what was done, as on the screen.
//
// After a deliberate change of wording, regenerate and then read the files:
//   ALLEGRA_UPDATE_GOLDEN=1 build/release/allegra_tests --gtest_filter='*TextGolden*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "bots/bot.h"
#include "text/narrator.h"

#ifndef ALLEGRA_SOURCE_DIR
#error "ALLEGRA_SOURCE_DIR must name the source folder"
#endif

namespace allegra::text {
namespace {

constexpr uint64_t kSeed = 8;

std::string transcript(const std::string& code) {
  const Translator tr(code);
  RuleOptions options;
  options.players = 3;
  options.rounds = 2;
  const std::vector<std::string> names = {tr.tr("name.you"), "Bea", "Carlo"};
  const Narrator narrator(tr, names, 3, {Voice::kYou, Voice::kBot, Voice::kBot});
  State state(options, kSeed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < 3; ++p) bots.push_back(make_bot("medium", kSeed * 10 + p));
  std::ostringstream out;
  std::vector<std::vector<int32_t>> round_scores;
  std::vector<int32_t> totals(3, 0);
  EventList events;
  auto tell = [&](const char* mark, const std::vector<std::string>& lines) {
    for (const std::string& l : lines) out << mark << l << "\n";
  };
  while (!state.is_terminal()) {
    const PublicView view = state.public_view();
    const int p = state.current_player();
    out << "? " << narrator.decision(view) << "\n";
    events.clear();
    state.apply(bots[static_cast<size_t>(p)]->choose(view), &events);
    if (state.is_chance_node()) state.deal(&events);
    // The round that ended (its scores), then the next deal, as the session tells them.
    const auto next = std::find_if(events.begin(), events.end(), [](const Event& e) {
      return e.type == EventType::kRoundStarted;
    });
    tell("  ", narrator.narrate(p, {events.begin(), next}));
    std::vector<Event> scored;
    for (const Event& e : events)
      if (e.type == EventType::kRoundScored) scored.push_back(e);
    if (!scored.empty()) {
      std::vector<int32_t> scores(3);
      for (const Event& e : scored) {
        scores[static_cast<size_t>(e.player)] = e.score;
        totals[static_cast<size_t>(e.player)] += e.score;
      }
      round_scores.push_back(scores);
      tell("= ", narrator.round_result(static_cast<int>(round_scores.size()) - 1,
                                       state.last_round().ender, scored, totals));
    }
    tell("  ", narrator.narrate(p, {next, events.end()}));
  }
  for (const std::string& l : narrator.game_summary(round_scores, totals, state.winners()))
    out << "# " << l << "\n";
  return out.str();
}

class TextGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(TextGolden, TranscriptMatchesTheCheckedInFile) {
  const std::string path =
      std::string(ALLEGRA_SOURCE_DIR) + "/tests/text/golden/transcript." + GetParam() + ".txt";
  const std::string got = transcript(GetParam());
  const char* update = std::getenv("ALLEGRA_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << got;
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "missing " << path << ": run with ALLEGRA_UPDATE_GOLDEN=1 to write it";
  std::ostringstream want;
  want << in.rdbuf();
  EXPECT_EQ(got, want.str()) << "the transcript changed: if on purpose, regenerate it with "
                                "ALLEGRA_UPDATE_GOLDEN=1 and read it";
}

INSTANTIATE_TEST_SUITE_P(Languages, TextGolden, ::testing::Values("en", "de", "fr", "nl", "es"));

}  // namespace
}  // namespace allegra::text
