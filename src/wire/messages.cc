#include "wire/messages.h"

#include <utility>

#include "engine/event_json.h"
#include "engine/json_fields.h"
#include "engine/lines.h"
#include "engine/replay.h"
#include "engine/view_json.h"
#include "text/hint_text.h"

namespace allegra::wire {
namespace {

using nlohmann::json;

SharedText frame(const json& j) {
  // Text from clients (names, chat, error details) is valid UTF-8 by then; replace keeps a bug
  // from throwing here.
  return std::make_shared<const std::string>(
      j.dump(-1, ' ', false, json::error_handler_t::replace));
}

json id_json(std::optional<uint64_t> id) { return id ? json(*id) : json(nullptr); }

// Appends j's text to out, as frame() writes it, without a string of its own.
void append_json(std::string& out, const json& j) {
  nlohmann::detail::serializer<json> writer(nlohmann::detail::output_adapter<char>(out), ' ',
                                            json::error_handler_t::replace);
  writer.dump(j, false, false, 0);
}

json config_json(const RoomSettings& s) {
  return {{"options", s.options},
          {"knock_window_ms", s.knock_window.count()},
          {"turn_clock_ms", s.turn_clock ? json(s.turn_clock->count()) : json(nullptr)},
          {"grace_ms", s.grace.count()},
          {"zombie_bot", s.zombie_bot},
          {"hints", s.hints}};
}

json in_ms(std::optional<Millis> deadline, Millis now) {
  if (!deadline) return nullptr;
  return std::max<int64_t>(0, (*deadline - now).count());
}

json seat_json(const SeatInfo& s) {
  json j;
  switch (s.state) {
    case SeatState::kOpen:
      j = {{"kind", "open"}};
      break;
    case SeatState::kPerson:
      j = {{"kind", "person"}, {"name", s.name}, {"connected", s.connected}, {"zombie", s.zombie}};
      break;
    case SeatState::kBot:
      j = {{"kind", "bot"}, {"name", s.name}, {"level", s.level}};
      break;
  }
  return j;
}

json seats_json(const RoomInfo& room) {
  json seats = json::array();
  for (const SeatInfo& s : room.seats) seats.push_back(seat_json(s));
  return seats;
}

// The cells of each legal `clear` action, in the order of the legal list: the lines of the
// clearing player's display (State::complete_lines), matched by line id. Empty if none.
json clear_lines_json(const State& m, const ActionList& legal) {
  json out = json::array();
  LineList lines;
  for (Action a : legal) {
    if (a.type != ActionType::kClear) continue;
    const int clearer = m.clearer() != kNoPlayer ? m.clearer() : m.current_player();
    if (lines.empty()) m.complete_lines(clearer, lines);
    for (const Line& line : lines) {
      if (line.id != a.arg) continue;
      json cells = json::array();
      for (CellId c : line.cells) cells.push_back(cell_to_text(c));
      out.push_back({{"action", to_text(a)}, {"cells", std::move(cells)}});
      break;
    }
  }
  return out;
}

json pending_json(const GameSnapshot& game, Millis now) {
  json out = json::array();
  // The legal actions come from the public view: in a knock window every due seat may knock or
  // pass; otherwise the current player's legal actions.
  json current_legal = json::array();
  json current_lines = json::array();
  if (!game.pending.empty() && !game.pending.front().knock_window) {
    const ActionList legal = game.view.legal_actions();
    for (Action a : legal) current_legal.push_back(to_text(a));
    current_lines = clear_lines_json(game.view.masked(), legal);
  }
  for (const PendingSeat& p : game.pending) {
    json legal = p.knock_window ? json::array({"knock", "pass"}) : current_legal;
    json entry = {{"seat", p.seat},
                  {"legal", std::move(legal)},
                  {"in_ms", in_ms(p.deadline, now)},
                  {"knock_window", p.knock_window},
                  {"decision", game.decision}};
    if (!p.knock_window && !current_lines.empty()) entry["lines"] = current_lines;
    out.push_back(std::move(entry));
  }
  return out;
}

json rounds_json(const GameSnapshot& game) {
  json out = json::array();
  for (const RoundResult& r : game.rounds) {
    out.push_back(json_write::round_result_json(r, game.view.masked().players()));
  }
  return out;
}

}  // namespace

std::vector<RoundResult> scored_rounds(const GameRecord& record) {
  // 1. Replay the record: each round's result as the engine scored it (its empty displays
  //    come from the finished table, which the record does not keep).
  std::vector<RoundResult> out;
  ReplayCursor cursor(record);
  while (!cursor.at_end() && cursor.forward()) {
    if (static_cast<size_t>(cursor.state().rounds_played()) > out.size())
      out.push_back(cursor.state().last_round());
  }
  // 2. A record that does not replay (never one the server wrote): the rest from its numbers,
  //    an empty display known by its score.
  for (size_t i = out.size(); i < record.rounds.size(); ++i) {
    const RoundRecord& r = record.rounds[i];
    if (r.raw_half.empty()) break;  // the round being played (or not yet scored)
    uint8_t empty = 0;
    for (size_t p = 0; p < r.raw_half.size(); ++p)
      if (r.raw_half[p] == kEmptyDisplayHalf) empty |= static_cast<uint8_t>(1u << p);
    out.push_back(score_round(r.raw_half, r.ender, empty));
  }
  return out;
}

std::string_view room_status_name(RoomStatus s) {
  switch (s) {
    case RoomStatus::kLobby:
      return "lobby";
    case RoomStatus::kPlaying:
      return "playing";
    case RoomStatus::kOver:
      return "over";
  }
  return "lobby";
}

std::optional<RevealedSeed> RevealedSeed::of(const table::Table& t) {
  if (!t.game_over()) return std::nullopt;
  return RevealedSeed(t.seed());
}

GameSnapshot::GameSnapshot(PublicView v, const std::vector<table::Pending>& pending_list,
                           const std::vector<table::Seat>& seats, std::optional<RevealedSeed> s)
    : view(std::move(v)), seed(s) {
  for (const table::Pending& p : pending_list) {
    if (p.round_over) {
      round_over_deadline = p.deadline;
      continue;
    }
    PendingSeat ps{p.seat, p.deadline, p.knock_window};
    const bool bot = p.seat >= 0 && static_cast<size_t>(p.seat) < seats.size() &&
                     seats[static_cast<size_t>(p.seat)].kind != table::SeatKind::kPerson;
    if (bot && !p.knock_window) ps.deadline.reset();  // a bot's timing comes from the seed
    pending.push_back(ps);
  }
}

json table_json(const RoomInfo& room, const GameSnapshot* game, Millis now) {
  const RoomSettings& s = *room.settings;
  json j = {{"code", room.code},
            {"status", room_status_name(room.status)},
            {"game", room.game_id.empty() ? json(nullptr) : json(room.game_id)},
            {"public", s.is_public},
            {"config", config_json(s)},
            {"seats", seats_json(room)},
            {"spectators", room.spectators}};
  if (game == nullptr) {
    j["view"] = nullptr;
    j["pending"] = json::array();
    j["round_over"] = nullptr;
    j["rounds"] = json::array();
    j["seed"] = nullptr;
    return j;
  }
  j["view"] = public_view_to_json(game->view, LegalActionsKey::kWithout);
  j["pending"] = pending_json(*game, now);
  j["round_over"] = game->view.masked().is_chance_node()
                        ? json{{"in_ms", in_ms(game->round_over_deadline, now)}}
                        : json(nullptr);
  j["rounds"] = rounds_json(*game);
  j["seed"] = game->seed ? json(std::to_string(game->seed->value())) : json(nullptr);
  return j;
}

SharedText welcome_frame(std::string_view server_name, const ServerLimits& limits) {
  return frame({{"type", "welcome"},
                {"version", kProtocolVersion},
                {"server", server_name},
                {"limits",
                 {{"max_message_bytes", limits.max_message_bytes},
                  {"chat_chars", limits.chat_chars},
                  {"messages_per_s", limits.messages_per_s}}}});
}

SharedText created_frame(std::optional<uint64_t> id, std::string_view code,
                         std::string_view creator_token) {
  return frame({{"type", "created"},
                {"id", id_json(id)},
                {"code", code},
                {"link", "/t/" + std::string(code)},
                {"creator_token", creator_token}});
}

SharedText seated_frame(std::optional<uint64_t> id, std::string_view code, int seat,
                        std::optional<std::string_view> token) {
  json j = {{"type", "seated"}, {"id", id_json(id)}, {"code", code}, {"seat", seat}};
  j["token"] = token ? json(*token) : json(nullptr);
  return frame(j);
}

json table_summary_json(const RoomInfo& room) {
  int open = 0;
  for (const SeatInfo& s : room.seats) open += s.state == SeatState::kOpen ? 1 : 0;
  return {{"code", room.code},
          {"status", room_status_name(room.status)},
          {"players", room.seats.size()},
          {"open_seats", open},
          {"spectators", room.spectators},
          {"seats", seats_json(room)}};
}

SharedText tables_frame(std::optional<uint64_t> id, const std::vector<json>& summaries) {
  return frame({{"type", "tables"}, {"id", id_json(id)}, {"tables", summaries}});
}

SharedText state_frame(std::optional<uint64_t> id, uint64_t seq, const RoomInfo& room,
                       const GameSnapshot* game, const std::vector<ChatLine>& chat,
                       std::optional<int> you, Millis now) {
  json lines = json::array();
  for (const ChatLine& c : chat) {
    lines.push_back({{"seq", c.seq},
                     {"seat", c.seat ? json(*c.seat) : json(nullptr)},
                     {"name", c.name},
                     {"text", c.text}});
  }
  return frame({{"type", "state"},
                {"id", id_json(id)},
                {"seq", seq},
                {"table", table_json(room, game, now)},
                {"chat", std::move(lines)},
                {"you", you ? json(*you) : json(nullptr)}});
}

SharedText resumed_frame(std::optional<uint64_t> id, std::string_view code, uint64_t seq,
                         std::optional<int> you) {
  return frame({{"type", "resumed"},
                {"id", id_json(id)},
                {"code", code},
                {"seq", seq},
                {"you", you ? json(*you) : json(nullptr)}});
}

SharedText update_frame(uint64_t seq, const json& events, const RoomInfo& room,
                        const GameSnapshot* game, Millis now) {
  const RoomSettings& s = *room.settings;
  if (s.config_text.empty()) append_json(s.config_text, config_json(s));
  auto text = std::make_shared<std::string>();
  std::string& out = *text;
  out.reserve(s.config_text.size() + 3072);
  out += R"({"type":"update","seq":)";
  out += std::to_string(seq);
  out += R"(,"events":)";
  append_json(out, events);
  out += R"(,"table":{"code":)";
  append_json(out, json(room.code));
  out += R"(,"status":")";
  out += room_status_name(room.status);
  out += R"(","game":)";
  append_json(out, room.game_id.empty() ? json(nullptr) : json(room.game_id));
  out += s.is_public ? R"(,"public":true,"config":)" : R"(,"public":false,"config":)";
  out += s.config_text;
  out += R"(,"seats":)";
  append_json(out, seats_json(room));
  out += R"(,"spectators":)";
  out += std::to_string(room.spectators);
  if (game == nullptr) {
    out += R"(,"pending":[],"round_over":null,"rounds":[],"seed":null,"view":null}})";
    return text;
  }
  out += R"(,"pending":)";
  append_json(out, pending_json(*game, now));
  out += R"(,"round_over":)";
  if (game->view.masked().is_chance_node()) {
    out += R"({"in_ms":)";
    append_json(out, in_ms(game->round_over_deadline, now));
    out += '}';
  } else {
    out += "null";
  }
  out += R"(,"rounds":)";
  append_json(out, rounds_json(*game));
  out += R"(,"seed":)";
  append_json(out, game->seed ? json(std::to_string(game->seed->value())) : json(nullptr));
  out += R"(,"view":)";
  append_json(out, public_view_to_json(game->view, LegalActionsKey::kWithout));
  out += "}}";
  return text;
}

