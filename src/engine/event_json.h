// Events as JSON (format: docs/state-format.md): {"type": event_type_name, ...the fields
// meaningful for that type..., "text": describe()}, for logs, tools and clients. Write only.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/event.h"

namespace allegra {

nlohmann::json event_to_json(const Event& e);

// nlohmann::json ADL hook, so `nlohmann::json j = event;` works.
void to_json(nlohmann::json& j, const Event& e);

}  // namespace allegra
