// One suite for every Store (as boardgame.io's storage adapters share one): SqliteStore on a file
// in a scratch folder, PgStore on the throwaway PostgreSQL cluster of scripts/pg-cluster.sh.
//
// The PgStore half needs ALLEGRA_PG_URL (a database whose name starts with allegra_test: each test
// empties it). `ctest -R StoreSuitePostgres` starts a cluster for it (scripts/pg-cluster.sh run);
// there ALLEGRA_PG_REQUIRED=1 makes a missing URL a failure, never a skip. Elsewhere (a plain
// allegra_tests run) those tests skip with the reason.
//
// To add a store: a Backend class below (open, set_version, found_version) and its name in
// `Backends`. To add another interface's tests (PlayerStore): a TYPED_TEST over the same Backends.
#include <SQLiteCpp/Database.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <pqxx/pqxx>
#include <string>
#include <thread>
#include <vector>

#include "server/cuttable_forward.h"
#include "server/pg_store.h"
#include "server/sqlite_store.h"
#include "server/store_backends.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

using store_testing::PgStoreBackend;
using store_testing::SqliteStoreBackend;
using SqliteBackend = SqliteStoreBackend;
using PgBackend = PgStoreBackend;

template <typename Backend>
class StoreSuite : public store_testing::StoreBackendTest<Backend> {
 protected:
  using store_testing::StoreBackendTest<Backend>::backend_;
  // The StoreError message of opening the store ("" if it opens).
  std::string open_error() {
    try {
      backend_.open();
    } catch (const StoreError& e) {
      return e.what();
    }
    return "";
  }
  // The StoreError a batch causes, at a write or at its commit (SQLite refuses a write at once,
  // PgStore when the batch reaches the database); "" if none.
  static std::string batch_error(Store& store, const std::function<void(Store&)>& writes) {
    try {
      writes(store);
      store.commit();
    } catch (const StoreError& e) {
      return e.what();
    }
    return "";
  }
};

TYPED_TEST_SUITE(StoreSuite, store_testing::StoreBackends, store_testing::StoreBackendNames);

LogEntry suite_entry(uint64_t seq, const std::string& kind = "act") {
  return {seq, kind, "{\"n\":" + std::to_string(seq) + ",\"text\":\"it's \\\"quoted\\\"\"}"};
}

TYPED_TEST(StoreSuite, ANewStoreIsMigratedToTheCurrentVersion) {
  EXPECT_EQ(TypeParam::found_version(*this->backend_.open()), 0);
  EXPECT_EQ(TypeParam::found_version(*this->backend_.open()), TypeParam::kSchemaVersion);
}

TYPED_TEST(StoreSuite, CommittedTablesLogsAndGamesComeBackAfterReopening) {
  {
    auto store = this->backend_.open();
    store->create_table("ABCD", R"({"players":4,"name":"Bob's"})");
    store->append("ABCD", suite_entry(1, "sit"));
    store->append("ABCD", suite_entry(2));
    store->save_game("ABCD-1", "ABCD", "{\"record\":1}\n{\"line\":2}\n");
    store->commit();
  }
  auto store = this->backend_.open();
  const auto tables = store->open_tables();
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].code, "ABCD");
  EXPECT_EQ(tables[0].meta_json, R"({"players":4,"name":"Bob's"})");
  EXPECT_THAT(tables[0].log, ElementsAre(suite_entry(1, "sit"), suite_entry(2)));
  EXPECT_EQ(store->game("ABCD-1"), "{\"record\":1}\n{\"line\":2}\n");
  EXPECT_EQ(store->game("ABCD-2"), std::nullopt);
  EXPECT_THAT(store->game_ids(), ElementsAre("ABCD-1"));
}

TYPED_TEST(StoreSuite, WhatIsNotCommittedIsLostWhenTheStoreGoesAway) {
  {
    auto store = this->backend_.open();
    store->create_table("ABCD", "{}");
    store->append("ABCD", suite_entry(1));
    store->commit();
    store->append("ABCD", suite_entry(2));  // never committed
    store->create_table("EFGH", "{}");
    store->save_game("g1", "ABCD", "x");
  }
  auto store = this->backend_.open();
  const auto tables = store->open_tables();
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_THAT(tables[0].log, ElementsAre(suite_entry(1)));
  EXPECT_TRUE(store->game_ids().empty());
  store->append("ABCD", suite_entry(2));  // the lost line can be written again
  store->commit();
}

