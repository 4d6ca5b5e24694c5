#include "tui/pager_keys.h"

#include <curses.h>

#include <algorithm>

namespace allegra::tui {

PagerKey pager_key(int ch) {
  switch (ch) {
    case KEY_RIGHT:
    case ' ':
    case 'l':
      return PagerKey::kForward;
    case KEY_LEFT:
    case 'h':
      return PagerKey::kBack;
    case KEY_DOWN:
    case 'j':
      return PagerKey::kScrollDown;
    case KEY_UP:
    case 'k':
      return PagerKey::kScrollUp;
    case KEY_HOME:
      return PagerKey::kFirst;
    case KEY_END:
      return PagerKey::kLast;
    case 'q':
    case 'Q':
    case 27:  // Escape
    case 3:   // Ctrl-C in raw mode
      return PagerKey::kQuit;
    default:
      return PagerKey::kOther;
  }
}

bool apply_pager_key(PagerKey key, int last, int& step, int& scroll) {
  switch (key) {
    case PagerKey::kForward:
      step = std::min(step + 1, last);
      break;
    case PagerKey::kBack:
      step = std::max(step - 1, 0);
      break;
    case PagerKey::kScrollDown:
      ++scroll;
      break;
    case PagerKey::kScrollUp:
      --scroll;
      break;
    case PagerKey::kFirst:
      step = 0;
      break;
    case PagerKey::kLast:
      step = last;
      break;
    case PagerKey::kQuit:
      return true;
    case PagerKey::kOther:
      break;
  }
  return false;
}

}  // namespace allegra::tui
