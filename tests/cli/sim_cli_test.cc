// End-to-end tests of `allegra sim` and `allegra rate` with the "random" bot: tables, JSON,
// CSV, records, determinism across thread counts and the usage errors (exit code 2).
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli_runner.h"
#include "engine/record.h"

namespace {

using namespace allegra::cli_testing;

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(line);
  while (std::getline(in, item, sep)) out.push_back(item);
  return out;
}

class SimCliTest : public CliFixture {};

void expect_usage_error(const Result& r, const std::string& what, const std::string& needle) {
  SCOPED_TRACE(what);
  EXPECT_EQ(r.exit_code, 2);
  ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_EQ(r.err.rfind("allegra: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST_F(SimCliTest, TablePrintsOneRowPerDistinctBot) {
  Result r = run("sim --seats random,random,random --games 6 --seed 2 --no-progress");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("allegra sim: 6 games, 3 players"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("95% CI"), std::string::npos);
  int rows = 0;
  for (const std::string& line : lines_of(r.out))
    if (line.rfind("random ", 0) == 0) ++rows;
  EXPECT_EQ(rows, 1) << r.out;
}

TEST_F(SimCliTest, JsonParsesAndCountsAddUp) {
  Result r =
      run("sim --seats random,random,random,random --games 8 --seed 5 --json "
          "--no-progress --rounds 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["command"], "sim");
  EXPECT_EQ(j["games"], 8);
  EXPECT_EQ(j["seed"], 5);
  EXPECT_EQ(j["options"]["players"], 4);
  EXPECT_EQ(j["options"]["rounds"], 2);
  EXPECT_EQ(j["rounds"], 16);
  EXPECT_EQ(j["lineup"].size(), 4u);
  ASSERT_EQ(j["bots"].size(), 1u);
  ASSERT_EQ(j["entries"].size(), 4u);
  const auto& bot = j["bots"][0];
  EXPECT_EQ(bot["instances"], 4);
  EXPECT_EQ(bot["player_games"], 32);
  EXPECT_NEAR(bot["wins"].get<double>(), 8.0, 1e-6);
  double wins = 0;
  int64_t outright = 0, ended = 0;
  for (const auto& e : j["entries"]) {
    wins += e["wins"].get<double>();
    outright += e["outright_wins"].get<int64_t>();
    ended += e["rounds_ended"].get<int64_t>();
    EXPECT_LE(e["knocks_given"].get<int64_t>(), e["knocks_offered"].get<int64_t>());
    EXPECT_LE(e["win_rate_ci95"][0].get<double>(), e["win_rate"].get<double>());
    EXPECT_GE(e["win_rate_ci95"][1].get<double>(), e["win_rate"].get<double>());
  }
  EXPECT_NEAR(wins, 8.0, 1e-6);  // games = sum of win shares
  EXPECT_EQ(outright + j["shared_games"].get<int64_t>(), 8);
  EXPECT_EQ(ended, 16);  // one ender per round
}

// --times: a table of decision times after the results, or a JSON array; every decision of
// the run counted once, the results the same as without it.
TEST_F(SimCliTest, TimesCountEveryDecision) {
  const std::string command = "sim --seats random,greedy,random --games 4 --seed 3 --no-progress";
  Result table = run(command + " --times");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("Decision times: CPU time of the deciding thread"), std::string::npos)
      << table.out;
  Result plain = run(command + " --json");
  Result timed = run(command + " --json --times");
  ASSERT_EQ(timed.exit_code, 0) << timed.err;
  nlohmann::json j = nlohmann::json::parse(timed.out);
  ASSERT_EQ(j["decision_times"].size(), 2u);  // random, greedy: each spec once
  EXPECT_EQ(j["decision_times"][0]["spec"], "random");
  EXPECT_EQ(j["decision_times"][1]["spec"], "greedy");
  int64_t decisions = 0;
  for (const auto& row : j["decision_times"]) {
    decisions += row["decisions"].get<int64_t>();
    EXPECT_LE(row["mean_ms"].get<double>(), row["max_ms"].get<double>());
  }
  EXPECT_EQ(decisions, j["actions"].get<int64_t>());
  j.erase("decision_times");
  EXPECT_EQ(j, nlohmann::json::parse(plain.out));
  expect_usage_error(run(command + " --times --csv"), "--times --csv",
                     "--times cannot be combined with --csv");
}

TEST_F(SimCliTest, CsvHasTheColumns) {
  Result r = run("sim --seats random,random --games 4 --csv --no-progress --rounds 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  const auto header = split(lines[0], ',');
  const auto row = split(lines[1], ',');
  EXPECT_EQ(header.size(), row.size());
  EXPECT_EQ(header.front(), "spec");
  for (const char* column :
       {"games", "wins", "win_rate", "win_rate_ci95_low", "win_rate_ci95_high", "mean_round_score",
        "mean_game_total", "clears_per_round", "knocks_offered_per_round", "knocks_given_per_round",
        "rounds_ended", "penalised_fraction"})
    EXPECT_NE(std::find(header.begin(), header.end(), column), header.end()) << column;
  EXPECT_EQ(row.front(), "random");
}

TEST_F(SimCliTest, SameResultWhateverTheThreadCountAndRecordsReplay) {
  Result one =
      run("sim --seats random,random,random --games 6 --seed 9 --json --no-progress "
          "--threads 1 --record " +
          path("a.jsonl").string());
  Result two =
      run("sim --seats random,random,random --games 6 --seed 9 --json --no-progress "
          "--threads 2 --record " +
          path("b.jsonl").string());
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(one.out, two.out);
  const std::string a = read_file(path("a.jsonl"));
  EXPECT_EQ(a, read_file(path("b.jsonl")));
  const auto lines = lines_of(a);
  ASSERT_EQ(lines.size(), 6u);
  for (size_t g = 0; g < lines.size(); ++g) {
    const allegra::GameRecord record = allegra::record_from_line(lines[g]);
    EXPECT_EQ(record.seed, 9u + g);
    EXPECT_EQ(allegra::replay_check(record), std::nullopt);
  }
  Result check = run("replay --check " + path("a.jsonl").string());
  EXPECT_EQ(check.exit_code, 0) << check.err;
}

TEST_F(SimCliTest, ProgressGoesToStderrOnly) {
  Result r = run("sim --seats random,random --games 3 --rounds 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(nlohmann::json::accept(r.out)) << r.out;
  EXPECT_NE(r.err.find("3/3 games"), std::string::npos) << r.err;
}

TEST_F(SimCliTest, BadLineupsAndOptionsAreUsageErrors) {
  expect_usage_error(run("sim --seats random,nonsense --games 1"), "unknown spec", "nonsense");
  expect_usage_error(run("sim --seats random --games 1"), "one seat", "--seats");
  expect_usage_error(run("sim --seats random,random,random,random,random,random,random"),
                     "seven seats", "--seats");
  expect_usage_error(run("sim --seats random,,random"), "empty spec", "empty");
  expect_usage_error(run("sim --seats random,random --players 3"), "players mismatch", "--players");
  expect_usage_error(run("sim --seats random,random --games 0"), "no games", "--games");
  expect_usage_error(run("sim --seats random,random --threads 0"), "no threads", "--threads");
  expect_usage_error(run("sim --seats random,random --json --csv"), "json and csv", "--csv");
  expect_usage_error(run("sim --seats random,random --seed -1"), "negative seed", "seed");
  expect_usage_error(run("sim --games 3"), "no seats", "--seats");
  expect_usage_error(run("sim --seats random,random --rounds 0"), "bad options", "rule options");
  expect_usage_error(run("sim --seats random,random --record /nonexistent/dir/x.jsonl"),
                     "bad record file", "record");
  expect_usage_error(run("rate --bots random --games 2"), "one bot", "--bots");
  expect_usage_error(run("rate --bots random,random --games 2"), "twice", "twice");
  expect_usage_error(run("rate --bots random,bogus"), "unknown spec", "bogus");
  expect_usage_error(run("rate --bots random,greedy --games 0"), "no games", "--games");
  expect_usage_error(run("rate --bots random,greedy --threads 0"), "no threads", "--threads");
  expect_usage_error(run("rate --bots random,greedy --bootstrap -1"), "bootstrap", "--bootstrap");
}

TEST_F(SimCliTest, RateTableAndJson) {
  Result r =
      run("rate --bots random,greedy --games 6 --players 3 --rounds 1 --seed 3 "
          "--bootstrap 20 --threads 2 --json --no-progress");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["command"], "rate");
  EXPECT_EQ(j["games"], 6);
  EXPECT_EQ(j["lineups"], 2);
  ASSERT_EQ(j["bots"].size(), 2u);
  EXPECT_EQ(j["bots"][0]["spec"], "random");
  EXPECT_DOUBLE_EQ(j["bots"][0]["elo"].get<double>(), 0.0);
  EXPECT_EQ(j["bots"][0]["games"].get<int>() + j["bots"][1]["games"].get<int>(), 18);
  for (const auto& b : j["bots"])
    EXPECT_LE(b["elo_ci95"][0].get<double>(), b["elo_ci95"][1].get<double>());
  Result one =
      run("rate --bots random,greedy --games 6 --players 3 --rounds 1 --seed 3 "
          "--bootstrap 20 --threads 1 --json --no-progress");
  EXPECT_EQ(one.out, r.out);
  Result table =
      run("rate --bots random,greedy --games 6 --players 3 --rounds 1 --seed 3 "
          "--bootstrap 20 --no-progress");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("Elo"), std::string::npos);
  EXPECT_NE(table.out.find("greedy"), std::string::npos);
}

}  // namespace