TYPED_TEST(StoreSuite, OpenTablesComeBackInCreationOrderWithTheirLogsInOrder) {
  {
    auto store = this->backend_.open();
    for (const char* code : {"CCCC", "AAAA", "BBBB", "DDDD"}) store->create_table(code, code);
    store->append("BBBB", suite_entry(2));
    store->append("BBBB", suite_entry(1));
    store->append("DDDD", suite_entry(1));
    store->commit();
    store->close_table("AAAA");
    store->commit();
  }
  auto store = this->backend_.open();
  const auto tables = store->open_tables();
  ASSERT_EQ(tables.size(), 3u);
  EXPECT_EQ(tables[0].code, "CCCC");
  EXPECT_EQ(tables[1].code, "BBBB");
  EXPECT_EQ(tables[2].code, "DDDD");
  EXPECT_TRUE(tables[0].log.empty());
  EXPECT_THAT(tables[1].log, ElementsAre(suite_entry(1), suite_entry(2)));
  EXPECT_EQ(tables[2].meta_json, "DDDD");
}

TYPED_TEST(StoreSuite, AClosedTablesCodeMayComeBackAsANewTableAndItsGamesStay) {
  auto store = this->backend_.open();
  store->create_table("ABCD", "old");
  store->append("ABCD", suite_entry(1));
  store->save_game("ABCD-1", "ABCD", "record");
  store->close_table("ABCD");
  store->commit();
  store->create_table("ABCD", "new");
  store->append("ABCD", suite_entry(1));
  store->commit();
  const auto tables = store->open_tables();
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].meta_json, "new");
  EXPECT_THAT(tables[0].log, ElementsAre(suite_entry(1)));
  EXPECT_EQ(store->game("ABCD-1"), "record");
}

TYPED_TEST(StoreSuite, GroupCommitWritesEachBatchAsOneTransaction) {
  auto store = this->backend_.open();
  store->create_table("ABCD", "{}");
  uint64_t seq = 0;
  for (int batch = 0; batch < 3; ++batch) {
    for (int i = 0; i < 10; ++i) store->append("ABCD", suite_entry(++seq));
    store->commit();
  }
  store->commit();  // nothing pending: no transaction
  const StoreStats stats = store->stats();
  EXPECT_EQ(stats.commits, 3u);
  EXPECT_EQ(stats.entries, 30u);
  EXPECT_GT(stats.commit_seconds, 0);
  EXPECT_EQ(store->open_tables()[0].log.size(), 30u);
}

