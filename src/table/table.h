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
//  2. A card drawn from the draw pile opens a knock window (R7), the engine's simultaneous
//     node: every seat of State::deciding_players() is pending at once. Each answer goes to the
//     engine as it comes (State::apply(seat, action)), which keeps it sealed until all have
//     answered or their deadlines have passed (a timeout counts as a pass); then the engine
//     reports every answer in the rulebook's order, clockwise from the active player's left.
//  3. A bot decides from the public view only (Bot::decide(view, seat, seed): in a knock window
//     the seat's decision view, the window as it opened), seeded from the game seed and the
//     index of the decision in the game (decision_seed.h; a knock answer's index is its place
//     in the rulebook's order), so a loaded game continues bit for bit.
//  4. A seat's decision clock starts when its decision becomes pending (for a knock window: when
//     it opens). A person who lets it run out is replaced for that one decision: a pass in a
//     knock window, else the stand-in bot's choice.
//  5. A round longer than kMaxDecisionsPerRound decisions played by tick() throws EndlessRound.
//  6. A round that is not the last ends at the engine's chance node (State::kRoundOver): the
//     finished table stays on show, every card face up, and pending() has one round-over entry
//     (seat kChancePlayer, no legal action). The next round is dealt by deal() (a front end
//     whose user pressed a key) or by tick() once the round pause has passed since the round
//     ended; with no round pause only deal() deals. The record gets the deal either way.
//  7. Server options (TableConfig; all off by default, so local play and simulations play as
//     before): a knock window deadline (every answer of a window is due that long after the
//     window opened, for every seat; a missed answer is a pass; the window still closes as
//     soon as every eligible seat has answered), a bot delay (a bot's decision is due only a
//     delay in [min, max] after it became pending, drawn from the game seed and the decision's
//     index like decision_seed.h, so a loaded game keeps its timing, and scaled by the phase's
//     bot_pace_percent() (half for a follow-up step, as a person answers it); in a knock window
//     each bot answers after its own delay, at the latest at the window's deadline), and the first
//     player of round 1 (a rematch moves the dealer on).
//  8. take_timed_out() tells which persons' own decision clocks ran out (rule 4; not a missed
//     knock window deadline of rule 7), so that a server can hand such a seat to a bot.
//  9. Bots elsewhere (set_bots_elsewhere(true), off by default): tick() never runs a bot. A
//     bot's decision (a bot seat's, or the stand-in's for a person whose own clock ran out) is
//     handed out once by take_bot_jobs() as a self-contained BotJob (a copy of the view the bot
//     sees, its spec and seed) as soon as it becomes pending, so that a front end can run it on
//     another thread (run_bot_job) while its delay runs; the front end hands the action back
//     with bot_answer(), which drops a stale one (the decision is over, or someone else must
//     answer it now). tick() plays a bot's answer once it is there and its delay has passed:
//     at max(delay, thinking time). Until the answer is there the bot's seat waits, even past
//     a knock window deadline, so the game is the one rule 3 plays. take_bot_moves() lists the
//     answers tick() played, so that a log can replay them with bot_answer() + tick() without
//     running the bot again.
#pragma once

#include <algorithm>
#include <array>
#include <boost/container/static_vector.hpp>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
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

// A bot's decision to be made away from the table (rule 9): all the bot needs, copied, so that
// it can run on any thread while the table goes on.
struct BotJob {
  int seat = 0;
  uint64_t decision = 0;  // the decision's index in the game (decision_seed.h)
  std::string spec;       // make_bot() spec of the bot that decides
  uint64_t seed = 0;      // decision_seed(game seed, decision)
  PublicView view;        // the public view (Bot::decide(view, seat, seed) gives the seat's)
};

// A bot's answer to a BotJob (the job's seat, decision and spec, and the chosen action).
struct BotMove {
  int seat = 0;
  uint64_t decision = 0;
  std::string spec;
  Action action;
  bool operator==(const BotMove&) const = default;
};

// Runs `job` with `bot` (made by make_bot(job.spec, ...)): the same job gives the same action,
// on any thread. Throws std::logic_error if the bot chooses an illegal action.
BotMove run_bot_job(const BotJob& job, Bot& bot);

// What happened, in order (a tick can play many actions: more than one EventList holds).
using Events = std::vector<Event>;

