// Screen: what the game session needs from a front end (full-screen curses or plain lines).
//
// The session owns the game and decides who plays; a Screen only shows models and asks a
// person for a choice among the legal actions. Keeping this small is what lets the same
// session drive the curses interface, the plain line mode and the tests' scripted screen.
#pragma once

#include <string>
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
  // A person chooses one of view.legal_actions() (or asks for a hint, or to quit).
  virtual Choice decide(const TableModel& model, const PublicView& view) = 0;
  // How announce() waits: not at all (a short pause), for Enter, or (the final summary, so
  // keys typed ahead cannot close it unread) for q.
  enum class Wait { kNo, kEnter, kQuitKey };
  // Shows model.notes (round result, summary, "pass the screen") and waits. True if the person
  // asked to quit instead of going on.
  virtual bool announce(const TableModel& model, Wait wait) = 0;
};

}  // namespace allegra::tui
