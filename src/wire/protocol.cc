#include "wire/protocol.h"

#include <unicode/utf8.h>

#include <array>
#include <boost/container/small_vector.hpp>
#include <initializer_list>
#include <utility>

#include "engine/json_read.h"
#include "engine/player_name.h"

namespace allegra::wire {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, kNumErrorCodes> kErrorNames = {
    "bad_json",
    "too_long",
    "not_object",
    "missing_field",
    "bad_field",
    "unknown_type",
    "unsupported_version",
    "no_hello",
    "rate_limited",
    "no_table",
    "not_at_table",
    "bad_options",
    "bad_seat",
    "seat_taken",
    "already_seated",
    "not_seated",
    "bad_token",
    "bad_name",
    "not_creator",
    "wrong_phase",
    "seats_open",
    "not_your_turn",
    "bad_action",
    "illegal_action",
    "stale",
    "hints_off",
    "chat_too_long",
    "bad_chat",
    "chat_rate",
    "shutting_down",
    "internal",
    "future_decision",
    "too_many_tables",
    "server_full",
    "bot_not_allowed",
    "store_unavailable",
};

// A refusal inside the parser; parse_client_message() turns it into a ProtocolError.
struct Refusal {
  ErrorCode code;
  std::string message;
};

// The keys of one message: typed, range-checked getters that refuse with the key's name, and a
// final check that no other key is present.
class Fields {
 public:
  Fields(const json::object_t& object, std::string_view type) : object_(object), type_(type) {}

