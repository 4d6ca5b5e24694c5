// Reports of sim and rate results: a readable table, one JSON object, CSV rows.
//
// Everything here depends only on the result, never on the thread count or the time taken, so
// the output of a run is fully determined by its flags and seed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"
#include "sim/rating.h"
#include "sim/simulation.h"

namespace allegra::sim {

nlohmann::json sim_result_to_json(const SimResult& result);
std::string sim_result_table(const SimResult& result);
// A header line and one line per distinct bot (every line ends in '\n').
std::string sim_result_csv(const SimResult& result);
std::vector<std::string> sim_csv_columns();

nlohmann::json rate_result_to_json(const RateResult& result);
std::string rate_result_table(const RateResult& result);

// Splits "a,b,c" into specs (spaces around items trimmed); empty items stay (as "") so a
// caller can reject them.
std::vector<std::string> split_specs(std::string_view text);

}  // namespace allegra::sim
