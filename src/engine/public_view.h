// PublicView: everything on the table that every player may know, and nothing else.
//
// In ALLEGRA nobody, not even the owner, knows a face-down card, and nobody knows the order of
// the draw pile; everything else is public. So one view serves every player, spectator and
// bot. It is kept as a masked copy of the State (face-down values, the draw pile, a hidden
// hand card, the sealed answers of an open knock window and the Rng wiped), so every read-only
// query of State, legal_actions() included,
// works on it, and State::sample() can turn it back into a playable determinization.
#pragma once

#include "engine/state.h"

namespace allegra {

class PublicView {
 public:
  explicit PublicView(const State& state);

  // The masked state: all queries work; hidden values read as kHiddenValue. Never apply()
  // actions to it (a draw would take a hidden card): use State::sample() for that.
  const State& masked() const { return masked_; }

  const RuleOptions& options() const { return masked_.options(); }
  int players() const { return masked_.players(); }
  int current_player() const { return masked_.current_player(); }
  Phase phase() const { return masked_.phase(); }
  ActionList legal_actions() const { return masked_.legal_actions(); }

  // The view `seat` decides on, for turn-based code (a bot, a terminal's prompt, a hint): this
  // view, or at the simultaneous node (the knock window, R7) the window as it opened, made
  // `seat`'s turn: every seat the rulebook's order puts before `seat` taken as not knocking,
  // `seat` and the seats after it still to answer, so that current_player() is `seat`. It
  // never depends on who has answered already, nor on what (no view shows an answer), so a
  // seeded decision is the same whenever it is made. Throws std::invalid_argument at the
  // simultaneous node if `seat` does not answer in it.
  PublicView decision_view(int seat) const;

  bool operator==(const PublicView& o) const { return masked_ == o.masked_; }

 private:
  PublicView() = default;
  State masked_;
};

}  // namespace allegra
