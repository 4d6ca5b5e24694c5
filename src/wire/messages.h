// The server's outgoing messages (docs/protocol.md, "Server messages"), each serialised once.
//
// What: one function per message type, returning the frame's text (SharedText, shared by every
// recipient of a broadcast). The table's part is built from a RoomInfo (code, seats, settings:
// what the room knows about people) and a GameSnapshot (the game as everybody may see it).
//
// Why these types: no outgoing message may depend on a face-down card, the draw pile's order or
// the game seed before the game is over. So nothing here takes a State or a Table: a
// GameSnapshot holds a PublicView (the masked state), the pending seats without their legal
// actions (recomputed from the view) and the seed only through RevealedSeed, which exists only
// for a finished game. tests/server/hidden_card_test.cc checks that resampling the hidden cards
// changes no byte.
#pragma once

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bots/hint.h"
#include "engine/public_view.h"
#include "engine/record.h"
#include "engine/scoring.h"
#include "table/table.h"
#include "wire/protocol.h"
#include "wire/shared_text.h"

namespace allegra::wire {

using Millis = table::Millis;  // the server's steady clock, in milliseconds

enum class RoomStatus : uint8_t { kLobby, kPlaying, kOver };
std::string_view room_status_name(RoomStatus s);  // "lobby", "playing", "over"

enum class SeatState : uint8_t { kOpen, kPerson, kBot };

// A seat as everybody sees it (never its token).
struct SeatInfo {
  SeatState state = SeatState::kOpen;
  std::string name;
  std::string level;       // a bot's spec
  bool connected = false;  // a person's connection is at the table
  bool zombie = false;     // the zombie bot plays a person's seat
  // A person gone from the table: when the zombie bot takes the seat over (in the lobby: when
  // the seat opens again), on the clock of the frame's `now`; sent as `takeover_in_ms`.
  std::optional<Millis> takeover_at = std::nullopt;
  // A person's player (accounts: docs/accounts.md), 0 if none; sent as `player`.
  int64_t player = 0;
  // On a rated table, the player's display rating (docs/ratings.md); sent as `rating`.
  struct Rating {
    int display = 0;
    bool provisional = true;
    bool operator==(const Rating&) const = default;
  };
  std::optional<Rating> rating = std::nullopt;
};

// The table's settings (docs/protocol.md, create).
struct RoomSettings {
  nlohmann::json options;  // the rule options as JSON (options_to_json)
  bool is_public = true;
  Millis knock_window{5000};
  std::optional<Millis> turn_clock;
  Millis grace{60000};
  std::string zombie_bot = "greedy";
  bool hints = false;  // `hint` is answered
  bool rated = false;  // a rated table (docs/ratings.md): TABLE.config and list say so
  // The "config" object of TABLE, serialised at its first use (the settings never change once
  // the table exists): an update copies these bytes instead of building them again.
  mutable std::string config_text;
};

struct RoomInfo {
  std::string code;
  RoomStatus status = RoomStatus::kLobby;
  std::string game_id;  // CODE-N of the game dealt last; empty before the first
  const RoomSettings* settings = nullptr;
  boost::container::static_vector<SeatInfo, kMaxPlayers> seats;  // made per frame: no allocation
  size_t spectators = 0;
  // TABLE.rating_changes as JSON text (a rated game's stored result); nullptr: null.
  const std::string* rating_changes = nullptr;
};

// The game seed, which only a finished game reveals.
class RevealedSeed {
 public:
  // The table's seed if its game is over, else nullopt.
  static std::optional<RevealedSeed> of(const table::Table& t);
  uint64_t value() const { return seed_; }

