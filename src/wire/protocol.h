// The client side of the serve protocol (docs/protocol.md): any bytes in, a typed message or
// an error out.
//
// What: parse_client_message() reads one WebSocket text frame and checks its schema: JSON, an
// object, a known "type", the keys of that type and no others, each of the right type and
// range. It returns a ClientMessage (a std::variant of one struct per type) or a ProtocolError
// whose code is one of docs/protocol.md's and whose message names the problem. Checks that need
// a table (is it your turn, is the action legal, are the rule options valid) are the room's.
//
// Why a separate step: the hub acts only on typed, validated messages, and the parser is the
// part that meets raw bytes from the network, so it must never throw, crash or hang (fuzzed by
// fuzz/protocol_fuzz.cc, which links the server's own allegra_protocol objects). It has no
// network or database code, which keeps the fuzz target small.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace allegra::wire {

inline constexpr int kProtocolVersion = 1;

// Every error of docs/protocol.md ("Error codes").
enum class ErrorCode : uint8_t {
  kBadJson,
  kTooLong,
  kNotObject,
  kMissingField,
  kBadField,
  kUnknownType,
  kUnsupportedVersion,
  kNoHello,
  kRateLimited,
  kNoTable,
  kNotAtTable,
  kBadOptions,
  kBadSeat,
  kSeatTaken,
  kAlreadySeated,
  kNotSeated,
  kBadToken,
  kBadName,
  kNotCreator,
  kWrongPhase,
  kSeatsOpen,
  kNotYourTurn,
  kBadAction,
  kIllegalAction,
  kStale,
  kHintsOff,
  kChatTooLong,
  kBadChat,
  kChatRate,
  kShuttingDown,
  kInternal,
  kFutureDecision,  // act: the decision number has not come yet
  kTooManyTables,   // create: this connection or address holds as many open tables as allowed
  kServerFull,      // create: the server holds as many open tables as allowed
  kBotNotAllowed,   // create / bot: a bot spec this server does not offer (not a level)
  // Any change while the server's store (PostgreSQL) is away or behind.
  kStoreUnavailable,
};
inline constexpr int kNumErrorCodes = static_cast<int>(ErrorCode::kStoreUnavailable) + 1;
std::string_view error_code_name(ErrorCode code);  // "bad_json", ...

// The largest message id (JSON numbers up to 2^53 are exact in every client language).
inline constexpr uint64_t kMaxMessageId = uint64_t{1} << 53;
// The longest chat line, in code points, and the longest table code / token accepted.
inline constexpr size_t kMaxChatChars = 500;

// --- One struct per client message type ------------------------------------------------------
struct Hello {
  int version = kProtocolVersion;
  std::optional<std::string> name;
  // The client applies `delta` frames (docs/protocol.md "delta"): after a full TABLE it is sent
  // what changed instead of `update`.
  bool deltas = false;
};
// A seat at create: a person's (open) seat or a bot of make_bot() spec `bot`.
struct SeatSpec {
  std::optional<std::string> bot;  // nullopt: a person
  bool operator==(const SeatSpec&) const = default;
};
struct Create {
  nlohmann::json options = nlohmann::json::object();  // rule options, checked by the room
  std::optional<std::vector<SeatSpec>> seats;
  bool is_public = true;
  std::optional<int> knock_window_s;  // 1..60
  std::optional<int> turn_clock_s;    // 5..3600 (nullopt or JSON null: none)
  bool turn_clock_given = false;      // the key is there (null too): no server default
  std::optional<int> grace_s;         // 0..3600
  std::optional<std::string> zombie_bot;
  std::optional<int> sit;  // the seat the creator takes at once
  bool hints = false;      // seated people may ask for a hint
  // A rated table (docs/ratings.md): people only, the standard rules, no hints; a person who
  // leaves a game the bot finishes for him takes the last place.
  bool rated = false;
  // Play again (docs/protocol.md): the players invited to the new table (ids, at most 5).
  std::vector<int64_t> invite;
};
struct List {};
struct Join {
  std::string code;  // upper case
  std::optional<std::string> token;
  std::optional<std::string> creator_token;
  std::optional<uint64_t> last_seq;
  bool watch = false;  // "watch": as a spectator, no tokens
};
struct Sit {
  int seat = 0;
  std::optional<std::string> name;
};
struct Stand {};
struct PutBot {
  int seat = 0;
  std::optional<std::string> level;  // nullopt: open the seat again
};
struct Start {};
struct Act {
  std::string action;  // the action's text form, parsed by the room (it knows the players)
  std::optional<uint64_t> decision;  // the TABLE's pending "decision" this answers (else: any)
};
struct Chat {
  std::string text;
};
struct Hint {};  // the hint bot's choice for this connection's pending seat
struct Rematch {};
struct Ready {};  // this connection's seat is ready for the next deal (docs/protocol.md)
struct Leave {};
struct Ping {};

using MessageBody = std::variant<Hello, Create, List, Join, Sit, Stand, PutBot, Start, Act, Chat,
                                 Hint, Rematch, Leave, Ping, Ready>;

struct ClientMessage {
  std::optional<uint64_t> id;
  MessageBody body;
};

struct ProtocolError {
  ErrorCode code = ErrorCode::kInternal;
  std::string message;
  std::optional<uint64_t> id;  // the message's id, if it could be read
};

using ParseResult = std::variant<ClientMessage, ProtocolError>;

// Reads one frame. Never throws (std::bad_alloc aside).
ParseResult parse_client_message(std::string_view text, size_t max_bytes = 16 * 1024);

// Why `text` cannot be a chat line (empty, invalid UTF-8, a control character, longer than
// `max_chars` code points), or nullopt. The ErrorCode is kBadChat or kChatTooLong.
std::optional<ProtocolError> chat_problem(std::string_view text, size_t max_chars = kMaxChatChars);

}  // namespace allegra::wire
