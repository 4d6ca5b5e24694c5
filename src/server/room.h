// Room: one table of the server, from its lobby through its games and rematches.
//
// What: the seats (open, a person holding a seat token, or a bot), the connections at the table
// (seated people and spectators), the creator's rights, the game (a table::Table) with the grace
// period and the zombie rule (a bot plays a person's seat after he has been gone too long or let
// his turn clock run out, until he comes back with his token), chat, and the sequence-numbered
// frames with a bounded backlog for reconnects.
//
// Log and replay: every change is first applied, then appended to the Store as one log line
// (kind + JSON with the table time "t") whose seq is also the seq of the frame it sends; a
// restarted server replays the log through the very same functions (replay_ mode sends and
// stores nothing), so a table resumes exactly. The table's clock is the server's plus offset_,
// chosen at restore so that table time goes on from the last logged moment; the game's clocks
// and the grace periods then start again with their full length (logged as a "clocks" line,
// which a later restart replays like any other).
//
// Errors: every refused request throws RoomError with the protocol's code; nothing changes then.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/hints.h"
#include "server/player_store.h"
#include "server/round_log.h"
#include "server/store.h"
#include "server/transport.h"
#include "server/wire_names.h"
#include "table/table.h"
#include "wire/table_delta.h"

namespace allegra::server {

struct HubConfig;
struct HubStats;

class RoomError : public std::runtime_error {
 public:
  RoomError(ErrorCode code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  ErrorCode code() const { return code_; }

 private:
  ErrorCode code_;
};

// Frames held until the store has committed (Hub::flush()).
class Outbox {
 public:
  void send(ConnectionId to, SharedText text) { items_.push_back({to, std::move(text), {}}); }
  void close(ConnectionId to, std::string reason) {
    items_.push_back({to, nullptr, std::move(reason)});
  }
  struct Item {
    ConnectionId to;
    SharedText text;  // null: close
    std::string reason;
  };
  std::vector<Item> take() { return std::exchange(items_, {}); }
  bool empty() const { return items_.empty(); }

 private:
  std::vector<Item> items_;
};

// Random numbers for codes, tokens and seeds (std::random_device, or a fixed seed in tests).
class Random {
 public:
  explicit Random(uint64_t seed);  // 0: std::random_device
  uint64_t next();
  std::string token();  // 128 bits, 32 lowercase hex digits

 private:
  bool device_;
  std::random_device rd_;
  std::mt19937_64 mt_;
};

// What a room needs from the hub.
struct RoomContext {
  Store& store;
  Outbox& out;
  const HubConfig& config;
  Random& random;
  HubStats& stats;
  // The players (accounts.h): the store's players (nullptr: none, as in the hub's tests) and the
  // player of each connection that has one (its session cookie at the upgrade).
  PlayerStore* players = nullptr;
  const std::unordered_map<ConnectionId, PlayerId>* connection_players = nullptr;
};

// CountedStatus: a room's status that keeps the hub's counts of lobby and playing tables
// (HubStats::tables_lobby, games_playing) as it changes.
//
// Why: the hub's once-a-second statistics used to visit every room for them, which at 1,000
// tables took a few percent of the server's CPU (cold memory) and at 5,000 tables would hold the
// io thread for milliseconds each second. As a member it is exception-safe: a room whose
// constructor throws, or that is destroyed, takes its count back.
class CountedStatus {
 public:
  explicit CountedStatus(HubStats& stats) : stats_(stats) { count(true); }
  ~CountedStatus() { count(false); }
  CountedStatus(const CountedStatus&) = delete;
  CountedStatus& operator=(const CountedStatus&) = delete;
  CountedStatus& operator=(RoomStatus status) {
    count(false);
    value_ = status;
    count(true);
    return *this;
  }
  operator RoomStatus() const { return value_; }  // NOLINT: reads as the status it is

 private:
  void count(bool add);  // one more (add) or one fewer table of value_'s status

  HubStats& stats_;
  RoomStatus value_ = RoomStatus::kLobby;
};

// The result of a finished rated game (docs/ratings.md), for the store's hook that moves the
// players' skills: per seat, the final total and whether the person left (a bot finished the
// game for him: the zombie bot played his seat when the game ended), and the places
// (rating::places_from_totals: lower totals first, equal totals tied, leavers last and tied).
// It is logged with the game's end (the "saved" line), so a restart or a replay gives the same.
struct RatedResult {
  std::string game_id;               // CODE-N, the game record's id
  std::vector<std::string> names;    // per seat, as at the game's end
  std::vector<int32_t> totals_half;  // per seat: the final total in half points
  std::vector<bool> left;            // per seat
  std::vector<int> places;           // per seat: 0 = first
  bool operator==(const RatedResult&) const = default;
};

class Room {
 public:
  // A new table (`create` is checked here: options, seats, bot specs). Logs its meta.
  Room(RoomContext ctx, std::string code, const Create& create, Millis now);
  // A table of the store, replayed to where it was.
  Room(RoomContext ctx, const StoredTable& stored, Millis now);
  ~Room();
  Room(const Room&) = delete;
  Room& operator=(const Room&) = delete;

