#include "wire/client_writer.h"

#include <nlohmann/json.hpp>
#include <type_traits>
#include <variant>

namespace allegra::wire {
namespace {

using nlohmann::json;

template <class T>
void set_if(json& j, const char* key, const std::optional<T>& value) {
  if (value) j[key] = *value;
}

// The fields of each message type (the type and id are the caller's).
void write_fields(json& j, const Hello& m) {
  j["version"] = m.version;
  set_if(j, "name", m.name);
  if (m.deltas) j["deltas"] = true;
}

void write_fields(json& j, const Create& m) {
  j["options"] = m.options;
  if (m.seats) {
    json seats = json::array();
    for (const SeatSpec& s : *m.seats) seats.push_back(s.bot ? "bot:" + *s.bot : "person");
    j["seats"] = std::move(seats);
  }
  j["public"] = m.is_public;
  set_if(j, "knock_window_s", m.knock_window_s);
  set_if(j, "turn_clock_s", m.turn_clock_s);
  if (m.turn_clock_given && !m.turn_clock_s) j["turn_clock_s"] = nullptr;  // no clock, said so
  set_if(j, "grace_s", m.grace_s);
  set_if(j, "zombie_bot", m.zombie_bot);
  set_if(j, "sit", m.sit);
  if (m.hints) j["hints"] = true;
  if (m.rated) j["rated"] = true;
  if (!m.invite.empty()) j["invite"] = m.invite;
}

void write_fields(json& j, const Join& m) {
  j["code"] = m.code;
  if (!m.watch) {
    set_if(j, "token", m.token);
    set_if(j, "creator_token", m.creator_token);
  }
  set_if(j, "last_seq", m.last_seq);
}

void write_fields(json& j, const Sit& m) {
  j["seat"] = m.seat;
  set_if(j, "name", m.name);
}

void write_fields(json& j, const PutBot& m) {
  j["seat"] = m.seat;
  j["level"] = m.level ? json(*m.level) : json(nullptr);
}

void write_fields(json& j, const Act& m) {
  j["action"] = m.action;
  set_if(j, "decision", m.decision);
}

void write_fields(json& j, const Chat& m) { j["text"] = m.text; }

// The messages without fields: List, Stand, Start, Hint, Rematch, Leave, Ping, Ready.
template <class T>
void write_fields(json&, const T&) {}

}  // namespace

std::string_view client_type(const MessageBody& body) {
  return std::visit(
      [](const auto& m) -> std::string_view {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, Hello>)
          return "hello";
        else if constexpr (std::is_same_v<T, Create>)
          return "create";
        else if constexpr (std::is_same_v<T, List>)
          return "list";
        else if constexpr (std::is_same_v<T, Join>)
          return m.watch ? "watch" : "join";
        else if constexpr (std::is_same_v<T, Sit>)
          return "sit";
        else if constexpr (std::is_same_v<T, Stand>)
          return "stand";
        else if constexpr (std::is_same_v<T, PutBot>)
          return "bot";
        else if constexpr (std::is_same_v<T, Start>)
          return "start";
        else if constexpr (std::is_same_v<T, Act>)
          return "act";
        else if constexpr (std::is_same_v<T, Chat>)
          return "chat";
        else if constexpr (std::is_same_v<T, Hint>)
          return "hint";
        else if constexpr (std::is_same_v<T, Rematch>)
          return "rematch";
        else if constexpr (std::is_same_v<T, Leave>)
          return "leave";
        else if constexpr (std::is_same_v<T, Ready>)
          return "ready";
        else {
          static_assert(std::is_same_v<T, Ping>, "a message type without a name");
          return "ping";
        }
      },
      body);
}

std::string client_text(const ClientMessage& message) {
  json j = json::object();
  j["type"] = client_type(message.body);
  if (message.id) j["id"] = *message.id;
  std::visit([&j](const auto& m) { write_fields(j, m); }, message.body);
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace allegra::wire
