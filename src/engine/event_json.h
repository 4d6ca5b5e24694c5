// Events as JSON (format: docs/state-format.md): {"type": event_type_name, ...the fields
// meaningful for that type..., "text": describe()}, for logs, tools and clients. Write only.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/event.h"

namespace allegra {

nlohmann::json event_to_json(const Event& e);

// The keys an event of each type has besides `type` and `text`, as bits in the order of the
// keys' names (as nlohmann's sorted objects write them). The one table of them: event_to_json
// and the frames' text writer (wire/view_text.h append_event_text) both follow it.
enum EventField : unsigned {
  kEventCard = 1u << 0,
  kEventCards = 1u << 1,
  kEventCell = 1u << 2,
  kEventCells = 1u << 3,
  kEventDisplayHalf = 1u << 4,
  kEventEmptyDisplay = 1u << 5,
  kEventKnocker = 1u << 6,
  kEventLine = 1u << 7,
  kEventOldCard = 1u << 8,
  kEventPenalised = 1u << 9,
  kEventPile = 1u << 10,
  kEventPlayer = 1u << 11,
  kEventRound = 1u << 12,
  kEventScoreHalf = 1u << 13,
  kEventWinners = 1u << 14,
};
unsigned event_fields(EventType t);

// nlohmann::json ADL hook, so `nlohmann::json j = event;` works.
void to_json(nlohmann::json& j, const Event& e);

}  // namespace allegra
