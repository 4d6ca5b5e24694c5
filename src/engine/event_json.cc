#include "engine/event_json.h"

#include "engine/action.h"
#include "engine/json_fields.h"

namespace allegra {

using nlohmann::json;
using namespace json_write;  // NOLINT(google-build-using-namespace)

json event_to_json(const Event& e) {
  json j = json::object();
  j["type"] = event_type_name(e.type);
  auto player = [&] { j["player"] = player_or_null(e.player); };
  auto value = [&] { j["value"] = card_to_json(e.value); };
  auto cell = [&] { j["cell"] = cell_or_null(e.cell); };
  switch (e.type) {
    case EventType::kRoundStarted:
      j["round"] = e.count;
      player();
      value();
      break;
    case EventType::kRevealed:
    case EventType::kPlaced:
    case EventType::kToHand:
    case EventType::kDiscarded:
      player();
      value();
      cell();
      break;
    case EventType::kReshuffled:
      j["count"] = e.count;
      break;
    case EventType::kDrew:
      player();
      value();
      j["pile"] = e.aux == 0 ? "draw" : "discard";
      break;
    case EventType::kCleared: {
      player();
      value();
      j["line"] = e.aux < kNumLineIds ? json(line_to_text(e.aux)) : json(nullptr);
      json cells = json::array();
      for (CellId c : e.cells) cells.push_back(cell_or_null(c));
      j["cells"] = cells;
      break;
    }
    case EventType::kRoundScored:
      player();
      j["score_half"] = e.score;
      j["raw_half"] = e.count;
      j["penalised"] = e.aux != 0;
      j["empty_display"] = e.empty_display;
      break;
    case EventType::kGameOver: {
      json winners = json::array();
      for (int p = 0; p < kMaxPlayers; ++p)
        if (e.score >> p & 1) winners.push_back(p);
      j["winners"] = winners;
      break;
    }
    case EventType::kTurnStarted:
    case EventType::kKnocked:
    case EventType::kPassed:
    case EventType::kKnockGiven:
    case EventType::kKnockRefused:
    case EventType::kLinesLeft:
    case EventType::kRoundEndTriggered:
    case EventType::kTurnSkipped:
      player();
      break;
  }
  j["text"] = describe(e);
  return j;
}

void to_json(json& j, const Event& e) { j = event_to_json(e); }

}  // namespace allegra
