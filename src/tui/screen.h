// Screen: what the game session needs from a front end (full-screen curses or plain lines).
//
// The session owns the game and decides who plays; a Screen only shows models and asks a
// person for a choice among the legal actions. Keeping this small is what lets the same
// session drive the curses interface, the plain line mode and the tests' scripted screen.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "engine/public_view.h"
#include "tui/table_model.h"

namespace allegra::tui {

struct Choice {
  enum class Kind { kAction, kHint, kQuit };
  Kind kind = Kind::kAction;
  Action action{};
};

class Screen {
 public:
  virtual ~Screen() = default;
  // The table changed; `new_lines` are the log lines added since the last call.
  virtual void show(const TableModel& model, const std::vector<std::string>& new_lines) = 0;
  // Waits about `ms` milliseconds so people can follow a bot; true if the person asked to quit.
  virtual bool pause(int ms) = 0;
  // A person is about to be asked (the next show() draws the decision): keys typed before now,
  // while the bots played, must not act. A screen without type-ahead does nothing.
  virtual void discard_typeahead() {}
  // A person chooses one of view.legal_actions() (or asks for a hint, or to quit); keys typed
  // since discard_typeahead() count.
  virtual Choice decide(const TableModel& model, const PublicView& view) = 0;
  // How announce() waits: not at all (a short pause), for Enter, or (the final summary, so
  // keys typed ahead cannot close it unread) for q.
  enum class Wait { kNo, kEnter, kQuitKey };
  // Shows model.notes (round result, summary, "pass the screen") and waits. True if the person
  // asked to quit instead of going on.
  virtual bool announce(const TableModel& model, Wait wait) = 0;
  // A hint is being worked out: shows `model` (it says so) until ready() is true (false), or
  // until the person cancels the hint with Esc or q (true; q cancels the hint, not the game).
  // This default cannot be cancelled: it shows the model and polls ready().
  virtual bool think(const TableModel& model, const std::function<bool()>& ready) {
    show(model, {});
    while (!ready()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return false;
  }
};

}  // namespace allegra::tui
