// The tutorial: short scripted lessons of ALLEGRA, played in the browser (GET /tutorial.json).
//
// What: the script (data/tutorial/tutorial.json, embedded in the binary; format:
// docs/tutorial-format.md) holds lessons. Each lesson starts from a given table (every grid's
// cards, face down or up or cleared, the top cards of both piles, whose turn it is), built as a
// full State (state_from_json, so the engine checks it could have been reached) and then plays
// a list of scripted actions of every seat: the learner's (seat 0) and the other players'. Each
// step may name a text key (data/lang) that says what to do and why.
//
// Why on the server: the browser holds no rule. The engine replays the script and writes, for
// each step, the engine's events and the public view after it (as replay.json does), so the
// client only shows views and offers the learner exactly the scripted action. Every step is
// checked legal here: a script that does not replay is refused with the lesson, the step and
// the legal actions named (the tests replay the shipped script).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/event.h"
#include "engine/state.h"

namespace allegra::server {

// The script is malformed or a step is not legal (the message names lesson and step).
class TutorialError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The shipped script (data/tutorial/tutorial.json, embedded at build time).
std::string_view tutorial_script();

// One lesson replayed: its start, and after each step the state and that step's events.
struct TutorialRun {
  std::string id;
  State start;
  std::vector<State> after;       // after[i]: the state after step i
  std::vector<EventList> events;  // events[i]: what step i did
  std::vector<int> seats;         // seats[i]: who took step i
};

// Replays every lesson of `script` through the engine. Throws TutorialError.
std::vector<TutorialRun> run_tutorial(std::string_view script);

// The tutorial as the browser reads it (docs/tutorial-format.md). Throws TutorialError.
std::string tutorial_json(std::string_view script);

}  // namespace allegra::server