// The answer to submit(): the events it caused, or why it was refused (state unchanged).
struct Outcome {
  std::string error;  // empty: accepted
  Events events;      // a knock answer causes none until the window closes
  bool ok() const { return error.empty(); }
};

// The seats due to decide in `view` (State::deciding_players(); in a knock window in the
// rulebook's order). Depends on the public view only: resampling the hidden cards cannot change
// it, nor can the answers given so far in a knock window. A fixed-size list: asked several times
// per action, it allocates nothing.
using SeatList = boost::container::static_vector<int, kMaxPlayers>;
SeatList seats_due(const PublicView& view);

// The bot that plays a person's decision when his clock runs out (rule 4 above).
inline constexpr std::string_view kDefaultStandIn = "greedy";
// How long a finished round stays on show before tick() deals the next one (rule 6 above).
inline constexpr Millis kDefaultRoundPause{0};

// A bot's thinking time (rule 7): each decision waits a delay in [min, max] (inclusive).
struct BotDelay {
  Millis min{0};
  Millis max{0};
  bool operator==(const BotDelay&) const = default;
};

// Rule 7's pacing: the share (percent) of a bot's drawn delay that it waits for a decision of
// this phase. A person thinks over a real choice (what to draw, where to put the card, whether
// to give it to a knocker) and answers a follow-up step (a setup reveal, knock or pass, the
// knock's swap, take and put, a reveal after a discard, which line to clear) at a glance: so
// do the bots, at half their delay (0.5-1 s with the server's 1-2 s).
int bot_pace_percent(Phase phase);

// How a table runs, besides its seats. The defaults are local play: no knock window deadline,
// bots at once, player 0 first.
struct TableConfig {
  std::string stand_in = std::string(kDefaultStandIn);     // rule 4: plays a timed-out person
  std::optional<Millis> round_pause = kDefaultRoundPause;  // rule 6 (nullopt: only deal())
  std::optional<Millis> knock_window;  // rule 7: deadline of every knock answer (nullopt: none)
  BotDelay bot_delay;                  // rule 7
  int first_player = 0;                // rule 7: round 1's first player (0 .. players-1)
  bool operator==(const TableConfig&) const = default;
};

class Table {
 public:
  // A new game dealt from `seed`, one Seat per player. Throws std::invalid_argument for bad
  // options, a seat count that is not options.players, an unknown bot spec or a bad config
  // (a negative time, bot_delay.min > max, first_player out of range).
  Table(const RuleOptions& options, uint64_t seed, std::vector<Seat> seats, Millis now,
        TableConfig config);
  // The same with the default config but these two (the constructor of local play).
  // `round_pause`: see rule 6 (nullopt: the table waits for deal()).
  Table(const RuleOptions& options, uint64_t seed, std::vector<Seat> seats, Millis now,
        std::string stand_in = std::string(kDefaultStandIn),
        std::optional<Millis> round_pause = kDefaultRoundPause);

  // --- Reading the game --------------------------------------------------------------------
  bool game_over() const { return state_.is_terminal(); }
  // The round is over and scored; the next one is not dealt yet (rule 6).
  bool round_over() const { return state_.is_chance_node(); }
  std::vector<Pending> pending() const;
  // Masked once per state (a frame asks for it several times: the pending seats, the bots'
  // jobs, the next wake-up, the snapshot); a copy, so that it outlives the next action.
  PublicView view() const;
  // The real state, hidden cards included: for trusted code (records, tests), never a client.
  const State& state() const { return state_; }
  const std::vector<Seat>& seats() const { return seats_; }
  uint64_t seed() const { return seed_; }
  uint64_t decisions() const { return decisions_; }  // engine actions applied so far
  const TableConfig& config() const { return config_; }
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
  // The earliest time at which tick() would do something: a bot's decision due (at once if
  // it has no delay: then the time the decision became pending, maybe in the past), a
  // deadline, the round pause. nullopt: only a person's input (submit, deal) moves the game.
  std::optional<Millis> next_wake() const;
  // The person seats whose own decision clock (Seat::timeout) ran out in tick() since the
  // last call, each once, in ascending order; the list is then cleared. A missed knock window
  // deadline (rule 7) is not counted: it is the window's clock, not the seat's. Not saved (a
  // front end asks after each tick()).
  std::vector<int> take_timed_out();
  // Puts someone else in a seat (a bot takes over, a person takes it back, a seat is left
  // empty). A pending decision keeps its clock; a bot answers at the next tick() (its delay
  // counts from when the decision became pending).
  void replace_seat(int seat, Seat who);
  // The pending decisions' clocks (turn clock, knock window, bot delay, round pause) start
  // again at `now` with their full length, as if the decisions had just become pending: a
  // server that was down restarts them (its players could not act meanwhile). `now` must not
  // be before the time they started.
  void restart_clocks(Millis now) { since_ = std::max(since_, now); }

