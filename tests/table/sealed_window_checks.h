// Checks of a loaded table's knock window that the table and terminal save tests share.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "table/table.h"

namespace allegra::table {

inline std::string read_whole_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The answers of an open window are sealed in the engine: no view shows them, only the seats
// that did not answer are due, and a save keeps them.
inline void check_sealed_window(const Table& t, const nlohmann::json& saved_answers,
                                const std::string& name) {
  if (!t.state().is_simultaneous_node()) {
    EXPECT_TRUE(saved_answers.empty()) << name;
    return;
  }
  EXPECT_EQ(t.view().masked().knockers(), 0) << name;
  for (const nlohmann::json& a : saved_answers) {
    const int seat = a.at("seat").get<int>();
    EXPECT_FALSE(t.state().knock_pending() >> seat & 1) << name;
    EXPECT_EQ(t.state().knockers() >> seat & 1, a.at("action") == "knock" ? 1 : 0) << name;
  }
  for (const Pending& p : t.pending()) EXPECT_TRUE(t.state().knock_pending() >> p.seat & 1);
}

}  // namespace allegra::table
