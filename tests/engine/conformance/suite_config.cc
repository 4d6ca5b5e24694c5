#include "engine/conformance/suite_config.h"

#include "engine/conformance/serialize_checks.h"

namespace allegra::conformance {

CheckLevel cheap_level() {
  CheckLevel level;
  level.illegal_probes = 4;
  level.illegal_applied = 1;
  return level;
}

CheckLevel deep_level(int json_every) {
  CheckLevel level = cheap_level();
  level.exhaustive_every = 16;
  level.resample_every = 1;
  level.resample_playout = 2;
  level.full_playout_once = true;
  level.extra_state_every = json_every;
  level.extra_state_check = [](const State& s, Rng& rng) {
    const uint64_t r = rng.next();
    return check_serialization(s, r, r % 16 == 0 || s.is_terminal());
  };
  level.extra_game_check = check_record;
  return level;
}

}  // namespace allegra::conformance