  const std::string& code() const { return code_; }
  const std::string& creator_token() const { return creator_token_; }
  RoomStatus status() const { return status_; }
  bool is_public() const { return settings_.is_public; }
  uint64_t seq() const { return seq_; }
  RoomInfo info() const;
  // The connections that watch without a seat: info().spectators without building the rest
  // (the hub's once-a-second statistics ask every room).
  size_t spectators() const;
  size_t audience() const { return audience_.size(); }
  // The seat `c` holds, if any.
  std::optional<int> seat_of(ConnectionId c) const;

  // --- Requests of a connection (RoomError if refused) ------------------------------------
  // Comes to the table (see docs/protocol.md join); replies with state or resumed + frames.
  // `deltas`: the connection said it applies delta frames (hello); it gets them instead of
  // update frames.
  void join(ConnectionId c, const Join& m, std::optional<uint64_t> id, Millis now,
            bool deltas = false);
  void make_creator(ConnectionId c) { creators_.insert(c); }
  // Leaves (or is gone): a seated person keeps the seat.
  void leave(ConnectionId c, Millis now);
  void sit(ConnectionId c, const Sit& m, const std::string& hello_name, std::optional<uint64_t> id,
           Millis now);
  void stand(ConnectionId c, Millis now);
  void put_bot(ConnectionId c, const PutBot& m, Millis now);
  void start(ConnectionId c, Millis now);
  void act(ConnectionId c, const Act& m, Millis now);
  void chat(ConnectionId c, const std::string& text, const std::string& hello_name, Millis now);
  void rematch(ConnectionId c, Millis now);
  // Continue: c's seat is ready for the next deal (only while a finished round is on show;
  // again: nothing). Once every seat is ready the next round is dealt.
  void ready(ConnectionId c, Millis now);
  // The question `hint` asks for c's pending seat, and the view to search (RoomError if c may
  // not ask now: hints_off, not_seated, wrong_phase, not_your_turn).
  std::pair<HintQuestion, PublicView> hint(ConnectionId c, std::optional<uint64_t> id) const;
  // Is the question still the seat's pending decision (else its answer is stale)?
  bool hint_current(const HintQuestion& q) const;

  // --- Time ---------------------------------------------------------------------------------
  void tick(Millis now);
  std::optional<Millis> next_wake() const;  // server time
  // Nobody is here and the table has nothing more to do (lobby or over) since this time.
  std::optional<Millis> idle_since() const { return idle_since_; }
  // The whole table (Table::save() plus the room's seats) for tests of restore.
  nlohmann::json debug_json() const;
  const table::Table* game() const { return table_.get(); }
  int games() const { return games_; }  // games dealt at this table so far
  bool is_rated() const { return settings_.rated; }
  // THE function for the store's hook at a rated game's end (issue 29 §2, docs/ratings.md): the
  // result of the rated game that finished last at this table, from the moment its end is logged
  // (in the same request or tick that logs it, before the hub's flush commits) until the next
  // game starts; nullopt for an unrated table, before the first game's end and while a game is
  // played. Call it after each request and tick, and rate each game_id once.
  std::optional<RatedResult> rated_result() const;

  // --- Bots (Table rule 9: they decide off the hub's thread) ---------------------------------
  // The bot decisions the game asks for now, each once (none while replaying).
  std::vector<table::BotJob> take_bot_jobs();
  // A bot's answer; false if it is stale (dropped). The tick that plays it logs it.
  bool bot_answer(const table::BotMove& move);

 private:
  struct RoomSeat {
    SeatState state = SeatState::kOpen;
    std::string name, token, level;
    PlayerId player = 0;  // the player who took the seat (0: none known): he gets it back
    ConnectionId conn = 0;
    std::optional<Millis> left_at;  // table time the person's connection went
    bool zombie = false;
    // The last decision this person's act was accepted for: a second act for it (a double
    // click) is ignored quietly. Not logged: it only filters a connection's repeats.
    std::optional<uint64_t> answered;
    // On a rated table: the player's display rating (TABLE.seats[].rating), read from the store
    // when he sits and again when a rated game's result is stored.
    std::optional<SeatInfo::Rating> rating;
  };
  // TABLE.seats[].rating of a seat from the store (rated tables with a player only).
  void load_seat_rating(RoomSeat& seat) const;
  // TABLE.rating_changes of the rated game `game_id` from the store's rating history (empty: none).
  void load_rating_changes(const std::string& game_id);
  std::string rating_changes_;  // JSON text of TABLE.rating_changes; "" while null

