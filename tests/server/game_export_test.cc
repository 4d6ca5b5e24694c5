// export_games() from a real SqliteStore into a scratch folder; the files are checked by
// `allegra replay --check`, the program that reads them.
#include "server/game_export.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "cli/cli_runner.h"
#include "engine/record.h"
#include "engine/rng.h"
#include "engine/state.h"
#include "server/sqlite_store.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;
using cli_testing::read_file;
using ::testing::HasSubstr;

// A finished game played with random legal actions, as one record line.
std::string played_record(uint64_t seed) {
  State s(RuleOptions{}, seed);
  GameRecorder recorder(s, seed);
  Rng rng(seed + 1);
  while (!s.is_terminal()) {
    const ActionList legal = s.legal_actions();
    recorder.apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    if (s.is_chance_node()) recorder.deal(s);
  }
  return record_to_line(recorder.record());
}

class GameExportTest : public cli_testing::CliFixture {
 protected:
  std::string export_error(Store& store, const fs::path& dir) {
    try {
      export_games(store, dir);
    } catch (const StoreError& e) {
      return e.what();
    }
    return "";
  }
};

TEST_F(GameExportTest, EveryFinishedGameBecomesARecordFileThatReplayChecks) {
  SqliteStore store(path("server.sqlite"));
  const std::string first = played_record(11);
  const std::string second = played_record(12);
  store.save_game("g-1", "ABCD", first + "\n");
  store.save_game("g-2", "ABCD", second);  // no final newline: the file gets one
  store.commit();

  const fs::path out = path("exported");  // created by the export
  const ExportResult result = export_games(store, out);
  EXPECT_EQ(result.written, 2);
  EXPECT_EQ(result.unchanged, 0);
  EXPECT_EQ(read_file(out / "g-1.jsonl"), first + "\n");
  EXPECT_EQ(read_file(out / "g-2.jsonl"), second + "\n");
  EXPECT_FALSE(fs::exists(out / "g-1.jsonl.partial"));

  const cli_testing::Result check = run("replay --check '" + (out / "g-1.jsonl").string() + "'");
  EXPECT_EQ(check.exit_code, 0) << check.err;
  EXPECT_THAT(check.out, HasSubstr("game 1: ok"));
}

TEST_F(GameExportTest, ExportingAgainLeavesIdenticalFilesAndRefusesToOverwriteOthers) {
  SqliteStore store(path("server.sqlite"));
  store.save_game("g1", "ABCD", played_record(3));
  store.commit();
  const fs::path out = path("out");
  export_games(store, out);
  const ExportResult again = export_games(store, out);
  EXPECT_EQ(again.written, 0);
  EXPECT_EQ(again.unchanged, 1);

  write("out/g1.jsonl", "my own notes\n");
  const std::string error = export_error(store, out);
  EXPECT_THAT(error, HasSubstr("g1.jsonl"));
  EXPECT_THAT(error, HasSubstr("not overwritten"));
  EXPECT_EQ(read_file(out / "g1.jsonl"), "my own notes\n");
}

TEST_F(GameExportTest, ABrokenStoredRecordOrAnUnsafeIdIsAnErrorAndWritesNothing) {
  {
    SqliteStore store(path("a.sqlite"));
    store.save_game("bad", "ABCD", "{\"not\":\"a record\"}\n");
    store.commit();
    EXPECT_THAT(export_error(store, path("out_a")), HasSubstr("'bad' is not a valid record"));
    EXPECT_FALSE(fs::exists(path("out_a") / "bad.jsonl"));
  }
  SqliteStore store(path("b.sqlite"));
  store.save_game("../escape", "ABCD", played_record(4));
  store.commit();
  EXPECT_THAT(export_error(store, path("out_b")), HasSubstr("not a plain file name"));
  EXPECT_FALSE(fs::exists(path("escape.jsonl")));
}

TEST_F(GameExportTest, AFolderThatCannotBeMadeIsAnError) {
  SqliteStore store(path("server.sqlite"));
  write("file", "x");
  EXPECT_THAT(export_error(store, path("file") / "sub"), HasSubstr("cannot export to"));
}

}  // namespace
}  // namespace allegra::server
