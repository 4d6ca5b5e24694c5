// `allegra review` end to end on the built binary: the table, --json, the same result with more
// threads, and clear errors for bad input. Tiny budgets (--samples 2): a second or two in all.
#include <nlohmann/json.hpp>
#include <string>

#include "cli/cli_runner.h"

namespace {

using namespace allegra::cli_testing;

class ReviewCli : public CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    file_ = path("games.jsonl").string();
    ASSERT_EQ(
        run("selfplay --games 2 --seed 4 --players 2 --rounds 1 --quiet --record '" + file_ + "'")
            .exit_code,
        0);
  }
  std::string file_;
};

TEST_F(ReviewCli, PrintsATableAndTheSummaries) {
  const Result r = run("review '" + file_ + "' --samples 2 --game 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Review of game 2: level hard"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Choice made"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Player 1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("accuracy"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("decisions"), std::string::npos) << r.err;  // the progress bar
  const Result de = run("review '" + file_ + "' --samples 2 --lang de --player 0");
  ASSERT_EQ(de.exit_code, 0) << de.err;
  EXPECT_NE(de.out.find("Genauigkeit"), std::string::npos) << de.out;
}

TEST_F(ReviewCli, JsonIsTheSameForAnyNumberOfThreads) {
  const Result one = run("review '" + file_ + "' --samples 2 --json");
  const Result two = run("review '" + file_ + "' --samples 2 --json --threads 2");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(one.out, two.out);
  const nlohmann::json j = nlohmann::json::parse(one.out);
  EXPECT_EQ(j["format"], "allegra-review");
  EXPECT_EQ(j["game"], 1);
  EXPECT_EQ(j["samples"], 2);
  EXPECT_FALSE(j["decisions"].empty());
}

TEST_F(ReviewCli, BadInputGetsAClearError) {
  Result r = run("review '" + path("missing.jsonl").string() + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing.jsonl"), std::string::npos) << r.err;
  r = run("review '" + file_ + "' --game 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("has no game 3"), std::string::npos) << r.err;
  r = run("review '" + file_ + "' --player 2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("2 players, numbered 0 to 1"), std::string::npos) << r.err;
  r = run("review '" + file_ + "' --level easy");
  EXPECT_EQ(r.exit_code, 2);
  auto game = nlohmann::json::parse(lines_of(read_file(file_))[0]);
  game["rounds"][0]["steps"][0]["action"] = "draw";
  write("bad.jsonl", game.dump() + "\n");
  r = run("review '" + path("bad.jsonl").string() + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("does not replay"), std::string::npos) << r.err;
}

}  // namespace
