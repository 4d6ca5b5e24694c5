// The stores every store test suite runs over (typed suites: store_suite_test.cc,
// player_store_test.cc, player_store_queries_test.cc): SQLite on a file in a scratch folder,
// and PostgreSQL on the throwaway cluster of `ctest -R StoreSuitePostgres` (ALLEGRA_PG_URL, a
// database named allegra_test..., emptied by each test). Without ALLEGRA_PG_URL the PostgreSQL
// half skips, or fails when ALLEGRA_PG_REQUIRED=1 (that ctest sets it).
#pragma once

#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <pqxx/pqxx>
#include <string>

#include "server/pg_store.h"
#include "server/sqlite_store.h"

namespace allegra::server::store_testing {

// SqliteStore on the file server.sqlite of a fresh scratch folder, removed afterwards.
class SqliteStoreBackend {
 public:
  static constexpr int kSchemaVersion = SqliteStore::kSchemaVersion;
  static constexpr const char* kName = "Sqlite";
  SqliteStoreBackend() {
    static std::atomic<int> counter{0};
    dir_ = std::filesystem::temp_directory_path() /
           ("allegra_store_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(dir_);
  }
  ~SqliteStoreBackend() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  SqliteStoreBackend(const SqliteStoreBackend&) = delete;
  SqliteStoreBackend& operator=(const SqliteStoreBackend&) = delete;

  std::string skip_reason() const { return ""; }
  std::unique_ptr<SqliteStore> open() { return std::make_unique<SqliteStore>(db()); }
  std::filesystem::path db() const { return dir_ / "server.sqlite"; }
  static int found_version(Store& store) {
    return dynamic_cast<SqliteStore&>(store).found_version();
  }
  void set_version(int version) {
    SQLite::Database raw(db(), SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA user_version=" + std::to_string(version));
  }

 private:
  std::filesystem::path dir_;
};

// PgStore on the database of ALLEGRA_PG_URL, emptied first; short retries, so that a test of
// PostgreSQL going away ends in seconds.
class PgStoreBackend {
 public:
  static constexpr int kSchemaVersion = PgStore::kSchemaVersion;
  static constexpr const char* kName = "Postgres";
  PgStoreBackend() {
    const char* url = std::getenv("ALLEGRA_PG_URL");
    if (url == nullptr || *url == '\0') {
      skip_ = "ALLEGRA_PG_URL is not set: run `ctest -R StoreSuitePostgres` (it starts a cluster)";
      return;
    }
    url_ = url;
    pqxx::connection c(url_);
    pqxx::nontransaction t(c);
    const std::string name = t.exec("SELECT current_database()")[0][0].as<std::string>();
    if (!name.starts_with("allegra_test")) {
      skip_ = "ALLEGRA_PG_URL names the database '" + name +
              "': the suite empties its database, so it must be called allegra_test...";
      return;
    }
    t.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  }

  std::string skip_reason() const { return skip_; }
  std::unique_ptr<PgStore> open() {
    return std::make_unique<PgStore>(PgStore::Options{.url = url_,
                                                      .max_queued_batches = 4,
                                                      .retry = std::chrono::milliseconds(50),
                                                      .give_up = std::chrono::seconds(5)});
  }
  const std::string& url() const { return url_; }
  static int found_version(Store& store) { return dynamic_cast<PgStore&>(store).found_version(); }
  void set_version(int version) {
    pqxx::connection c(url_);
    pqxx::nontransaction t(c);
    t.exec("UPDATE allegra_schema SET version = " + std::to_string(version));
  }

 private:
  std::string url_, skip_;
};

// In a fixture's SetUp, for a backend that is not there: skips the test, or fails it when
// ALLEGRA_PG_REQUIRED=1 (then a missing cluster is an error, not a quiet skip).
inline void skip_or_fail(const std::string& why) {
  if (const char* required = std::getenv("ALLEGRA_PG_REQUIRED"); required && *required == '1')
    FAIL() << why;
  GTEST_SKIP() << why;
}

// A typed suite's fixture over one backend: skips (or fails, see above) without it.
template <typename Backend>
class StoreBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string skip = backend_.skip_reason(); !skip.empty()) skip_or_fail(skip);
  }
  Backend backend_;
};

// The typed suites' names: .../Sqlite, .../Postgres.
class StoreBackendNames {
 public:
  template <typename Backend>
  static std::string GetName(int) {
    return Backend::kName;
  }
};
using StoreBackends = ::testing::Types<SqliteStoreBackend, PgStoreBackend>;

}  // namespace allegra::server::store_testing
