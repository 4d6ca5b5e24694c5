// Hand-built positions for the hint tests (tests/bots/hint_test.cc, tests/tui/hint_view_test.cc).
#pragma once

#include "engine/diagram.h"
#include "engine/state.h"

namespace allegra::hint_test {

// Player 0 holds the discard-pile top (a 7) with 7 7 ? in his first row and an 11 in his third.
inline constexpr const char* kSevens = R"(
discard 7
0: 7 7 ? ? | ? ? ? ? | 11 ? ? ?
)";

// The position of `diagram` after its player took the discard-pile top and every knock
// window passed: he holds the card.
inline State holding(const char* diagram) {
  State s = position_from_diagram(RuleOptions{}, diagram);
  s.apply(Action::draw_discard());
  while (s.phase() == Phase::kKnockWindow) s.apply(Action::pass());
  return s;
}

}  // namespace allegra::hint_test
