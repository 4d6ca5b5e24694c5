// play_to_end(): the one game loop, for callers that play whole games at full speed (sim,
// selfplay, the bench signature) and for the Table's rules of who decides when.
//
// Every decision of a game goes through here in the same way the live Table (table.h) runs it:
//  - one player at a time; at the engine's simultaneous node (the knock window, R7) every
//    eligible player answers in the rulebook's order (State::current_player() reads the node
//    as turns), each from the public view, which shows no other answer (the engine seals them
//    until the window resolves), and each bot from the window as it opened
//    (PublicView::decision_view), so the order of asking changes nothing;
//  - decisions are numbered from the start of the game (the index of a knock answer is the
//    place it takes in the rulebook's order), which seeds bots (decision_seed.h);
//  - a round that does not end within kMaxDecisionsPerRound decisions throws EndlessRound;
//  - at the chance node between rounds (State::is_chance_node()) the next round is dealt by
//    deal() at once: a deal is not a decision (it takes no index and seeds no bot).
// It is a template so that a simulation pays no indirect call per decision.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "engine/public_view.h"
#include "engine/state.h"

namespace allegra::table {

// The rules have no turn limit, and bots that never reveal their last cards could play a round
// forever: a round longer than this many decisions (random players need about 300, the bots
// about 200) ends the game with EndlessRound instead of hanging a simulation. The one place
// this cap is kept.
inline constexpr int kMaxDecisionsPerRound = 20000;

// A round went past its decision cap. round(): 0-based.
class EndlessRound : public std::runtime_error {
 public:
  EndlessRound(int round, int limit);
  int round() const { return round_; }
  int limit() const { return limit_; }

 private:
  int round_;
  int limit_;
};

// One decision to make.
struct DecisionRequest {
  int seat = 0;
  uint64_t index = 0;            // engine actions applied in the game before this one
  const State* state = nullptr;  // the real state
  // What every player may see (a bot answering a knock window gets its seat's decision view
  // from Bot::decide(view, seat, seed)).
  PublicView view() const { return PublicView(*state); }
};

// Plays `state` to the end of the game. decide(const DecisionRequest&) returns the action of
// request.seat; apply(int seat, Action) applies it to `state` (directly or through a
// GameRecorder) and reads its events; deal() takes the chance step between rounds
// (State::deal() or GameRecorder::deal()). Decisions are numbered from `first_index`. Returns
// the number of decisions taken.
template <class Decide, class Apply, class Deal>
uint64_t play_to_end(State& state, Decide&& decide, Apply&& apply, Deal&& deal,
                     uint64_t first_index = 0,
                     int max_decisions_per_round = kMaxDecisionsPerRound) {
  uint64_t index = first_index;
  int round = state.rounds_played();
  int in_round = 0;
  auto count = [&] {
    if (state.rounds_played() != round) {
      round = state.rounds_played();
      in_round = 0;
    }
    if (++in_round > max_decisions_per_round) throw EndlessRound(round, max_decisions_per_round);
  };
  while (!state.is_terminal()) {
    if (state.is_chance_node()) {
      deal();
      continue;
    }
    // At the simultaneous node this is the next seat to answer in the rulebook's order.
    count();
    const int seat = state.current_player();
    apply(seat, decide(DecisionRequest{seat, index, &state}));
    ++index;
  }
  return index - first_index;
}

}  // namespace allegra::table
