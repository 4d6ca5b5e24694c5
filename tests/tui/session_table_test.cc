// The session as a driver of the Table: bots play the game the Table plays, a hot-seat knock
// window asks each person from the window as it opened, a save written inside a knock window
// keeps the answers already given and resumes bit for bit, and saves of version 1 (a real file
// of an earlier allegra, and one written inside a knock window with some answers already in
// the record) still resume.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>

#include "engine/record.h"
#include "engine/state_codec.h"
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
      if (static_cast<int>(knock_answers.size()) == quit_at_knock_answer)
        return {Choice::Kind::kQuit, {}};
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
  int quit_at_knock_answer = -1;  // quit when asked for this knock answer (from 0)
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
  // The same game without saving: a person's every decision saves (and fsyncs) the whole game
  // so far, which made the tests that only play a game on slow under the sanitizers.
  static SessionConfig without_saves(SessionConfig c) {
    c.save_path.clear();
    return c;
  }
  std::string read(const std::string& path) const {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  fs::path dir_;
  text::Translator tr_{"en"};
};

// A save of version 1 ({"format", "version", "seats", "record", "state"}), as allegra wrote
// them before saves kept the table.
std::string v1_save_text(const std::vector<SeatConfig>& seats, const GameRecord& record,
                         const State& state) {
  nlohmann::json s = nlohmann::json::array();
  for (const SeatConfig& seat : seats) s.push_back({{"name", seat.name}, {"bot", seat.bot}});
  const nlohmann::json j = {{"format", "allegra-save"},
                            {"version", 1},
                            {"seats", s},
                            {"record", record_to_json(record)},
                            {"state", state_to_json(state)}};
  return j.dump(1);
}

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
  Session whole(without_saves(c), tr_);
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
  Session resumed(without_saves(c), tr_, saved, state);
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
  // person, so a save may hold the first answers of an open window as steps of its record (the
  // recorder of today writes a window's answers only when it closes: the step is added here as
  // the earlier one wrote it).
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
  GameRecord v1_record = recorder.record();
  v1_record.rounds.back().steps.push_back(RecordStep{bot_seat, Action::knock(), {}});
  std::ofstream(dir_ / "save.json") << v1_save_text(seats, v1_record, s);

  std::ifstream in(dir_ / "save.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  State loaded(RuleOptions{}, 1);
  const SavedGame saved = load_save(text, &loaded);
  EXPECT_EQ(saved.version, 1);
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

// Quits when asked for knock answer `n` of the game (from 0), and returns the save.
std::string save_at_knock_answer(const SessionConfig& c, const text::Translator& tr, int n) {
  KnockingScreen first;
  first.quit_at_knock_answer = n;
  Session session(c, tr);
  if (session.run(first) != Session::Outcome::kQuit) return "";
  std::ifstream in(c.save_path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The seats that already answered the open knock window of a save.
std::vector<int> answered(const SavedGame& saved) {
  std::vector<int> seats;
  for (const nlohmann::json& a : saved.table.at("knock_answers"))
    seats.push_back(a.at("seat").get<int>());
  return seats;
}

TEST_F(TuiSessionTable, ASaveInAKnockWindowKeepsTheBotsAnswerAndGoesOnAsTheUninterruptedGame) {
  const SessionConfig c = config({{"Ann", ""}, {"Bea", "medium"}, {"Carlo", "easy"}}, 9);
  KnockingScreen straight;
  Session whole(without_saves(c), tr_);
  ASSERT_EQ(whole.run(straight), Session::Outcome::kFinished);

  // The first knock window in which a bot answered before Ann was asked.
  for (int n = 0; n < static_cast<int>(straight.knock_answers.size()); ++n) {
    const std::string text = save_at_knock_answer(c, tr_, n);
    ASSERT_FALSE(text.empty());
    State state(RuleOptions{}, 1);
    const SavedGame saved = load_save(text, &state);
    EXPECT_EQ(saved.version, kSaveFormatVersion);
    ASSERT_EQ(state.phase(), Phase::kKnockWindow);
    const std::vector<int> bots = answered(saved);
    if (bots.empty()) continue;
    EXPECT_EQ(std::find(bots.begin(), bots.end(), 0), bots.end()) << "Ann had not answered";
    // The bot's answer is kept: only Ann is due, and the bot is not asked again.
    const table::Table table = resume_table(saved);
    ASSERT_EQ(table.pending().size(), 1u);
    EXPECT_EQ(table.pending()[0].seat, 0);
    EXPECT_EQ(table.pending()[0].knock_window, true);

    KnockingScreen second;
    Session resumed(without_saves(c), tr_, saved, state);
    ASSERT_EQ(resumed.run(second), Session::Outcome::kFinished);
    EXPECT_EQ(resumed.record(), whole.record()) << "the game went on as if nobody had quit";
    EXPECT_EQ(resumed.state(), whole.state());
    return;
  }
  FAIL() << "no knock window in which a bot answered before Ann";
}

TEST_F(TuiSessionTable, AHotSeatSaveInAKnockWindowDoesNotAskTheFirstPersonAgain) {
  // Two rounds: every decision of a person saves the whole game so far, so a game played to the
  // point limit made this the slowest test of the sanitizer build.
  SessionConfig c = config({{"Ann", ""}, {"Bea", ""}, {"Carlo", "easy"}}, 3);
  c.options.rounds = 2;
  KnockingScreen straight;
  Session whole(without_saves(c), tr_);
  ASSERT_EQ(whole.run(straight), Session::Outcome::kFinished);
  // The second person asked in one window: the first one's knock is not in the record yet.
  const std::vector<KnockingScreen::Asked>& asked = straight.knock_answers;
  size_t second = 1;
  while (second < asked.size() && !(asked[second - 1].seat != asked[second].seat &&
                                    asked[second - 1].log_lines == asked[second].log_lines))
    ++second;
  ASSERT_LT(second, asked.size()) << "no window asked both people";

  const std::string text = save_at_knock_answer(c, tr_, static_cast<int>(second));
  State state(RuleOptions{}, 1);
  const SavedGame saved = load_save(text, &state);
  const std::vector<int> done = answered(saved);
  EXPECT_NE(std::find(done.begin(), done.end(), asked[second - 1].seat), done.end())
      << "the first person's answer is in the save";
  KnockingScreen rest;
  Session resumed(without_saves(c), tr_, saved, state);
  ASSERT_EQ(resumed.run(rest), Session::Outcome::kFinished);
  ASSERT_FALSE(rest.knock_answers.empty());
  EXPECT_EQ(rest.knock_answers[0].seat, asked[second].seat) << "the window went on where it was";
  EXPECT_EQ(rest.knock_answers.size(), asked.size() - second);
  EXPECT_EQ(resumed.record(), whole.record());
}

// tests/tui/saves/v1_knock_window.json: written by `allegra play --plain --fast --seed 11
// --seats human,human,easy` of an earlier allegra (save version 1) when Player 2 was asked
// whether to knock for Player 1's draw (the answer Dora had given is not in it).
TEST_F(TuiSessionTable, AVersion1SaveOfAnEarlierAllegraStillResumes) {
  const std::string text = read(ALLEGRA_SOURCE_DIR "/tests/tui/saves/v1_knock_window.json");
  ASSERT_FALSE(text.empty());
  ASSERT_TRUE(is_save_text(text));
  State state(RuleOptions{}, 1);
  const SavedGame saved = load_save(text, &state);
  EXPECT_EQ(saved.version, 1);
  ASSERT_EQ(saved.seats.size(), 3u);
  EXPECT_EQ(saved.seats[2], (SeatConfig{"Dora", "easy"}));
  EXPECT_EQ(saved.record.seed, 11u);
  EXPECT_EQ(state.phase(), Phase::kKnockWindow);
  EXPECT_EQ(state, state_from_json(nlohmann::json::parse(text).at("state")));
  EXPECT_TRUE(answered(saved).empty()) << "version 1 kept no knock answers";

  SessionConfig c = config(saved.seats, 11);
  KnockingScreen screen;
  Session resumed(without_saves(c), tr_, saved, state);
  EXPECT_EQ(resumed.state(), state);
  ASSERT_EQ(resumed.run(screen), Session::Outcome::kFinished);
  ASSERT_FALSE(screen.knock_answers.empty());
  EXPECT_EQ(screen.knock_answers[0].seat, 1) << "Player 2 is asked where the game stopped";
  const GameRecord full = resumed.record();
  EXPECT_FALSE(replay_check(full).has_value());
  const std::vector<RecordStep>& before = saved.record.rounds[0].steps;
  ASSERT_GE(full.rounds[0].steps.size(), before.size());
  EXPECT_TRUE(std::equal(before.begin(), before.end(), full.rounds[0].steps.begin()));

  // Quitting the resumed game writes the current version, which loads to the same game.
  KnockingScreen again;
  again.quit_after = 0;
  Session resumed_again(c, tr_, saved, state);
  ASSERT_EQ(resumed_again.run(again), Session::Outcome::kQuit);
  State state2(RuleOptions{}, 1);
  const SavedGame saved2 = load_save(read(c.save_path), &state2);
  EXPECT_EQ(saved2.version, kSaveFormatVersion);
  EXPECT_EQ(saved2.seats, saved.seats);
  EXPECT_EQ(saved2.record, saved.record);
  // Dora answered again before Player 2 was asked: her answer is sealed in the state (and in
  // the save's knock answers), nothing else changed.
  EXPECT_EQ(state2, resumed_again.state());
  EXPECT_EQ(saved2.table.at("knock_answers").size(), 1u);
  EXPECT_EQ(state2.public_view().decision_view(1), state.public_view().decision_view(1));
}

}  // namespace
}  // namespace allegra::tui
