// The text writers of src/wire/view_text.h write exactly what nlohmann's dump of the JSON tree
// writes: the public view on every position of random games (2-6 players, the rule variants,
// games of several rounds, knock windows), a view cut into parts and put together again, the
// round results, and JSON values of every kind (escapes, non-ASCII and broken UTF-8, floats).
#include "wire/view_text.h"

#include <gtest/gtest.h>

#include "engine/event_json.h"
#include "engine/json_fields.h"
#include "engine/state.h"
#include "engine/view_json.h"
#include "wire/messages.h"

namespace allegra::wire {
namespace {

using nlohmann::json;

std::string dumped(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// The parts put together as the delta writer's whole view does (table_delta.cc append_view).
std::string joined(const TableParts& parts) {
  std::string out = "{";
  for (size_t i = 0; i < parts.view_keys; ++i) {
    if (i > 0) out += ',';
    out += '"' + std::string(parts.view_names[i]) + "\":";
    if (parts.view_names[i] != "grids") {
      out += parts[parts.view[i]];
      continue;
    }
    out += '[';
    for (size_t c = 0; c < parts.cell_count; ++c) {
      if (c % kGridCells == 0) out += c == 0 ? "[" : "],[";
      if (c % kGridCells != 0) out += ',';
      out += parts[parts.cells[c]];
    }
    out += "]]";
  }
  return out + "}";
}

// An event's text as the tree gives it, with its English text and without.
void expect_event_text(const Event& e) {
  json tree = event_to_json(e);
  std::string got;
  append_event_text(got, e, true);
  EXPECT_EQ(got, dumped(tree)) << event_type_name(e.type);
  tree.erase("text");
  got.clear();
  append_event_text(got, e, false);
  EXPECT_EQ(got, dumped(tree)) << event_type_name(e.type);
}

// Plays `games` random games; on every position compares the writers with the tree. Returns
// the positions compared.
int compare_games(const RuleOptions& o, int games) {
  int compared = 0;
  TableParts parts;
  for (int g = 0; g < games; ++g) {
    State s(o, 500 + static_cast<uint64_t>(g));
    Rng rng(g * 17 + 3);
    while (true) {
      const PublicView view = s.public_view();
      const std::string expected = dumped(public_view_to_json(view, LegalActionsKey::kWithout));
      std::string got;
      append_view_text(got, view);
      EXPECT_EQ(got, expected) << "phase " << phase_name(s.phase());
      parts.clear();
      view_text_parts(parts, view);
      EXPECT_EQ(joined(parts), expected);
      if (s.rounds_played() > 0) {
        std::string round;
        append_round_result_text(round, s.last_round(), s.players());
        EXPECT_EQ(round, dumped(json_write::round_result_json(s.last_round(), s.players())));
      }
      ++compared;
      if (got != expected || s.is_terminal()) break;
      EventList events;
      if (s.is_chance_node()) {
        s.deal(&events);
      } else {
        s.apply(s.random_legal_action(rng), &events);
      }
      for (const Event& e : events) expect_event_text(e);
    }
  }
  return compared;
}

TEST(ViewText, SameAsTheTreeOnEveryPositionOfRandomGames) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    RuleOptions o;
    o.players = players;
    o.rounds = 2;
    EXPECT_GT(compare_games(o, 3), 300) << players << " players";
  }
}

TEST(ViewText, SameWithTheRuleVariants) {
  RuleOptions o;
  o.players = 3;
  o.rounds = 2;
  o.optional_clearing = true;
  o.discard_draw_may_discard = true;
  EXPECT_GT(compare_games(o, 3), 300);
  o.knocking = false;
  o.players = 5;
  EXPECT_GT(compare_games(o, 2), 300);
}

TEST(ViewText, JsonValuesAsNlohmannDumpsThem) {
  const json values[] = {
      nullptr,
      true,
      -7,
      json(uint64_t{18446744073709551615u}),
      int64_t{-9223372036854775807 - 1},
      0.1,
      2.5e300,
      "plain",
      "quote \" backslash \\ slash /",
      "tab\tnewline\ncontrol\x01\x1f del\x7f",
      "Zoë, Łódź, 東京, 🂡",
      "broken \xff\xfe utf-8 \xc3",
      json::array(),
      json::object(),
      {{"b", 1}, {"a", {1, 2.25, "x"}}, {"é", nullptr}},
      json::parse(R"([{"type":"drew","player":1,"card":-2,"pile":"draw","text":"Ann drew"}])"),
  };
  for (const json& j : values) {
    std::string got;
    append_json_text(got, j);
    EXPECT_EQ(got, dumped(j));
  }
  for (const char* name : {"Ann", "", "a\"b", "ü", "\x80"}) {
    std::string got;
    append_string_text(got, name);
    EXPECT_EQ(got, dumped(json(std::string(name))));
  }
}

}  // namespace
}  // namespace allegra::wire

namespace allegra::wire {
namespace {

// Every type of event, with the values at the edges of their fields: a hidden card, no card, no
// cell, no player, no line, several winners.
TEST(ViewText, EventsOfEveryTypeAsTheTree) {
  for (int t = 0; t < kNumEventTypes; ++t) {
    for (const int8_t card : {int8_t{-2}, int8_t{12}, kHiddenValue, kNoCard}) {
      Event e{.type = static_cast<EventType>(t), .player = 3, .card = card, .old_card = 7};
      e.cell = 14;
      e.knocker = 1;
      e.pile = t % 2 == 0 ? Pile::kDraw : Pile::kDiscard;
      e.line = 2;
      e.cells = {14, 15, kNoCell};
      e.penalised = true;
      e.winners = 0b100101;
      e.round = 4;
      e.cards = 31;
      e.display_half = -20;
      e.score_half = 40;
      expect_event_text(e);
      e.player = -1;
      e.knocker = -1;
      e.cell = kNoCell;
      e.line = kNoLine;
      e.empty_display = true;
      e.old_card = kHiddenValue;
      expect_event_text(e);
    }
  }
}

}  // namespace
}  // namespace allegra::wire
