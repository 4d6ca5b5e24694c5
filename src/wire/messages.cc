#include "wire/messages.h"

#include <utility>

#include "bots/hint_json.h"
#include "engine/json_fields.h"
#include "engine/lines.h"
#include "engine/replay.h"
#include "engine/view_json.h"
#include "text/hint_text.h"
#include "wire/view_text.h"

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
void append_json(std::string& out, const json& j) { append_json_text(out, j); }

json config_json(const RoomSettings& s) {
  json j = {{"options", s.options},
            {"knock_window_ms", s.knock_window.count()},
            {"turn_clock_ms", s.turn_clock ? json(s.turn_clock->count()) : json(nullptr)},
            {"grace_ms", s.grace.count()},
            {"zombie_bot", s.zombie_bot},
            {"hints", s.hints}};
  if (s.rated) j["rated"] = true;  // only on rated tables: every other frame stays as it was
  return j;
}

// --- The text writers of TABLE's parts (appended to one string, no JSON tree) ---------------

void append_int(std::string& out, int64_t v) { append_int_text(out, v); }
void append_bool(std::string& out, bool b) { append_bool_text(out, b); }
// A text from people (names, codes, bot specs), escaped as nlohmann's serializer does.
void append_string(std::string& out, std::string_view text) { append_string_text(out, text); }
// A text the engine writes (an action, a cell): plain ASCII, nothing to escape.
void append_plain(std::string& out, std::string_view ascii) {
  out += '"';
  out += ascii;
  out += '"';
}
// An action's text (no allocation: written in place).
void append_action(std::string& out, Action a) {
  out += '"';
  append_text(out, a);
  out += '"';
}

// A deadline as the time left (never negative), or null.
void append_in_ms(std::string& out, std::optional<Millis> deadline, Millis now) {
  if (!deadline) {
    out += "null";
    return;
  }
  append_int(out, std::max<int64_t>(0, (*deadline - now).count()));
}

// {"kind": "open"}, {"kind": "person", "name", "connected", "zombie"} or {"kind": "bot", "name",
// "level"}, one per seat: TABLE.seats and the summaries of `tables`.
// TABLE's `round_over`: while a finished round is on show, the time to the next deal and the
// seats ready for it (Continue); else null. One writer for the whole TABLE and the delta.
void append_round_over(std::string& out, const GameSnapshot& game, Millis now) {
  if (!game.view.masked().is_chance_node()) {
    out += "null";
    return;
  }
  out += R"({"in_ms":)";
  append_in_ms(out, game.round_over_deadline, now);
  out += R"(,"ready":[)";
  for (size_t i = 0; i < game.ready.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(game.ready[i]);
  }
  out += "]}";
}

void append_seats(std::string& out, const RoomInfo& room, std::optional<Millis> now = {}) {
  out += '[';
  for (size_t i = 0; i < room.seats.size(); ++i) {
    const SeatInfo& s = room.seats[i];
    if (i > 0) out += ',';
    switch (s.state) {
      case SeatState::kOpen:
        out += R"({"kind":"open"})";
        break;
      case SeatState::kPerson:
        out += R"({"kind":"person","name":)";
        append_string(out, s.name);
        out += R"(,"connected":)";
        append_bool(out, s.connected);
        out += R"(,"zombie":)";
        append_bool(out, s.zombie);
        if (now && s.takeover_at) {
          out += R"(,"takeover_in_ms":)";
          append_in_ms(out, s.takeover_at, *now);
        }
        if (s.player != 0) {
          out += R"(,"player":)";
          append_int(out, s.player);
        }
        if (s.rating) {
          out += R"(,"rating":{"display":)";
          append_int(out, s.rating->display);
          out += R"(,"provisional":)";
          append_bool(out, s.rating->provisional);
          out += '}';
        }
        out += '}';
        break;
      case SeatState::kBot:
        out += R"({"kind":"bot","name":)";
        append_string(out, s.name);
        out += R"(,"level":)";
        append_string(out, s.level);
        out += '}';
        break;
    }
  }
  out += ']';
}

// The cells of each legal `clear` action, in the order of the legal list: the lines of the
// clearing player's display (State::complete_lines), matched by line id. "" if there is none,
// else `[{"action": "clear row-b1", "cells": ["1b1", "1b2", "1b3"]}, ...]`.
// Written into `out`, which the caller has cleared.
void clear_lines_text(std::string& out, const State& m, const ActionList& legal) {
  LineList lines;
  for (Action a : legal) {
    if (a.type != ActionType::kClear) continue;
    const int clearer = m.clearer() != kNoPlayer ? m.clearer() : m.current_player();
    if (lines.empty()) m.complete_lines(clearer, lines);
    for (const Line& line : lines) {
      if (line.id != a.arg) continue;
      out += out.empty() ? "[" : ",";
      out += R"({"action":)";
      append_action(out, a);
      out += R"(,"cells":[)";
      for (size_t i = 0; i < line.cells.size(); ++i) {
        if (i > 0) out += ',';
        out += '"';
        append_cell_text(out, line.cells[i]);
        out += '"';
      }
      out += "]}";
      break;
    }
  }
  if (!out.empty()) out += ']';
}

