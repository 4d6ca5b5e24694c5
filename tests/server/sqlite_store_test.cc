// SqliteStore on real files in a scratch folder: what is committed comes back after reopening, what
// is not is gone, old files are migrated, and every file it cannot use is a clear StoreError.
#include "server/sqlite_store.h"

#include <SQLiteCpp/Database.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

namespace allegra::server {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class SqliteStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    static std::atomic<int> counter{0};
    dir_ = fs::temp_directory_path() /
           ("allegra_store_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(dir_, ec);
  }
  fs::path db() const { return dir_ / "server.sqlite"; }

  // The StoreError message of opening `path` ("" if it opens).
  static std::string open_error(const fs::path& path) {
    try {
      SqliteStore store(path);
    } catch (const StoreError& e) {
      return e.what();
    }
    return "";
  }

  fs::path dir_;
};

LogEntry entry(uint64_t seq, const std::string& kind = "act") {
  return {seq, kind, "{\"n\":" + std::to_string(seq) + "}"};
}

TEST_F(SqliteStoreTest, CommittedTablesLogsAndGamesComeBackAfterReopening) {
  {
    SqliteStore store(db());
    EXPECT_EQ(store.found_version(), 0);
    store.create_table("ABCD", R"({"players":4})");
    store.append("ABCD", entry(1, "sit"));
    store.append("ABCD", entry(2));
    store.save_game("g1", "ABCD", "{\"record\":1}\n");
    store.commit();
  }
  SqliteStore store(db());
  EXPECT_EQ(store.found_version(), SqliteStore::kSchemaVersion);
  const auto tables = store.open_tables();
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].code, "ABCD");
  EXPECT_EQ(tables[0].meta_json, R"({"players":4})");
  EXPECT_THAT(tables[0].log, ElementsAre(entry(1, "sit"), entry(2)));
  EXPECT_EQ(store.game("g1"), "{\"record\":1}\n");
  EXPECT_EQ(store.game("g2"), std::nullopt);
  EXPECT_THAT(store.game_ids(), ElementsAre("g1"));
}

TEST_F(SqliteStoreTest, WhatIsNotCommittedIsLostWhenTheStoreGoesAway) {
  {
    SqliteStore store(db());
    store.create_table("ABCD", "{}");
    store.append("ABCD", entry(1));
    store.commit();
    store.append("ABCD", entry(2));  // never committed
    store.create_table("EFGH", "{}");
    store.save_game("g1", "ABCD", "x");
  }
  SqliteStore store(db());
  const auto tables = store.open_tables();
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_THAT(tables[0].log, ElementsAre(entry(1)));
  EXPECT_TRUE(store.game_ids().empty());
  // The lost line can be written again.
  store.append("ABCD", entry(2));
  store.commit();
}

TEST_F(SqliteStoreTest, ACommitSurvivesTheProcessBeingKilled) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    SqliteStore store(db());
    store.create_table("KILL", "{}");
    store.append("KILL", entry(1));
    store.commit();
    store.append("KILL", entry(2));  // pending when the process dies
    ::kill(::getpid(), SIGKILL);
    std::_Exit(3);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));
  SqliteStore store(db());
  const auto tables = store.open_tables();
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_THAT(tables[0].log, ElementsAre(entry(1)));
}

TEST_F(SqliteStoreTest, ReopeningResumesTheOpenTablesInCreationOrderWithTheirLogsInOrder) {
  {
    SqliteStore store(db());
    for (const char* code : {"CCCC", "AAAA", "BBBB", "DDDD"}) store.create_table(code, code);
    store.append("BBBB", entry(2));
    store.append("BBBB", entry(1));
    store.append("DDDD", entry(1));
    store.commit();
    store.close_table("AAAA");
    store.commit();
  }
  SqliteStore store(db());
  const auto tables = store.open_tables();
  ASSERT_EQ(tables.size(), 3u);
  EXPECT_EQ(tables[0].code, "CCCC");
  EXPECT_EQ(tables[1].code, "BBBB");
  EXPECT_EQ(tables[2].code, "DDDD");
  EXPECT_TRUE(tables[0].log.empty());
  EXPECT_THAT(tables[1].log, ElementsAre(entry(1), entry(2)));
  EXPECT_EQ(tables[2].meta_json, "DDDD");
}

TEST_F(SqliteStoreTest, AClosedTablesCodeMayComeBackAsANewTable) {
  SqliteStore store(db());
  store.create_table("ABCD", "old");
  store.append("ABCD", entry(1));
  store.save_game("g1", "ABCD", "record");
  store.close_table("ABCD");
  store.commit();
  store.create_table("ABCD", "new");
  store.commit();
  const auto tables = store.open_tables();
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].meta_json, "new");
  EXPECT_TRUE(tables[0].log.empty());
  EXPECT_EQ(store.game("g1"), "record");  // the finished game stays
}

