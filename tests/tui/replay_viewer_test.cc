// The replay viewer's frames: every step of a recorded game, the end-of-round tables, jumps.
#include "tui/replay_viewer.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "bots/bot.h"
#include "tui/table_view.h"

namespace allegra::tui {
namespace {

GameRecord a_recorded_game(uint64_t seed) {
  RuleOptions options;
  options.players = 3;
  State s(options, seed);
  GameRecorder recorder(s, seed);
  auto bot = make_bot("random", seed);
  while (!s.is_terminal()) {
    recorder.apply(s, bot->choose(s.public_view()));
    if (s.is_chance_node()) recorder.deal(s);
  }
  return recorder.record();
}

TEST(TuiReplayViewer, FramesStepThroughEveryActionAndRound) {
  const text::Translator tr("en");
  const GameRecord record = a_recorded_game(4);
  const ReplayFrames frames(record, 2, tr);
  int actions = 0;
  for (const RoundRecord& r : record.rounds) actions += static_cast<int>(r.steps.size());
  EXPECT_EQ(frames.steps(), actions);

  const TableModel start = frames.frame(0);
  EXPECT_EQ(start.status, fmt::format("Replay of game 2: action 0 of {}", actions));
  EXPECT_EQ(start.log.back(), "The game starts.");
  EXPECT_EQ(start.names[0], "Player 0");

  // The first round ends at the step before the second round's first step.
  const int round2 = frames.next_round(0);
  ASSERT_GT(round2, 0);
  EXPECT_EQ(round2, static_cast<int>(record.rounds[0].steps.size()));
  const TableModel end = frames.frame(round2);
  ASSERT_FALSE(end.notes.empty());
  bool explained = false;
  for (const std::string& n : end.notes)
    explained |= n == "End of round 1: every card is turned up.";
  EXPECT_TRUE(explained);
  for (int c = 0; c < 3 * kGridCells; ++c)  // every card turned up or cleared
    EXPECT_NE(end.cell(static_cast<CellId>(c)).state, CellState::kFaceDown);
  EXPECT_EQ(frames.previous_round(round2 + 5), round2);
  EXPECT_EQ(frames.previous_round(round2), 0);
  EXPECT_EQ(frames.frame(actions + 10).status, frames.frame(actions).status);  // clamped
}

// A record that keeps the players' names (format 2) is shown with them, in the frames and in
// every sentence; a record without them keeps "Player 0"...
TEST(TuiReplayViewer, RecordedNamesReplaceThePlayerNumbers) {
  const text::Translator tr("en");
  GameRecord record = a_recorded_game(4);
  record.seats = {{"Anna", ""}, {"Bea", "medium"}, {"Carlo", "easy"}};
  const ReplayFrames frames(record, 1, tr);
  EXPECT_EQ(frames.frame(0).names, (std::vector<std::string>{"Anna", "Bea", "Carlo"}));
  bool told = false;
  for (int step = 1; step <= 10; ++step)
    for (const std::string& line : frames.narration(step)) {
      told |= line.find("Anna") != std::string::npos || line.find("Bea") != std::string::npos ||
              line.find("Carlo") != std::string::npos;
      EXPECT_EQ(line.find("Player "), std::string::npos) << line;
    }
  EXPECT_TRUE(told);
  for (const std::string& line : replay_transcript(frames, tr))
    EXPECT_EQ(line.find("Player 1"), std::string::npos) << line;
}

TEST(TuiReplayViewer, TranscriptTellsEveryRoundEndInSentences) {
  const text::Translator tr("en");
  const GameRecord record = a_recorded_game(5);
  const ReplayFrames frames(record, 1, tr);
  const std::vector<std::string> lines = replay_transcript(frames, tr);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "The game starts.");
  int rounds = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].find('#'), std::string::npos) << lines[i];
    if (!lines[i].starts_with("Player 0’s cards, total ")) continue;
    // A description: three rows, every card turned up or cleared.
    ASSERT_LT(i + 3, lines.size());
    for (int row = 1; row <= 3; ++row) {
      const std::string& l = lines[i + static_cast<size_t>(row)];
      EXPECT_TRUE(l.starts_with(fmt::format("Row {}: ", row))) << l;
      EXPECT_EQ(l.find("face down"), std::string::npos) << l;
    }
    ++rounds;
  }
  EXPECT_EQ(rounds, static_cast<int>(record.rounds.size()));
  int results = 0;
  for (const std::string& l : lines) results += l.starts_with("End of round ") ? 1 : 0;
  EXPECT_EQ(results, rounds);
}

// At 80x24 a round's result and the game's summary are longer than the screen: their "more"
// line named PgDn and End, which in the viewer jump to the next round and the end, so the
// rest could not be seen. It names the arrow now, and scrolling with it shows every note. The
// last frame names the winner, first.
TEST(TuiReplayViewer, TheLastFrameNamesTheWinnerAndEveryNoteScrollsIntoView) {
  const text::Translator tr("en");
  RuleOptions options;
  options.players = 6;
  State s(options, 9);
  GameRecorder recorder(s, 9);
  auto bot = make_bot("random", 9);
  while (!s.is_terminal()) {
    recorder.apply(s, bot->choose(s.public_view()));
    if (s.is_chance_node()) recorder.deal(s);
  }
  GameRecord record = recorder.record();
  record.seats = {{"Alexandrina Abcd", ""},       {"Bartholomäus Xyz", "random"},
                  {"Constantinopel C", "random"}, {"Dorothea Dmitrie", "random"},
                  {"Emiliano Eduardo", "random"}, {"Friedericke Fffg", "random"}};
  const ReplayFrames frames(record, 1, tr);
  EXPECT_TRUE(frames.finished());
  const TableModel last = frames.frame(frames.steps());
  ASSERT_FALSE(last.notes.empty());
  EXPECT_TRUE(last.notes.front().rfind("The winner", 0) == 0) << last.notes.front();
  const TableLayout layout = screen_layout(last, 80, 24);
  ViewOptions o(true, tr.tr("replay.help"));
  o.arrows_scroll = true;
  std::string seen;
  for (int i = 0; i < 200; ++i) {
    const Canvas c = render_screen(last, nullptr, layout, tr, o);
    const TextPage page = log_page(last, layout, o);
    for (const std::string& l : page.lines) seen += l + "\n";
    if (!page.more_below()) break;
    EXPECT_NE(c.text().find("more: ↓"), std::string::npos) << c.text();
    EXPECT_EQ(c.text().find("more: PgDn"), std::string::npos) << c.text();
    o.scroll = page.offset + 1;  // the Down arrow
  }
  for (const std::string& note : last.notes)
    for (const std::string& l : wrap_text(note, layout.width() - 2))
      EXPECT_NE(seen.find(l), std::string::npos) << l;
}

}  // namespace
}  // namespace allegra::tui
