// `allegra play` through the binary: the plain line mode driven by piped input, and clear
// one-line errors for bad flags and bad save files.
#include <unistd.h>

#include "cli/cli_runner.h"
#include "tui/save_lock.h"

namespace {

using namespace allegra::cli_testing;

class PlayCli : public CliFixture {
 protected:
  // Runs allegra play with `lines` of input piped in, the state folder in the scratch dir.
  Result play(const std::string& args, const std::string& input) {
    write("input.txt", input);
    return run(fmt::format("play {} --save-file '{}' < '{}'", args, path("save.json").string(),
                           path("input.txt").string()));
  }
};

std::string repeat(const std::string& line, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += line + "\n";
  return out;
}

TEST_F(PlayCli, PlainModePlaysAWholeGameFromPipedInput) {
  const Result r = play(fmt::format("--plain --fast --lang en --seed 3 --seats human,easy,easy "
                                    "--record '{}'",
                                    path("games.jsonl").string()),
                        repeat("1", 4000));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Turn up 2 cards of your 15-card display."), std::string::npos);
  EXPECT_NE(r.out.find("End of round 1"), std::string::npos);
  EXPECT_NE(r.out.find("Game over after 3 rounds."), std::string::npos);
  EXPECT_NE(r.out.find("The game record is in"), std::string::npos);
  EXPECT_EQ(run(fmt::format("replay '{}' --check", path("games.jsonl").string())).exit_code, 0);
  // The record told for a screen reader, in German: sentences, no picture.
  const Result told =
      run(fmt::format("replay '{}' --screen-reader --lang de", path("games.jsonl").string()));
  ASSERT_EQ(told.exit_code, 0) << told.err;
  EXPECT_NE(told.out.find("Zeile 1: "), std::string::npos) << told.out;
  EXPECT_NE(told.out.find("Ende von Durchgang 1"), std::string::npos) << told.out;
  EXPECT_EQ(told.out.find('#'), std::string::npos) << told.out;
  EXPECT_EQ(run(fmt::format("replay '{}' --screen-reader --check", path("games.jsonl").string()))
                .exit_code,
            2);
}

TEST_F(PlayCli, EndOfInputSavesAndResumeContinues) {
  Result r = play("--plain --fast --lang en --seed 4 --seats human,easy,easy,easy --no-record",
                  repeat("1", 10));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("The game is saved in"), std::string::npos) << r.out;
  r = play("--plain --fast --lang en --resume --no-record", repeat("2", 4000));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Game resumed from"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("Game over after"), std::string::npos);
}

TEST_F(PlayCli, TypedShortFormAndErrorsInPlainMode) {
  const Result r =
      play("--plain --fast --lang en --seed 5 --seats human,easy,easy,easy --no-record",
           "draw\nreveal 0a0\nfly\n0b1\nq\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("“draw” is not possible now. Turn up 2 cards of your 15-card display."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("You turned up"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("“fly” is not a move"), std::string::npos) << r.out;
}

TEST_F(PlayCli, BadFlagsAndBadSavesAreOneLineErrors) {
  for (const char* args : {"--plain --seats human,bogus,easy,easy", "--plain --lang xx",
                           "--plain --players 4 --seats human,easy",
                           "--plain --players 3 --seats human,easy,easy,easy", "--plain --delay -5",
                           "--plain --resume", "--plain --names A,B"}) {
    SCOPED_TRACE(args);
    const Result r = play(args, "");
    EXPECT_EQ(r.exit_code, 2);
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("allegra: error: ", 0), 0u) << r.err;
  }
  write("save.json", "{\"format\": \"allegra-save\", \"version\": 1}");
  const Result r = play("--plain --resume", "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot resume the saved game"), std::string::npos) << r.err;
}

