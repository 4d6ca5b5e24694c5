// The seed inputs of the table fuzz target (fuzz/corpus/table) are tables written by earlier
// versions, some inside an open knock window with answers given: they must still load, keep
// those answers sealed (the engine's simultaneous node, docs/rules.md R7) and save again to what
// loads the same. (The terminal saves of fuzz/corpus/save: tests/tui/save_corpus_test.cc.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/state.h"
#include "table/sealed_window_checks.h"
#include "table/table.h"

namespace allegra::table {
namespace {

TEST(TableCorpusTest, EveryTableOfTheFuzzCorpusLoadsAndSavesAgain) {
  int tables = 0;
  int windows = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(ALLEGRA_SOURCE_DIR "/fuzz/corpus/table")) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(name);
    const nlohmann::json j = nlohmann::json::parse(read_whole_file(entry.path()));
    const Table t = Table::load(j);
    ++tables;
    windows += !j.at("knock_answers").empty();
    check_sealed_window(t, j.at("knock_answers"), name);
    const nlohmann::json again = t.save();
    EXPECT_EQ(again.at("knock_answers"), j.at("knock_answers")) << name;
    EXPECT_EQ(again.at("record"), j.at("record")) << name;
    EXPECT_EQ(Table::load(again).save(), again) << name;
  }
  EXPECT_GE(tables, 8);
  EXPECT_GE(windows, 2);
}

}  // namespace
}  // namespace allegra::table
