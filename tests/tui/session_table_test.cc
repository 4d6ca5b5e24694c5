// The session as a driver of the Table: bots play the game the Table plays, a hot-seat knock
// window asks each person from the window as it opened, and a save written by the earlier
// session inside a knock window (some answers already in the record) still resumes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>

#include "engine/record.h"
#include "table/table.h"
#include "tui/session.h"

namespace allegra::tui {
namespace {
namespace fs = std::filesystem;

// Draws from the draw pile when it may, knocks in every knock window, else plays the first
// legal action; keeps what each knock answer was asked with; quits after `quit_after`.
class KnockingScreen : public Screen {
 public:
  struct Asked {
    int seat;
    uint8_t knockers;  // what the person saw of the others' answers
    size_t log_lines;  // how much of the game the person had been told
  };
  void show(const TableModel&, const std::vector<std::string>&) override {}
  bool pause(int) override { return false; }
  Choice decide(const TableModel& model, const PublicView& view) override {
    if (decisions++ == quit_after) return {Choice::Kind::kQuit, {}};
    if (view.phase() == Phase::kKnockWindow) {
      knock_answers.push_back({model.current, view.masked().knockers(), model.log.size()});
      return {Choice::Kind::kAction, Action::knock()};
    }
    const ActionList legal = view.legal_actions();
    if (std::find(legal.begin(), legal.end(), Action::draw_pile()) != legal.end())
      return {Choice::Kind::kAction, Action::draw_pile()};
    return {Choice::Kind::kAction, legal[0]};
  }
  bool announce(const TableModel& model, Wait) override {
    notes.insert(notes.end(), model.notes.begin(), model.notes.end());
    return false;
  }
  int decisions = 0;
  int quit_after = -1;
  std::vector<Asked> knock_answers;
  std::vector<std::string> notes;
};

class TuiSessionTable : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("allegra_session_table_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  SessionConfig config(std::vector<SeatConfig> seats, uint64_t seed) const {
    SessionConfig c;
    c.seed = seed;
    c.delay_ms = 0;
    c.save_path = (dir_ / "save.json").string();
    c.seats = std::move(seats);
    c.options.players = static_cast<int>(c.seats.size());
    return c;
  }
  fs::path dir_;
  text::Translator tr_{"en"};
};

TEST_F(TuiSessionTable, BotsPlayTheGameTheTablePlays) {
  const SessionConfig c = config({{"Ann", "easy"}, {"Bea", "medium"}, {"Carlo", "greedy"}}, 5);
  KnockingScreen screen;
  Session session(c, tr_);
  ASSERT_EQ(session.run(screen), Session::Outcome::kFinished);
  EXPECT_EQ(screen.decisions, 0) << "nobody at the keyboard was asked";

  table::Table alone(c.options, c.seed, table_seats(c.seats), table::Millis(0));
  alone.tick(table::Millis(0));
  ASSERT_TRUE(alone.game_over());
  GameRecord expected = alone.record();
  expected.seats.clear();
  EXPECT_EQ(session.record(), expected);
  EXPECT_FALSE(replay_check(session.record()).has_value());
}

TEST_F(TuiSessionTable, AResumedGameEndsAsTheUninterruptedOne) {
  const SessionConfig c = config({{"Ann", ""}, {"Bea", "medium"}, {"Carlo", "easy"}}, 9);
  KnockingScreen straight;
  Session whole(c, tr_);
  ASSERT_EQ(whole.run(straight), Session::Outcome::kFinished);

  KnockingScreen first;
  first.quit_after = 40;
  Session session(c, tr_);
  ASSERT_EQ(session.run(first), Session::Outcome::kQuit);
  std::ifstream in(c.save_path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  State state(RuleOptions{}, 1);
  const SavedGame saved = load_save(text, &state);
  KnockingScreen second;
  Session resumed(c, tr_, saved, state);
  ASSERT_EQ(resumed.run(second), Session::Outcome::kFinished);
  EXPECT_EQ(resumed.record(), whole.record()) << "the bots went on as if nobody had quit";
}

TEST_F(TuiSessionTable, AHotSeatKnockWindowAsksEachPersonFromTheWindowAsItOpened) {
  KnockingScreen screen;
  screen.quit_after = 80;
  Session session(config({{"Ann", ""}, {"Bea", ""}, {"Carlo", ""}}, 3), tr_);
  ASSERT_EQ(session.run(screen), Session::Outcome::kQuit);
  // Two people asked one after the other in one window: the second saw no knock, and had been
  // told nothing new (the first one's knock goes in with his own when the window closes).
  int windows_of_two = 0;
  for (size_t i = 1; i < screen.knock_answers.size(); ++i) {
    const KnockingScreen::Asked& a = screen.knock_answers[i - 1];
    const KnockingScreen::Asked& b = screen.knock_answers[i];
    EXPECT_EQ(b.knockers, 0) << "answer " << i << " saw another's knock";
    if (a.seat != b.seat && a.log_lines == b.log_lines) ++windows_of_two;
  }
  EXPECT_GT(windows_of_two, 0);
  EXPECT_TRUE(std::any_of(screen.notes.begin(), screen.notes.end(), [](const std::string& l) {
    return l.rfind("Pass the screen to", 0) == 0;
  }));
}

TEST_F(TuiSessionTable, ASaveWrittenInsideAKnockWindowResumes) {
  // The earlier session gave the engine each knock answer in turn and saved before asking a
  // person, so a save may hold the first answers of an open window.
  RuleOptions options;
  options.players = 3;
  State s(options, 21);
  GameRecorder recorder(s, 21);
  for (int guard = 0; guard < 200; ++guard) {
    if (s.phase() == Phase::kKnockWindow && std::popcount(s.knock_pending()) == 2) break;
    const ActionList legal = s.legal_actions();
    const bool pile = std::find(legal.begin(), legal.end(), Action::draw_pile()) != legal.end();
    recorder.apply(s, pile ? Action::draw_pile() : legal[0]);
  }
  ASSERT_EQ(s.phase(), Phase::kKnockWindow);
  const int bot_seat = s.current_player();
  recorder.apply(s, Action::knock());
  const int person_seat = s.current_player();
  ASSERT_NE(person_seat, bot_seat);
  std::vector<SeatConfig> seats = {{"Ann", ""}, {"Bea", ""}, {"Carlo", ""}};
  seats[static_cast<size_t>(bot_seat)].bot = "easy";
  std::ofstream(dir_ / "save.json") << save_to_text(seats, recorder.record(), s);

  std::ifstream in(dir_ / "save.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  State loaded(RuleOptions{}, 1);
  const SavedGame saved = load_save(text, &loaded);
  Session resumed(config(seats, 21), tr_, saved, loaded);
  EXPECT_EQ(resumed.state(), s);
  KnockingScreen screen;
  screen.quit_after = 1;
  ASSERT_EQ(resumed.run(screen), Session::Outcome::kQuit);
  ASSERT_FALSE(screen.knock_answers.empty());
  EXPECT_EQ(screen.knock_answers[0].seat, person_seat) << "the window goes on where it stopped";
  // The bot's knock is in the record: the window closed with both answers.
  const GameRecord after = resumed.record();
  const std::vector<RecordStep>& steps = after.rounds.back().steps;
  const size_t n = steps.size();
  ASSERT_GE(n, 2u);
  EXPECT_TRUE(std::any_of(steps.begin(), steps.end(), [&](const RecordStep& st) {
    return st.player == person_seat && st.action == Action::knock();
  }));
}

}  // namespace
}  // namespace allegra::tui
