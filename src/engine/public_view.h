// PublicView: everything on the table that every player may know, and nothing else.
//
// In ALLEGRA nobody, not even the owner, knows a face-down card, and nobody knows the order of
// the draw pile; everything else is public. So one view serves every player, spectator and
// bot. It is kept as a masked copy of the State (face-down values, the draw pile, a hidden
// hand card and the Rng wiped), so every read-only query of State, legal_actions() included,
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

  // The knock window as it opened (no answer given yet), seen by `seat` answering in it: every
  // eligible player answers at once (R7 in docs/rules.md), so nobody sees another's answer. The
  // seats the engine asks before `seat` count as pending no more (they are not knockers), so
  // this is a state the engine can reach and its current_player() is `seat`. Throws
  // std::invalid_argument unless the view is in kKnockWindow with `seat` pending.
  PublicView knock_answer(int seat) const;

  bool operator==(const PublicView& o) const { return masked_ == o.masked_; }

 private:
  PublicView() = default;
  State masked_;
};

}  // namespace allegra
