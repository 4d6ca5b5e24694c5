// Bad arguments on every subcommand: one line on stderr that names the flag, says what is
// allowed and is never CLI11's "Could not convert" (issue 8, section 5).
#include <string>
#include <vector>

#include "cli/cli_runner.h"

namespace {

using namespace allegra::cli_testing;

class CliArgs : public CliFixture {
 protected:
  // Exit 2, one line "allegra: error: ...", containing every one of `wants`.
  void expect_error(const std::string& args, const std::vector<std::string>& wants) {
    SCOPED_TRACE(args);
    const Result r = run(args + " < /dev/null");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("allegra: error: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find("Could not convert"), std::string::npos) << r.err;
    for (const std::string& want : wants) EXPECT_NE(r.err.find(want), std::string::npos) << r.err;
  }
  std::string save() const { return "--save-file '" + path("save.json").string() + "'"; }
};

TEST_F(CliArgs, NumbersSayTheirRangeInEverySubcommand) {
  for (const char* sub : {"play --plain --no-record", "selfplay", "rules",
                          "sim --seats random,random", "rate --bots random,greedy"}) {
    for (const char* value : {"2.5", "abc", "99999999999", "-3", "7"})
      expect_error(fmt::format("{} --players {}", sub, value),
                   {fmt::format("--players: must be a whole number from 2 to 6, got '{}'", value)});
  }
  expect_error("selfplay --rounds 1.5", {"--rounds: must be a whole number from 0 to 1000"});
  expect_error("rules --point-limit x", {"--point-limit: must be a whole number from 0 to 100000"});
  expect_error("rules --small-game-removal 51", {"from 0 to 50, got '51'"});
  expect_error("selfplay --games 0", {"--games: must be a whole number from 1 to 10^9, got '0'"});
  expect_error("sim --seats random,random --games 1e3", {"--games: must be a whole number"});
  expect_error("sim --seats random,random --threads 0",
               {"--threads: must be a whole number from 1 to 256"});
  expect_error("rate --bots random,greedy --threads 999", {"from 1 to 256, got '999'"});
  expect_error("rate --bots random,greedy --bootstrap -1", {"--bootstrap: must be a whole number"});
  expect_error("bench --games -1", {"--games: must be a whole number from 1 to 10^9, got '-1'"});
  expect_error("play --plain --no-record --delay -5",
               {"--delay: must be a whole number from 0 to 60000"});
  expect_error("play --plain --no-record --hint-iterations 0",
               {"--hint-iterations: must be a whole number from 1 to 10^8, got '0'"});
  // One sign at most, and a '-' only where a number may be negative (found by fuzz_number_flags:
  // "+-0" was read as 0 and accepted).
  expect_error("rules --small-game-removal +-0", {"from 0 to 50, got '+-0'"});
  expect_error("selfplay --rounds -0",
               {"--rounds: must be a whole number from 0 to 1000, got '-0'"});
  expect_error("selfplay --seed +-1", {"--seed: must be a whole number from 0 to 2^64-1"});
}

TEST_F(CliArgs, SeedsAreRefusedOutsideZeroTo2To64InEverySubcommand) {
  for (const char* sub : {"play --plain --no-record", "selfplay", "sim --seats random,random",
                          "rate --bots random,greedy"})
    for (const char* value : {"-1", "18446744073709551616", "1.5", "x"})
      expect_error(
          fmt::format("{} --seed {}", sub, value),
          {fmt::format("--seed: must be a whole number from 0 to 2^64-1, got '{}'", value)});
  // The largest seed is a seed.
  const Result r = run("selfplay --seed 18446744073709551615 --quiet --rounds 1 --players 2");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("seed 18446744073709551615"), std::string::npos) << r.out;
}

TEST_F(CliArgs, ABadBotSpecSaysWhy) {
  expect_error("sim --seats mcts:0it,random",
               {"--seats: bot 'mcts:0it': iterations must be a whole number from 1 to 100000000, "
                "got '0'"});
  expect_error("rate --bots random,mcts:10it:0t", {"threads must be a whole number from 1 to 256"});
  expect_error("play --plain --no-record " + save() + " --seats human,mcts:0ms",
               {"milliseconds must be a whole number from 1 to 3600000"});
}

TEST_F(CliArgs, ReplayGameCountsFromOne) {
  ASSERT_EQ(run(fmt::format("selfplay --quiet --record '{}'", path("g.jsonl").string())).exit_code,
            0);
  expect_error(fmt::format("replay '{}' --check --game 0", path("g.jsonl").string()),
               {"--game: must be a whole number from 1 to"});
  expect_error(fmt::format("replay '{}' --check --game -2", path("g.jsonl").string()),
               {"got '-2'"});
  EXPECT_EQ(run(fmt::format("replay '{}' --check --game 1", path("g.jsonl").string())).exit_code,
            0);
}

TEST_F(CliArgs, AnEmptyLanguageListsTheLanguages) {
  expect_error("play --plain --no-record --lang ''", {"--lang", "en, de, fr, nl or es"});
  ASSERT_EQ(run(fmt::format("selfplay --quiet --record '{}'", path("g.jsonl").string())).exit_code,
            0);
  expect_error(fmt::format("replay '{}' --screen-reader --lang ''", path("g.jsonl").string()),
               {"--lang", "en, de, fr, nl or es"});
  expect_error("play --plain --no-record --lang xx", {"unknown language 'xx'", "en"});
}

TEST_F(CliArgs, ResumeKeepsTheSavedSettings) {
  for (const char* flag : {"--seats human,easy", "--players 3", "--rounds 2", "--seed 4",
                           "--names A,B,C,D", "--no-knocking", "--point-limit 50"}) {
    const std::string name = std::string(flag).substr(0, std::string(flag).find(' '));
    expect_error(fmt::format("play --plain --no-record {} --resume {}", save(), flag),
                 {name + " cannot be combined with --resume", "keeps the settings"});
  }
}

TEST_F(CliArgs, ResumeOnAFolderSaysItIsAFolder) {
  fs::create_directories(path("adir"));
  expect_error(
      fmt::format("play --plain --no-record --resume --save-file '{}'", path("adir").string()),
      {"is a folder"});
}

TEST_F(CliArgs, NamesAreCheckedForControlCharactersLengthAndDuplicates) {
  const std::string base = "play --plain --no-record " + save() + " --seats human,easy";
  // printf's octal escapes: /bin/sh has no $'...'.
  auto names = [&](const char* printf_text) {
    return fmt::format("{} --names \"$(printf '{}')\"", base, printf_text);
  };
  expect_error(names("Ann\\033[31m,Bo"), {"--names: name 1 contains a control character (U+001B)"});
  expect_error(names("Ann,B\\to"), {"name 2 contains a control character (U+0009)"});
  expect_error(names("Ann,B\\177o"), {"(U+007F)"});
  expect_error(names("Ann,B\\302\\233o"), {"(U+009B)"});
  expect_error(names("Ann,B\\377o"), {"name 2 is not valid UTF-8 text"});
  expect_error(base + " --names 'Ann,Bartholomew-Maximilian'",
               {"name 2 is 22 characters long; a name has at most 16"});
  expect_error(base + " --names 'Ann,Ann'", {"two players are named 'Ann'"});
  expect_error(base + " --names 'Ann, '", {"name 2 is empty"});
  // Sixteen characters, not bytes: accented letters count once.
  const Result r = run(base + " --names 'Ann,Éléonore-Müllerü' --lang en < /dev/null");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(CliArgs, ABadRecordLineNamesTheLineAndColumnOfTheFile) {
  ASSERT_EQ(run(fmt::format("selfplay --quiet --record '{}'", path("g.jsonl").string())).exit_code,
            0);
  std::string good = read_file(path("g.jsonl"));
  good.pop_back();
  // Line 2: the same record with garbage between two members.
  const size_t at = good.find(",\"options\"");
  ASSERT_NE(at, std::string::npos);
  std::string bad = good.substr(0, at) + "@" + good.substr(at);
  write("bad.jsonl", good + "\n" + bad + "\n");
  expect_error(fmt::format("replay '{}' --check", path("bad.jsonl").string()),
               {fmt::format("{} line 2, column {}: not a valid game record: syntax error",
                            path("bad.jsonl").string(), at + 1)});
  const Result r = run(fmt::format("replay '{}' --check", path("bad.jsonl").string()));
  EXPECT_EQ(r.err.find("line 1, column"), std::string::npos) << r.err;
}

// selfplay and sim append to their --record file, as play does (one rule, cli/output_file.h):
// only a file of records (or a new one) is written, never a save, notes or a folder.
TEST_F(CliArgs, RecordOutputsRefuseFilesThatAreNotRecords) {
  write("notes.txt", "my notes\n");
  expect_error(fmt::format("selfplay --quiet --record '{}'", path("notes.txt").string()),
               {"is not a file of game records, so it is left untouched"});
  expect_error(fmt::format("sim --seats random,random --games 2 --no-progress --record '{}'",
                           path("notes.txt").string()),
               {"is not a file of game records"});
  EXPECT_EQ(read_file(path("notes.txt")), "my notes\n");
  expect_error(fmt::format("selfplay --quiet --record '{}'", dir_.string()), {"is a folder"});
  // A file of records grows, as documented.
  ASSERT_EQ(run(fmt::format("selfplay --quiet --games 2 --record '{}'", path("g.jsonl").string()))
                .exit_code,
            0);
  EXPECT_EQ(run(fmt::format("selfplay --quiet --record '{}'", path("g.jsonl").string())).exit_code,
            0);
  EXPECT_EQ(run(fmt::format("sim --seats random,random --games 2 --no-progress --record '{}'",
                            path("g.jsonl").string()))
                .exit_code,
            0);
  EXPECT_EQ(lines_of(read_file(path("g.jsonl"))).size(), 5u);
  // valuedata --out replaced a text file: now only its own kind of file is replaced.
  expect_error(fmt::format("valuedata --seats random,random --games 1 --out '{}'",
                           path("notes.txt").string()),
               {"--out", "is not an allegra value-data file, so it is left untouched"});
  expect_error(
      fmt::format("valuedata --seats random,random --games 1 --out '{}'", path("g.jsonl").string()),
      {"is not an allegra value-data file"});
  EXPECT_EQ(read_file(path("notes.txt")), "my notes\n");
  ASSERT_EQ(run(fmt::format("valuedata --seats random,random --games 1 --out '{}'",
                            path("v.bin").string()))
                .exit_code,
            0);
  EXPECT_EQ(run(fmt::format("valuedata --seats random,random --games 1 --out '{}'",
                            path("v.bin").string()))
                .exit_code,
            0)
      << "its own file is replaced";
}

// Contradictory or empty values were taken silently; now each is a one-line error.
TEST_F(CliArgs, ContradictoryAndEmptyFlagsAreRefused) {
  expect_error("play --plain --no-record --record x.jsonl", {"--no-record and --record"});
  expect_error("play --plain --no-record --fast --delay 5", {"--fast", "--delay"});
  for (const char* flag : {"--seats", "--save-file", "--record", "--names"})
    expect_error(fmt::format("play --plain --no-record {} ''", flag),
                 {fmt::format("{} needs a value, and '' is empty", flag)});
  expect_error("selfplay --quiet --record ''", {"--record needs a value"});
  expect_error("sim --seats random,random --record ''", {"--record needs a value"});
  expect_error("valuedata --seats random,random --out ''", {"--out needs a value"});
}

// `replay -` reads the records from standard input.
TEST_F(CliArgs, ReplayDashReadsStandardInput) {
  ASSERT_EQ(run(fmt::format("selfplay --quiet --games 2 --record '{}'", path("g.jsonl").string()))
                .exit_code,
            0);
  const Result r = run(fmt::format("replay - --check < '{}'", path("g.jsonl").string()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 games checked, all ok"), std::string::npos) << r.out;
  const Result piped =
      run_with(fmt::format("cat '{}' |", path("g.jsonl").string()), "replay - --print --game 2");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_FALSE(piped.out.empty());
  write("bad.jsonl", "{}\n");
  const Result bad = run(fmt::format("replay - --check < '{}'", path("bad.jsonl").string()));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("standard input line 1"), std::string::npos) << bad.err;
}

TEST_F(CliArgs, EndlessInputsAreRefusedNotRead) {
  // A device that never ends.
  expect_error("replay /dev/zero --check", {"'/dev/zero' is a device, not a file"});
  expect_error("play --plain --no-record --resume --save-file /dev/zero", {"/dev/zero"});
  // A pipe with a line longer than the 64 MiB cap: an error, not gigabytes of memory.
  const Result r = run_with("head -c 70000000 /dev/zero |", "replay /dev/stdin --check");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'/dev/stdin' line 1 is longer than 64 MiB"), std::string::npos) << r.err;
  // A folder.
  expect_error(fmt::format("replay '{}' --check", dir_.string()), {"is a folder, not a file"});
}

// --names follows text/player_name.h: look-alikes, bidirectional controls and invisible
// characters are refused.
TEST_F(CliArgs, NamesThatLookAlikeOrHideCharactersAreRefused) {
  expect_error("play --plain --no-record --seats human,easy --names 'Zo\u00eb,Zoe\u0308'",
               {"--names: names 1 and 2", "look alike"});
  expect_error("play --plain --no-record --seats human,easy --names 'Bea,BEA'", {"look alike"});
  expect_error("play --plain --no-record --seats human,easy --names 'Bea,Ev\u202Eil'",
               {"--names: name 2 contains a bidirectional control (U+202E)"});
  expect_error("play --plain --no-record --seats human,easy --names 'Bea,Be\u200Ba'",
               {"invisible character (U+200B)"});
  expect_error("play --plain --no-record --seats human,easy --names 'Bea,\u0301'",
               {"combining mark"});
}

}  // namespace
