// The data the frames carry so that a client holds no rule (docs/protocol.md, issue 27): the
// owners of the shared columns (view.shared_from), the legal list once per frame (TABLE.pending,
// not the view) and the cells of each clear choice (pending[i].lines), written from hand-built
// positions through table_json() and the hand-written update frame alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/diagram.h"
#include "wire/messages.h"

namespace allegra::wire {
namespace {

using nlohmann::json;

RuleOptions three_without_knocking() {
  RuleOptions o;
  o.players = 3;
  o.knocking = false;
  return o;
}

// The table's JSON (both writers) of a game in `s`, `seat` pending with s's legal actions.
std::vector<json> tables_of(const State& s, int seat) {
  static const RoomSettings settings;
  RoomInfo room;
  room.code = "ABCDEF";
  room.status = RoomStatus::kPlaying;
  room.settings = &settings;
  room.seats.resize(static_cast<size_t>(s.players()));
  std::vector<table::Seat> seats(static_cast<size_t>(s.players()));
  table::Pending p;
  p.seat = seat;
  p.legal = s.legal_actions();
  const GameSnapshot game(PublicView(s), {p}, seats, std::nullopt);
  const json update = json::parse(*update_frame(1, json::array(), room, &game, Millis(0)));
  return {table_json(room, &game, Millis(0)), update.at("table")};
}

void apply_texts(State& s, std::initializer_list<const char*> texts) {
  for (const char* text : texts) s.apply(*action_from_text(text, s.players()));
}

TEST(WireDataTest, AClearChoiceListsTheCellsOfEachLineInTheOrderOfLegal) {
  // R3: the new 5 completes a row and a column of player 0's display.
  State s = position_from_diagram(three_without_knocking(), R"(
    0: ? 5 ? ? | 5 ?9 5 ? | ? 5 ? ?
    draw 5
    discard 2
  )");
  apply_texts(s, {"draw", "swap 0b1"});
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  for (const json& table : tables_of(s, 0)) {
    const json& pending = table.at("pending").at(0);
    const json& legal = pending.at("legal");
    ASSERT_EQ(legal.size(), 2u) << pending.dump();
    const json& lines = pending.at("lines");
    ASSERT_EQ(lines.size(), 2u) << pending.dump();
    for (size_t i = 0; i < 2; ++i) EXPECT_EQ(lines.at(i).at("action"), legal.at(i));
    for (const json& line : lines) {
      const json want = line.at("action") == "clear row-b1" ? json::array({"0b0", "0b1", "0b2"})
                                                            : json::array({"0a1", "0b1", "0c1"});
      EXPECT_EQ(line.at("cells"), want) << line.dump();
    }
    // The legal list is in the pending entry only.
    EXPECT_FALSE(table.at("view").contains("legal_actions"));
  }
}

TEST(WireDataTest, OptionalClearingListsTheLinesBesideLeave) {
  RuleOptions o = three_without_knocking();
  o.optional_clearing = true;
  State s = position_from_diagram(o, R"(
    0: ? ? ? ? | 5 5 ?9 ? | ? ? ? ?
    draw 5
  )");
  apply_texts(s, {"draw", "swap 0b2"});
  ASSERT_EQ(s.phase(), Phase::kChooseLine);
  for (const json& table : tables_of(s, 0)) {
    const json& pending = table.at("pending").at(0);
    ASSERT_EQ(pending.at("lines").size(), 1u) << pending.dump();
    EXPECT_EQ(pending.at("lines").at(0),
              json({{"action", "clear row-b1"}, {"cells", {"0b0", "0b1", "0b2"}}}));
    EXPECT_NE(std::find(pending.at("legal").begin(), pending.at("legal").end(), "leave"),
              pending.at("legal").end());
  }
}

TEST(WireDataTest, NoLinesKeyWithoutAClearChoiceAndSharedFromForEveryPlayerCount) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    RuleOptions o;
    o.players = n;
    const State s(o, 11);
    for (const json& table : tables_of(s, s.current_player())) {
      EXPECT_FALSE(table.at("pending").at(0).contains("lines"));
      EXPECT_FALSE(table.at("view").contains("legal_actions"));
      const json& shared_from = table.at("view").at("shared_from");
      ASSERT_EQ(shared_from.size(), static_cast<size_t>(n));
      for (int p = 0; p < n; ++p) EXPECT_EQ(shared_from.at(p), left_of(p, n));
    }
  }
}

}  // namespace
}  // namespace allegra::wire