  const json* find(std::string_view key) {
    used_.push_back(key);
    auto it = object_.find(key);  // nlohmann's std::less<>: no std::string made for the lookup
    return it == object_.end() ? nullptr : &it->second;
  }
  const json& need(std::string_view key) {
    const json* j = find(key);
    if (j == nullptr) refuse(ErrorCode::kMissingField, std::string(key) + ": missing");
    return *j;
  }
  int64_t integer(const json& j, std::string_view key, int64_t lo, int64_t hi) {
    if (!j.is_number_integer()) bad(key, "must be an integer");
    const int64_t v = j.is_number_unsigned() && j.get<uint64_t>() > uint64_t(INT64_MAX)
                          ? INT64_MAX
                          : j.get<int64_t>();
    if (v < lo || v > hi) {
      bad(key, "must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + j.dump());
    }
    return v;
  }
  std::optional<int64_t> opt_integer(std::string_view key, int64_t lo, int64_t hi,
                                     bool null_ok = false) {
    const json* j = find(key);
    if (j == nullptr || (null_ok && j->is_null())) return std::nullopt;
    return integer(*j, key, lo, hi);
  }
  std::string string(const json& j, std::string_view key, size_t max_bytes) {
    if (!j.is_string()) bad(key, "must be a string");
    const auto& s = j.get_ref<const std::string&>();
    if (s.size() > max_bytes) {
      bad(key, "must be at most " + std::to_string(max_bytes) + " bytes long");
    }
    return s;
  }
  std::optional<std::string> opt_string(std::string_view key, size_t max_bytes,
                                        bool null_ok = false) {
    const json* j = find(key);
    if (j == nullptr || (null_ok && j->is_null())) return std::nullopt;
    return string(*j, key, max_bytes);
  }
  std::optional<bool> opt_bool(std::string_view key) {
    const json* j = find(key);
    if (j == nullptr) return std::nullopt;
    if (!j->is_boolean()) bad(key, "must be true or false");
    return j->get<bool>();
  }
  // Every key was asked for: anything else is a misspelling or a field of another type.
  void done() const {
    for (const auto& [key, value] : object_) {
      bool known = false;
      for (std::string_view u : used_) known = known || u == key;
      if (!known) {
        refuse(ErrorCode::kBadField,
               std::string(key.size() > 40 ? key.substr(0, 40) + "..." : key) +
                   ": unknown key for a \"" + std::string(type_) + "\" message");
      }
    }
  }
  [[noreturn]] void bad(std::string_view key, const std::string& what) const {
    refuse(ErrorCode::kBadField, std::string(key) + ": " + what);
  }
  [[noreturn]] static void refuse(ErrorCode code, std::string message) {
    throw Refusal{code, std::move(message)};
  }

 private:
  const json::object_t& object_;
  std::string_view type_;
  boost::container::small_vector<std::string_view, 24> used_ = {"type", "id"};  // no allocation
};

constexpr size_t kMaxCodeBytes = 16;
constexpr size_t kMaxTokenBytes = 64;
constexpr size_t kMaxSpecBytes = 64;
constexpr size_t kMaxNameBytes = 64;  // 16 code points of up to 4 bytes
constexpr int64_t kMaxSeats = 6;

std::string upper(std::string s) {
  for (char& c : s) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}

std::optional<std::string> name_field(Fields& f, std::string_view key) {
  auto name = f.opt_string(key, kMaxNameBytes);
  if (name) {
    if (auto problem = name_problem(*name)) {
      Fields::refuse(ErrorCode::kBadName, std::string(key) + ": the name " + *problem);
    }
  }
  return name;
}

std::optional<std::string> bot_spec(Fields& f, const json& j, std::string_view key) {
  if (j.is_null()) return std::nullopt;
  std::string spec = f.string(j, key, kMaxSpecBytes);
  if (spec.empty()) f.bad(key, "must name a bot (docs/bots.md)");
  return spec;
}

// A seat number: an integer (else bad_field), and one of a table's seats 0..5 at most (else
// bad_seat, like a seat the table at hand does not have).
int seat_field(Fields& f, const json& j, std::string_view key) {
  const int64_t seat = f.integer(j, key, INT64_MIN, INT64_MAX);
  if (seat < 0 || seat >= kMaxSeats) {
    Fields::refuse(ErrorCode::kBadSeat, std::string(key) + ": no seat " + j.dump() +
                                            "; a table has seats 0.." +
                                            std::to_string(kMaxSeats - 1) + " at most");
  }
  return static_cast<int>(seat);
}

Create parse_create(Fields& f) {
  Create m;
  if (const json* options = f.find("options")) {
    if (!options->is_object()) f.bad("options", "must be an object (the rule options)");
    m.options = *options;
  }
  if (const json* seats = f.find("seats")) {
    if (!seats->is_array() || seats->empty() || seats->size() > 6) {
      f.bad("seats", "must be an array of 1 to 6 seats");
    }
    std::vector<SeatSpec> specs;
    for (size_t i = 0; i < seats->size(); ++i) {
      const std::string key = "seats[" + std::to_string(i) + "]";
      const std::string s = f.string((*seats)[i], key, kMaxSpecBytes + 4);
      if (s == "person") {
        specs.push_back({});
      } else if (s.starts_with("bot:") && s.size() > 4) {
        specs.push_back({s.substr(4)});
      } else {
        f.bad(key, "must be \"person\" or \"bot:SPEC\", got " + json(s).dump());
      }
    }
    m.seats = std::move(specs);
  }
  m.is_public = f.opt_bool("public").value_or(true);
  if (auto v = f.opt_integer("knock_window_s", 1, 60)) m.knock_window_s = static_cast<int>(*v);
  if (auto v = f.opt_integer("turn_clock_s", 5, 3600, true)) m.turn_clock_s = static_cast<int>(*v);
  m.turn_clock_given = f.find("turn_clock_s") != nullptr;
  if (auto v = f.opt_integer("grace_s", 0, 3600)) m.grace_s = static_cast<int>(*v);
  if (const json* z = f.find("zombie_bot")) {
    m.zombie_bot = bot_spec(f, *z, "zombie_bot");
    if (!m.zombie_bot) f.bad("zombie_bot", "must name a bot (docs/bots.md)");
  }
  if (const json* sit = f.find("sit")) m.sit = seat_field(f, *sit, "sit");
  m.hints = f.opt_bool("hints").value_or(false);
  m.rated = f.opt_bool("rated").value_or(false);
  if (const json* invite = f.find("invite")) {
    if (!invite->is_array() || invite->size() > 5) {
      f.bad("invite", "must be an array of at most 5 player ids");
    } else {
      for (const json& id : *invite) {
        if (!id.is_number_integer() || id.get<int64_t>() < 1) {
          f.bad("invite", "must hold player ids (whole numbers from 1)");
          break;
        }
        m.invite.push_back(id.get<int64_t>());
      }
    }
  }
  return m;
}

Join parse_join(Fields& f, bool watch) {
  Join m;
  m.watch = watch;
  m.code = upper(f.string(f.need("code"), "code", kMaxCodeBytes));
  if (!watch) {
    m.token = f.opt_string("token", kMaxTokenBytes, true);
    m.creator_token = f.opt_string("creator_token", kMaxTokenBytes, true);
  }
  if (auto v = f.opt_integer("last_seq", 0, int64_t{1} << 53, true)) {
    m.last_seq = static_cast<uint64_t>(*v);
  }
  return m;
}

MessageBody parse_body(Fields& f, std::string_view type) {
  if (type == "hello") {
    Hello m;
    m.version = static_cast<int>(f.integer(f.need("version"), "version", 0, 1'000'000));
    m.name = name_field(f, "name");
    m.deltas = f.opt_bool("deltas").value_or(false);
    return m;
  }
  if (type == "create") return parse_create(f);
  if (type == "list") return List{};
  if (type == "join") return parse_join(f, false);
  if (type == "watch") return parse_join(f, true);
  if (type == "sit") {
    Sit m;
    m.seat = seat_field(f, f.need("seat"), "seat");
    m.name = name_field(f, "name");
    return m;
  }
  if (type == "stand") return Stand{};
  if (type == "bot") {
    PutBot m;
    m.seat = seat_field(f, f.need("seat"), "seat");
    m.level = bot_spec(f, f.need("level"), "level");
    return m;
  }
  if (type == "start") return Start{};
  if (type == "act") {
    Act m;
    m.action = f.string(f.need("action"), "action", 32);
    if (auto v = f.opt_integer("decision", 0, int64_t{1} << 53)) {
      m.decision = static_cast<uint64_t>(*v);
    }
    return m;
  }
  if (type == "chat") {
    Chat m;
    m.text = f.string(f.need("text"), "text", 16 * 1024);
    return m;
  }
  if (type == "hint") return Hint{};
  if (type == "rematch") return Rematch{};
  if (type == "ready") return Ready{};
  if (type == "leave") return Leave{};
  if (type == "ping") return Ping{};
  std::string shown(type.substr(0, 32));
  Fields::refuse(ErrorCode::kUnknownType,
                 "type: unknown message type " +
                     json(shown).dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace

std::string_view error_code_name(ErrorCode code) {
  const auto i = static_cast<size_t>(code);
  return i < kErrorNames.size() ? kErrorNames[i] : "internal";
}

ParseResult parse_client_message(std::string_view text, size_t max_bytes) {
  if (text.size() > max_bytes) {
    return ProtocolError{ErrorCode::kTooLong,
                         "the message is " + std::to_string(text.size()) + " bytes long; at most " +
                             std::to_string(max_bytes) + " are allowed",
                         std::nullopt};
  }
  // The JSON parser stops at a NUL byte, so whatever follows one would be ignored unread.
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos) {
    return ProtocolError{ErrorCode::kBadJson,
                         "not JSON: a NUL byte at offset " + std::to_string(nul) +
                             "; a message is one JSON object and nothing else",
                         std::nullopt};
  }
  json j;
  try {
    j = parse_json(text);
  } catch (const FormatError& e) {
    return ProtocolError{ErrorCode::kBadJson, std::string("not JSON: ") + e.what(), std::nullopt};
  }
  if (!j.is_object()) {
    return ProtocolError{ErrorCode::kNotObject, "a message must be a JSON object", std::nullopt};
  }
  const auto& object = j.get_ref<const json::object_t&>();
  std::optional<uint64_t> id;
  auto it = object.find("id");
  if (it != object.end()) {
    if (!it->second.is_number_unsigned() || it->second.get<uint64_t>() > kMaxMessageId) {
      return ProtocolError{ErrorCode::kBadField, "id: must be an integer 0..2^53", std::nullopt};
    }
    id = it->second.get<uint64_t>();
  }
  try {
    auto type = object.find("type");
    if (type == object.end()) {
      return ProtocolError{ErrorCode::kMissingField, "type: missing", id};
    }
    if (!type->second.is_string()) {
      return ProtocolError{ErrorCode::kBadField, "type: must be a string", id};
    }
    const auto& name = type->second.get_ref<const std::string&>();
    Fields fields(object, name);
    MessageBody body = parse_body(fields, name);
    fields.done();
    return ClientMessage{id, std::move(body)};
  } catch (const Refusal& r) {
    return ProtocolError{r.code, r.message, id};
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    return ProtocolError{ErrorCode::kBadField, e.what(), id};
  }
}

std::optional<ProtocolError> chat_problem(std::string_view text, size_t max_chars) {
  if (text.empty()) return ProtocolError{ErrorCode::kBadChat, "text: empty", std::nullopt};
  size_t chars = 0;
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c = 0;
    U8_NEXT(s, i, length, c);
    if (c < 0) return ProtocolError{ErrorCode::kBadChat, "text: not valid UTF-8", std::nullopt};
    if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029) {
      return ProtocolError{ErrorCode::kBadChat, "text: contains a control character", std::nullopt};
    }
    ++chars;
  }
  if (chars > max_chars) {
    return ProtocolError{ErrorCode::kChatTooLong,
                         "text: " + std::to_string(chars) + " characters; at most " +
                             std::to_string(max_chars) + " are allowed",
                         std::nullopt};
  }
  return std::nullopt;
}

}  // namespace allegra::wire
