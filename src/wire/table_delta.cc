#include "wire/table_delta.h"

#include <memory>

#include "engine/geometry.h"
#include "wire/view_text.h"

namespace allegra::wire {
namespace {

using nlohmann::json;

// `"key":` after a comma if the object already has a member.
void append_key(std::string& out, std::string_view key, bool& first) {
  if (!first) out += ',';
  first = false;
  out += '"';
  out += key;
  out += "\":";
}

// TABLE's keys that a delta carries in `set` even unchanged (see the header): the round's end
// while it counts down. (`pending`, always sent too, has its own key in the delta.)
bool always_sent(std::string_view key, std::string_view text) {
  return key == "round_over" && text != "null";
}

}  // namespace

void DeltaWriter::append_view(std::string& out, const TableParts& parts) const {
  if (!parts.has_view) {
    out += "null";
    return;
  }
  out += '{';
  bool first = true;
  for (size_t i = 0; i < parts.view_keys; ++i) {
    const std::string_view key = parts.view_names[i];
    append_key(out, key, first);
    if (key != "grids") {
      out += parts[parts.view[i]];
      continue;
    }
    out += '[';
    for (size_t c = 0; c < parts.cell_count; ++c) {
      if (c % kGridCells == 0) out += c == 0 ? "[" : "],[";
      if (c % kGridCells != 0) out += ',';
      out += parts[parts.cells[c]];
    }
    out += parts.cell_count > 0 ? "]]" : "]";
  }
  out += '}';
}

SharedText DeltaWriter::frame(uint64_t seq, FrameEvents events, const RoomInfo& room,
                              const GameSnapshot* game, Millis now) {
  // 1. The new table's parts, beside the last one's.
  thread_local TableParts next;
  table_parts(next, room, game, now);
  const TableParts& last = last_;
  const bool whole = !base_;
  std::string& out = text_;
  out.clear();
  out += R"({"type":"delta","seq":)";
  out += std::to_string(seq);
  out += R"(,"base":)";
  out += whole ? "null" : std::to_string(*base_);
  out += R"(,"events":)";
  events.append(out, false);  // without their English `text` (the client words them)
  out += R"(,"pending":)";
  out += next[next.delta_pending];
  // 2. `set`: TABLE's keys that changed; the view whole if it appears, goes or the grids' size
  //    changes (a new game of another size never happens at one table, but costs nothing).
  const size_t set_start = out.size();  // where `set` begins: cut if nothing is set
  out += R"(,"set":{)";
  bool first = true;
  for (size_t i = 0; i < TableParts::kTableKeys.size(); ++i) {
    const std::string_view key = TableParts::kTableKeys[i];
    if (key == "pending") continue;  // in the delta's own `pending`
    const std::string_view text = next[next.top[i]];
    if (whole || resend_[i] || always_sent(key, text) || text != last[last.top[i]]) {
      append_key(out, key, first);
      out += text;
    }
  }
  resend_.reset();
  bool same_shape = !whole && next.has_view && last.has_view && next.view_keys == last.view_keys &&
                    next.cell_count == last.cell_count;
  for (size_t i = 0; same_shape && i < next.view_keys; ++i)
    same_shape = next.view_names[i] == last.view_names[i];
  if (!same_shape && (whole || next.has_view || last.has_view)) {
    append_key(out, "view", first);
    append_view(out, next);
  }
  if (first) {
    out.resize(set_start);  // no key changed: no `set`
  } else {
    out += '}';
  }
  // 3. `view`: the view's keys that changed; `cells`: the grid cells that changed.
  if (same_shape) {
    bool first_view = true;
    for (size_t i = 0; i < next.view_keys; ++i) {
      const std::string_view key = next.view_names[i];
      const std::string_view text = next[next.view[i]];
      if (key == "grids" || text == last[last.view[i]]) continue;
      out += first_view ? R"(,"view":{)" : ",";
      first_view = false;
      out += '"';
      out += key;
      out += "\":";
      out += text;
    }
    if (!first_view) out += '}';
    bool first_cell = true;
    for (size_t c = 0; c < next.cell_count; ++c) {
      const std::string_view cell = next[next.cells[c]];
      if (cell == last[last.cells[c]]) continue;
      out += first_cell ? R"(,"cells":[{"player":)" : R"(,{"player":)";
      first_cell = false;
      append_int_text(out, static_cast<int64_t>(c / kGridCells));
      out += R"(,"index":)";
      append_int_text(out, static_cast<int64_t>(c % kGridCells));
      out += R"(,"cell":)";
      out += cell;
      out += '}';
    }
    if (!first_cell) out += ']';
  }
  out += '}';
  last_ = next;
  base_ = seq;
  return std::make_shared<const std::string>(out);
}

void DeltaWriter::resend(std::string_view key) {
  for (size_t i = 0; i < TableParts::kTableKeys.size(); ++i) {
    if (TableParts::kTableKeys[i] == key) resend_.set(i);
  }
}

namespace {

// The delta's shape (docs/protocol.md "delta"), checked before anything is applied: an object
// with `base` null or a number, `set` (if there) an object, `view` (if there) an object and `cells`
// (if there) an array of {player, index, cell} with player and index numbers.
bool delta_shape_ok(const json& delta) {
  if (!delta.is_object()) return false;
  const auto base = delta.find("base"), set = delta.find("set");
  if (base == delta.end() || !(base->is_null() || base->is_number_unsigned())) return false;
  if (set != delta.end() && !set->is_object()) return false;
  const auto view = delta.find("view"), cells = delta.find("cells");
  if (view != delta.end() && !view->is_object()) return false;
  if (cells == delta.end()) return true;
  if (!cells->is_array()) return false;
  for (const json& c : *cells) {
    if (!c.is_object() || !c.contains("cell")) return false;
    const auto player = c.find("player"), index = c.find("index");
    if (player == c.end() || !player->is_number_unsigned()) return false;
    if (index == c.end() || !index->is_number_unsigned()) return false;
  }
  return true;
}

// A compact legal list (messages.h append_delta_pending) as TABLE's: each text "verb arg arg ..."
// as the texts "verb arg". False if an item is not a text.
bool expand_legal(const json& compact, json& legal) {
  if (!compact.is_array()) return false;
  legal = json::array();
  for (const json& item : compact) {
    if (!item.is_string()) return false;
    for_each_grouped_action(item.get_ref<const std::string&>(),
                            [&](std::string action) { legal.push_back(std::move(action)); });
  }
  return true;
}

// A delta's compact `pending` as TABLE.pending: one entry per seat of each entry's `seats`, with
// `in_ms` null and `knock_window` false where they were left out. False if it is not that shape.
bool expand_pending(const json& compact, json& pending) {
  if (!compact.is_array()) return false;
  pending = json::array();
  for (const json& entry : compact) {
    if (!entry.is_object()) return false;
    const auto seats = entry.find("seats"), decision = entry.find("decision");
    if (seats == entry.end() || !seats->is_array() || seats->empty()) return false;
    if (decision == entry.end() || !decision->is_number_unsigned()) return false;
    json one = json::object();
    for (const auto& [key, value] : entry.items()) {
      if (key == "legal") {
        if (!expand_legal(value, one["legal"])) return false;
      } else if (key != "seats") {
        one[key] = value;
      }
    }
    if (!one.contains("legal")) return false;
    if (!one.contains("in_ms")) one["in_ms"] = nullptr;
    if (!one.contains("knock_window")) one["knock_window"] = false;
    for (const json& seat : *seats) {
      if (!seat.is_number_unsigned()) return false;
      one["seat"] = seat;
      pending.push_back(one);
    }
  }
  return true;
}

}  // namespace

bool apply_delta(json& table, const json& delta) {
  // 1. The delta's shape, and a table to apply it to (any, or none, when base is null).
  if (!delta_shape_ok(delta)) return false;
  const bool whole = delta["base"].is_null();
  if (!whole && !table.is_object()) return false;
  // 2. TABLE's keys from `set`, on a copy: the table stays as it was if the rest does not apply.
  json next = whole ? json::object() : table;
  if (const auto set = delta.find("set"); set != delta.end()) {
    for (const auto& [key, value] : set->items()) next[key] = value;
  }
  if (const auto pending = delta.find("pending"); pending != delta.end()) {
    if (!expand_pending(*pending, next["pending"])) return false;
  }
  const bool has_view = delta.contains("view"), has_cells = delta.contains("cells");
  if (has_view || has_cells) {
    // 3. The view's keys and the cells need a view, and each cell one that exists already.
    auto view = next.find("view");
    if (view == next.end() || !view->is_object()) return false;
    if (has_view) {
      for (const auto& [key, value] : delta["view"].items()) (*view)[key] = value;
    }
    if (has_cells) {
      auto grids = view->find("grids");
      if (grids == view->end() || !grids->is_array()) return false;
      for (const json& c : delta["cells"]) {
        const auto player = c["player"].get<uint64_t>(), index = c["index"].get<uint64_t>();
        if (player >= grids->size() || !(*grids)[player].is_array()) return false;
        json& grid = (*grids)[player];
        if (index >= grid.size()) return false;
        grid[index] = c["cell"];
      }
    }
  }
  table = std::move(next);
  return true;
}

}  // namespace allegra::wire
