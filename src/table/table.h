// Table: one live game of ALLEGRA that any front end drives by messages and a clock.
//
// What: the Table holds the real State, the seats (a person, a bot of a make_bot() spec, or
// nobody), the GameRecord being written and the decision clocks. A front end asks pending()
// who must decide now, hands in their choices with submit(), and calls tick() with the time so
// that bots move and deadlines fire; replace_seat() lets a bot take over a seat and a person
// take it back; save()/load() keep a game across a restart (format: docs/table-format.md).
//
// Why: the terminal, the simulator and the server must run the same turn flow, and a server
// cannot block on a person. So the Table never waits and never reads a clock: the time is
// passed in (`now`, milliseconds on the caller's clock), which also lets tests run without
// sleeps.
//
// Rules of the flow (the same as the game loop of game_loop.h, so that a Table of bots plays
// exactly the game play_to_end() plays):
//  1. Usually one seat is pending: the engine's current player.
//  2. A card drawn from the draw pile opens a knock window (R7): every eligible seat is pending
//     at once. Answers are kept, unseen by the others, until all have answered or their
//     deadlines have passed (a timeout counts as a pass); then they go to the engine one at a
//     time in its order, clockwise from the active player's left (docs/rules.md R7).
//  3. A bot decides from the public view only (in a knock window: the window as it opened,
//     PublicView::knock_answer), with Bot::decide() seeded from the game seed and the index of
//     the decision in the game (decision_seed.h), so a loaded game continues bit for bit.
//  4. A seat's decision clock starts when its decision becomes pending (for a knock window: when
//     it opens). A person who lets it run out is replaced for that one decision: a pass in a
//     knock window, else the stand-in bot's choice.
//  5. A round longer than kMaxDecisionsPerRound decisions played by tick() throws EndlessRound.
//  6. A round that is not the last ends at the engine's chance node (State::kRoundOver): the
//     finished table stays on show, every card face up, and pending() has one round-over entry
//     (seat kChancePlayer, no legal action). The next round is dealt by deal() (a front end
//     whose user pressed a key) or by tick() once the round pause has passed since the round
//     ended; with no round pause only deal() deals. The record gets the deal either way.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "engine/event.h"
#include "engine/options.h"
#include "engine/public_view.h"
#include "engine/record.h"
#include "engine/state.h"

namespace allegra::table {

// Time on the caller's clock (its epoch is the caller's business), in milliseconds.
using Millis = std::chrono::milliseconds;

enum class SeatKind : uint8_t { kPerson, kBot, kEmpty };

struct Seat {
  SeatKind kind = SeatKind::kPerson;
  std::string name;  // for records and screens (engine/player_name.h rules are the caller's)
  std::string bot;   // make_bot() spec for kBot
  // Time for each decision of this seat; nullopt: no limit (local play). Bots ignore it.
  std::optional<Millis> timeout;
  bool operator==(const Seat&) const = default;
};

// One seat that must decide now.
struct Pending {
  int seat = 0;
  ActionList legal;                // what it may do
  std::optional<Millis> deadline;  // when the table decides for it (nullopt: never)
  bool knock_window = false;       // an answer in a knock window
  // The round is over and the table waits for the next deal (seat kChancePlayer, legal
  // empty); the deadline is when tick() deals (nullopt: only deal() does).
  bool round_over = false;
  bool operator==(const Pending&) const = default;
};

// What happened, in order (a tick can play many actions: more than one EventList holds).
using Events = std::vector<Event>;

// The answer to submit(): the events it caused, or why it was refused (state unchanged).
struct Outcome {
  std::string error;  // empty: accepted
  Events events;      // a knock answer causes none until the window closes
  bool ok() const { return error.empty(); }
};

// The seats due to decide in `view`, given the seats that already answered an open knock
// window (bit p). Depends on the public view only: resampling the hidden cards cannot change
// it.
std::vector<int> seats_due(const PublicView& view, uint8_t answered);

// The bot that plays a person's decision when his clock runs out (rule 4 above).
inline constexpr std::string_view kDefaultStandIn = "greedy";
// How long a finished round stays on show before tick() deals the next one (rule 6 above).
inline constexpr Millis kDefaultRoundPause{0};

class Table {
 public:
  // A new game dealt from `seed`, one Seat per player. Throws std::invalid_argument for bad
  // options, a seat count that is not options.players, or an unknown bot spec.
  // `round_pause`: see rule 6 (nullopt: the table waits for deal()).
  Table(const RuleOptions& options, uint64_t seed, std::vector<Seat> seats, Millis now,
        std::string stand_in = std::string(kDefaultStandIn),
        std::optional<Millis> round_pause = kDefaultRoundPause);