// The hub's way: commit_async() with a loop to post to. The callbacks come in batch order, each
// once its batch is committed (SQLite: at once, on the caller's thread).
TYPED_TEST(StoreSuite, CommitAsyncCallsBackInOrderOnceEachBatchIsCommitted) {
  auto store = this->backend_.open();
  std::mutex mutex;
  std::vector<std::function<void()>> posted;
  store->set_post([&](std::function<void()> f) {
    std::lock_guard lock(mutex);
    posted.push_back(std::move(f));
  });
  std::vector<int> done;
  store->create_table("ABCD", "{}");
  store->append("ABCD", suite_entry(1));
  store->commit_async([&](std::exception_ptr e) { done.push_back(e ? -1 : 1); });
  store->commit_async([&](std::exception_ptr e) { done.push_back(e ? -2 : 2); });  // empty
  store->append("ABCD", suite_entry(2));
  store->commit_async([&](std::exception_ptr e) { done.push_back(e ? -3 : 3); });
  // Run what the store posts, as the io loop would, until all three are back.
  for (int i = 0; i < 500 && done.size() < 3; ++i) {
    std::vector<std::function<void()>> now;
    {
      std::lock_guard lock(mutex);
      now.swap(posted);
    }
    for (auto& f : now) f();
    if (done.size() < 3) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_THAT(done, ElementsAre(1, 2, 3));
  store->set_post(nullptr);
  store.reset();
  EXPECT_THAT(this->backend_.open()->open_tables()[0].log,
              ElementsAre(suite_entry(1), suite_entry(2)));
}

TYPED_TEST(StoreSuite, ADoubleLineIsANamedErrorAndTheStoreGoesOn) {
  auto store = this->backend_.open();
  store->create_table("ABCD", "{}");
  store->append("ABCD", suite_entry(1));
  store->commit();
  EXPECT_THAT(this->batch_error(*store, [](Store& s) { s.append("ABCD", suite_entry(1)); }),
              HasSubstr("already there"));
  EXPECT_THAT(this->batch_error(*store, [](Store& s) { s.append("NONE", suite_entry(1)); }),
              HasSubstr("no such table"));
  EXPECT_THAT(this->batch_error(*store, [](Store& s) { s.create_table("ABCD", "{}"); }),
              HasSubstr("a table with this code is open"));
  // The refused batches are gone; the next one commits.
  store->append("ABCD", suite_entry(2));
  store->commit();
  EXPECT_THAT(store->open_tables()[0].log, ElementsAre(suite_entry(1), suite_entry(2)));
}

TYPED_TEST(StoreSuite, ClosingATableThatIsNotOpenAndSavingAGameTwiceAreNamedErrors) {
  auto store = this->backend_.open();
  EXPECT_THAT(this->batch_error(*store, [](Store& s) { s.close_table("NONE"); }),
              HasSubstr("no open table has"));
  store->save_game("g1", "ABCD", "x");
  store->commit();
  EXPECT_THAT(this->batch_error(*store, [](Store& s) { s.save_game("g1", "ABCD", "y"); }),
              HasSubstr("saved already"));
  EXPECT_EQ(store->game("g1"), "x");
}

TYPED_TEST(StoreSuite, AGamesReviewIsStoredOnceAndComesBackAfterReopening) {
  {
    auto store = this->backend_.open();
    store->save_game("g1", "ABCD", "x");
    store->save_review("g1", "hard", R"({"level":"hard"})");
    EXPECT_EQ(store->review("g1"), R"({"level":"hard"})") << "before the commit too";
    store->commit();
    store->save_review("g1", "expert", R"({"level":"expert"})");  // the first one is kept
    store->commit();
    EXPECT_EQ(store->review("g2"), std::nullopt);
  }
  auto store = this->backend_.open();
  EXPECT_EQ(store->review("g1"), R"({"level":"hard"})");
}

TYPED_TEST(StoreSuite, ANewerSchemaIsRefusedNamingBothVersions) {
  this->backend_.open();
  this->backend_.set_version(TypeParam::kSchemaVersion + 1);
  const std::string error = this->open_error();
  EXPECT_THAT(error, HasSubstr("newer allegra"));
  EXPECT_THAT(error, HasSubstr("schema version " + std::to_string(TypeParam::kSchemaVersion + 1)));
  EXPECT_THAT(error, HasSubstr("knows up to " + std::to_string(TypeParam::kSchemaVersion)));
}

TYPED_TEST(StoreSuite, ASecondStoreOnTheSameDatabaseIsRefused) {
  auto first = this->backend_.open();
  EXPECT_THAT(this->open_error(), HasSubstr("another allegra serve is using it"));
  first.reset();
  EXPECT_EQ(this->open_error(), "");
}

// --- PostgreSQL only -----------------------------------------------------------------------------

class PgStoreTest : public StoreSuite<PgBackend> {};

TEST_F(PgStoreTest, AnUnreachableDatabaseIsANamedError) {
  try {
    PgStore store(PgStore::Options{.url = "postgresql://allegra:secret@127.0.0.1:1/allegra_test"});
    FAIL() << "opened";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("cannot connect to 'postgresql://allegra@127.0.0.1:1/"));
    EXPECT_THAT(e.what(), ::testing::Not(HasSubstr("secret")));
  }
}