TEST_F(SqliteStoreTest, WritesThatMakeNoSenseAreErrorsNamingTheProblem) {
  SqliteStore store(db());
  store.create_table("ABCD", "{}");
  store.append("ABCD", entry(1));
  try {
    store.append("ABCD", entry(1));
    ADD_FAILURE() << "a double append was accepted";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("line 1 to the table 'ABCD'"));
    EXPECT_THAT(e.what(), HasSubstr("already there"));
  }
  try {
    store.append("NONE", entry(1));
    ADD_FAILURE() << "an append to no table was accepted";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("no such table"));
  }
  try {
    store.create_table("ABCD", "{}");
    ADD_FAILURE() << "a second open table with the same code was accepted";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("a table with this code is open"));
  }
  EXPECT_THROW(store.close_table("NONE"), StoreError);
  store.save_game("g1", "ABCD", "r");
  EXPECT_THROW(store.save_game("g1", "ABCD", "r"), StoreError);
  // The failed writes did not spoil the good ones.
  store.commit();
  EXPECT_THAT(store.open_tables().at(0).log, ElementsAre(entry(1)));
  EXPECT_THAT(store.game_ids(), ElementsAre("g1"));
}

TEST_F(SqliteStoreTest, StatsCountCommitsAndTheLinesTheyHeld) {
  SqliteStore store(db());
  store.commit();  // nothing pending: not a commit
  EXPECT_EQ(store.stats().commits, 0u);
  store.create_table("ABCD", "{}");
  for (uint64_t seq = 1; seq <= 5; ++seq) store.append("ABCD", entry(seq));
  store.commit();
  store.append("ABCD", entry(6));
  store.commit();
  const StoreStats stats = store.stats();
  EXPECT_EQ(stats.commits, 2u);
  EXPECT_EQ(stats.entries, 6u);
  EXPECT_GT(stats.commit_seconds, 0.0);
}

TEST_F(SqliteStoreTest, TheFileIsInWalModeWithForeignKeysAndMarkedAsAllegras) {
  { SqliteStore store(db()); }
  SQLite::Database raw(db(), SQLite::OPEN_READONLY);
  EXPECT_EQ(raw.execAndGet("PRAGMA journal_mode").getString(), "wal");
  EXPECT_EQ(raw.execAndGet("PRAGMA application_id").getInt(), SqliteStore::kApplicationId);
  EXPECT_EQ(raw.execAndGet("PRAGMA user_version").getInt(), SqliteStore::kSchemaVersion);
  EXPECT_EQ(fs::status(db()).permissions() & (fs::perms::group_all | fs::perms::others_all),
            fs::perms::none);
  EXPECT_EQ(raw.execAndGet("PRAGMA page_size").getInt(), 1024);  // docs/server-store.md
}

TEST_F(SqliteStoreTest, AnEmptyFileIsANewDatabase) {
  std::ofstream(db()).close();
  SqliteStore store(db());
  EXPECT_EQ(store.found_version(), 0);
  store.create_table("ABCD", "{}");
  store.commit();
}

