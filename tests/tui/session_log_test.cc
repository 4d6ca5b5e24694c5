// The session's log across --resume: a resumed game tells its replayed moves again, so the
// log and its scrollback read as they did before quitting.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tui/session.h"

namespace allegra::tui {
namespace {
namespace fs = std::filesystem;

// Chooses the first legal action, keeps the log each decision was shown with, and quits after
// a number of decisions.
class LogKeepingScreen : public Screen {
 public:
  void show(const TableModel&, const std::vector<std::string>&) override {}
  bool pause(int) override { return false; }
  Choice decide(const TableModel& model, const PublicView& view) override {
    logs.push_back(model.log);
    if (static_cast<int>(logs.size()) > quit_after) return {Choice::Kind::kQuit, {}};
    return {Choice::Kind::kAction, view.legal_actions()[0]};
  }
  bool announce(const TableModel&, Wait) override { return false; }
  int quit_after = 1000000;
  std::vector<std::vector<std::string>> logs;
};

TEST(TuiSessionLog, AResumedGameShowsTheEarlierLogLines) {
  const fs::path dir =
      fs::temp_directory_path() / ("allegra_session_log_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const text::Translator tr("en");
  SessionConfig config;
  config.seed = 7;
  config.delay_ms = 0;
  config.save_path = (dir / "save.json").string();
  config.seats = {{"You", ""}, {"Bea", "easy"}, {"Carlo", "easy"}};
  config.options.players = 3;

  LogKeepingScreen first;
  first.quit_after = 30;  // well into the second round
  Session session(config, tr);
  ASSERT_EQ(session.run(first), Session::Outcome::kQuit);
  const std::vector<std::string> before = first.logs.back();
  ASSERT_GT(before.size(), 20u);

  std::ifstream in(config.save_path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  State state(RuleOptions{}, 1);
  SavedGame saved = load_save(text, &state);
  LogKeepingScreen second;
  second.quit_after = 0;
  Session resumed(config, tr, saved, state);
  resumed.run(second);
  ASSERT_FALSE(second.logs.empty());
  const std::vector<std::string>& after = second.logs.front();
  ASSERT_EQ(after.size(), before.size() + 1) << "the earlier lines, then 'resumed'";
  EXPECT_TRUE(std::equal(before.begin(), before.end(), after.begin()));
  EXPECT_EQ(after.back().find("Game resumed"), 0u) << after.back();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace allegra::tui
