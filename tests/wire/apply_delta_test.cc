// apply_delta() on deltas that a correct server never sends (the shapes the fuzz target
// fuzz/frames_fuzz.cc also tries): each is refused, the table unchanged, nothing thrown; and a
// good one applies.
#include <gtest/gtest.h>

#include "wire/table_delta.h"

namespace allegra::wire {
namespace {

using nlohmann::json;

const json kTable = json::parse(
    R"({"code":"ABC123","pending":[],"view":{"phase":"choose-draw","grids":[[{"state":"down"}],[{"state":"empty"}]]}})");

TEST(ApplyDelta, AppliesTheSetTheViewAndTheCells) {
  json table = kTable;
  EXPECT_TRUE(apply_delta(table, json::parse(R"({"type":"delta","seq":3,"base":2,"events":[],
      "pending":[{"seats":[1],"legal":["draw"],"decision":4}],"set":{"code":"XYZ789"},
      "view":{"phase":"choose-put"},
      "cells":[{"player":1,"index":0,"cell":{"state":"up","value":7}}]})")));
  EXPECT_EQ(table["pending"][0]["seat"], 1);
  EXPECT_EQ(table["code"], "XYZ789");
  EXPECT_EQ(table["view"]["phase"], "choose-put");
  EXPECT_EQ(table["view"]["grids"][1][0]["value"], 7);
  EXPECT_EQ(table["view"]["grids"][0][0]["state"], "down");
}

// The compact `pending` (messages.h append_delta_pending) expands to TABLE.pending: a shared
// entry to one per seat in order, "verb arg arg" to one action per argument in its place, the
// left-out in_ms and knock_window to null and false.
TEST(ApplyDelta, ExpandsTheCompactPending) {
  json table = kTable;
  EXPECT_TRUE(apply_delta(table, json::parse(R"({"type":"delta","seq":3,"base":2,"events":[],
      "pending":[{"seats":[2,0],"legal":["knock","pass"],"in_ms":5000,"knock_window":true,
                  "decision":9},
                 {"seats":[1],"legal":["discard","swap 0a3 1b2","draw","reveal 1c0"],
                  "decision":9,"lines":[{"action":"clear row-a1","cells":["1a1","1a2","1a3"]}]}]})")));
  EXPECT_EQ(table["pending"], json::parse(R"([
      {"seat":2,"legal":["knock","pass"],"in_ms":5000,"knock_window":true,"decision":9},
      {"seat":0,"legal":["knock","pass"],"in_ms":5000,"knock_window":true,"decision":9},
      {"seat":1,"legal":["discard","swap 0a3","swap 1b2","draw","reveal 1c0"],"in_ms":null,
       "knock_window":false,"decision":9,
       "lines":[{"action":"clear row-a1","cells":["1a1","1a2","1a3"]}]}])"));
  // No `set`: nothing else changed.
  EXPECT_EQ(table["code"], "ABC123");
}

TEST(ApplyDelta, RefusesWhatDoesNotApplyAndLeavesTheTable) {
  const char* bad[] = {
      R"([])",
      R"({"type":"delta","seq":3,"events":[],"set":{}})",                      // no base
      R"({"type":"delta","seq":3,"base":"2","events":[],"set":{}})",           // base a string
      R"({"type":"delta","seq":3,"base":-2,"events":[],"set":{}})",            // base negative
      R"({"type":"delta","seq":3,"base":2,"events":[],"set":[]})",             // set an array
      R"({"type":"delta","seq":3,"base":2,"set":{},"view":3})",                // view a number
      R"({"type":"delta","seq":3,"base":2,"set":{},"cells":{}})",              // cells an object
      R"({"type":"delta","seq":3,"base":2,"set":{},"cells":[{"player":0}]})",  // no index, cell
      R"({"type":"delta","seq":3,"base":2,"set":{},
          "cells":[{"player":0,"index":1.5,"cell":null}]})",
      R"({"type":"delta","seq":3,"base":2,"set":{},
          "cells":[{"player":2,"index":0,"cell":null}]})",                    // no such player
      R"({"type":"delta","seq":3,"base":2,"set":{},
          "cells":[{"player":0,"index":4611686018427387904,"cell":null}]})",  // no such cell
      R"({"type":"delta","seq":3,"base":2,"set":{"view":null},"view":{"phase":"x"}})",
      R"({"type":"delta","seq":3,"base":2,"set":{"view":{"grids":7}},
          "cells":[{"player":0,"index":0,"cell":null}]})",
      R"({"type":"delta","seq":3,"base":2,"pending":{}})",  // pending an object
      R"({"type":"delta","seq":3,"base":2,"pending":[{"legal":["draw"],"decision":1}]})",
      R"({"type":"delta","seq":3,"base":2,"pending":[{"seats":[],"legal":[],"decision":1}]})",
      R"({"type":"delta","seq":3,"base":2,"pending":[{"seats":[-1],"legal":[],"decision":1}]})",
      R"({"type":"delta","seq":3,"base":2,"pending":[{"seats":[0],"decision":1}]})",  // no legal
      R"({"type":"delta","seq":3,"base":2,"pending":[{"seats":[0],"legal":[["swap"]],
          "decision":1}]})",                                                          // not a text
      R"({"type":"delta","seq":3,"base":2,"pending":[{"seats":[0],"legal":[]}]})",    // no decision
      R"({"type":"delta","seq":3,"base":2,"pending":[3]})",
  };
  for (const char* text : bad) {
    json table = kTable;
    EXPECT_FALSE(apply_delta(table, json::parse(text))) << text;
    EXPECT_EQ(table, kTable) << text;
  }
  json none;
  EXPECT_FALSE(apply_delta(none, json::parse(R"({"base":4,"set":{}})")));
  EXPECT_TRUE(none.is_null());
  EXPECT_TRUE(apply_delta(none, json::parse(R"({"base":null,"set":{"code":"X"}})")));
  EXPECT_EQ(none, json::parse(R"({"code":"X"})"));
}

}  // namespace
}  // namespace allegra::wire
