// End-to-end tests of the allegra command: run the built binary (ALLEGRA_BINARY) and check its
// output and exit codes. Kept to a few short games: the debug binary runs under ASan.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/cli_runner.h"

namespace {

using namespace allegra::cli_testing;

class CliTest : public CliFixture {};

// Exactly one line on stderr, starting with "allegra: error: ", and exit code 2.
void expect_usage_error(const Result& r, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(r.exit_code, 2);
  ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_EQ(r.err.rfind("allegra: error: ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.back(), '\n');
  EXPECT_EQ(r.err.find("terminate"), std::string::npos);
}

TEST_F(CliTest, SelfplayPrintsTheGameAndFinalScores) {
  Result r = run("selfplay --players 4 --games 1 --seed 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("=== Round 1 of 3 ==="), std::string::npos);
  EXPECT_NE(r.out.find("=== Round 3 of 3 ==="), std::string::npos);
  // The narrator's sentences (English without --lang): the setup, a block per turn.
  EXPECT_NE(r.out.find("\n       P0 turned up the "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n    1. P"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("’s turn. "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" from the discard pile."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("round score"), std::string::npos);
  EXPECT_NE(r.out.find("Final totals: P0 "), std::string::npos);
  EXPECT_NE(r.out.find("The winner"), std::string::npos);
  // A short block per turn keeps a game to a few hundred lines, each at most 100 characters
  // (a word of up to 3 may run past).
  const std::vector<std::string> lines = lines_of(r.out);
  EXPECT_LT(lines.size(), 800u);
  for (const std::string& l : lines) {
    const auto chars = std::count_if(l.begin(), l.end(), [](char c) { return (c & 0xC0) != 0x80; });
    EXPECT_LE(chars, 103) << l;
  }
}

TEST_F(CliTest, PrintSpeaksTheLangLanguage) {
  const std::string file = path("game.jsonl").string();
  ASSERT_EQ(run("selfplay --games 1 --seed 4 --quiet --record '" + file + "'").exit_code, 0);
  // --print is English by default, whatever the environment says.
  const Result en =
      run_with("LANG=de_DE.UTF-8 LC_ALL= LC_MESSAGES=", "replay '" + file + "' --print");
  ASSERT_EQ(en.exit_code, 0) << en.err;
  EXPECT_NE(en.out.find("’s turn. "), std::string::npos) << en.out;
  const Result de = run("replay '" + file + "' --print --lang de");
  ASSERT_EQ(de.exit_code, 0) << de.err;
  for (const char* german : {" ist an der Reihe. ", " vom Nachziehstapel gezogen.", " aufgedeckt.",
                             "In den Tabellen sind die Zeilen a–c", "Spielende nach 3 Durchgängen"})
    EXPECT_NE(de.out.find(german), std::string::npos) << german << "\n" << de.out;
  // The headers, the table's labels and the notes under the scores too; only the rule options
  // are the shared English description (options_text).
  for (const char* german : {"Partie 1 (Seed ", "=== Durchgang 1 von 3 ===", " beginnt (Geber P",
                             "  Durchgang 1 ", "  Punkte ", "  gesamt "})
    EXPECT_NE(de.out.find(german), std::string::npos) << german << "\n" << de.out;
  for (const char* english : {"’s turn", " drew the ", "turned up", "Game over", "The winner",
                              "=== Round", "begins (dealer", "round score", "ended the round"})
    EXPECT_EQ(de.out.find(english), std::string::npos) << english << "\n" << de.out;
  // selfplay tells the same game in the same words.
  const Result played = run("selfplay --games 1 --seed 4 --lang de");
  ASSERT_EQ(played.exit_code, 0) << played.err;
  EXPECT_EQ(played.out, de.out);
}

TEST_F(CliTest, BadLangIsRefusedNamingTheLanguages) {
  const std::string file = path("game.jsonl").string();
  ASSERT_EQ(run("selfplay --games 1 --quiet --record '" + file + "'").exit_code, 0);
  for (const std::string& args :
       {"replay '" + file + "' --print --lang xx", std::string("selfplay --lang xx"),
        std::string("play --lang xx")}) {
    const Result r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err,
              "allegra: error: --lang: unknown language 'xx': expected one of de, en, es, fr, nl\n")
        << args;
    EXPECT_TRUE(r.out.empty()) << args;
  }
  for (const std::string& args :
       {"replay '" + file + "' --print --lang ''", std::string("selfplay --lang ''")}) {
    const Result r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err, "allegra: error: --lang needs a language: en, de, fr, nl or es\n") << args;
  }
}

TEST_F(CliTest, SelfplayIsDeterministicForASeed) {
  Result a = run("selfplay --games 1 --seed 11");
  Result b = run("selfplay --games 1 --seed 11");
  Result c = run("selfplay --games 1 --seed 12");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
}

TEST_F(CliTest, QuietGameGIsTheGameOfSeedSPlusG) {
  Result two = run("selfplay --games 2 --seed 20 --quiet --players 3");
  Result one = run("selfplay --games 1 --seed 21 --quiet --players 3");
  ASSERT_EQ(two.exit_code, 0) << two.err;
  auto lines = lines_of(two.out);
  ASSERT_EQ(lines.size(), 2u) << two.out;
  auto single = lines_of(one.out);
  ASSERT_EQ(single.size(), 1u);
  EXPECT_EQ(lines[1].substr(lines[1].find("(seed")), single[0].substr(single[0].find("(seed")));
  EXPECT_NE(lines[0].find("totals P0 "), std::string::npos);
}

TEST_F(CliTest, RecordThenReplayCheckSucceeds) {
  const std::string file = path("games.jsonl").string();
  Result play = run("selfplay --games 3 --seed 5 --quiet --record '" + file + "'");
  ASSERT_EQ(play.exit_code, 0) << play.err;
  EXPECT_EQ(lines_of(read_file(file)).size(), 3u);
  Result check = run("replay '" + file + "' --check");
  EXPECT_EQ(check.exit_code, 0) << check.err;
  EXPECT_TRUE(check.err.empty()) << check.err;
  EXPECT_NE(check.out.find("game 1: ok (3 rounds, "), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("game 3: ok (3 rounds, "), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("3 games checked, all ok"), std::string::npos) << check.out;
}

TEST_F(CliTest, ReplayPrintsTheGameExactlyLikeSelfplay) {
  const std::string file = path("game.jsonl").string();
  Result play = run("selfplay --games 1 --seed 8 --players 5 --record '" + file + "'");
  ASSERT_EQ(play.exit_code, 0) << play.err;
  Result replay = run("replay '" + file + "'");
  ASSERT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_EQ(replay.out, play.out);
}

TEST_F(CliTest, TamperedRecordFailsNamingTheGame) {
  const std::string file = path("games.jsonl").string();
  ASSERT_EQ(run("selfplay --games 2 --seed 9 --quiet --record '" + file + "'").exit_code, 0);
  auto lines = lines_of(read_file(file));
  ASSERT_EQ(lines.size(), 2u);
  // Game 2, round 1: the first player draws instead of revealing a card in the setup.
  nlohmann::json game = nlohmann::json::parse(lines[1]);
  game["rounds"][0]["steps"][0]["action"] = "draw";
  write("tampered.jsonl", lines[0] + "\n" + game.dump() + "\n");
  Result check = run("replay '" + path("tampered.jsonl").string() + "' --check");
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_NE(check.out.find("game 1: ok"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("game 2: MISMATCH"), std::string::npos) << check.out;
  ASSERT_EQ(lines_of(check.err).size(), 1u) << check.err;
  EXPECT_NE(check.err.find("game 2 (line 2"), std::string::npos) << check.err;
  EXPECT_NE(check.err.find("round 1, action 1"), std::string::npos) << check.err;
}

TEST_F(CliTest, BadArgumentsAreOneLineErrorsWithExitCode2) {
  write("garbage.jsonl", "this is not json\n");
  write("half.jsonl", "{\"format_version\": 1, \"rounds\": [\n");
  const std::vector<std::string> cases = {
      "selfplay --players 9",
      "selfplay --no-such-flag",
      "selfplay --players many",
      "selfplay --deck-counts 1,2,3",
      "selfplay --rounds 0",
      "rules --small-game-removal 99",
      "replay '" + path("missing.jsonl").string() + "' --check",
      "replay '" + path("garbage.jsonl").string() + "' --check",
      "replay '" + path("half.jsonl").string() + "'",
      "replay",
      "no-such-command",
      "",
  };
  for (const std::string& args : cases) {
    Result r = run(args);
    expect_usage_error(r, "allegra " + args);
  }
}

TEST_F(CliTest, HelpAndVersionExitZero) {
  Result help = run("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("selfplay"), std::string::npos);
  for (const char* sub : {"selfplay", "replay", "rules", "bench"}) {
    Result r = run(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_NE(r.out.find("Usage: allegra " + std::string(sub)), std::string::npos) << r.out;
  }
  Result version = run("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out, "allegra 0.1.0\n");
}

TEST_F(CliTest, RulesJsonParses) {
  Result r = run("rules --players 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["options"]["players"], 3);
  EXPECT_EQ(j["deck_size"], 120 - 2 * 13);
  EXPECT_EQ(j["knocking_in_effect"], true);
  EXPECT_EQ(j["effective_deck_counts"].size(), 13u);

  Result two = run("rules --players 2 --json --point-limit 66");
  ASSERT_EQ(two.exit_code, 0) << two.err;
  nlohmann::json k = nlohmann::json::parse(two.out);
  EXPECT_EQ(k["knocking_in_effect"], false);
  EXPECT_EQ(k["options"]["rounds"], 0);  // a point limit alone lifts the round limit
  EXPECT_EQ(k["options"]["point_limit"], 66);

  Result table = run("rules");
  ASSERT_EQ(table.exit_code, 0);
  EXPECT_NE(table.out.find("effective deck size"), std::string::npos);
}

TEST_F(CliTest, BenchSignatureIsStable) {
  Result a = run("bench --games 5");
  Result b = run("bench --games 5");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  auto first_line = [](const std::string& s) { return s.substr(0, s.find('\n')); };
  EXPECT_EQ(first_line(a.out).rfind("signature: ", 0), 0u) << a.out;
  EXPECT_EQ(first_line(a.out), first_line(b.out));
  EXPECT_NE(a.out.find("rounds/s: "), std::string::npos);
}

// The golden signature (docs/bench.md): it changes only when a rule, the Rng or the random
// player changes on purpose. If this fails after such a change, record the new value there.
TEST_F(CliTest, BenchSignatureMatchesTheRecordedValue) {
  Result r = run("bench --games 100");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "signature: 68e490c9bee25065");
}

}  // namespace