TEST_F(PlayCli, WithoutATerminalItFallsBackToPlainMode) {
  const Result r =
      play("--fast --lang en --seed 6 --seats human,easy,easy,easy --no-record", "q\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("not a terminal"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("Your choice:"), std::string::npos);
}

// On a terminal (a pty from script(1)) whose TERM is dumb, unset or unknown, ncurses printed
// "Error opening terminal" and exited 1, or drew an unplayable screen: the game now says why and
// plays in plain lines.
TEST_F(PlayCli, AnUnusableTerminalFallsBackToPlainModeWithANote) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  const std::pair<const char*, const char*> cases[] = {
      {"TERM=dumb", "TERM=dumb cannot move the cursor"},
      {"-u TERM", "TERM is not set"},
      {"TERM=no-such-terminal", "TERM=no-such-terminal is unknown here"}};
  for (const auto& [env, want] : cases) {
    write("input.txt", "q\n");
    const std::string command = fmt::format(
        "cat '{}' | script -qec \"env {} '{}' play --fast --lang en --seed 3 --no-record "
        "--seats human,easy --save-file '{}'\" /dev/null > '{}' 2>&1",
        path("input.txt").string(), env, ALLEGRA_BINARY, path("save.json").string(),
        path("pty.txt").string());
    const int status = std::system(command.c_str());
    Result r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = read_file(path("pty.txt"));
    SCOPED_TRACE(env);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find(want), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("playing in plain line mode (--plain)"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Error opening terminal"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Your choice"), std::string::npos) << r.out;
    std::filesystem::remove(path("save.json"));
  }
}

// The replay viewer on such a terminal: the games are printed with a note; --view is refused.
TEST_F(PlayCli, TheReplayViewerOnAnUnusableTerminalPrintsInstead) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  ASSERT_EQ(run(fmt::format("selfplay --quiet --record '{}'", path("g.jsonl").string())).exit_code,
            0);
  for (const char* view : {"", "--view"}) {
    const std::string command = fmt::format(
        "script -qec \"env TERM=dumb '{}' replay '{}' {}; echo exit=\\$?\" /dev/null < /dev/null "
        "> '{}' 2>&1",
        ALLEGRA_BINARY, path("g.jsonl").string(), view, path("pty.txt").string());
    (void)std::system(command.c_str());
    const std::string out = read_file(path("pty.txt"));
    SCOPED_TRACE(view);
    if (*view == '\0') {
      EXPECT_NE(out.find("cannot move the cursor or clear the screen: printing the games"),
                std::string::npos)
          << out;
      EXPECT_NE(out.find("exit=0"), std::string::npos) << out;
    } else {
      EXPECT_NE(out.find("allegra: error: --view needs a full-screen terminal"), std::string::npos)
          << out;
      EXPECT_NE(out.find("exit=2"), std::string::npos) << out;
    }
  }
}

