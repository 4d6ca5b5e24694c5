#include "engine/json_fields.h"

#include <fmt/format.h>

#include "engine/action.h"
#include "engine/json_read.h"

namespace allegra {

using nlohmann::json;

json card_to_json(int8_t v) {
  if (v == kNoCard) return nullptr;
  if (v == kHiddenValue) return "hidden";
  return v;
}

namespace json_write {

json player_or_null(int p) { return p == kNoPlayer ? json(nullptr) : json(p); }
json cell_or_null(CellId c) { return c == kNoCell ? json(nullptr) : json(cell_to_text(c)); }

json player_set(uint8_t mask, int n) {
  json a = json::array();
  for (int p = 0; p < n; ++p)
    if (mask >> p & 1) a.push_back(p);
  return a;
}

json round_result_json(const RoundResult& r, int n) {
  json raw = json::array(), score = json::array(), empty = json::array();
  for (int p = 0; p < n; ++p) {
    raw.push_back(r.raw_half[p]);
    score.push_back(r.score_half[p]);
    empty.push_back((r.empty_display >> p & 1) != 0);
  }
  return {{"raw_half", raw},
          {"score_half", score},
          {"ender", player_or_null(r.ender)},
          {"penalised", r.penalised},
          {"empty_display", empty}};
}

json grids_json(const State& s, bool face_down_values) {
  json grids = json::array();
  for (int p = 0; p < s.players(); ++p) {
    json grid = json::array();
    for (int i = 0; i < kGridCells; ++i) {
      const auto c = static_cast<CellId>(p * kGridCells + i);
      switch (s.cell_state(c)) {
        case CellState::kFaceDown:
          if (face_down_values)
            grid.push_back({{"state", "down"}, {"value", s.cell_value(c)}});
          else
            grid.push_back({{"state", "down"}});
          break;
        case CellState::kFaceUp:
          grid.push_back({{"state", "up"}, {"value", s.cell_value(c)}});
          break;
        case CellState::kEmpty:
          grid.push_back({{"state", "empty"}});
          break;
      }
    }
    grids.push_back(grid);
  }
  return grids;
}

json totals_json(const State& s) {
  json totals = json::array();
  for (int p = 0; p < s.players(); ++p) totals.push_back(s.total_half(p));
  return totals;
}

}  // namespace json_write

namespace json_read {

int8_t card(const json& j, const std::string& path) {
  if (!j.is_number_integer())
    fail(path,
         fmt::format("must be a card value {}..{}, got {}", kMinValue, kMaxValue, j.type_name()));
  return static_cast<int8_t>(integer(j, path, kMinValue, kMaxValue));
}

uint8_t player_set_from(const json& j, const std::string& path, int n) {
  const auto& a = array(j, path, static_cast<size_t>(n));
  uint8_t mask = 0;
  int last = -1;
  for (size_t i = 0; i < a.size(); ++i) {
    int p = static_cast<int>(integer(a[i], at(path, i), 0, n - 1));
    if (p <= last) fail(at(path, i), "players must be listed in increasing order, each once");
    last = p;
    mask |= static_cast<uint8_t>(1u << p);
  }
  return mask;
}

int8_t optional_player(const json& j, const std::string& path, int n) {
  if (j.is_null()) return kNoPlayer;
  return static_cast<int8_t>(integer(j, path, 0, n - 1));
}

int8_t optional_card(const json& j, const std::string& path) {
  if (j.is_null()) return kNoCard;
  return card(j, path);
}

CellId optional_cell(const json& j, const std::string& path, int n) {
  if (j.is_null()) return kNoCell;
  const std::string& text = string(j, path);
  auto c = cell_from_text(text, n);
  if (!c)
    fail(path, fmt::format("must be a cell like 0a1 (player 0-{}, row a-c, column 0-3)", n - 1));
  return *c;
}

}  // namespace json_read

}  // namespace allegra
