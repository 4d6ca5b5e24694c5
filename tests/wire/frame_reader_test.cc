// The load generator's frame reader (src/wire/frame_reader.h): what it keeps of a frame, that
// it skips the view whatever the key order, and that broken text is not ok.
#include "wire/frame_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace allegra::wire {
namespace {

TEST(LoadFrameReader, ReadsAnUpdateAndStopsAtTheView) {
  const FrameRead f = read_frame(
      R"({"type":"update","seq":42,"events":[{"type":"drew","player":1,"card":7},{"type":"sat","seat":3}],)"
      R"("table":{"code":"K7QX2M","status":"playing","game":"K7QX2M-1","config":{"options":{}},)"
      R"("seats":[{"kind":"open"}],"pending":[{"seat":1,"legal":["draw","draw-discard"],"in_ms":null},)"
      R"({"seat":2,"legal":["knock","pass"]}],"round_over":null,"seed":null,"view":{"player":3,"x":[)");
  EXPECT_TRUE(f.ok);  // the text breaks off inside the view: never read
  EXPECT_EQ(f.type, "update");
  EXPECT_EQ(f.seq, 42u);
  EXPECT_TRUE(f.has_table);
  EXPECT_EQ(f.status, "playing");
  EXPECT_EQ(f.game, "K7QX2M-1");
  ASSERT_EQ(f.pending.size(), 2u);
  EXPECT_EQ(f.pending[0].seat, 1);
  EXPECT_EQ(f.pending[0].legal, (std::vector<std::string>{"draw", "draw-discard"}));
  EXPECT_EQ(f.pending[1].seat, 2);
  EXPECT_EQ(f.event_players, std::vector<int>{1});
}

TEST(LoadFrameReader, SkipsTheViewWhenTheTypeComesLast) {
  // nlohmann's key order (state frames): the view is read past, its keys are not the table's.
  const FrameRead f =
      read_frame(R"({"chat":[{"text":"hi"}],"id":null,"seq":9,"table":{"code":"X","game":null,)"
                 R"("pending":[{"legal":["pass"],"seat":0}],"status":"over",)"
                 R"("view":{"status":"playing","pending":[{"seat":3}],"legal_actions":["x"]}},)"
                 R"("type":"state","you":0})");
  EXPECT_TRUE(f.ok);
  EXPECT_EQ(f.type, "state");
  EXPECT_EQ(f.seq, 9u);
  EXPECT_EQ(f.status, "over");
  EXPECT_EQ(f.game, "");
  ASSERT_EQ(f.pending.size(), 1u);
  EXPECT_EQ(f.pending[0].seat, 0);
  EXPECT_EQ(f.pending[0].legal, std::vector<std::string>{"pass"});
  EXPECT_TRUE(read_frame(R"({"type":"update","seq":1,"table":{"view":null,"status":"lobby"}})").ok);
}

TEST(LoadFrameReader, ReadsErrorsAndRefusesWhatIsNotAnObject) {
  const FrameRead e =
      read_frame(R"({"type":"error","id":7,"code":"not_your_turn","message":"seat 1 is not"})");
  EXPECT_TRUE(e.ok);
  EXPECT_EQ(e.code, "not_your_turn");
  EXPECT_EQ(e.message, "seat 1 is not");
  EXPECT_FALSE(e.seq);
  EXPECT_FALSE(read_frame("[1,2]").ok);
  EXPECT_FALSE(read_frame("not json").ok);
  EXPECT_FALSE(read_frame(R"({"type":"chat","seq":)").ok);
  EXPECT_FALSE(read_frame("").ok);
}

TEST(LoadFrameReader, ReadsTheWelcomesMessageRate) {
  // As the server writes it (a double) and as an integer; only limits.messages_per_s counts.
  EXPECT_EQ(read_frame(R"({"type":"welcome","version":1,"server":"allegra 0.1.0","limits":)"
                       R"({"chat_chars":500,"max_message_bytes":16384,"messages_per_s":20.0}})")
                .messages_per_s,
            20);
  EXPECT_EQ(read_frame(R"({"type":"welcome","limits":{"messages_per_s":7}})").messages_per_s, 7);
  EXPECT_EQ(read_frame(R"({"type":"welcome","messages_per_s":9,"limits":{}})").messages_per_s, 0);
}

}  // namespace
}  // namespace allegra::wire