// PostgreSQL restarted while batches wait: the store says it is away (the hub then refuses
// changes), keeps the batches, reconnects by itself and commits them in order.
TEST_F(PgStoreTest, ARestartedDatabaseLosesNoBatchAndTheStoreReconnectsByItself) {
  const char* dir = std::getenv("ALLEGRA_PG_DIR");
  if (dir == nullptr) GTEST_SKIP() << "ALLEGRA_PG_DIR is not set (scripts/pg-cluster.sh run)";
  const std::string script = std::string(ALLEGRA_SOURCE_DIR) + "/scripts/pg-cluster.sh";
  auto store = backend_.open();
  std::mutex mutex;
  std::vector<std::function<void()>> posted;
  store->set_post([&](std::function<void()> f) {
    std::lock_guard lock(mutex);
    posted.push_back(std::move(f));
  });
  std::vector<int> done;
  auto run_posted = [&] {
    std::vector<std::function<void()>> now;
    {
      std::lock_guard lock(mutex);
      now.swap(posted);
    }
    for (auto& f : now) f();
  };
  store->create_table("ABCD", "{}");
  store->append("ABCD", suite_entry(1));
  store->commit_async([&](std::exception_ptr e) { done.push_back(e ? -1 : 1); });
  for (int i = 0; i < 300 && done.empty(); ++i) {
    run_posted();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_THAT(done, ElementsAre(1));
  EXPECT_EQ(store->unavailable(), std::nullopt);

  ASSERT_EQ(std::system(("bash " + script + " pause " + dir).c_str()), 0);
  for (uint64_t seq = 2; seq <= 6; ++seq) {
    store->append("ABCD", suite_entry(seq));
    store->commit_async([&, seq](std::exception_ptr e) { done.push_back(e ? -1 : int(seq)); });
  }
  for (int i = 0; i < 300 && !store->unavailable(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const auto why = store->unavailable();
  ASSERT_TRUE(why.has_value());
  EXPECT_THAT(*why, HasSubstr("the game store is"));
  run_posted();
  EXPECT_THAT(done, ElementsAre(1));  // nothing acknowledged while it is away

  ASSERT_EQ(std::system(("bash " + script + " resume " + dir).c_str()), 0);
  for (int i = 0; i < 1000 && done.size() < 6; ++i) {
    run_posted();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_THAT(done, ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_EQ(store->unavailable(), std::nullopt);
  store->set_post(nullptr);
  EXPECT_EQ(store->open_tables()[0].log.size(), 6u);
}

// A network cut as the store sees it but the database does not (CuttableForward between them):
// the database keeps the store's old session, and with it the store's lock. The store reconnects,
// finds the lock held by that session of its own (not another server's: no fencing), ends it
// and takes the lock again, and the next batch commits (commit e9481ef, docs/scaling.md).
TEST_F(PgStoreTest, AfterANetworkCutTheStoreEndsItsOwnOldSessionAndGoesOn) {
  const std::string& url = backend_.url();
  const size_t colon = url.rfind(':'), slash = url.find('/', colon);
  ASSERT_TRUE(colon != std::string::npos && slash != std::string::npos) << url;
  server_testing::CuttableForward forward(std::stoi(url.substr(colon + 1, slash - colon - 1)));
  const std::string cut_url =
      url.substr(0, colon + 1) + std::to_string(forward.port()) + url.substr(slash);
  PgStore store(PgStore::Options{
      .url = cut_url, .retry = std::chrono::milliseconds(50), .give_up = std::chrono::seconds(5)});
  store.create_table("ABCD", "{}");
  store.append("ABCD", suite_entry(1));
  store.commit();
  pqxx::connection c(url);
  auto lock_holders = [&] {
    pqxx::nontransaction t(c);
    std::vector<int> pids;
    for (const auto& row :
         t.exec("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted ORDER BY pid"))
      pids.push_back(row[0].as<int>());
    return pids;
  };
  const std::vector<int> before = lock_holders();
  ASSERT_EQ(before.size(), 1u);

  forward.cut();
  store.append("ABCD", suite_entry(2));
  store.commit();  // throws if the store counted its own old session as another server's
  EXPECT_FALSE(store.lost_prefix());
  EXPECT_EQ(store.unavailable(), std::nullopt);
  const std::vector<int> after = lock_holders();
  ASSERT_EQ(after.size(), 1u);
  EXPECT_NE(after[0], before[0]);
  // The old session is ended (its exit may lag the lock's release a little).
  int old_sessions = 1;
  for (int i = 0; i < 100 && old_sessions != 0; ++i) {
    if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    pqxx::nontransaction t(c);
    old_sessions = t.exec("SELECT count(*) FROM pg_stat_activity WHERE pid = " +
                          std::to_string(before[0]))[0][0]
                       .as<int>();
  }
  EXPECT_EQ(old_sessions, 0);
  EXPECT_THAT(store.open_tables()[0].log, ElementsAre(suite_entry(1), suite_entry(2)));
}

}  // namespace
}  // namespace allegra::server
