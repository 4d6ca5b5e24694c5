// The seed inputs of the save fuzz target (fuzz/corpus/save) and the terminal saves of
// tests/tui/saves were written by earlier versions, some inside an open knock window: they must
// still resume, with the answers given kept sealed in the engine (docs/rules.md R7).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "engine/state.h"
#include "table/sealed_window_checks.h"
#include "table/table.h"
#include "tui/save_file.h"

namespace allegra::tui {
namespace {

using table::check_sealed_window;
using table::Pending;
using table::read_whole_file;
using table::Table;

TEST(SaveCorpus, EveryTerminalSaveOfTheFuzzCorpusResumes) {
  int saves = 0;
  for (const char* dir :
       {ALLEGRA_SOURCE_DIR "/fuzz/corpus/save", ALLEGRA_SOURCE_DIR "/tests/tui/saves"}) {
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      if (entry.path().extension() != ".json") continue;
      SCOPED_TRACE(name);
      State state(RuleOptions{}, 1);
      SavedGame saved;
      try {
        saved = load_save(read_whole_file(entry.path()), &state);
      } catch (const std::exception& e) {
        // Three version-1 saves are older than the state's turn counter (turns_in_round), so
        // their saved state differs from the replayed one: refused, as before the window moved
        // into the engine (they stay in the corpus as inputs of the fuzz target).
        const bool older =
            name == "s_2p_setup.json" || name == "s_3p_mid.json" || name == "s_6p.json";
        EXPECT_TRUE(older) << name << ": " << e.what();
        continue;
      }
      const Table t = resume_table(saved);
      EXPECT_EQ(t.state(), state) << name;
      check_sealed_window(t, saved.table.at("knock_answers"), name);
      ++saves;
    }
  }
  EXPECT_GE(saves, 10);
}

}  // namespace
}  // namespace allegra::tui