  // --- Bots elsewhere (rule 9) ---------------------------------------------------------------
  // Off: tick() runs the bots itself (local play, simulations). Not saved.
  void set_bots_elsewhere(bool on) { bots_elsewhere_ = on; }
  bool bots_elsewhere() const { return bots_elsewhere_; }
  // The bot decisions that became pending since the last call, each once (none when off).
  std::vector<BotJob> take_bot_jobs();
  // The answer to a job. False (dropped, nothing changes) if it is stale: the game is not at
  // that decision any more, or the seat is not to be answered by that bot now. Throws
  // std::invalid_argument for an illegal action of the current decision.
  bool bot_answer(const BotMove& move);
  // The bot answers that tick() played since the last call, in order; the list is then
  // cleared.
  std::vector<BotMove> take_bot_moves() { return std::exchange(bot_moves_, {}); }
  // How many bot decisions this table ran itself (rule 3; tick() with bots elsewhere off).
  uint64_t bots_run() const { return bots_run_; }

  // --- Keeping the game --------------------------------------------------------------------
  // The whole table as JSON (docs/table-format.md): seats, clocks, answers of an open knock
  // window and the record, from which load() replays the state.
  nlohmann::json save() const;
  // Throws FormatError (engine/serialize.h) naming the field for malformed input, or a record
  // that its seed and options do not replay.
  static Table load(const nlohmann::json& j);

 private:
  Bot& bot_for(const std::string& spec);
  // When the table decides for a person or empty seat (nullopt: never); in a knock window
  // with a deadline, that deadline for every seat.
  std::optional<Millis> deadline(int seat) const;
  // The index of `seat`'s pending decision in the game (decision_seed.h).
  uint64_t decision_index(int seat) const;
  // When a bot in `seat` answers its pending decision (rule 7).
  Millis bot_due(int seat) const;
  // Applies one action of `seat` (one of the engine's deciding players) through the recorder;
  // starts the next clock unless a knock window stays open.
  void apply(int seat, Action a, Millis now, Events& events);
  // The chance step: the next round dealt from the state's Rng, through the recorder.
  void deal_next(Millis now, Events& events);
  // What the table plays for `seat` now (a bot's choice, or a timeout's), if anything.
  std::optional<Action> automatic(int seat, Millis now);
  Action bot_choice(Bot& bot, int seat);
  // Rule 9: the spec of the bot that must answer `seat`'s pending decision, if any.
  std::optional<std::string> bot_need(int seat) const;
  // Rule 9: the answer of that bot, if it is there (it is then played: see take_bot_moves()).
  std::optional<Action> take_answer(int seat, const std::string& spec);

  uint64_t seed_;
  State state_;
  // state_'s public view, made on first use after each change (apply, deal_next). A Table is
  // used by one thread at a time, const or not.
  mutable std::optional<PublicView> view_;
  GameRecorder recorder_;
  std::vector<Seat> seats_;
  TableConfig config_;
  Events opening_;
  uint64_t decisions_ = 0;
  int round_decisions_ = 0;  // decisions in the round being played, for the cap
  Millis since_{0};          // when the pending decision(s) became pending
  uint8_t timed_out_ = 0;    // bit p: p's own clock ran out since take_timed_out()
  // Rule 9: per seat, the bot decision handed out or answered (decision index and spec).
  struct BotSlot {
    uint64_t decision = std::numeric_limits<uint64_t>::max();
    std::string spec;
    std::optional<Action> answer;
  };
  bool bots_elsewhere_ = false;
  std::array<BotSlot, kMaxPlayers> slots_{};
  // Rule 9: per seat, the decision whose own clock ran out (the stand-in answers it).
  std::array<std::optional<uint64_t>, kMaxPlayers> stand_in_{};
  std::vector<BotMove> bot_moves_;
  uint64_t bots_run_ = 0;
  // Bots by spec, made on first use; each decision reseeds them (Bot::decide).
  std::vector<std::pair<std::string, std::unique_ptr<Bot>>> bots_;
};

}  // namespace allegra::table
