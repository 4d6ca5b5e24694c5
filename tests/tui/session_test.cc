// The game session with a scripted screen: whole games, quitting and resuming from the save,
// the record, hot-seat pauses and hints.
#include "tui/session.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "bots/hint.h"
#include "engine/record.h"
#include "tui/table_view.h"

namespace allegra::tui {
namespace {
namespace fs = std::filesystem;

// Chooses the first legal action; can quit after a number of decisions or ask for a hint.
class ScriptedScreen : public Screen {
 public:
  void show(const TableModel&, const std::vector<std::string>& lines) override {
    log.insert(log.end(), lines.begin(), lines.end());
    calls += 'S';
  }
  bool pause(int) override { return false; }
  void discard_typeahead() override { calls += 'D'; }
  Choice decide(const TableModel& model, const PublicView& view) override {
    calls += 'A';
    statuses.push_back(model.status);
    if (hint_first && decisions == 0 && hints == 0) {
      ++hints;
      return {Choice::Kind::kHint, {}};
    }
    if (decisions++ == quit_after) return {Choice::Kind::kQuit, {}};
    return {Choice::Kind::kAction, view.legal_actions()[0]};
  }
  bool announce(const TableModel& model, Wait wait) override {
    notes.push_back(model.status);
    notes.insert(notes.end(), model.notes.begin(), model.notes.end());
    if (wait == Wait::kQuitKey) summary = model;
    return false;
  }
  bool think(const TableModel& model, const std::function<bool()>& ready) override {
    thinking.insert(thinking.end(), model.notes.begin(), model.notes.end());
    if (cancel_hint) return true;
    return Screen::think(model, ready);
  }
  int decisions = 0;
  int quit_after = -1;
  bool hint_first = false;
  int hints = 0;
  bool cancel_hint = false;
  std::vector<std::string> log, notes, statuses, thinking;
  TableModel summary;
  std::string calls;  // S show, D discard_typeahead, A decide (ask)
};

// The index of the first line starting with `prefix`, or lines.size().
size_t find_line(const std::vector<std::string>& lines, std::string_view prefix) {
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind(prefix, 0) == 0) return i;
  return lines.size();
}

class TuiSession : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("allegra_tui_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  SessionConfig config(const std::string& seats_text) {
    SessionConfig c;
    c.seed = 42;
    c.delay_ms = 0;
    c.save_path = (dir_ / "save.json").string();
    c.record_path = (dir_ / "games.jsonl").string();
    c.hint_iterations = 50;
    const char* names[] = {"You", "Bea", "Carlo", "Dora"};
    int i = 0;
    size_t start = 0;
    while (start <= seats_text.size()) {
      size_t end = seats_text.find(',', start);
      if (end == std::string::npos) end = seats_text.size();
      const std::string kind = seats_text.substr(start, end - start);
      c.seats.push_back({names[i++], kind == "human" ? "" : kind});
      start = end + 1;
    }
    c.options.players = static_cast<int>(c.seats.size());
    return c;
  }
  // The same game without saving: a person's every decision saves (and fsyncs) the whole game
  // so far, which made the tests that only play a game on slow under the sanitizers.
  static SessionConfig without_saves(SessionConfig c) {
    c.save_path.clear();
    return c;
  }
  fs::path dir_;
  text::Translator tr_{"en"};
};

TEST_F(TuiSession, PlaysAWholeGameAndWritesTheRecord) {
  ScriptedScreen screen;
  Session session(config("human,easy,easy,easy"), tr_);
  EXPECT_EQ(session.run(screen), Session::Outcome::kFinished);
  EXPECT_TRUE(session.state().is_terminal());
  EXPECT_GT(screen.decisions, 10);
  EXPECT_FALSE(fs::exists(dir_ / "save.json")) << "a finished game leaves no save";
  std::ifstream in(dir_ / "games.jsonl");
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  GameRecord record = record_from_line(line);
  EXPECT_FALSE(replay_check(record).has_value());
  // The record keeps who played (format 2), and is otherwise the game played.
  EXPECT_EQ(record.seats, (std::vector<RecordSeat>{
                              {"You", ""}, {"Bea", "easy"}, {"Carlo", "easy"}, {"Dora", "easy"}}));
  record.seats.clear();
  EXPECT_EQ(record, session.record());
  // Bot moves are told; rounds are explained; the summary names the winner.
  EXPECT_TRUE(std::any_of(screen.log.begin(), screen.log.end(),
                          [](const std::string& l) { return l.find("Bea ") == 0; }));
  EXPECT_TRUE(std::any_of(screen.notes.begin(), screen.notes.end(),
                          [](const std::string& l) { return l.find("End of round 1") == 0; }));
  EXPECT_TRUE(std::any_of(screen.notes.begin(), screen.notes.end(), [](const std::string& l) {
    return l.find("The winner") == 0 || l.find("The winners") == 0;
  }));
}

