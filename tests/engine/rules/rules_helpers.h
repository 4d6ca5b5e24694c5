// Shared helpers for the rule tests (tests/engine/rules/*_test.cc).
//
// The rule tests build positions from diagrams (engine/diagram.h), play actions given in their
// short text form ("draw", "swap 0a1", "clear col-0") and check the state and the events
// against the rulebook (../shared/rules) and the project's rulings R1-R11.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/diagram.h"
#include "engine/event.h"
#include "engine/geometry.h"
#include "engine/options.h"
#include "engine/state.h"

namespace allegra::rules_test {

// Options for `players` with the project defaults.
inline RuleOptions options_for(int players) {
  RuleOptions o;
  o.players = players;
  return o;
}

// Options without knocking, for tests about something else (no knock windows to answer).
inline RuleOptions no_knock(int players) {
  RuleOptions o = options_for(players);
  o.knocking = false;
  return o;
}

inline CellId cell(int p, int row, int col) { return make_cell(p, row, col); }

// "1b3" -> the cell; fails the test (and returns kNoCell) if the text is not a cell.
inline CellId cell(std::string_view text) {
  auto c = cell_from_text(text, kMaxPlayers);
  EXPECT_TRUE(c.has_value()) << "not a cell: " << text;
  return c.value_or(kNoCell);
}

inline int line(std::string_view text) {
  auto l = line_from_text(text);
  EXPECT_TRUE(l.has_value()) << "not a line: " << text;
  return l.value_or(-1);
}

// The action of a short text form; fails the test if the text does not parse.
inline Action act(const State& s, std::string_view text) {
  std::string error;
  auto a = action_from_text(text, s.players(), &error);
  EXPECT_TRUE(a.has_value()) << error;
  return a.value_or(Action::pass());
}

inline bool has_action(const State& s, Action a) {
  ActionList list = s.legal_actions();
  return std::find(list.begin(), list.end(), a) != list.end();
}

inline bool has_action(const State& s, std::string_view text) {
  return has_action(s, act(s, text));
}

// The legal actions in text form, sorted (for exact comparisons).
inline std::vector<std::string> legal_texts(const State& s) {
  std::vector<std::string> out;
  for (Action a : s.legal_actions()) out.push_back(to_text(a));
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline std::string events_text(const EventList& events) {
  std::string out;
  for (const Event& e : events) out += "  " + describe(e) + "\n";
  return out;
}

// Applies the actions in order. Stops at the first one that does not parse or is illegal and
// says which, with the diagram of the position it was tried in. Events of all the actions are
// appended to `events` if given. An action that ends a round that is not the last leaves the
// engine at the chance node (kRoundOver): the next round is dealt from the state's Rng, as
// every game loop does, and its kRoundStarted appended (tests/engine/chance_test.cc checks
// the chance node itself).
inline ::testing::AssertionResult apply_all(State& s, std::initializer_list<std::string_view> texts,
                                            EventList* events = nullptr) {
  for (std::string_view text : texts) {
    std::string error;
    auto a = action_from_text(text, s.players(), &error);
    if (!a) return ::testing::AssertionFailure() << "bad action text '" << text << "': " << error;
    try {
      s.apply(*a, events);
    } catch (const IllegalAction& e) {
      return ::testing::AssertionFailure()
             << "'" << text << "' was rejected: " << e.what() << "\nin position:\n"
             << diagram_of(s);
    }
    if (s.is_chance_node()) s.deal(events);
  }
  return ::testing::AssertionSuccess();
}

// Checks that the action is rejected with IllegalAction and leaves the state unchanged.
inline ::testing::AssertionResult rejected(State& s, std::string_view text) {
  const State before = s;
  std::string error;
  auto a = action_from_text(text, s.players(), &error);
  if (!a) return ::testing::AssertionFailure() << "bad action text '" << text << "': " << error;
  if (s.is_legal(*a))
    return ::testing::AssertionFailure() << "'" << text << "' is legal in\n" << diagram_of(s);
  try {
    EventList events;
    s.apply(*a, &events);
    return ::testing::AssertionFailure() << "'" << text << "' was applied";
  } catch (const IllegalAction&) {
  }
  if (!(s == before))
    return ::testing::AssertionFailure() << "the rejected '" << text << "' changed the state";
  return ::testing::AssertionSuccess();
}

inline int discard_top(const State& s) { return s.discard_pile_card(0); }

// The top k cards of the discard pile, top first.
inline std::vector<int> discard_top_n(const State& s, int k) {
  std::vector<int> out;
  for (int i = 0; i < k && i < s.discard_pile_size(); ++i) out.push_back(s.discard_pile_card(i));
  return out;
}

inline std::vector<Event> events_of(const EventList& events, EventType type) {
  std::vector<Event> out;
  for (const Event& e : events)
    if (e.type == type) out.push_back(e);
  return out;
}

inline int count_events(const EventList& events, EventType type) {
  return static_cast<int>(events_of(events, type).size());
}

// The types of the events, in order, for sequence checks.
inline std::vector<EventType> event_types(const EventList& events) {
  std::vector<EventType> out;
  for (const Event& e : events) out.push_back(e.type);
  return out;
}

inline bool is_empty(const State& s, CellId c) { return s.cell_state(c) == CellState::kEmpty; }
inline bool is_face_up(const State& s, CellId c) { return s.cell_state(c) == CellState::kFaceUp; }
inline bool is_face_down(const State& s, CellId c) {
  return s.cell_state(c) == CellState::kFaceDown;
}

// Face-up value of a cell, or kNoCard if it is not face up.
inline int up_value(const State& s, CellId c) {
  return is_face_up(s, c) ? s.cell_value(c) : kNoCard;
}

// The cell line of a row or column of p's display, as CellIds in display order, for
// expectations on kCleared events.
inline std::array<CellId, 3> cells3(std::string_view a, std::string_view b, std::string_view c) {
  return {cell(a), cell(b), cell(c)};
}

// Counts of every card value on the table and in the piles (held cards included), index
// value+1: checks that no card is lost or duplicated.
inline DeckCounts cards_in_play(const State& s) {
  DeckCounts counts{};
  auto add = [&](int v) {
    if (v >= kMinValue && v <= kMaxValue) ++counts[v - kMinValue];
  };
  for (int c = 0; c < s.players() * kGridCells; ++c)
    if (s.cell_state(static_cast<CellId>(c)) != CellState::kEmpty) add(s.cell_value(c));
  for (int i = 0; i < s.draw_pile_size(); ++i) add(s.draw_pile_card(i));
  for (int i = 0; i < s.discard_pile_size(); ++i) add(s.discard_pile_card(i));
  add(s.held_card());
  add(s.hand_card());
  add(s.taken_card());
  add(s.pending_discard());
  return counts;
}

// A deck order for the deck constructor State(options, seed, deck) or State::deal(deck) at the
// start of a round whose first player is `first`: the named cells get the named values, deck[12n]
// (the discard starter) is `discard_starter`, the rest is filled with the remaining cards in value
// order. Dealing convention (state.cc, start_round): deck[k] for k < 12n goes to player (first + k)
// mod n, grid cell k / n.
inline std::vector<int8_t> deck_order(const RuleOptions& o, int first,
                                      const std::map<CellId, int>& fixed, int discard_starter) {
  const int n = o.players;
  DeckCounts left = o.effective_deck();
  auto take = [&](int v) {
    EXPECT_GT(left[v - kMinValue], 0) << "too many " << v << "s";
    --left[v - kMinValue];
  };
  for (const auto& [c, v] : fixed) take(v);
  take(discard_starter);
  std::vector<int8_t> rest;
  for (int v = 0; v < kNumValues; ++v)
    for (int k = 0; k < left[v]; ++k) rest.push_back(static_cast<int8_t>(v + kMinValue));
  std::vector<int8_t> deck(static_cast<size_t>(o.deck_size()), kNoCard);
  for (const auto& [c, v] : fixed) {
    int p = cell_owner(c), i = cell_index(c);
    deck[static_cast<size_t>(i * n + (p - first + n) % n)] = static_cast<int8_t>(v);
  }
  deck[static_cast<size_t>(n * kGridCells)] = static_cast<int8_t>(discard_starter);
  size_t next = 0;
  for (auto& d : deck)
    if (d == kNoCard) d = rest[next++];
  return deck;
}

}  // namespace allegra::rules_test
