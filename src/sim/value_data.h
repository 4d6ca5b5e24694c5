// Training data for the learned value (docs/value-format.md): positions of bot games with every
// player's features (bots/value_features.h) and the score that player got when the round ended.
//
// Games are played by make_bot() specs with seats rotating, as `allegra sim` does, on several
// threads; rows are written in game order, so the file depends only on the options. One row per
// player per kept position: kValueFeatures float32 features, then the final round score in
// points (float32). A position is a decision point of the game; one in `every` is kept (chosen by
// a random stream of the game seed), so that neighbouring, nearly equal positions do not crowd
// the data. The file starts with one text line, "allegra-value-data 1 <features> <rows>\n",
// rewritten with the row count at the end.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "engine/options.h"
#include "sim/match.h"

namespace allegra::sim {

inline constexpr int kValueDataVersion = 1;

struct ValueDataConfig {
  std::vector<std::string> seats;  // one spec per player; rotated every game
  RuleOptions rules;               // players = seats.size()
  int games = 1;
  uint64_t seed = 1;
  int threads = 1;
  int every = 1;  // keep one decision point in `every`
};

struct ValueDataStats {
  long long games = 0;
  long long positions = 0;
  long long rows = 0;
  double mean_score = 0;  // of the rows' targets
};

// The header line for `rows` rows, padded to a fixed length so that it can be rewritten.
std::string value_data_header(long long rows);

// Plays the games and writes the rows (not the header) to `out`.
ValueDataStats write_value_rows(const ValueDataConfig& config, const BotFactory& factory,
                                std::ostream& out);

}  // namespace allegra::sim
