#include "engine/event_json.h"

#include "engine/action.h"
#include "engine/json_fields.h"

namespace allegra {

using nlohmann::json;
using namespace json_write;  // NOLINT(google-build-using-namespace)

unsigned event_fields(EventType t) {
  switch (t) {
    case EventType::kRoundStarted:
      return kEventRound | kEventPlayer | kEventCard;
    case EventType::kRevealed:
    case EventType::kTook:
    case EventType::kPutBack:
    case EventType::kDiscarded:
      return kEventPlayer | kEventCard | kEventCell;
    case EventType::kSwapped:
    case EventType::kKnockerSwapped:
    case EventType::kPut:
      return kEventPlayer | kEventCard | kEventOldCard | kEventCell;
    case EventType::kFinalRevealed:
      return kEventCard | kEventCell;
    case EventType::kReshuffled:
      return kEventCards;
    case EventType::kDrew:
      return kEventPlayer | kEventCard | kEventPile;
    case EventType::kGave:
      return kEventPlayer | kEventKnocker;
    case EventType::kCleared:
      return kEventPlayer | kEventCard | kEventLine | kEventCells;
    case EventType::kRoundScored:
      return kEventPlayer | kEventDisplayHalf | kEventScoreHalf | kEventPenalised |
             kEventEmptyDisplay;
    case EventType::kGameOver:
      return kEventWinners;
    case EventType::kTurnStarted:
    case EventType::kKnocked:
    case EventType::kPassed:
    case EventType::kRefused:
    case EventType::kLinesLeft:
    case EventType::kRoundEnded:
    case EventType::kTurnSkipped:
      return kEventPlayer;
  }
  return kEventPlayer;
}

json event_to_json(const Event& e) {
  const unsigned fields = event_fields(e.type);
  json j = json::object();
  j["type"] = event_type_name(e.type);
  if (fields & kEventCard) j["card"] = card_to_json(e.card);
  if (fields & kEventCards) j["cards"] = e.cards;
  if (fields & kEventCell) j["cell"] = cell_or_null(e.cell);
  if (fields & kEventCells) {
    json cells = json::array();
    for (CellId c : e.cells) cells.push_back(cell_or_null(c));
    j["cells"] = cells;
  }
  if (fields & kEventDisplayHalf) j["display_half"] = e.display_half;
  if (fields & kEventEmptyDisplay) j["empty_display"] = e.empty_display;
  if (fields & kEventKnocker) j["knocker"] = player_or_null(e.knocker);
  if (fields & kEventLine) {
    j["line"] = e.line < kNumLineIds ? json(line_to_text(e.line)) : json(nullptr);
  }
  if (fields & kEventOldCard) j["old_card"] = card_to_json(e.old_card);
  if (fields & kEventPenalised) j["penalised"] = e.penalised;
  if (fields & kEventPile) j["pile"] = e.pile == Pile::kDraw ? "draw" : "discard";
  if (fields & kEventPlayer) j["player"] = player_or_null(e.player);
  if (fields & kEventRound) j["round"] = e.round;
  if (fields & kEventScoreHalf) j["score_half"] = e.score_half;
  if (fields & kEventWinners) {
    json winners = json::array();
    for (int p = 0; p < kMaxPlayers; ++p)
      if (e.winners >> p & 1) winners.push_back(p);
    j["winners"] = winners;
  }
  j["text"] = describe(e);
  return j;
}

void to_json(json& j, const Event& e) { j = event_to_json(e); }

}  // namespace allegra