// Keys typed while the bots played are dropped right before the person's table is drawn, and
// not later: what the person types once it shows counts, also while the game is being saved.
TEST_F(TuiSession, TypeAheadIsDroppedJustBeforeTheDecisionShows) {
  ScriptedScreen screen;
  Session session(config("human,easy,easy,easy"), tr_);
  ASSERT_EQ(session.run(screen), Session::Outcome::kFinished);
  ASSERT_GT(screen.decisions, 10);
  size_t asked = 0;
  for (size_t at = screen.calls.find("DSA"); at != std::string::npos;
       at = screen.calls.find("DSA", at + 1))
    ++asked;
  EXPECT_EQ(asked, static_cast<size_t>(screen.decisions)) << screen.calls;
  EXPECT_EQ(std::count(screen.calls.begin(), screen.calls.end(), 'D'), screen.decisions);
}

TEST_F(TuiSession, QuittingSavesAndResumeContinuesExactly) {
  ScriptedScreen first;
  first.quit_after = 25;
  Session session(config("human,easy,medium,easy"), tr_);
  EXPECT_EQ(session.run(first), Session::Outcome::kQuit);
  ASSERT_TRUE(fs::exists(dir_ / "save.json"));
  std::ifstream in(dir_ / "save.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

  State state(RuleOptions{}, 1);
  SavedGame saved = load_save(text, &state);
  EXPECT_EQ(state, session.state());
  EXPECT_EQ(saved.record, session.record());
  EXPECT_EQ(saved.seats[2].bot, "medium");

  ScriptedScreen second;
  Session resumed(without_saves(config("human,easy,medium,easy")), tr_, saved, state);
  EXPECT_EQ(resumed.state(), session.state());
  EXPECT_EQ(resumed.run(second), Session::Outcome::kFinished);
  const GameRecord& full = resumed.record();
  EXPECT_FALSE(replay_check(full).has_value());
  // The saved part of the record is the start of the full record.
  ASSERT_GE(full.rounds.size(), saved.record.rounds.size());
  const auto& steps = saved.record.rounds[0].steps;
  EXPECT_TRUE(std::equal(steps.begin(), steps.end(), full.rounds[0].steps.begin()));
}

// The end-of-round screen shows the finished table of the real state (the engine waits at the
// chance node, every card up); quitting there saves the round over, and the resumed game deals
// the next round and goes on as the uninterrupted one.
class QuitAtRoundEnd : public ScriptedScreen {
 public:
  bool announce(const TableModel& model, Wait wait) override {
    ScriptedScreen::announce(model, wait);
    if (model.status.rfind("End of round 1", 0) != 0) return false;
    round_end = model;
    return true;
  }
  TableModel round_end;
};

TEST_F(TuiSession, QuittingOnTheEndOfRoundScreenSavesTheRoundOverAndResumes) {
  ScriptedScreen straight;
  Session whole(without_saves(config("human,easy,easy,easy")), tr_);
  ASSERT_EQ(whole.run(straight), Session::Outcome::kFinished);

  QuitAtRoundEnd first;
  Session session(config("human,easy,easy,easy"), tr_);
  ASSERT_EQ(session.run(first), Session::Outcome::kQuit);
  ASSERT_EQ(first.round_end.players, 4);
  EXPECT_EQ(first.round_end.current, kNoPlayer);
  for (int c = 0; c < 4 * kGridCells; ++c)
    EXPECT_NE(first.round_end.cells[static_cast<size_t>(c)].state, CellState::kFaceDown) << c;
  EXPECT_TRUE(session.state().is_chance_node());
  std::ifstream in(dir_ / "save.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  State state(RuleOptions{}, 1);
  const SavedGame saved = load_save(text, &state);
  EXPECT_TRUE(state.is_chance_node());
  EXPECT_EQ(state, session.state());

  ScriptedScreen second;
  Session resumed(without_saves(config("human,easy,easy,easy")), tr_, saved, state);
  EXPECT_TRUE(resumed.state().is_chance_node()) << "not dealt before the result is shown";
  ASSERT_EQ(resumed.run(second), Session::Outcome::kFinished);
  EXPECT_EQ(resumed.record(), whole.record());
  // The result screen quit on is shown again first (it was skipped).
  ASSERT_FALSE(second.notes.empty());
  EXPECT_EQ(second.notes.front().rfind("End of round 1", 0), 0u) << second.notes.front();
}

// Every round's result is in the log too: below 96 columns there is no score panel, and the
// scrollback keeps the past rounds' scores; a resumed game's log tells them again.
class QuitInRoundTwo : public ScriptedScreen {
 public:
  bool announce(const TableModel& model, Wait wait) override {
    ScriptedScreen::announce(model, wait);
    if (model.status.rfind("End of round 1", 0) == 0) quit_after = decisions + 1;
    return false;
  }
};

TEST_F(TuiSession, RoundResultsAreInTheLogAlsoAfterResuming) {
  QuitInRoundTwo first;
  Session session(config("human,easy,easy,easy"), tr_);
  ASSERT_EQ(session.run(first), Session::Outcome::kQuit);
  ASSERT_GE(session.record().rounds.size(), 2u) << "quit in round 2 or later";
  const auto result_line = [](const std::vector<std::string>& log) {
    return std::find_if(log.begin(), log.end(), [](const std::string& l) {
             return l.rfind("End of round 1", 0) == 0;
           }) != log.end();
  };
  EXPECT_TRUE(result_line(first.log));
  State state(RuleOptions{}, 1);
  const SavedGame saved = load_save(read_text_file((dir_ / "save.json").string()), &state);
  struct KeepsTheLog : ScriptedScreen {
    void show(const TableModel& model, const std::vector<std::string>& lines) override {
      ScriptedScreen::show(model, lines);
      model_log = model.log;
    }
    std::vector<std::string> model_log;
  } second;
  second.quit_after = 0;
  Session resumed(without_saves(config("human,easy,easy,easy")), tr_, saved, state);
  ASSERT_EQ(resumed.run(second), Session::Outcome::kQuit);
  EXPECT_TRUE(result_line(second.model_log));
  EXPECT_NE(find_line(second.model_log, "You: cards "), second.model_log.size());
}

// A full disk: the save fails at a decision; the person is told at once (not at quit), the
// game goes on, the save is tried at each decision and the log says when it works again.
TEST_F(TuiSession, AFailingSaveIsToldAtOnceAndTriedAgain) {
  SessionConfig c = config("human,easy,easy,easy");
  int writes = 0;
  c.write_save = [&](const std::string& path, const std::string& text) {
    if (++writes <= 3)
      throw std::runtime_error("cannot write '" + path + "': No space left on device");
    write_file_atomically(path, text);
  };
  ScriptedScreen screen;
  screen.quit_after = 6;
  Session session(c, tr_);
  ASSERT_EQ(session.run(screen), Session::Outcome::kQuit);
  const size_t failing = find_line(screen.log, "Cannot save the game in ");
  ASSERT_LT(failing, screen.log.size());
  EXPECT_NE(screen.log[failing].find("No space left on device"), std::string::npos);
  EXPECT_EQ(std::count_if(screen.log.begin(), screen.log.end(),
                          [](const std::string& l) { return l.rfind("Cannot save", 0) == 0; }),
            1)
      << "told once, not at every move";
  EXPECT_LT(find_line(screen.log, "The game is saved again"), screen.log.size());
  EXPECT_TRUE(fs::exists(dir_ / "save.json"));
  EXPECT_GT(writes, 4);
}

TEST_F(TuiSession, ACorruptSaveIsRejectedWithAReason) {
  State state(RuleOptions{}, 1);
  EXPECT_THROW(load_save("{not json", &state), std::invalid_argument);
  EXPECT_THROW(load_save(R"({"format": "other"})", &state), std::invalid_argument);
  // A save whose state does not match its record.
  ScriptedScreen screen;
  screen.quit_after = 5;
  Session session(config("human,easy,easy,easy"), tr_);
  session.run(screen);
  std::ifstream in(dir_ / "save.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t seed = text.find("\"seed\"");
  ASSERT_NE(seed, std::string::npos);
  text.insert(text.find(':', seed) + 1, " 7");  // a different seed: the deal does not replay
  try {
    load_save(text, &state);
    ADD_FAILURE() << "accepted a corrupt save";
  } catch (const std::invalid_argument& e) {
    EXPECT_FALSE(std::string(e.what()).empty());
  }
}

TEST_F(TuiSession, HotSeatPassesTheScreenBetweenPeople) {
  ScriptedScreen screen;
  screen.quit_after = 12;
  Session session(config("human,human,easy"), tr_);
  session.run(screen);
  EXPECT_TRUE(std::any_of(screen.notes.begin(), screen.notes.end(), [](const std::string& l) {
    return l == "Pass the screen to Bea, then press Enter.";
  }));
}

TEST_F(TuiSession, TheLastRoundIsScoredOnScreenBeforeTheSummary) {
  ScriptedScreen screen;
  Session session(without_saves(config("human,easy,easy,easy")), tr_);
  ASSERT_EQ(session.run(screen), Session::Outcome::kFinished);
  const size_t last_round = find_line(screen.notes, "End of round 3");
  const size_t summary = find_line(screen.notes, "Game over after 3 rounds");
  ASSERT_LT(last_round, screen.notes.size()) << "the last round's result was never shown";
  ASSERT_LT(summary, screen.notes.size());
  EXPECT_LT(last_round, summary);
  // With its score lines.
  EXPECT_LT(find_line(screen.notes, "You: cards"), summary);
}

TEST_F(TuiSession, TheWinnerLineIsOnScreenAt80x24WithSixLongNames) {
  SessionConfig c = config("human,easy,easy,easy");
  c.seats = {{"Maximiliane", ""},    {"Bartholomeus", "easy"}, {"Konstantinos", "easy"},
             {"Wilhelmina", "easy"}, {"Evangelina", "easy"},   {"Christophe", "easy"}};
  c.options.players = 6;
  ScriptedScreen screen;
  Session session(without_saves(c), tr_);
  ASSERT_EQ(session.run(screen), Session::Outcome::kFinished);
  const TableModel& m = screen.summary;
  const size_t winner = find_line(m.notes, "The winner");
  ASSERT_LT(winner, m.notes.size());
  const TableLayout layout(m.players, m.viewer, 80, 24);
  ASSERT_TRUE(layout.fits());
  const std::string text =
      render_screen(m, nullptr, layout, tr_, {true, tr_.tr("prompt.quit")}).text();
  EXPECT_NE(text.find(m.notes[winner]), std::string::npos)
      << "the winner line '" << m.notes[winner] << "' is not on the 80x24 screen:\n"
      << text;
  EXPECT_NE(text.find(m.status), std::string::npos) << text;
}

TEST_F(TuiSession, AHintCanBeCancelledWhileThinkingAndTheGameGoesOn) {
  ScriptedScreen screen;
  screen.hint_first = true;
  screen.cancel_hint = true;
  screen.quit_after = 3;
  SessionConfig c = config("human,easy,easy,easy");
  c.hint_iterations = 100'000'000;  // it could not finish: only the cancel ends it
  Session session(c, tr_);
  EXPECT_EQ(session.run(screen), Session::Outcome::kQuit);
  EXPECT_EQ(screen.hints, 1);
  EXPECT_EQ(screen.thinking, std::vector<std::string>{"Thinking about a hint..."});
  EXPECT_NE(find_line(screen.log, "Hint cancelled."), screen.log.size());
  EXPECT_EQ(find_line(screen.log, "Hint: the strongest bot"), screen.log.size());
  EXPECT_EQ(screen.decisions, 4) << "the person was asked again after the cancelled hint";
}

TEST_F(TuiSession, ACancelledSearchStopsAtOnce) {
  State s(RuleOptions{}, 9);
  std::atomic<bool> cancel{true};
  const auto start = std::chrono::steady_clock::now();
  const auto moves = bots::best_moves(s.public_view(), 100'000'000, 1, 3, &cancel, 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  ASSERT_FALSE(moves.empty());
  EXPECT_TRUE(s.is_legal(moves[0].action));
}

TEST_F(TuiSession, HintShowsTheBestMovesWithValues) {
  ScriptedScreen screen;
  screen.hint_first = true;
  screen.quit_after = 3;
  Session session(config("human,easy,easy,easy"), tr_);
  session.run(screen);
  EXPECT_EQ(screen.hints, 1);
  ASSERT_FALSE(screen.log.empty());
  EXPECT_TRUE(std::any_of(screen.log.begin(), screen.log.end(), [](const std::string& l) {
    return l.find("Hint: the strongest bot") == 0;
  }));
  EXPECT_EQ(screen.thinking, std::vector<std::string>{"Thinking about a hint..."});
  // Each move in points, never a chance to win in per cent.
  EXPECT_NE(find_line(screen.log, "1. "), screen.log.size());
  for (const std::string& l : screen.log) EXPECT_EQ(l.find('%'), std::string::npos) << l;
  State s(RuleOptions{}, 9);
  const auto moves = bots::best_moves(s.public_view(), 200, 1);
  ASSERT_EQ(moves.size(), 3u);
  for (const bots::HintMove& m : moves) {
    EXPECT_TRUE(s.is_legal(m.action));
    EXPECT_GE(m.value, 0.0);
    EXPECT_LE(m.value, 1.0);
  }
  EXPECT_GE(moves[0].visits, moves[1].visits);
}

}  // namespace
}  // namespace allegra::tui
