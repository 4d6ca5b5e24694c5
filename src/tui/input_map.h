// InputMap: the legal actions of one decision as things on the screen to point at.
//
// The UI has no rules of its own: every target is one of the engine's legal actions, placed
// where its cell, pile or button is drawn. Arrow keys move the cursor to the nearest target in
// that direction, Enter chooses it, digits choose a button, and a typed short form (a list
// number, a cell as the screen labels it such as "2,4" or "Bea 2,4", or the engine's action
// text such as "swap 0a1" or "draw") is accepted only if it names a legal action. Pure, so every
// decision type is tested without a terminal.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/public_view.h"
#include "text/cell_names.h"
#include "text/translator.h"
#include "tui/table_layout.h"

namespace allegra::tui {

struct Target {
  Action action;
  Rect rect;
  std::string label;    // what it does, for buttons and the plain front end's list
  std::string typed;    // the short form to type for it: "2,4", "Bea 2,4", "draw"
  bool button = false;  // drawn in the button row (else: a cell or a pile)
};

// kHelp .. kPauseBots act on the screen, not on the decision: the front end handles them
// (help overlay, log scrollback, bot pace) and InputMap::press ignores them.
enum class Key {
  kUp,
  kDown,
  kLeft,
  kRight,
  kNext,
  kPrev,
  kEnter,
  kHint,
  kQuit,
  kType,
  kHelp,
  kPageUp,
  kPageDown,
  kEnd,
  kFaster,
  kSlower,
  kPauseBots,
  kNone
};

struct Command {
  enum class Kind { kNone, kChoose, kHint, kQuit, kType };
  Kind kind = Kind::kNone;
  Action action{};
};

class InputMap {
 public:
  // The decision of view.current_player(); names label the seats; `you` is the seat texts
  // call "you" (TableModel::you), if any.
  InputMap(const PublicView& view, const TableLayout& layout, const text::Translator& tr,
           const std::vector<std::string>& names, int you = kNoPlayer);

  const std::vector<Target>& targets() const { return targets_; }
  int cursor() const { return cursor_; }
  const Target& current() const { return targets_[static_cast<size_t>(cursor_)]; }
  // Puts the cursor on the target of `a` if there is one (to keep it where it was).
  void point_at(Action a);
  // The cells to show as chosen with the cursor's target (a line to clear: its three cells).
  std::vector<CellId> cursor_cells() const;

  Command press(Key key);
  // Digit d (1-9): the d-th target, if there is one.
  Command press_digit(int d);
  // The typed short form; nullopt with a reason in *error if it names no legal action.
  std::optional<Action> parse(std::string_view text, std::string* error) const;

 private:
  void move(int dx, int dy);

  const PublicView* view_;
  const text::Translator* tr_;
  std::vector<std::string> names_;
  int me_;  // the deciding player
  std::vector<Target> targets_;
  int cursor_ = 0;
};

}  // namespace allegra::tui