// TABLE.pending: the seats that decide now, each with the legal actions (from the public view:
// in a knock window every due seat may knock or pass; otherwise the current player's legal
// actions) and, with a choice of lines, the cells of each.
void append_pending(std::string& out, const GameSnapshot& game, Millis now) {
  // Scratch strings kept from frame to frame (no allocation once they have grown).
  thread_local std::string current_legal, current_lines;
  current_legal = "[]";
  current_lines.clear();
  if (!game.pending.empty() && !game.pending.front().knock_window) {
    const ActionList legal = game.view.legal_actions();
    current_legal = "[";
    for (size_t i = 0; i < legal.size(); ++i) {
      if (i > 0) current_legal += ',';
      append_action(current_legal, legal[i]);
    }
    current_legal += ']';
    clear_lines_text(current_lines, game.view.masked(), legal);
  }
  out += '[';
  for (size_t i = 0; i < game.pending.size(); ++i) {
    const PendingSeat& p = game.pending[i];
    if (i > 0) out += ',';
    out += R"({"seat":)";
    append_int(out, p.seat);
    out += R"(,"legal":)";
    out += p.knock_window ? R"(["knock","pass"])" : current_legal;
    out += R"(,"in_ms":)";
    append_in_ms(out, p.deadline, now);
    out += R"(,"knock_window":)";
    append_bool(out, p.knock_window);
    out += R"(,"decision":)";
    out += std::to_string(game.decision);
    if (!p.knock_window && !current_lines.empty()) {
      out += R"(,"lines":)";
      out += current_lines;
    }
    out += '}';
  }
  out += ']';
}

// The legal list of a delta's pending entry (messages.h append_delta_pending): adjacent actions
// of one verb with an argument as one text "verb arg arg ...", every other action as its text.
void append_grouped_legal(std::string& out, const ActionList& legal) {
  out += '[';
  // Scratch texts kept from frame to frame (no allocation once they have grown).
  thread_local std::string group_verb, text;
  group_verb.clear();  // the verb of the group the last action opened or joined ("": none)
  for (size_t i = 0; i < legal.size(); ++i) {
    text.clear();
    append_text(text, legal[i]);
    const size_t space = text.find(' ');
    if (space == std::string::npos) {
      if (i > 0) out += ',';
      append_plain(out, text);
      group_verb.clear();
      continue;
    }
    if (!group_verb.empty() && text.compare(0, space, group_verb) == 0 &&
        group_verb.size() == space) {
      out.back() = ' ';  // the group's closing quote becomes the separator
      out.append(text, space + 1);
      out += '"';
      continue;
    }
    if (i > 0) out += ',';
    append_plain(out, text);
    group_verb.assign(text, 0, space);
  }
  out += ']';
}

// TABLE.rounds: each finished round's result in the engine's form (the view's last_round).
void append_rounds(std::string& out, const GameSnapshot& game) {
  out += '[';
  for (size_t i = 0; i < game.rounds.size(); ++i) {
    if (i > 0) out += ',';
    append_round_result_text(out, game.rounds[i], game.view.masked().players());
  }
  out += ']';
}

// The one writer of TABLE (docs/protocol.md), for `update` and `state` alike: straight into
// `out`, the settings' bytes cached (they never change once the table exists), the keys in the
// order of the document with the view last, so that a client that needs only the pending seats
// can stop reading there.
void append_table(std::string& out, const RoomInfo& room, const GameSnapshot* game, Millis now) {
  const RoomSettings& s = *room.settings;
  if (s.config_text.empty()) append_json(s.config_text, config_json(s));
  out += R"({"code":)";
  append_string(out, room.code);
  out += R"(,"status":")";
  out += room_status_name(room.status);
  out += R"(","game":)";
  if (room.game_id.empty()) {
    out += "null";
  } else {
    append_string(out, room.game_id);
  }
  out += s.is_public ? R"(,"public":true,"config":)" : R"(,"public":false,"config":)";
  out += s.config_text;
  out += R"(,"seats":)";
  append_seats(out, room, now);
  out += R"(,"spectators":)";
  out += std::to_string(room.spectators);
  if (game == nullptr) {
    out += R"(,"pending":[],"round_over":null,"rounds":[],"seed":null,"rating_changes":)";
    out += room.rating_changes ? *room.rating_changes : std::string_view("null");
    out += R"(,"view":null})";
    return;
  }
  out += R"(,"pending":)";
  append_pending(out, *game, now);
  out += R"(,"round_over":)";
  append_round_over(out, *game, now);
  out += R"(,"rounds":)";
  append_rounds(out, *game);
  out += R"(,"seed":)";
  if (game->seed) {
    append_plain(out, std::to_string(game->seed->value()));
  } else {
    out += "null";
  }
  out += R"(,"rating_changes":)";
  out += room.rating_changes ? *room.rating_changes : std::string_view("null");
  out += R"(,"view":)";
  append_view_text(out, game->view);
  out += '}';
}

