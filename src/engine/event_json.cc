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
  auto card = [&] { j["card"] = card_to_json(e.card); };
  auto old_card = [&] { j["old_card"] = card_to_json(e.old_card); };
  auto cell = [&] { j["cell"] = cell_or_null(e.cell); };
  switch (e.type) {
    case EventType::kRoundStarted:
      j["round"] = e.round;
      player();
      card();
      break;
    case EventType::kRevealed:
    case EventType::kTook:
    case EventType::kPutBack:
    case EventType::kDiscarded:
      player();
      card();
      cell();
      break;
    case EventType::kSwapped:
    case EventType::kKnockerSwapped:
    case EventType::kPut:
      player();
      card();
      old_card();
      cell();
      break;
    case EventType::kFinalRevealed:
      card();
      cell();
      break;
    case EventType::kReshuffled:
      j["cards"] = e.cards;
      break;
    case EventType::kDrew:
      player();
      card();
      j["pile"] = e.pile == Pile::kDraw ? "draw" : "discard";
      break;
    case EventType::kGave:
      player();
      j["knocker"] = player_or_null(e.knocker);
      break;
    case EventType::kCleared: {
      player();
      card();
      j["line"] = e.line < kNumLineIds ? json(line_to_text(e.line)) : json(nullptr);
      json cells = json::array();
      for (CellId c : e.cells) cells.push_back(cell_or_null(c));
      j["cells"] = cells;
      break;
    }
    case EventType::kRoundScored:
      player();
      j["display_half"] = e.display_half;
      j["score_half"] = e.score_half;
      j["penalised"] = e.penalised;
      j["empty_display"] = e.empty_display;
      break;
    case EventType::kGameOver: {
      json winners = json::array();
      for (int p = 0; p < kMaxPlayers; ++p)
        if (e.winners >> p & 1) winners.push_back(p);
      j["winners"] = winners;
      break;
    }
    case EventType::kTurnStarted:
    case EventType::kKnocked:
    case EventType::kPassed:
    case EventType::kRefused:
    case EventType::kLinesLeft:
    case EventType::kRoundEnded:
    case EventType::kTurnSkipped:
      player();
      break;
  }
  j["text"] = describe(e);
  return j;
}

void to_json(json& j, const Event& e) { j = event_to_json(e); }

}  // namespace allegra
