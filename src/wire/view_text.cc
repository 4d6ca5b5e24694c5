#include "wire/view_text.h"

#include <charconv>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/action.h"
#include "engine/event_json.h"
#include "engine/geometry.h"
#include "engine/options_json.h"
#include "engine/state.h"
#include "wire/messages.h"

namespace allegra::wire {
namespace {

using nlohmann::json;

// kNoCard: null, kHiddenValue: "hidden", else the value (json_fields.h card_to_json).
void append_card(std::string& out, int8_t v) {
  if (v == kNoCard) {
    out += "null";
  } else if (v == kHiddenValue) {
    out += R"("hidden")";
  } else {
    append_int_text(out, v);
  }
}

void append_player(std::string& out, int p) {
  if (p == kNoPlayer) {
    out += "null";
  } else {
    append_int_text(out, p);
  }
}

// "0a1" (action.h cell_to_text) or null.
void append_cell(std::string& out, CellId c) {
  if (c == kNoCell) {
    out += "null";
    return;
  }
  if (c >= kMaxCells) {  // never in a view; written as cell_to_text() does
    append_string_text(out, cell_to_text(c));
    return;
  }
  out += '"';
  out += static_cast<char>('0' + cell_owner(c));
  out += static_cast<char>('a' + cell_row(c));
  out += static_cast<char>('0' + cell_col(c));
  out += '"';
}

// [p, ...] for each bit p of mask below n (json_fields.h player_set).
void append_player_set(std::string& out, unsigned mask, int n) {
  out += '[';
  bool first = true;
  for (int p = 0; p < n; ++p) {
    if (!(mask >> p & 1)) continue;
    if (!first) out += ',';
    first = false;
    append_int_text(out, p);
  }
  out += ']';
}

template <class Array>
void append_ints(std::string& out, const Array& values, int n) {
  out += '[';
  for (int p = 0; p < n; ++p) {
    if (p > 0) out += ',';
    append_int_text(out, values[static_cast<size_t>(p)]);
  }
  out += ']';
}

// json_fields.h round_result_json, its keys sorted.
void append_round_result(std::string& out, const RoundResult& r, int n) {
  out += R"({"empty_display":[)";
  for (int p = 0; p < n; ++p) {
    if (p > 0) out += ',';
    append_bool_text(out, (r.empty_display >> p & 1) != 0);
  }
  out += R"(],"ender":)";
  append_player(out, r.ender);
  out += R"(,"penalised":)";
  append_bool_text(out, r.penalised);
  out += R"(,"raw_half":)";
  append_ints(out, r.raw_half, n);
  out += R"(,"score_half":)";
  append_ints(out, r.score_half, n);
  out += '}';
}

// A grid cell without face-down values: {"state":"down"}, {"state":"up","value":V} or
// {"state":"empty"} (json_fields.h grids_json).
void append_grid_cell(std::string& out, const State& m, CellId c) {
  switch (m.cell_state(c)) {
    case CellState::kFaceDown:
      out += R"({"state":"down"})";
      return;
    case CellState::kFaceUp:
      out += R"({"state":"up","value":)";
      append_int_text(out, m.cell_value(c));
      out += '}';
      return;
    case CellState::kEmpty:
      out += R"({"state":"empty"})";
      return;
  }
}

// The rule options' text, serialised once per thread while they stay the same.
const std::string& cached_options_text(const RuleOptions& options) {
  struct Cache {
    bool set = false;
    RuleOptions options;
    std::string text;
  };
  thread_local Cache cache;
  if (!cache.set || !(cache.options == options)) {
    cache.text = options_to_json(options).dump(-1, ' ', false, json::error_handler_t::replace);
    cache.options = options;
    cache.set = true;
  }
  return cache.text;
}

// The view's keys in the order of nlohmann's std::map (sorted), each written into the string
// that sink.key() returns; the grids by sink.grids(). Mirrors StateCodec::public_to_json.
template <class Sink>
void write_view(const State& m, Sink& sink) {
  const int n = m.players();
  append_int_text(sink.key("active"), m.active_player());
  append_player(sink.key("clearer"), m.clearer());
  append_player(sink.key("current_player"), m.is_chance_node() ? kNoPlayer : m.current_player());
  append_int_text(sink.key("dealer"), m.dealer());
  std::string& discard = sink.key("discard_pile");
  discard += '[';
  for (int i = 0; i < m.discard_pile_size(); ++i) {
    if (i > 0) discard += ',';
    append_card(discard, m.discard_pile_card(i));
  }
  discard += ']';
  append_int_text(sink.key("draw_pile_size"), m.draw_pile_size());
  append_player(sink.key("ender"), m.ender());
  unsigned final_done = 0;
  for (int p = 0; p < n; ++p) final_done |= m.had_final_turn(p) ? 1u << p : 0u;
  append_player_set(sink.key("final_done"), final_done, n);
  append_int_text(sink.key("first_player"), m.first_player());
  sink.grids(m);
  const int8_t hand = m.hand_card();
  append_card(sink.key("hand"), hand != kNoCard && !m.hand_card_known() ? kHiddenValue : hand);
  append_card(sink.key("held"), m.held_card());
  append_bool_text(sink.key("held_from_discard"), m.held_from_discard());
  append_cell(sink.key("hole"), m.hole());
  append_player_set(sink.key("knock_pending"), m.knock_pending(), n);
  append_player(sink.key("knocker"), m.knocker());
  append_player_set(sink.key("knockers"), m.knockers(), n);
  std::string& last_round = sink.key("last_round");
  if (m.rounds_played() > 0) {
    append_round_result(last_round, m.last_round(), n);
  } else {
    last_round += "null";
  }
  sink.key("options") += cached_options_text(m.options());
  append_card(sink.key("pending_discard"), m.pending_discard());
  append_cell(sink.key("pending_discard_from"), m.pending_discard_from());
  append_string_text(sink.key("phase"), phase_name(m.phase()));
  append_int_text(sink.key("round"), m.round());
  append_int_text(sink.key("rounds_played"), m.rounds_played());
  append_int_text(sink.key("setup_reveals_left"), m.setup_reveals_left());
  std::string& shared_from = sink.key("shared_from");
  shared_from += '[';
  for (int p = 0; p < n; ++p) {
    if (p > 0) shared_from += ',';
    append_int_text(shared_from, left_of(p, n));
  }
  shared_from += ']';
  const int8_t taken = m.taken_card();
  append_card(sink.key("taken"), taken != kNoCard && !m.taken_card_known() ? kHiddenValue : taken);
  std::string& totals = sink.key("totals_half");
  totals += '[';
  for (int p = 0; p < n; ++p) {
    if (p > 0) totals += ',';
    append_int_text(totals, m.total_half(p));
  }
  totals += ']';
  std::string& winners = sink.key("winners");
  if (m.is_terminal()) {
    append_player_set(winners, m.winners(), n);
  } else {
    winners += "null";
  }
}

// The whole object into one string.
struct WholeSink {
  std::string& out;
  bool first = true;
  std::string& key(std::string_view k) {
    out += first ? '{' : ',';
    first = false;
    out += '"';
    out += k;
    out += "\":";
    return out;
  }
  void grids(const State& m) {
    std::string& g = key("grids");
    g += '[';
    for (int p = 0; p < m.players(); ++p) {
      g += p == 0 ? "[" : ",[";
      for (int i = 0; i < kGridCells; ++i) {
        if (i > 0) g += ',';
        append_grid_cell(g, m, static_cast<CellId>(p * kGridCells + i));
      }
      g += ']';
    }
    g += ']';
  }
};

// Each key into a part of TableParts' one string, the grids' cells apart: a key's part ends
// where the next one starts.
struct PartsSink {
  TableParts& parts;
  TableParts::Range* open = nullptr;  // the part being written