json chat_line_json(const ChatLine& c) {
  return {{"seq", c.seq},
          {"seat", c.seat ? json(*c.seat) : json(nullptr)},
          {"name", c.name},
          {"text", c.text}};
}

}  // namespace

void append_delta_pending(std::string& out, const GameSnapshot* game, Millis now) {
  if (game == nullptr || game->pending.empty()) {
    out += "[]";
    return;
  }
  // 1. The current player's legal list and lines (every non-knock entry has the same).
  thread_local std::string legal_text, lines;
  legal_text.clear();
  lines.clear();
  if (!game->pending.front().knock_window) {
    const ActionList legal = game->view.legal_actions();
    append_grouped_legal(legal_text, legal);
    clear_lines_text(lines, game->view.masked(), legal);
  }
  // 2. One entry per run of adjacent seats that differ only in the seat.
  const auto same_entry = [&](const PendingSeat& a, const PendingSeat& b) {
    return a.knock_window == b.knock_window && a.deadline.has_value() == b.deadline.has_value() &&
           (!a.deadline || std::max<int64_t>(0, (*a.deadline - now).count()) ==
                               std::max<int64_t>(0, (*b.deadline - now).count()));
  };
  out += '[';
  const auto& pending = game->pending;
  for (size_t i = 0; i < pending.size();) {
    const PendingSeat& p = pending[i];
    if (i > 0) out += ',';
    out += R"({"seats":[)";
    size_t end = i;
    for (; end < pending.size() && same_entry(p, pending[end]); ++end) {
      if (end > i) out += ',';
      append_int(out, pending[end].seat);
    }
    out += R"(],"legal":)";
    out += p.knock_window ? std::string_view(R"(["knock","pass"])") : legal_text;
    if (p.deadline) {
      out += R"(,"in_ms":)";
      append_in_ms(out, p.deadline, now);
    }
    if (p.knock_window) out += R"(,"knock_window":true)";
    out += R"(,"decision":)";
    out += std::to_string(game->decision);
    if (!p.knock_window && !lines.empty()) {
      out += R"(,"lines":)";
      out += lines;
    }
    out += '}';
    i = end;
  }
  out += ']';
}

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

void table_parts(TableParts& out, const RoomInfo& room, const GameSnapshot* game, Millis now) {
  // 1. The top-level keys, each written by the helper table_text() uses for it.
  const RoomSettings& s = *room.settings;
  if (s.config_text.empty()) append_json(s.config_text, config_json(s));
  out.clear();
  auto& top = out.top;
  out.write(top[0], [&](std::string& t) { append_string(t, room.code); });
  out.write(top[1], [&](std::string& t) { append_plain(t, room_status_name(room.status)); });
  out.write(top[2], [&](std::string& t) {
    if (room.game_id.empty()) {
      t += "null";
    } else {
      append_string(t, room.game_id);
    }
  });
  out.write(top[3], [&](std::string& t) { append_bool(t, s.is_public); });
  out.write(top[4], [&](std::string& t) { t += s.config_text; });
  out.write(top[5], [&](std::string& t) { append_seats(t, room, now); });
  out.write(top[6], [&](std::string& t) { append_int(t, room.spectators); });
  out.write(top[11], [&](std::string& t) {
    t += room.rating_changes ? *room.rating_changes : std::string_view("null");
  });
  out.write(out.delta_pending, [&](std::string& t) { append_delta_pending(t, game, now); });
  if (game == nullptr) {
    out.write(top[8], [](std::string& t) { t += "null"; });
    out.write(top[9], [](std::string& t) { t += "[]"; });
    out.write(top[10], [](std::string& t) { t += "null"; });
    return;
  }
  out.write(top[8], [&](std::string& t) { append_round_over(t, *game, now); });
  out.write(top[9], [&](std::string& t) { append_rounds(t, *game); });
  out.write(top[10], [&](std::string& t) {
    if (game->seed) {
      append_plain(t, std::to_string(game->seed->value()));
    } else {
      t += "null";
    }
  });
  // 2. The view's keys in the order the view's JSON has them, the grids cell by cell.
  view_text_parts(out, game->view);
}