 private:
  explicit RevealedSeed(uint64_t seed) : seed_(seed) {}
  uint64_t seed_;
};

// A seat that must decide now, without the legal actions (the snapshot derives them from the
// view) and without any bot timing (drawn from the seed).
struct PendingSeat {
  int seat = 0;
  std::optional<Millis> deadline;
  bool knock_window = false;
  bool operator==(const PendingSeat&) const = default;
};

struct GameSnapshot {
  PublicView view;
  boost::container::static_vector<PendingSeat, kMaxPlayers> pending;  // the seats due
  std::optional<Millis> round_over_deadline;  // the next deal, at a round's end
  std::vector<int> ready;  // at a round's end: the seats ready for the next deal (Continue)
  std::optional<RevealedSeed> seed;
  // Which decision is pending (Table::decisions(): the engine actions applied so far in this
  // game; the same for every seat of one knock window). A count, public like the view.
  uint64_t decision = 0;
  // The finished rounds of this game, in order (TABLE.rounds): their scores are public from
  // the moment the round is scored, so a page that joins late can show the whole scoreboard.
  std::vector<RoundResult> rounds;

  // From the table's pending list: bots' deadlines dropped, legal actions dropped.
  GameSnapshot(PublicView v, const std::vector<table::Pending>& pending_list,
               const std::vector<table::Seat>& seats, std::optional<RevealedSeed> s);
};

// The results of the scored rounds of a record, as the engine scored them: the record is
// replayed, since the empty displays come from the finished tables (a full replay: callers keep
// the list and append State::last_round() as rounds end).
std::vector<RoundResult> scored_rounds(const GameRecord& record);

// The "table" object (TABLE) of state and update, from its one writer: written straight into
// one string (no JSON tree but the engine's view and round results), the settings' bytes cached,
// the keys in the order of docs/protocol.md with the view last.
std::string table_text(const RoomInfo& room, const GameSnapshot* game, Millis now);

// TABLE cut into the texts of its keys, the unit of change of a `delta` frame (table_delta.h):
// every top-level key but the view (in kTableKeys' order), then the view's keys (the grids
// apart, as "" in their place), then every grid cell (player * 12 + index). Each text is what
// table_text() writes for that key, but `pending`: a delta carries it in its compact form
// (`delta_pending`, see append_delta_pending) and top[7] stays empty.
//
// Every part's text lives in the one string `text`, each part a range of it: one block of memory
// to write and to compare (a string per part scattered ~150 small blocks over the heap, read and
// written at every action of every table: at a thousand tables, cache misses). The string is
// reused from call to call (no allocation once it has grown), so a caller keeps one TableParts
// and fills it again.
struct TableParts {
  static constexpr std::array<std::string_view, 12> kTableKeys = {
      "code",       "status",  "game",       "public", "config", "seats",
      "spectators", "pending", "round_over", "rounds", "seed",   "rating_changes"};
  static constexpr size_t kMaxViewKeys = 40;  // the view has 29
  struct Range {
    uint32_t begin = 0, end = 0;
  };

  std::string text;
  std::array<Range, kTableKeys.size()> top{};
  bool has_view = false;
  size_t view_keys = 0;  // the first view_keys of view_names and view are used
  std::array<std::string_view, kMaxViewKeys> view_names{};  // the keys (literals); "grids": ""
  std::array<Range, kMaxViewKeys> view{};
  size_t cell_count = 0;  // the first cell_count of `cells`
  std::array<Range, kMaxCells> cells{};
  Range delta_pending;  // append_delta_pending's text