  void end_open() {
    if (open != nullptr) open->end = static_cast<uint32_t>(parts.text.size());
    open = nullptr;
  }
  std::string& key(std::string_view k) {
    end_open();
    if (parts.view_keys == TableParts::kMaxViewKeys) {
      throw std::logic_error("view_text_parts: more view keys than TableParts::kMaxViewKeys");
    }
    parts.view_names[parts.view_keys] = k;
    open = &parts.view[parts.view_keys++];
    open->begin = static_cast<uint32_t>(parts.text.size());
    return parts.text;
  }
  void grids(const State& m) {
    key("grids");
    end_open();
    const size_t cells = static_cast<size_t>(m.players()) * kGridCells;
    for (size_t c = 0; c < cells; ++c) {
      parts.write(parts.cells[c],
                  [&](std::string& text) { append_grid_cell(text, m, static_cast<CellId>(c)); });
    }
    parts.cell_count = cells;
  }
};

}  // namespace

void append_int_text(std::string& out, int64_t v) {
  char buffer[24];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  out.append(buffer, end);
}

void append_bool_text(std::string& out, bool b) { out += b ? "true" : "false"; }

void append_string_text(std::string& out, std::string_view text) {
  bool plain = true;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    plain = plain && c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
  }
  if (plain) {
    out += '"';
    out += text;
    out += '"';
    return;
  }
  out += json(text).dump(-1, ' ', false, json::error_handler_t::replace);
}