  Millis t(Millis now) const { return now + offset_; }
  void check_seated(ConnectionId c, int* seat) const;
  void check_creator(ConnectionId c) const;
  // Logs a change, then sends the update frame (events) to everybody at the table.
  void commit_change(std::string_view kind, nlohmann::json entry, Millis tt,
                     wire::FrameEvents events);
  // commit_change of an action ("act": seat, action), its log line written without a tree.
  void commit_act(int seat, Action action, Millis tt, wire::FrameEvents events);
  // Logs the line `line` (JSON text of an object with "t") as change `kind`, then sends the frame.
  void commit_line(std::string_view kind, std::string line, Millis tt, wire::FrameEvents events);
  // A chat frame, the same for every connection.
  void broadcast(uint64_t seq, SharedText text);
  // A table frame: its delta to the connections that apply deltas, its update (written only if
  // a connection needs it) to the others.
  void broadcast_table(uint64_t seq, wire::FrameEvents events, Millis tt);
  std::optional<GameSnapshot> snapshot() const;
  table::Seat table_seat(int seat) const;
  std::string bot_name(int seat) const;
  // The player of connection `c` (0: none).
  PlayerId player_of(ConnectionId c) const;
  // Whether the table's games are rated (issue 29 §2): the `rated` creation option.
  bool rated() const;
  // The players of the game that just ended into the store (game_players.h).
  void store_players(const std::string& game_id, const GameRecord& record, Millis tt);

  // The changes, applied alike live and in replay (tt: table time).
  void do_sit(int seat, const std::string& name, const std::string& token, Millis tt);
  void do_stand(int seat, Millis tt);
  void do_bot(int seat, const std::optional<std::string>& level, Millis tt);
  void do_start(uint64_t seed, int first_player, Millis tt);
  table::Events do_act(int seat, Action a, Millis tt);
  table::Events do_tick(Millis tt, std::vector<int>* timed_out);
  void do_zombie(int seat, Millis tt);
  void do_back(int seat, Millis tt);
  void do_chat(std::optional<int> seat, const std::string& name, const std::string& text);
  void after_game_change(Millis tt);
  // Continue (docs/protocol.md): who is ready for the next deal, and when the room deals.
  bool seat_ready(int seat) const;
  std::vector<int> ready_seats() const;
  // When the room deals the next round itself: now once every seat is ready and a person
  // pressed Continue; after round_pause_unattended if nobody has to press it; else nullopt
  // (the table's own round pause deals).
  std::optional<Millis> deal_due() const;
  void maybe_deal(Millis tt);
  table::Events do_deal(Millis tt);
  void do_ready(int seat);
  void replay(const LogEntry& e);
  void replay_tick(uint64_t seq, const nlohmann::json& j, Millis tt);
  void update_idle(Millis now);

  RoomContext ctx_;
  std::string code_;
  RoomSettings settings_;
  RuleOptions options_;
  std::string creator_token_;
  CountedStatus status_{ctx_.stats};
  std::vector<RoomSeat> seats_;
  std::unique_ptr<table::Table> table_;
  // The scored rounds of table_'s game (TABLE's `rounds`), rebuilt from its record only when a
  // round more has been scored: snapshot() runs for every update frame.
  mutable std::vector<RoundResult> scored_rounds_;
  int games_ = 0;
  Millis game_started_{0};  // table time the game being played was dealt (for the log)
  std::string saved_game_;  // the id of the last game stored as a record
  // The last finished rated game's result (from its "saved" log line), until the next start.
  std::optional<RatedResult> rated_result_;
  // Which seats a rated game counts as left, and the result it logs at the game's end.
  std::vector<bool> rated_leavers() const;
  void set_rated_result(const std::string& game_id, const nlohmann::json& rated);
  void check_rated_create(const Create& create, const std::vector<SeatSpec>& specs) const;
  uint64_t seq_ = 0;
  Millis offset_{0};
  bool replaying_ = false;
  std::set<ConnectionId> audience_;
  std::set<ConnectionId> creators_;
  std::set<ConnectionId> delta_clients_;  // of audience_, those that apply delta frames
  // The frames sent, for reconnects: a table frame as update (null if no connection needed
  // it) and as delta; a chat frame is both.
  struct SentFrame {
    uint64_t seq;
    SharedText update, delta;
  };
  std::deque<SentFrame> backlog_;
  wire::DeltaWriter deltas_;  // the last table frame sent, to write the next delta
  size_t backlog_bytes_ = 0;
  std::deque<ChatLine> chat_;
  RoundLog round_log_;  // the round's events, for the `log` of a state frame
  std::optional<Millis> idle_since_;
  // The persons who pressed Continue in the finished round ready_round_ (rounds_played).
  std::set<int> pressed_ready_;
  int ready_round_ = -1;
};

}  // namespace allegra::server
