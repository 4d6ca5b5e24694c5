// `allegra play` never loses a game: one save per game in the state folder, --resume with a
// list and ids, --save-file and --record refusing what is not theirs, every path checked at
// start, and the players' names kept in the record (issue 8, sections 1 and 3).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/cli_runner.h"

namespace {

using namespace allegra::cli_testing;

class PlaySaves : public CliFixture {
 protected:
  // allegra play in plain mode with the state folder in the scratch dir and `input` piped in.
  Result play(const std::string& args, const std::string& input = "q\n") {
    write("input.txt", input);
    return run_with(
        fmt::format("XDG_STATE_HOME='{}'", path("state").string()),
        fmt::format("play --plain --fast --lang en {} < '{}'", args, path("input.txt").string()));
  }
  fs::path saves() const { return path("state") / "allegra" / "saves"; }
  std::vector<std::string> save_ids() const {
    std::vector<std::string> ids;
    std::error_code ec;
    for (const auto& f : fs::directory_iterator(saves(), ec)) ids.push_back(f.path().stem());
    std::sort(ids.begin(), ids.end());
    return ids;
  }
  void expect_error(const Result& r, const std::vector<std::string>& wants) {
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_EQ(r.err.rfind("allegra: error: ", 0), 0u) << r.err;
    for (const std::string& want : wants)
      EXPECT_NE(r.err.find(want), std::string::npos) << want << "\n" << r.err;
  }
};

TEST_F(PlaySaves, EveryGameHasItsOwnSaveAndResumePicksOne) {
  Result r = play("--seats human,easy --seed 1 --no-record");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(save_ids().size(), 1u);
  const std::string first = save_ids()[0];
  EXPECT_EQ(first.size(), 5u) << first;
  EXPECT_NE(r.out.find("Continue it with: allegra play --resume " + first), std::string::npos)
      << r.out;
  // One save: --resume continues it.
  r = play("--resume --no-record", "q\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Continue it with: allegra play --resume " + first), std::string::npos)
      << "the same game, saved in the same file\n"
      << r.out;
  EXPECT_EQ(save_ids().size(), 1u);
  // A second new game does not touch the first one's save.
  const std::string before = read_file(saves() / (first + ".json"));
  r = play("--seats human,easy,easy --seed 2 --no-record");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(save_ids().size(), 2u);
  EXPECT_EQ(read_file(saves() / (first + ".json")), before);
  std::string second = save_ids()[0] == first ? save_ids()[1] : save_ids()[0];
  // Two saves: --resume lists them and asks for an id.
  r = play("--resume --no-record");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("Saved games in"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(first + "  "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(second + "  "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("You, Carlo, Dora (round 1 of 3, You to play)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2 saved games: pick one with --resume ID"), std::string::npos) << r.err;
  // An unknown id names the saved ones.
  r = play("--resume zzzzz --no-record");
  expect_error(r, {"no saved game 'zzzzz'", first, second});
  // --resume ID continues that one; finishing it removes only its own save.
  std::string ones;
  for (int i = 0; i < 4000; ++i) ones += "1\n";
  r = play("--resume " + second + " --no-record", ones);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Game over after"), std::string::npos);
  EXPECT_EQ(save_ids(), std::vector<std::string>{first});
}

TEST_F(PlaySaves, ASaveOfAnOlderVersionIsStillFound) {
  // Older versions saved every game in <state>/saved-game.json.
  ASSERT_EQ(play(fmt::format("--seats human,easy --no-record --save-file '{}'",
                             (path("state") / "allegra" / "saved-game.json").string()))
                .exit_code,
            0);
  const Result r = play("--resume --no-record");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Continue it with: allegra play --resume saved-game"), std::string::npos)
      << r.out;
}

TEST_F(PlaySaves, SaveFileRefusesWhatIsNotASave) {
  // A file of game records is never replaced by a save.
  ASSERT_EQ(
      run(fmt::format("selfplay --games 3 --quiet --record '{}'", path("games.jsonl").string()))
          .exit_code,
      0);
  const std::string records = read_file(path("games.jsonl"));
  Result r = play(
      fmt::format("--seats human,easy --no-record --save-file '{}'", path("games.jsonl").string()));
  expect_error(r, {"is not an Allegra save file, so it is left untouched"});
  EXPECT_EQ(read_file(path("games.jsonl")), records);
  // A folder.
  fs::create_directories(path("adir"));
  expect_error(play(fmt::format("--no-record --save-file '{}'", path("adir").string())),
               {"--save-file '" + path("adir").string() + "' is a folder"});
  // An unfinished game in the file: a new game does not replace it.
  ASSERT_EQ(play(fmt::format("--seats human,easy --no-record --save-file '{}'",
                             path("mine.json").string()))
                .exit_code,
            0);
  const std::string saved = read_file(path("mine.json"));
  r = play(
      fmt::format("--seats human,easy --no-record --save-file '{}'", path("mine.json").string()));
  expect_error(r, {"holds an unfinished game", "--resume --save-file"});
  EXPECT_EQ(read_file(path("mine.json")), saved);
  r = play(fmt::format("--resume --no-record --save-file '{}'", path("mine.json").string()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(PlaySaves, UnwritablePathsFailAtStartBeforeAnyMove) {
  write("afile", "x");
  // Paths under a regular file cannot be created, even by root.
  const std::string under = (path("afile") / "sub").string();
  expect_error(play(fmt::format("--no-record --save-file '{}/save.json'", under)),
               {"cannot create folder", "choose another --save-file"});
  expect_error(play(fmt::format("--record '{}/games.jsonl'", under)),
               {"cannot create folder", "--record FILE, or --no-record"});
  fs::create_directories(path("adir"));
  Result r = play(fmt::format("--record '{}'", path("adir").string()));
  expect_error(r, {"--record '" + path("adir").string() + "' is a folder"});
  EXPECT_EQ(r.out.find("You, choose"), std::string::npos) << "refused before the game starts";
  write("notes.txt", "my notes\n");
  expect_error(play(fmt::format("--record '{}'", path("notes.txt").string())),
               {"is not a file of game records"});
  EXPECT_EQ(read_file(path("notes.txt")), "my notes\n");
  expect_error(play("--record /proc/version"), {"/proc/version"});
}

TEST_F(PlaySaves, ABadHomeIsToldAtStartNamingSaveFile) {
  write("afile", "x");
  const std::string cmd = "play --plain --fast --lang en --seats human,easy < /dev/null";
  // HOME is a file, or a folder in which nothing can be created (its .local is a file).
  Result r = run_with(fmt::format("env -u XDG_STATE_HOME HOME='{}'", path("afile").string()), cmd);
  expect_error(r, {"HOME is '" + path("afile").string() + "', which is not a folder",
                   "--save-file PATH", "--no-record"});
  fs::create_directories(path("home"));
  write("home/.local", "x");
  r = run_with(fmt::format("env -u XDG_STATE_HOME HOME='{}'", path("home").string()), cmd);
  expect_error(r, {"cannot create folder", "--save-file PATH", "--record FILE or --no-record"});
  r = run_with(fmt::format("env -u XDG_STATE_HOME HOME='{}/missing'", dir_.string()), cmd);
  expect_error(r, {"which is not a folder", "--save-file"});
  EXPECT_FALSE(fs::exists(path("missing"))) << "a missing HOME is not created";
  // With --save-file and --record the HOME is not needed.
  r = run_with(fmt::format("env -u XDG_STATE_HOME HOME='{}'", path("afile").string()),
               fmt::format("play --plain --fast --lang en --seats human,easy --save-file '{}' "
                           "--record '{}' < /dev/null",
                           path("s.json").string(), path("g.jsonl").string()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(PlaySaves, WithoutHomeItSaysWhereTheSaveGoes) {
  fs::create_directories(path("cwd"));
  const Result r =
      run_with(fmt::format("cd '{}' && env -u HOME -u XDG_STATE_HOME", path("cwd").string()),
               "play --plain --fast --lang en --seats human,easy --no-record < /dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string where = (path("cwd") / ".allegra").string();
  EXPECT_NE(r.err.find("HOME is not set: the game is saved in " + where), std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::exists(path("cwd") / ".allegra" / "saves")) << r.err;
}

TEST_F(PlaySaves, RecordsKeepThePlayersNamesAndReplaysShowThem) {
  std::string ones;
  for (int i = 0; i < 4000; ++i) ones += "1\n";
  const Result r = play(fmt::format("--seats human,easy,medium --names Anna,Ben,Chiara --seed 3 "
                                    "--rounds 1 --record '{}'",
                                    path("games.jsonl").string()),
                        ones);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json record = nlohmann::json::parse(read_file(path("games.jsonl")));
  EXPECT_EQ(record["format_version"], 2);
  EXPECT_EQ(record["seats"],
            nlohmann::json::parse(R"([{"name":"Anna"},{"name":"Ben","bot":"easy"},)"
                                  R"({"name":"Chiara","bot":"medium"}])"));
  const std::string file = path("games.jsonl").string();
  EXPECT_EQ(run(fmt::format("replay '{}' --check", file)).exit_code, 0);
  const Result told = run(fmt::format("replay '{}' --screen-reader --lang en", file));
  ASSERT_EQ(told.exit_code, 0) << told.err;
  EXPECT_NE(told.out.find("Chiara"), std::string::npos) << told.out;
  EXPECT_EQ(told.out.find("Player 1"), std::string::npos) << told.out;
  const Result printed = run(fmt::format("replay '{}' --print", file));
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  EXPECT_NE(printed.out.find("Players: P0 Anna, P1 Ben (easy), P2 Chiara (medium)"),
            std::string::npos)
      << printed.out;
}

// A relative XDG_STATE_HOME is invalid and ignored, as the XDG Base Directory spec says: the
// save goes to ~/.local/state/allegra, with a note, and nothing is made in the current folder.
TEST_F(PlaySaves, ARelativeXdgStateHomeIsIgnored) {
  fs::create_directories(path("home"));
  fs::create_directories(path("cwd"));
  write("input.txt", "q\n");
  const Result r =
      run_with(fmt::format("cd '{}' && HOME='{}' XDG_STATE_HOME=relative/state",
                           path("cwd").string(), path("home").string()),
               fmt::format("play --plain --fast --lang en --seats human,easy --no-record < '{}'",
                           path("input.txt").string()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("XDG_STATE_HOME is 'relative/state', which is not an absolute path"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(path("cwd") / "relative"));
  EXPECT_TRUE(fs::is_directory(path("home") / ".local" / "state" / "allegra" / "saves"));
}

}  // namespace