  // --- Reading the game --------------------------------------------------------------------
  bool game_over() const { return state_.is_terminal(); }
  // The round is over and scored; the next one is not dealt yet (rule 6).
  bool round_over() const { return state_.is_chance_node(); }
  std::vector<Pending> pending() const;
  PublicView view() const { return PublicView(state_); }
  // The real state, hidden cards included: for trusted code (records, tests), never a client.
  const State& state() const { return state_; }
  const std::vector<Seat>& seats() const { return seats_; }
  uint64_t seed() const { return seed_; }
  uint64_t decisions() const { return decisions_; }  // engine actions applied so far
  // The record so far, with the seats' names and bot specs.
  GameRecord record() const;
  // The events of the deal of round 1 (later deals come out of tick() and deal()).
  const Events& opening_events() const { return opening_; }

  // --- Driving the game --------------------------------------------------------------------
  // `seat` chooses `action` at time `now`. Refused (with the reason) if the game is over, the
  // seat does not exist, is not pending or already answered, or the action is not legal.
  Outcome submit(int seat, Action action, Millis now);
  // Lets every pending bot decide and fires every deadline up to `now`, repeatedly, until a
  // person must decide, the game ends, or `max_decisions` decisions (each knock answer counts)
  // have been made: a front end that shows the bots' moves one by one passes 1. Returns the
  // events, in order.
  Events tick(Millis now, int max_decisions = std::numeric_limits<int>::max());
  // At the end of a round (round_over()): deals the next round now and returns its events;
  // refused (with the reason) anywhere else.
  Outcome deal(Millis now);
  // Puts someone else in a seat (a bot takes over, a person takes it back, a seat is left
  // empty). A pending decision keeps its clock; a bot answers at the next tick().
  void replace_seat(int seat, Seat who);

  // --- Keeping the game --------------------------------------------------------------------
  // The whole table as JSON (docs/table-format.md): seats, clocks, answers of an open knock
  // window and the record, from which load() replays the state.
  nlohmann::json save() const;
  // Throws FormatError (engine/serialize.h) naming the field for malformed input, or a record
  // that its seed and options do not replay.
  static Table load(const nlohmann::json& j);

 private:
  Bot& bot_for(const std::string& spec);
  std::optional<Millis> deadline(int seat) const;
  // Applies one action of the current player through the recorder; starts the next clock.
  void apply(Action a, Millis now, Events& events);
  // Sends the answers of a complete knock window to the engine in its order.
  void close_window(Millis now, Events& events);
  // The chance step: the next round dealt from the state's Rng, through the recorder.
  void deal_next(Millis now, Events& events);
  // What the table plays for `seat` now (a bot's choice, or a timeout's), if anything.
  std::optional<Action> automatic(int seat, Millis now);
  Action bot_choice(Bot& bot, int seat);

  uint64_t seed_;
  State state_;
  GameRecorder recorder_;
  std::vector<Seat> seats_;
  std::string stand_in_;
  std::optional<Millis> round_pause_;
  Events opening_;
  uint64_t decisions_ = 0;
  int round_decisions_ = 0;  // decisions in the round being played, for the cap
  Millis since_{0};          // when the pending decision(s) became pending
  uint8_t answered_ = 0;     // bit p: p answered the open knock window
  std::array<Action, kMaxPlayers> answers_{};
  // Bots by spec, made on first use; each decision reseeds them (Bot::decide).
  std::vector<std::pair<std::string, std::unique_ptr<Bot>>> bots_;
};

}  // namespace allegra::table