  std::string_view operator[](Range r) const {
    return std::string_view(text).substr(r.begin, r.end - r.begin);
  }
  // Empties every part, keeping the string's capacity.
  void clear() {
    text.clear();
    top.fill({});
    has_view = false;
    view_keys = cell_count = 0;
    delta_pending = {};
  }
  // Writes part `r`: what `write(text)` appends to `text`.
  template <class Write>
  void write(Range& r, Write&& write) {
    r.begin = static_cast<uint32_t>(text.size());
    write(text);
    r.end = static_cast<uint32_t>(text.size());
  }
};
void table_parts(TableParts& out, const RoomInfo& room, const GameSnapshot* game, Millis now);

// A delta's `pending` (docs/protocol.md "delta"): TABLE.pending written compactly, since it is
// in every delta and was a third of its bytes. Adjacent seats whose entries are equal but for
// the seat share one entry (`seats`: a knock window's seats); `in_ms` null and `knock_window`
// false are left out; in `legal`, adjacent actions of one verb with an argument are one array
// [verb, arg, arg, ...] ("swap 0a0", "swap 0a1" as ["swap", "0a0", "0a1"]). apply_delta
// (table_delta.h) and the web's applyDelta expand it to exactly TABLE.pending.
void append_delta_pending(std::string& out, const GameSnapshot* game, Millis now);

// One chat line as sent and as kept in the history.
struct ChatLine {
  uint64_t seq = 0;
  std::optional<int> seat;
  std::string name;
  std::string text;
};

struct ServerLimits {
  size_t max_message_bytes = 16 * 1024;
  size_t chat_chars = kMaxChatChars;
  double messages_per_s = 20;
};

SharedText welcome_frame(std::string_view server_name, const ServerLimits& limits);
SharedText created_frame(std::optional<uint64_t> id, std::string_view code,
                         std::string_view creator_token);
// `token`: only at sit-down (a seat taken back with join gets none).
// `invitation` (docs/protocol.md): `from_player` is the inviter's player summary as JSON text.
SharedText invitation_frame(std::string_view code, std::string_view from_player);
SharedText seated_frame(std::optional<uint64_t> id, std::string_view code, int seat,
                        std::optional<std::string_view> token);
// One table of the `tables` reply (code, status, players, open_seats, spectators, seats).
std::string table_summary_text(const RoomInfo& room);
SharedText tables_frame(std::optional<uint64_t> id, const std::vector<std::string>& summaries);
// `log`: the round's events so far as JSON text ([{"seq", "event"}, ...], server/round_log.h).
SharedText state_frame(std::optional<uint64_t> id, uint64_t seq, const RoomInfo& room,
                       const GameSnapshot* game, const std::vector<ChatLine>& chat,
                       std::optional<int> you, Millis now, std::string_view log = "[]");
// The reply to a join whose last_seq the server can serve; the missed frames follow it.
SharedText resumed_frame(std::optional<uint64_t> id, std::string_view code, uint64_t seq,
                         std::optional<int> you);
// The events of a frame: the engine's, written straight from their structs (view_text.h
// append_event_text: no JSON tree per action), or any others as a JSON array (the table's own:
// sat, left, game-started, ...). Holds a reference: it lives as long as the call it is passed to.
class FrameEvents {
 public:
  FrameEvents(const nlohmann::json& events) : json_(&events) {}  // NOLINT: any JSON array
  static FrameEvents engine(std::span<const Event> events) { return FrameEvents(events); }
  // The JSON array, each event with its English `text` (as event_to_json) or without it.
  void append(std::string& out, bool with_text) const;

 private:
  explicit FrameEvents(std::span<const Event> events) : engine_(events) {}
  const nlohmann::json* json_ = nullptr;  // null: the engine's events
  std::span<const Event> engine_;
};

// {"type": "update", "seq", "events", "table": table_text(room, game, now)}, in this order: a
// client that needs only the pending seats can stop reading at the view. A state frame is
// {"type", "id", "seq", "you", "chat", "log", "table"}, the table last too.
SharedText update_frame(uint64_t seq, FrameEvents events, const RoomInfo& room,
                        const GameSnapshot* game, Millis now);
SharedText chat_frame(const ChatLine& line);
SharedText pong_frame(std::optional<uint64_t> id);
// The hint as data (docs/protocol.md "hint"): the moves best first with their expected scores
// and reasons, points rounded to one decimal; the client words it in its own language.
SharedText hint_frame(std::optional<uint64_t> id, const bots::Hint& hint);
std::string_view hint_order_name(bots::HintOrder order);  // "by_points", "equal_points", ...
SharedText error_frame(std::optional<uint64_t> id, ErrorCode code, std::string_view message);
SharedText bye_frame(std::string_view reason);

// The table's own events of an update (docs/protocol.md, "update").
nlohmann::json seat_event(std::string_view type, int seat);

}  // namespace allegra::wire
