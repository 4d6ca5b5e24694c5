// Seats and table configurations the table tests build again and again.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "table/table.h"

namespace allegra::table {

inline Seat person(std::optional<Millis> timeout = std::nullopt) {
  return Seat{SeatKind::kPerson, "", "", timeout};
}

inline Seat bot(std::string spec) {
  return Seat{SeatKind::kBot, "", std::move(spec), std::nullopt};
}

// What `allegra serve` runs a table with: the 5 s knock window, and bots that answer after a
// human-looking 1-2 s.
inline TableConfig server_config() {
  TableConfig c;
  c.knock_window = Millis(5000);
  c.bot_delay = {Millis(1000), Millis(2000)};
  return c;
}

}  // namespace allegra::table
