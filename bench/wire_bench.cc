// Wire benchmark (Google Benchmark): what one broadcast of a table costs the server's io thread.
//
//   BM_UpdateFrame/N   update_frame() of an N-player table in the middle of its second round
//                      (4 people's seats, one finished round, the events of one decision): the
//                      frame every change of a table sends, written once per broadcast.
//   BM_StateFrame/N    state_frame() of the same table with 20 chat lines: the answer to a join.
//   BM_DeltaFrame/N    DeltaWriter::frame() from one of these positions to the next (three
//                      decisions apart, so a little more changes than after one): what a table
//                      whose clients apply deltas writes per broadcast instead of the update.
//
// The positions: 16 decision points spread over a random game, cycled.
// Run: build/release/allegra_bench --benchmark_filter=Frame
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"
#include "table/table.h"
#include "wire/messages.h"
#include "wire/table_delta.h"

namespace {

using allegra::PublicView;
using allegra::Rng;
using allegra::RoundResult;
using allegra::RuleOptions;
using allegra::State;
using allegra::table::Millis;
using namespace allegra::wire;  // NOLINT(google-build-using-namespace)

constexpr int kFramePositions = 16;

struct Position {
  GameSnapshot game;
  allegra::table::Events events;  // written into the frame as the server does (FrameEvents)
};

// Decision points of the second round of a random game of `players`, with the first round's
// result and the events of the decision that led there.
std::vector<Position> positions(int players) {
  RuleOptions options;
  options.players = players;
  State s(options, 99);
  Rng rng(7);
  std::vector<Position> out;
  std::vector<allegra::table::Seat> seats(static_cast<size_t>(players));
  allegra::EventList events;
  for (int step = 0; out.size() < kFramePositions && !s.is_terminal(); ++step) {
    events.clear();
    if (s.is_chance_node()) {
      s.deal(&events);
      continue;
    }
    s.apply(s.random_legal_action(rng), &events);
    if (s.rounds_played() != 1 || s.is_chance_node() || step % 3 != 0) continue;
    allegra::table::Pending p;
    p.seat = s.current_player();
    p.legal = s.legal_actions();
    p.deadline = Millis(30'000);
    GameSnapshot game(PublicView(s), {p}, seats, std::nullopt);
    game.decision = static_cast<uint64_t>(step);
    game.rounds = std::vector<RoundResult>{s.last_round()};
    out.push_back({std::move(game), allegra::table::Events(events.begin(), events.end())});
  }
  return out;
}

struct Room {
  RoomSettings settings;
  RoomInfo info;
  explicit Room(int players) {
    settings.options = {{"players", players}, {"rounds", 3}};
    info.code = "K7QX2M";
    info.status = RoomStatus::kPlaying;
    info.game_id = "K7QX2M-1";
    info.settings = &settings;
    for (int p = 0; p < players; ++p) {
      info.seats.push_back({SeatState::kPerson, "Player " + std::to_string(p + 1), "", true});
    }
    info.spectators = 1;
  }
};

void BM_UpdateFrame(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const std::vector<Position> all = positions(players);
  const Room room(players);
  size_t i = 0, bytes = 0;
  for (auto _ : state) {
    const Position& p = all[i++ % all.size()];
    SharedText text =
        update_frame(42, FrameEvents::engine(p.events), room.info, &p.game, Millis(1000));
    bytes += text->size();
    benchmark::DoNotOptimize(text);
  }
  state.counters["bytes"] = static_cast<double>(bytes) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_UpdateFrame)->Arg(2)->Arg(4)->Arg(6);

void BM_StateFrame(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const std::vector<Position> all = positions(players);
  const Room room(players);
  std::vector<ChatLine> chat;
  for (uint64_t i = 0; i < 20; ++i) chat.push_back({i, 0, "Player 1", "a line of chat"});
  size_t i = 0;
  for (auto _ : state) {
    const Position& p = all[i++ % all.size()];
    SharedText text = state_frame(3, 42, room.info, &p.game, chat, 0, Millis(1000));
    benchmark::DoNotOptimize(text);
  }
}
BENCHMARK(BM_StateFrame)->Arg(4);

void BM_DeltaFrame(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const std::vector<Position> all = positions(players);
  const Room room(players);
  DeltaWriter writer;
  writer.frame(1, FrameEvents::engine(all[0].events), room.info, &all[0].game,
               Millis(1000));  // the whole table
  size_t i = 1, bytes = 0;
  uint64_t seq = 2;
  for (auto _ : state) {
    const Position& p = all[i++ % all.size()];
    SharedText text =
        writer.frame(seq++, FrameEvents::engine(p.events), room.info, &p.game, Millis(1000));
    bytes += text->size();
    benchmark::DoNotOptimize(text);
  }
  state.counters["bytes"] = static_cast<double>(bytes) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_DeltaFrame)->Arg(2)->Arg(4)->Arg(6);

}  // namespace