// Two games on one save: the second is refused, naming who plays it (pid, host, since when),
// instead of the last to quit overwriting the other's moves.
TEST_F(PlayCli, ASaveInPlayIsLockedAndTheSecondGameIsToldWho) {
  ASSERT_EQ(
      play("--plain --fast --lang en --seed 4 --seats human,easy --no-record", "q\n").exit_code, 0);
  {
    const allegra::tui::SaveLock held(path("save.json").string());  // "another game"
    const Result r = play("--plain --fast --lang en --resume --no-record", "q\n");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("is being played by pid " + std::to_string(::getpid()) + " on host "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find(" since "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("UTC"), std::string::npos) << r.err;
    EXPECT_THROW(allegra::tui::SaveLock(path("save.json").string()), allegra::tui::SaveLocked);
  }
  // Let go (a crashed game's lock goes with its process): the game continues.
  const Result r = play("--plain --fast --lang en --resume --no-record", "q\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(path("save.json.lock"))) << "the lock file goes when the game ends";
}

// A full disk (a 64 KiB tmpfs filled up, where the machine lets us mount one): the failing save
// is told at the first decision, not only at quit when every move since is lost.
TEST_F(PlayCli, AFullDiskIsToldAtTheFirstDecision) {
  const fs::path full = path("full");
  fs::create_directories(full);
  if (::geteuid() != 0 ||
      std::system(fmt::format("mount -t tmpfs -o size=64k tmpfs '{}' 2>/dev/null", full.string())
                      .c_str()) != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here";
  struct Unmount {
    fs::path dir;
    ~Unmount() { (void)std::system(fmt::format("umount '{}'", dir.string()).c_str()); }
  } unmount{full};
  (void)std::system(
      fmt::format("dd if=/dev/zero of='{}/filler' bs=4k >/dev/null 2>&1", full.string()).c_str());
  write("input.txt", "1\n1\nq\n");
  const Result r = run(fmt::format(
      "play --plain --fast --lang en --seed 4 --seats human,easy --no-record --save-file '{}' < "
      "'{}'",
      (full / "save.json").string(), path("input.txt").string()));
  const size_t told = r.out.find("Cannot save the game in");
  ASSERT_NE(told, std::string::npos) << r.out << r.err;
  EXPECT_NE(r.out.find("No space left on device", told), std::string::npos) << r.out;
  EXPECT_LT(told, r.out.find("Your choice")) << "told before the first choice is made";
  EXPECT_EQ(r.exit_code, 2) << "the save fails again at quit: an error, never a silent loss";
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
}

// Occurrences of `what` in `text`.
size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST_F(PlayCli, ScreenReaderModeReadsWhatChangedAndTheTableOnRequest) {
  // Two setup reveals, a draw, then the rest of the game's first decisions; the table asked
  // for once with t; then quit.
  const Result r = play(
      "--screen-reader --fast --lang en --seed 5 --seats human,easy,easy,easy "
      "--no-record",
      repeat("1", 12) + "t\n" + "1\n" + "q\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("not a terminal"), std::string::npos) << "--screen-reader implies --plain";
  EXPECT_EQ(r.out.find("##"), std::string::npos) << "no picture\n" << r.out;
  for (const char* want :
       {"Round 1 of 3.",
        "Your cards, total 0; you decide now:", "Row 1: face down, face down, face down, face down",
        "Column 4 also counts in Emil’s 15-card display.",
        "Also in this 15-card display: Carlo’s column 4: face down, face down, face down.",
        "Dora’s cards, total 0:", "Cards in the draw pile: ",
        "Turn up 2 cards of your 15-card display.", "Draw from the draw pile, or take the ",
        "Carlo turned up", "Your choice:", "  1) ", "t = the whole table", "The game is saved in"})
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
  // The whole table twice: at the first decision and on request; not before every decision.
  EXPECT_GE(count_of(r.out, "Your choice:"), 10u) << r.out;
  EXPECT_EQ(count_of(r.out, "Cards in the draw pile: "), 2u) << r.out;
  // Every description line stands alone: a seat line is followed by its three rows.
  const std::vector<std::string> lines = lines_of(r.out);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("Your cards, total", 0) != 0) continue;
    ASSERT_LT(i + 3, lines.size());
    for (int row = 1; row <= 3; ++row)
      EXPECT_EQ(lines[i + static_cast<size_t>(row)].rfind(fmt::format("Row {}: ", row), 0), 0u)
          << lines[i + static_cast<size_t>(row)];
  }
  // The same game in German (a new game: the first one's save is not replaced).
  fs::remove(path("save.json"));
  const Result de = play(
      "--screen-reader --fast --lang de --seed 5 --seats human,easy,easy,easy "
      "--no-record",
      "q\n");
  ASSERT_EQ(de.exit_code, 0) << de.err;
  EXPECT_NE(de.out.find("Zeile 1: verdeckt, verdeckt, verdeckt, verdeckt"), std::string::npos)
      << de.out;
  EXPECT_EQ(de.out.find("##"), std::string::npos) << de.out;
}

}  // namespace