TEST_F(SqliteStoreTest, AVersion1FileIsMigratedKeepingItsTables) {
  {
    // Version 1 as it was: tables and logs, no games.
    SQLite::Database raw(db(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(R"sql(
CREATE TABLE tables (code TEXT PRIMARY KEY NOT NULL, meta TEXT NOT NULL, created INTEGER NOT NULL,
                     closed INTEGER);
CREATE TABLE log (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
                  seq INTEGER NOT NULL, kind TEXT NOT NULL, json TEXT NOT NULL,
                  PRIMARY KEY (code, seq)) WITHOUT ROWID;
INSERT INTO tables VALUES ('OLD1', 'meta', 1, NULL);
INSERT INTO log VALUES ('OLD1', 1, 'act', '{"n":1}');
PRAGMA application_id = 1097623410;
PRAGMA user_version = 1;
)sql");
  }
  {
    SqliteStore store(db());
    EXPECT_EQ(store.found_version(), 1);
    const auto tables = store.open_tables();
    ASSERT_EQ(tables.size(), 1u);
    EXPECT_THAT(tables[0].log, ElementsAre(entry(1)));
    store.append("OLD1", entry(2));
    store.save_game("g1", "OLD1", "record");
    store.commit();
  }
  SqliteStore store(db());
  EXPECT_EQ(store.found_version(), SqliteStore::kSchemaVersion);
  EXPECT_EQ(store.game("g1"), "record");
  // An older file keeps its page size (SQLite's default then, 4 KiB).
  SQLite::Database raw(db(), SQLite::OPEN_READONLY);
  EXPECT_EQ(raw.execAndGet("PRAGMA page_size").getInt(), 4096);
}

TEST_F(SqliteStoreTest, AFileOfANewerVersionIsRefused) {
  { SqliteStore store(db()); }
  {
    SQLite::Database raw(db(), SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA user_version = 99");
  }
  const std::string error = open_error(db());
  EXPECT_THAT(error, HasSubstr("newer allegra"));
  EXPECT_THAT(error, HasSubstr("schema version 99"));
  EXPECT_THAT(error, HasSubstr(db().string()));
}

TEST_F(SqliteStoreTest, AFileThatIsNotAnAllegraDatabaseIsRefusedUntouched) {
  std::ofstream(db()) << "these are my notes, not a database\n";
  EXPECT_THAT(open_error(db()), HasSubstr("is not an Allegra database"));
  std::ifstream in(db());
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "these are my notes, not a database");

  const fs::path other = dir_ / "other.sqlite";
  {
    SQLite::Database raw(other, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec("CREATE TABLE contacts (name TEXT)");
  }
  EXPECT_THAT(open_error(other), HasSubstr("another program"));
}

TEST_F(SqliteStoreTest, AMissingOrUnwritableFolderIsAClearError) {
  EXPECT_THAT(open_error(dir_ / "missing" / "server.sqlite"), HasSubstr("does not exist"));
  EXPECT_THAT(open_error(dir_), HasSubstr("it is a folder"));
  // Nobody, not even root, creates a file in /proc/self.
  EXPECT_THAT(open_error("/proc/self/server.sqlite"), HasSubstr("cannot open the database"));
  if (::geteuid() != 0) {  // root writes in any folder
    const fs::path locked = dir_ / "locked";
    fs::create_directories(locked);
    fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
    EXPECT_THAT(open_error(locked / "server.sqlite"), HasSubstr("must be writable"));
  }
}

TEST_F(SqliteStoreTest, OneFileServesOneStoreAtATime) {
  SqliteStore first(db());
  EXPECT_THAT(open_error(db()), HasSubstr("another allegra serve is using it"));
  first.create_table("ABCD", "{}");
  first.commit();  // the refused second store did not disturb the first one's locks
  EXPECT_EQ(first.open_tables().size(), 1u);
}

// Sets an environment variable for one scope, then puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    value ? ::setenv(name, value, 1) : ::unsetenv(name);
  }
  ~ScopedEnv() { old_ ? ::setenv(name_, old_->c_str(), 1) : ::unsetenv(name_); }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST_F(SqliteStoreTest, TheDefaultFileIsInTheStateFolderWhichIsCreated) {
  {
    ScopedEnv state("XDG_STATE_HOME", (dir_ / "state").c_str());
    EXPECT_EQ(default_store_path(), dir_ / "state" / "allegra" / "server.sqlite");
    EXPECT_TRUE(fs::is_directory(dir_ / "state" / "allegra"));
  }
  {
    ScopedEnv state("XDG_STATE_HOME", "relative/not/allowed");
    ScopedEnv home("HOME", (dir_ / "home").c_str());
    EXPECT_EQ(default_store_path(),
              dir_ / "home" / ".local" / "state" / "allegra" / "server.sqlite");
  }
  {
    ScopedEnv state("XDG_STATE_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    EXPECT_THROW(default_store_path(), StoreError);
  }
}

// The WAL is copied back into the file by the checkpoint thread, not by the commits, and a WAL
// that has grown is restarted: here a checkpointer of its own with a short period and a low
// restart threshold watches a store that writes all the time.
TEST_F(SqliteStoreTest, TheWalIsCheckpointedOffTheCommittingThread) {
  SqliteStore store(db());
  WalCheckpointer checkpointer(db(), std::chrono::milliseconds(20), /*restart_pages=*/8,
                               /*restart_slack=*/1000);
  store.create_table("ABC", "{}");
  const std::string line(2000, 'x');
  uint64_t seq = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (checkpointer.stats().restarts < 2 && std::chrono::steady_clock::now() < until) {
    for (int i = 0; i < 20; ++i) store.append("ABC", {++seq, "act", line});
    store.commit();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const CheckpointStats stats = checkpointer.stats();
  EXPECT_GE(stats.checkpoints, 2u);
  EXPECT_GE(stats.restarts, 2u);
  EXPECT_EQ(stats.failures, 0u);
  // Everything committed is there, whatever the checkpoints did meanwhile.
  EXPECT_EQ(store.open_tables().at(0).log.size(), seq);
}

}  // namespace
}  // namespace allegra::server
