// The JSON of a game review (docs/review-format.md; data/review/review.schema.json), written
// for programs: `allegra review --json`, the Python module and later the server, which can store
// and serve it unchanged. Everything is data: actions in their short text form (engine/action.h),
// labels by name and the reasons as the hint frame's reason objects (code, card, old, mean:
// docs/protocol.md "hint"), so every front end words them in its own language.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "bots/hint.h"
#include "review/review.h"

namespace allegra::review {

inline constexpr int kReviewFormatVersion = 1;

nlohmann::json review_to_json(const Review& review);

}  // namespace allegra::review