void append_json_text(std::string& out, const json& j) {
  switch (j.type()) {
    case json::value_t::null:
      out += "null";
      return;
    case json::value_t::boolean:
      append_bool_text(out, j.get<bool>());
      return;
    case json::value_t::number_integer:
      append_int_text(out, j.get<int64_t>());
      return;
    case json::value_t::number_unsigned: {
      char buffer[24];
      const auto end = std::to_chars(buffer, buffer + sizeof buffer, j.get<uint64_t>()).ptr;
      out.append(buffer, end);
      return;
    }
    case json::value_t::string:
      append_string_text(out, j.get_ref<const std::string&>());
      return;
    case json::value_t::array: {
      out += '[';
      bool first = true;
      for (const json& e : j) {
        if (!first) out += ',';
        first = false;
        append_json_text(out, e);
      }
      out += ']';
      return;
    }
    case json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, value] : j.items()) {
        if (!first) out += ',';
        first = false;
        append_string_text(out, key);
        out += ':';
        append_json_text(out, value);
      }
      out += '}';
      return;
    }
    default:  // floats, binary, discarded: nlohmann's own writer
      out += j.dump(-1, ' ', false, json::error_handler_t::replace);
      return;
  }
}

void append_event_text(std::string& out, const Event& e, bool with_text) {
  const unsigned fields = event_fields(e.type);
  char separator = '{';
  // `"key":` if the event has that key (its value follows).
  const auto key = [&](unsigned field, std::string_view name) {
    if (!(fields & field)) return false;
    out += separator;
    separator = ',';
    out += '"';
    out += name;
    out += "\":";
    return true;
  };
  if (key(kEventCard, "card")) append_card(out, e.card);
  if (key(kEventCards, "cards")) append_int_text(out, e.cards);
  if (key(kEventCell, "cell")) append_cell(out, e.cell);
  if (key(kEventCells, "cells")) {
    for (size_t i = 0; i < e.cells.size(); ++i) {
      out += i == 0 ? '[' : ',';
      append_cell(out, e.cells[i]);
    }
    out += ']';
  }
  if (key(kEventDisplayHalf, "display_half")) append_int_text(out, e.display_half);
  if (key(kEventEmptyDisplay, "empty_display")) append_bool_text(out, e.empty_display);
  if (key(kEventKnocker, "knocker")) append_player(out, e.knocker);
  if (key(kEventLine, "line")) {
    if (e.line < kNumLineIds) {
      append_string_text(out, line_to_text(e.line));
    } else {
      out += "null";
    }
  }
  if (key(kEventOldCard, "old_card")) append_card(out, e.old_card);
  if (key(kEventPenalised, "penalised")) append_bool_text(out, e.penalised);
  if (key(kEventPile, "pile")) out += e.pile == Pile::kDraw ? R"("draw")" : R"("discard")";
  if (key(kEventPlayer, "player")) append_player(out, e.player);
  if (key(kEventRound, "round")) append_int_text(out, e.round);
  if (key(kEventScoreHalf, "score_half")) append_int_text(out, e.score_half);
  out += separator;
  if (with_text) {
    out += R"("text":)";
    append_string_text(out, describe(e));
    out += ',';
  }
  out += R"("type":)";
  append_string_text(out, event_type_name(e.type));
  if (fields & kEventWinners) {
    out += R"(,"winners":)";
    append_player_set(out, e.winners, kMaxPlayers);
  }
  out += '}';
}

void append_round_result_text(std::string& out, const RoundResult& r, int players) {
  append_round_result(out, r, players);
}

void append_view_text(std::string& out, const PublicView& view) {
  WholeSink sink{out};
  write_view(view.masked(), sink);
  out += '}';
}

void view_text_parts(TableParts& parts, const PublicView& view) {
  parts.has_view = true;
  parts.view_keys = parts.cell_count = 0;
  PartsSink sink{parts};
  write_view(view.masked(), sink);
  sink.end_open();
}

}  // namespace allegra::wire
