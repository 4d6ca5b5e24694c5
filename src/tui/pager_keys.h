// PagerKey: the keys every stepping screen (the replay viewer, the review screen) reads alike,
// so that both move, scroll and quit with the same keys (docs/cli.md lists them). A screen
// handles its own keys (a round, the next mistake) before asking pager_key().
#pragma once

namespace allegra::tui {

enum class PagerKey {
  kOther,       // not one of these: the screen's own key, or nothing
  kForward,     // Right, Space, l
  kBack,        // Left, h
  kScrollDown,  // Down, j
  kScrollUp,    // Up, k
  kFirst,       // Home
  kLast,        // End
  kQuit,        // q, Q, Escape, Ctrl-C
};

PagerKey pager_key(int ch);

// Applies a stepping key to `step` in [0, last] and a scrolling key to `scroll`; true if the
// screen should close (kQuit).
bool apply_pager_key(PagerKey key, int last, int& step, int& scroll);

}  // namespace allegra::tui