SharedText chat_frame(const ChatLine& line) {
  return frame({{"type", "chat"},
                {"seq", line.seq},
                {"seat", line.seat ? json(*line.seat) : json(nullptr)},
                {"name", line.name},
                {"text", line.text}});
}

SharedText pong_frame(std::optional<uint64_t> id) {
  return frame({{"type", "pong"}, {"id", id_json(id)}});
}

std::string_view hint_reason_code_name(bots::HintReasonCode code) {
  using enum bots::HintReasonCode;
  switch (code) {
    case kClears:
      return "clears";
    case kReplaceDown:
      return "replace_down";
    case kReplace:
      return "replace";
    case kPut:
      return "put";
    case kPutUnknown:
      return "put_unknown";
    case kReveal:
      return "reveal";
    case kDiscard:
      return "discard";
    case kDrawPile:
      return "draw_pile";
    case kDrawDiscard:
      return "draw_discard";
    case kKnock:
      return "knock";
    case kPass:
      return "pass";
    case kGive:
      return "give";
    case kRefuse:
      return "refuse";
    case kTake:
      return "take";
    case kTakeDown:
      return "take_down";
    case kClearLine:
      return "clear_line";
    case kLeaveLines:
      return "leave_lines";
  }
  return "pass";
}

std::string_view hint_order_name(bots::HintOrder order) {
  switch (order) {
    case bots::HintOrder::kByPoints:
      return "by_points";
    case bots::HintOrder::kEqualPoints:
      return "equal_points";
    case bots::HintOrder::kSearchPrefers:
      return "search_prefers";
  }
  return "by_points";
}

