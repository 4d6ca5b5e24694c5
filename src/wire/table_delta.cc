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

// TABLE's keys that a delta carries even unchanged (see the header): the pending seats, and
// the round's end while it counts down.
bool always_sent(std::string_view key, std::string_view text) {
  return key == "pending" || (key == "round_over" && text != "null");
}

// The events without their English `text` (the client words them from data/lang).
void append_events(std::string& out, const json& events) {
  out += '[';
  bool first_event = true;
  for (const json& e : events) {
    if (!first_event) out += ',';
    first_event = false;
    if (!e.is_object()) {
      append_json_text(out, e);
      continue;
    }
    out += '{';
    bool first = true;
    for (const auto& [key, value] : e.items()) {
      if (key == "text") continue;
      append_key(out, key, first);
      append_json_text(out, value);
    }
    out += '}';
  }
  out += ']';
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
    const auto& [key, text] = parts.view[i];
    append_key(out, key, first);
    if (key != "grids") {
      out += text;
      continue;
    }
    out += '[';
    for (size_t c = 0; c < parts.cell_count; ++c) {
      if (c % kGridCells == 0) out += c == 0 ? "[" : "],[";
      if (c % kGridCells != 0) out += ',';
      out += parts.cells[c];
    }
    out += parts.cell_count > 0 ? "]]" : "]";
  }
  out += '}';
}

SharedText DeltaWriter::frame(uint64_t seq, const json& events, const RoomInfo& room,
                              const GameSnapshot* game, Millis now) {
  // 1. The new table's parts, beside the last one's.
  table_parts(next_, room, game, now);
  const bool whole = !base_;
  std::string& out = text_;
  out.clear();
  out += R"({"type":"delta","seq":)";
  out += std::to_string(seq);
  out += R"(,"base":)";
  out += whole ? "null" : std::to_string(*base_);
  out += R"(,"events":)";
  append_events(out, events);
  // 2. `set`: TABLE's keys that changed; the view whole if it appears, goes or the grids' size
  //    changes (a new game of another size never happens at one table, but costs nothing).
  out += R"(,"set":{)";
  bool first = true;
  for (size_t i = 0; i < TableParts::kTableKeys.size(); ++i) {
    const std::string_view key = TableParts::kTableKeys[i];
    if (whole || always_sent(key, next_.top[i]) || next_.top[i] != last_.top[i]) {
      append_key(out, key, first);
      out += next_.top[i];
    }
  }
  bool same_shape = !whole && next_.has_view && last_.has_view &&
                    next_.view_keys == last_.view_keys && next_.cell_count == last_.cell_count;
  for (size_t i = 0; same_shape && i < next_.view_keys; ++i)
    same_shape = next_.view[i].first == last_.view[i].first;
  if (!same_shape && (whole || next_.has_view || last_.has_view)) {
    append_key(out, "view", first);
    append_view(out, next_);
  }
  out += '}';
  // 3. `view`: the view's keys that changed; `cells`: the grid cells that changed.
  if (same_shape) {
    bool first_view = true;
    for (size_t i = 0; i < next_.view_keys; ++i) {
      const auto& [key, text] = next_.view[i];
      if (key == "grids" || text == last_.view[i].second) continue;
      out += first_view ? R"(,"view":{)" : ",";
      first_view = false;
      out += '"';
      out += key;
      out += "\":";
      out += text;
    }
    if (!first_view) out += '}';
    bool first_cell = true;
    for (size_t c = 0; c < next_.cell_count; ++c) {
      if (next_.cells[c] == last_.cells[c]) continue;
      out += first_cell ? R"(,"cells":[{"player":)" : R"(,{"player":)";
      first_cell = false;
      out += std::to_string(c / kGridCells);
      out += R"(,"index":)";
      out += std::to_string(c % kGridCells);
      out += R"(,"cell":)";
      out += next_.cells[c];
      out += '}';
    }
    if (!first_cell) out += ']';
  }
  out += '}';
  std::swap(last_, next_);
  base_ = seq;
  return std::make_shared<const std::string>(out);
}

void DeltaWriter::resend(std::string_view key) {
  for (size_t i = 0; i < TableParts::kTableKeys.size(); ++i) {
    if (TableParts::kTableKeys[i] == key) last_.top[i].clear();  // no key's text is empty
  }
}

namespace {

// The delta's shape (docs/protocol.md "delta"), checked before anything is applied: an object
// with `base` null or a number, `set` an object, `view` (if there) an object and `cells` (if
// there) an array of {player, index, cell} with player and index numbers.
bool delta_shape_ok(const json& delta) {
  if (!delta.is_object()) return false;
  const auto base = delta.find("base"), set = delta.find("set");
  if (base == delta.end() || !(base->is_null() || base->is_number_unsigned())) return false;
  if (set == delta.end() || !set->is_object()) return false;
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

}  // namespace

bool apply_delta(json& table, const json& delta) {
  // 1. The delta's shape, and a table to apply it to (any, or none, when base is null).
  if (!delta_shape_ok(delta)) return false;
  const bool whole = delta["base"].is_null();
  if (!whole && !table.is_object()) return false;
  // 2. TABLE's keys from `set`, on a copy: the table stays as it was if the rest does not apply.
  json next = whole ? json::object() : table;
  for (const auto& [key, value] : delta["set"].items()) next[key] = value;
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