std::string table_text(const RoomInfo& room, const GameSnapshot* game, Millis now) {
  std::string out;
  append_table(out, room, game, now);
  return out;
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

SharedText invitation_frame(std::string_view code, std::string_view from_player) {
  return frame(json{{"type", "invitation"}, {"code", code}, {"from", json::parse(from_player)}});
}

std::string table_summary_text(const RoomInfo& room) {
  int open = 0;
  for (const SeatInfo& s : room.seats) open += s.state == SeatState::kOpen ? 1 : 0;
  std::string out = R"({"code":)";
  append_string(out, room.code);
  out += R"(,"status":")";
  out += room_status_name(room.status);
  out += R"(","players":)";
  out += std::to_string(room.seats.size());
  out += R"(,"open_seats":)";
  append_int(out, open);
  out += R"(,"spectators":)";
  out += std::to_string(room.spectators);
  out += R"(,"seats":)";
  append_seats(out, room);
  if (room.settings != nullptr && room.settings->rated) out += R"(,"rated":true)";
  out += '}';
  return out;
}

SharedText tables_frame(std::optional<uint64_t> id, const std::vector<std::string>& summaries) {
  std::string out = R"({"type":"tables","id":)";
  append_json(out, id_json(id));
  out += R"(,"tables":[)";
  for (size_t i = 0; i < summaries.size(); ++i) {
    if (i > 0) out += ',';
    out += summaries[i];
  }
  out += "]}";
  return std::make_shared<const std::string>(std::move(out));
}

SharedText state_frame(std::optional<uint64_t> id, uint64_t seq, const RoomInfo& room,
                       const GameSnapshot* game, const std::vector<ChatLine>& chat,
                       std::optional<int> you, Millis now, std::string_view log) {
  json lines = json::array();
  for (const ChatLine& c : chat) lines.push_back(chat_line_json(c));
  auto text = std::make_shared<std::string>();
  std::string& out = *text;
  out += R"({"type":"state","id":)";
  append_json(out, id_json(id));
  out += R"(,"seq":)";
  out += std::to_string(seq);
  out += R"(,"you":)";
  append_json(out, you ? json(*you) : json(nullptr));
  out += R"(,"chat":)";
  append_json(out, lines);
  out += R"(,"log":)";
  out += log;
  out += R"(,"table":)";
  append_table(out, room, game, now);
  out += '}';
  return text;
}

SharedText resumed_frame(std::optional<uint64_t> id, std::string_view code, uint64_t seq,
                         std::optional<int> you) {
  return frame({{"type", "resumed"},
                {"id", id_json(id)},
                {"code", code},
                {"seq", seq},
                {"you", you ? json(*you) : json(nullptr)}});
}

void FrameEvents::append(std::string& out, bool with_text) const {
  if (json_ == nullptr) {
    out += '[';
    for (size_t i = 0; i < engine_.size(); ++i) {
      if (i > 0) out += ',';
      append_event_text(out, engine_[i], with_text);
    }
    out += ']';
    return;
  }
  // The table's own events (a few per game, not per action): an event's `text`, if it has one,
  // left out on a copy.
  out += '[';
  bool first = true;
  for (const json& e : *json_) {
    if (!first) out += ',';
    first = false;
    if (with_text || !e.is_object() || !e.contains("text")) {
      append_json_text(out, e);
      continue;
    }
    json without_text = e;
    without_text.erase("text");
    append_json_text(out, without_text);
  }
  out += ']';
}

SharedText update_frame(uint64_t seq, FrameEvents events, const RoomInfo& room,
                        const GameSnapshot* game, Millis now) {
  auto text = std::make_shared<std::string>();
  std::string& out = *text;
  out.reserve(room.settings->config_text.size() + 3072);
  out += R"({"type":"update","seq":)";
  out += std::to_string(seq);
  out += R"(,"events":)";
  events.append(out, true);
  out += R"(,"table":)";
  append_table(out, room, game, now);
  out += '}';
  return text;
}

SharedText chat_frame(const ChatLine& line) {
  json j = chat_line_json(line);
  j["type"] = "chat";
  return frame(j);
}

SharedText pong_frame(std::optional<uint64_t> id) {
  return frame({{"type", "pong"}, {"id", id_json(id)}});
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

SharedText hint_frame(std::optional<uint64_t> id, const bots::Hint& hint) {
  json moves = json::array();
  for (size_t i = 0; i < hint.moves.size(); ++i) {
    moves.push_back({{"action", to_text(hint.moves[i].action)},
                     {"expected", text::one_decimal(hint.moves[i].expected)},
                     {"reason", bots::hint_reason_json(hint.reasons.at(i))}});
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

json seat_event(std::string_view type, int seat) { return {{"type", type}, {"seat", seat}}; }

}  // namespace allegra::wire