json hint_reason_json(const bots::HintReason& r) {
  using enum bots::HintReasonCode;
  // The arguments each code uses (bots/hint.h; text/hint_text.cc words them).
  bool card = false, old = false, mean = false;
  switch (r.code) {
    case kClears:
    case kPut:
    case kDrawDiscard:
    case kKnock:
    case kRefuse:
    case kTake:
      card = true;
      break;
    case kReplaceDown:
    case kDiscard:
      card = mean = true;
      break;
    case kReplace:
      card = old = true;
      break;
    case kReveal:
    case kDrawPile:
    case kTakeDown:
      mean = true;
      break;
    case kPutUnknown:
    case kPass:
    case kGive:
    case kClearLine:
    case kLeaveLines:
      break;
  }
  json j = {{"code", hint_reason_code_name(r.code)}};
  if (card) j["card"] = card_to_json(r.card);
  if (old) j["old"] = card_to_json(r.old);
  if (mean) j["mean"] = text::one_decimal(r.mean);
  return j;
}

SharedText hint_frame(std::optional<uint64_t> id, const bots::Hint& hint) {
  json moves = json::array();
  for (size_t i = 0; i < hint.moves.size(); ++i) {
    moves.push_back({{"action", to_text(hint.moves[i].action)},
                     {"expected", text::one_decimal(hint.moves[i].expected)},
                     {"reason", hint_reason_json(hint.reasons.at(i))}});
  }
  return frame({{"type", "hint"},
                {"id", id_json(id)},
                {"action", hint.moves.empty() ? json("") : json(to_text(hint.moves[0].action))},
                {"expected_now", text::one_decimal(hint.expected_now)},
                {"order", hint_order_name(hint.order)},
                {"moves", std::move(moves)}});
}

SharedText error_frame(std::optional<uint64_t> id, ErrorCode code, std::string_view message) {
  return frame({{"type", "error"},
                {"id", id_json(id)},
                {"code", error_code_name(code)},
                {"message", message}});
}

SharedText bye_frame(std::string_view reason) {
  return frame({{"type", "bye"}, {"reason", reason}});
}

json engine_events_json(const table::Events& events) {
  json out = json::array();
  for (const Event& e : events) out.push_back(event_to_json(e));
  return out;
}

json seat_event(std::string_view type, int seat) { return {{"type", type}, {"seat", seat}}; }

}  // namespace allegra::wire
