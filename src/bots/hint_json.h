#pragma once

// A hint's reasons as data (docs/protocol.md "hint", docs/review-format.md): one writer for the
// protocol's hint frame and the review's JSON, so that a reason reads the same in both.

#include <nlohmann/json.hpp>
#include <string_view>

#include "bots/hint.h"

namespace allegra::bots {

// The reason code's name on the wire and in files: "clears", "replace_down", ...
std::string_view hint_reason_code_name(HintReasonCode code);

// {"code", "card"?, "old"?, "mean"?}: only the fields the code uses (hint.h names them beside
// each code); `mean` in points to one decimal, never -0.
nlohmann::json hint_reason_json(const HintReason& reason);

}  // namespace allegra::bots
