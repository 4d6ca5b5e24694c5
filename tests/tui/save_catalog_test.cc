// The saves folder and save files: game ids, the list --resume shows, what counts as a save,
// names in saves, and reads that refuse what is not a file (issue 8, section 1).
#include "tui/save_catalog.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "engine/record.h"
#include "tui/save_file.h"
#include "tui/session.h"

namespace allegra::tui {
namespace {
namespace fs = std::filesystem;

class SaveCatalog : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("allegra_save_catalog_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  // A save of a fresh game with these seats, after its first action.
  std::string save_text(const std::vector<SeatConfig>& seats) {
    RuleOptions o;
    o.players = static_cast<int>(seats.size());
    table::Table t(o, 5, table_seats(seats), table::Millis(0));
    const table::Pending first = t.pending().front();
    EXPECT_TRUE(t.submit(first.seat, first.legal[0], table::Millis(0)).ok());
    return save_to_text(t);
  }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  fs::path dir_;
};

TEST_F(SaveCatalog, GameIdsAreShortTypableAndUnique) {
  std::set<std::string> ids;
  for (int i = 0; i < 200; ++i) {
    const std::string id = new_game_id(dir_.string(), 7);
    EXPECT_EQ(id.size(), 5u);
    EXPECT_TRUE(valid_game_id(id)) << id;
    EXPECT_EQ(id.find_first_of("01ilo"), std::string::npos) << id;
    write(id + ".json", "{}");  // taken from now on
    EXPECT_TRUE(ids.insert(id).second) << "id given twice: " << id;
  }
  EXPECT_FALSE(valid_game_id("../x"));
  EXPECT_FALSE(valid_game_id(""));
}

TEST_F(SaveCatalog, ListsEverySaveWithItsPlayersRoundAndTurn) {
  write("abcde.json", save_text({{"You", ""}, {"Bea", "easy"}}));
  write("fghjk.json", save_text({{"Anna", ""}, {"Ben", ""}, {"Carlo", "medium"}}));
  write("broken.json", "{\"format\": \"allegra-save\"}");
  write("notes.txt", "not a save");
  fs::copy_file(ALLEGRA_SOURCE_DIR "/tests/tui/saves/v1_knock_window.json", dir_ / "mnpq2.json");
  const std::vector<SaveEntry> saves = list_saves(dir_.string());
  ASSERT_EQ(saves.size(), 4u);
  std::map<std::string, SaveEntry> by_id;
  for (const SaveEntry& e : saves) by_id[e.id] = e;
  EXPECT_EQ(describe_save(by_id["abcde"]).substr(5 + 2 + 16),
            "  You, Bea (round 1 of 3, You to play)");
  EXPECT_EQ(by_id["fghjk"].seats.size(), 3u);
  EXPECT_FALSE(by_id["mnpq2"].problem.has_value()) << "a save of version 1 is listed";
  EXPECT_EQ(describe_save(by_id["mnpq2"]).substr(5 + 2 + 16),
            "  Player 1, Player 2, Dora (round 1 of 3, Player 2 to play)");
  ASSERT_TRUE(by_id["broken"].problem.has_value());
  EXPECT_NE(describe_save(by_id["broken"]).find("cannot be continued"), std::string::npos);
  EXPECT_TRUE(list_saves((dir_ / "missing").string()).empty());
}

TEST_F(SaveCatalog, OnlyAnAllegraSaveCountsAsASave) {
  EXPECT_TRUE(is_save_text(save_text({{"You", ""}, {"Bea", "easy"}})));
  EXPECT_TRUE(is_save_text(R"({"format": "allegra-save"})"));
  for (const char* text : {"", "{}", "[1]", "{\"format_version\":2}", R"({"format": "other"})",
                           "my notes\n", "{\"format\": \"allegra-save\"} trailing"})
    EXPECT_FALSE(is_save_text(text)) << text;
}

TEST_F(SaveCatalog, ASaveWithABadNameIsRefused) {
  std::string text = save_text({{"You", ""}, {"Bea", "easy"}});
  text.replace(text.find("\"Bea\""), 5, "\"B\\u001b[2Jea\"");
  State state(RuleOptions{}, 1);
  try {
    load_save(text, &state);
    ADD_FAILURE() << "accepted a control character in a name";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("save.table.seats: name 2 contains a control character"),
              std::string::npos)
        << e.what();
  }
}

// The message of load_save()'s refusal of `text` ("" if it loads).
std::string refusal(const std::string& text) {
  State state(RuleOptions{}, 1);
  try {
    load_save(text, &state);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST_F(SaveCatalog, ASaveIsTheTableAndSaysWhatItCannotRead) {
  const std::string text = save_text({{"You", ""}, {"Bea", "easy"}});
  nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j.at("version"), kSaveFormatVersion);
  EXPECT_EQ(j.at("table").at("format"), "allegra-table");
  State state(RuleOptions{}, 1);
  const SavedGame saved = load_save(text, &state);
  EXPECT_EQ(saved.seats, (std::vector<SeatConfig>{{"You", ""}, {"Bea", "easy"}}));
  EXPECT_TRUE(saved.record.seats.empty());
  EXPECT_EQ(save_to_text(resume_table(saved)), text) << "written again, the same file";

  nlohmann::json bad = j;
  bad["version"] = 3;
  EXPECT_NE(refusal(bad.dump()).find("save.version: is 3: the save was written by a newer allegra"),
            std::string::npos)
      << refusal(bad.dump());
  bad = j;
  bad["table"]["seats"][1]["kind"] = "empty";
  EXPECT_NE(refusal(bad.dump()).find("save.table.seats[1].kind: the terminal game has no empty"),
            std::string::npos)
      << refusal(bad.dump());
  bad = j;
  bad["table"]["seats"][0]["timeout_ms"] = 1000;
  EXPECT_NE(refusal(bad.dump()).find("save.table.seats[0].timeout_ms: must be null"),
            std::string::npos)
      << refusal(bad.dump());
  bad = j;
  bad["table"]["record"]["seed"] = "6";  // the deal no longer matches
  EXPECT_EQ(refusal(bad.dump()).rfind("save.table.record", 0), 0u) << refusal(bad.dump());
  bad = j;
  bad["seats"] = nlohmann::json::array();  // a version-1 key in a version-2 save
  EXPECT_EQ(refusal(bad.dump()), "save: unknown key \"seats\"");
}

TEST_F(SaveCatalog, ReadingRefusesFoldersAndDevicesAndWritingChecksTheFolder) {
  EXPECT_THROW(read_text_file(dir_.string()), std::runtime_error);
  EXPECT_THROW(read_text_file("/dev/zero"), std::runtime_error);
  EXPECT_THROW(read_text_file((dir_ / "missing.json").string()), std::runtime_error);
  EXPECT_NO_THROW(check_writable_folder((dir_ / "new" / "deeper").string()));
  EXPECT_TRUE(fs::is_directory(dir_ / "new" / "deeper"));
  EXPECT_TRUE(fs::is_empty(dir_ / "new" / "deeper")) << "the test file is removed";
  write("afile", "x");
  EXPECT_THROW(check_writable_folder((dir_ / "afile" / "sub").string()), std::runtime_error);
  EXPECT_THROW(check_writable_folder("/proc/allegra-test"), std::runtime_error);
}

}  // namespace
}  // namespace allegra::tui
