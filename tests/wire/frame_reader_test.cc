// The client side's frame reader (src/wire/frame_reader.h): what it keeps of a frame, that it
// skips the view whatever the key order, that broken text is not ok, and that it reads what the
// server's own writers (src/wire/messages.h) write.
#include "wire/frame_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/state.h"
#include "wire/messages.h"
#include "wire/table_delta.h"

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

// Table K7QX2M while its first game is played, with `seats` seats and the default settings.
RoomInfo playing_room(int seats) {
  static const RoomSettings settings;
  RoomInfo room;
  room.code = "K7QX2M";
  room.status = RoomStatus::kPlaying;
  room.game_id = "K7QX2M-1";
  room.settings = &settings;
  room.seats.resize(static_cast<size_t>(seats));
  return room;
}

TEST(FrameReader, ReadsWhatTheServersWritersWrite) {
  const FrameRead seated = read_frame(*seated_frame(4, "K7QX2M", 2, "tok-2"));
  EXPECT_EQ(seated.type, "seated");
  EXPECT_EQ(seated.id, 4u);
  EXPECT_EQ(seated.code, "K7QX2M");
  EXPECT_EQ(seated.seat, 2);
  EXPECT_EQ(seated.token, "tok-2");
  const FrameRead back = read_frame(*seated_frame(std::nullopt, "K7QX2M", 1, std::nullopt));
  EXPECT_FALSE(back.id);
  EXPECT_EQ(back.token, "");
  const FrameRead created = read_frame(*created_frame(1, "K7QX2M", "ctok"));
  EXPECT_EQ(created.creator_token, "ctok");
  const FrameRead error = read_frame(*error_frame(9, ErrorCode::kStale, "too late"));
  EXPECT_EQ(error.code, "stale");
  EXPECT_EQ(error.id, 9u);

  // A state frame of a dealt game: the pending seat with its legal actions and decision.
  RuleOptions options;
  options.players = 3;
  const State s(options, 5);
  const RoomInfo room = playing_room(3);
  table::Pending p;
  p.seat = s.current_player();
  p.legal = s.legal_actions();
  GameSnapshot game(PublicView(s), {p}, std::vector<table::Seat>(3), std::nullopt);
  game.decision = 17;
  const FrameRead state = read_frame(*state_frame(3, 8, room, &game, {}, 1, Millis(0)));
  EXPECT_TRUE(state.ok);
  EXPECT_EQ(state.type, "state");
  EXPECT_EQ(state.id, 3u);
  EXPECT_EQ(state.seq, 8u);
  EXPECT_EQ(state.you, 1);
  EXPECT_EQ(state.status, "playing");
  EXPECT_EQ(state.game, "K7QX2M-1");
  ASSERT_EQ(state.pending.size(), 1u);
  EXPECT_EQ(state.pending[0].seat, s.current_player());
  EXPECT_EQ(state.pending[0].decision, 17u);
  EXPECT_FALSE(state.pending[0].knock_window);
  EXPECT_EQ(state.pending[0].legal.size(), p.legal.size());
  const FrameRead watcher =
      read_frame(*state_frame(3, 8, room, &game, {}, std::nullopt, Millis(0)));
  EXPECT_FALSE(watcher.you);
  const FrameRead update =
      read_frame(*update_frame(9, nlohmann::json::array(), room, &game, Millis(0)));
  EXPECT_EQ(update.seq, 9u);
  ASSERT_EQ(update.pending.size(), 1u);
  EXPECT_EQ(update.pending[0].decision, 17u);
}

TEST(FrameReader, ReadsAKnockWindowsSeats) {
  const FrameRead f = read_frame(
      R"({"type":"update","seq":5,"events":[],"table":{"status":"playing","pending":[)"
      R"({"seat":1,"legal":["knock","pass"],"in_ms":4000,"knock_window":true,"decision":30},)"
      R"({"seat":2,"legal":["knock","pass"],"in_ms":4000,"knock_window":true,"decision":30}],)"
      R"("view":{}}})");
  ASSERT_EQ(f.pending.size(), 2u);
  for (const PendingSeatRead& p : f.pending) {
    EXPECT_TRUE(p.knock_window);
    EXPECT_EQ(p.decision, 30u);
  }
}

// A delta's compact `pending` (messages.h append_delta_pending) is read as the update's
// TABLE.pending: the same seats, legal actions (a "swap 0a0 0a1 ..." group expanded in its
// place), decisions and knock windows, at every position of a game and in a knock window
// shared by three seats.
TEST(FrameReader, ReadsADeltasCompactPendingAsTheUpdates) {
  RuleOptions options;
  options.players = 4;
  State s(options, 11);
  const RoomInfo room = playing_room(4);
  DeltaWriter writer;
  const auto compare = [&](const GameSnapshot& game, uint64_t seq) {
    const FrameRead update =
        read_frame(*update_frame(seq, nlohmann::json::array(), room, &game, Millis(0)));
    const FrameRead delta =
        read_frame(*writer.frame(seq, nlohmann::json::array(), room, &game, Millis(0)));
    EXPECT_TRUE(delta.ok);
    EXPECT_TRUE(delta.has_table);
    ASSERT_EQ(delta.pending.size(), update.pending.size());
    for (size_t i = 0; i < update.pending.size(); ++i) {
      EXPECT_EQ(delta.pending[i].seat, update.pending[i].seat);
      EXPECT_EQ(delta.pending[i].legal, update.pending[i].legal);
      EXPECT_EQ(delta.pending[i].decision, update.pending[i].decision);
      EXPECT_EQ(delta.pending[i].knock_window, update.pending[i].knock_window);
    }
  };
  uint64_t seq = 1;
  bool grouped = false;
  for (int step = 0; step < 120 && !s.is_terminal(); ++step, ++seq) {
    if (s.is_chance_node()) {
      s.apply(s.legal_actions()[0]);
      continue;
    }
    table::Pending p;
    p.seat = s.current_player();
    p.legal = s.legal_actions();
    grouped = grouped || p.legal.size() > 3;
    GameSnapshot game(PublicView(s), {p}, std::vector<table::Seat>(4), std::nullopt);
    game.decision = seq;
    compare(game, seq);
    s.apply(p.legal[seq % p.legal.size()]);
  }
  EXPECT_TRUE(grouped) << "no position with a list of cell actions";
  std::vector<table::Pending> window(3);
  for (int i = 0; i < 3; ++i) {
    window[i].seat = (i + 2) % 4;
    window[i].knock_window = true;
    window[i].deadline = Millis(4000);
  }
  GameSnapshot knock(PublicView(s), window, std::vector<table::Seat>(4), std::nullopt);
  compare(knock, seq);
  const std::string text = *writer.frame(seq + 1, nlohmann::json::array(), room, &knock, Millis(0));
  EXPECT_NE(text.find(R"("pending":[{"seats":[2,3,0],"legal":["knock","pass"],"in_ms":4000,)"
                      R"("knock_window":true,)"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace allegra::wire
