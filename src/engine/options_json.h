// JSON of what a game is made of: the rule options and the actions (formats:
// docs/state-format.md, docs/record-format.md).
//
// Options are an object with every field of RuleOptions (deck_counts: 13 counts, index
// value+1); the reader takes defaults for missing keys, rejects unknown keys and runs
// RuleOptions::validate(). An action is its short text form of action.h, e.g. "swap 1b3"; the
// reader checks form and ranges for the number of players, not legality (that is the State's).
// Readers throw FormatError naming the path (json_read.h).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/action.h"
#include "engine/options.h"

namespace allegra {

nlohmann::json options_to_json(const RuleOptions& options);
// `path` names the options in error messages, e.g. "state.options".
RuleOptions options_from_json(const nlohmann::json& j, const std::string& path = "options");

nlohmann::json action_to_json(Action a);
Action action_from_json(const nlohmann::json& j, int players);

// nlohmann::json ADL hooks, so `nlohmann::json j = options;` etc. work.
void to_json(nlohmann::json& j, const RuleOptions& options);
void from_json(const nlohmann::json& j, RuleOptions& options);
void to_json(nlohmann::json& j, const Action& a);

}  // namespace allegra
