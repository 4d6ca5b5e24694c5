// JSON forms of options, actions, states, public views and events (engine/serialize.h).
#include "engine/serialize.h"

#include <gtest/gtest.h>

#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "engine/diagram.h"
#include "engine/public_view.h"
#include "engine/serialize_test_util.h"

namespace allegra {
namespace {

using nlohmann::json;
using serialize_test::random_action;
using serialize_test::variants;

// Runs `body` and returns the std::invalid_argument message it throws ("" if none).
std::string error_of(const std::function<void()>& body) {
  try {
    body();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// Plays one random game, calling visit(state, events of the last action) before the first and
// after every action.
void play_random_game(const RuleOptions& options, uint64_t seed,
                      const std::function<void(const State&, const EventList&)>& visit) {
  State s(options, seed);
  Rng rng(seed ^ 0x5eedULL);
  EventList events;
  visit(s, events);
  for (int step = 0; !s.is_terminal(); ++step) {
    ASSERT_LT(step, serialize_test::kMaxGameSteps) << "game does not end";
    events.clear();
    s.apply(random_action(s, rng), &events);
    if (s.is_chance_node()) s.deal(&events);
    visit(s, events);
  }
}

// --- Options ---------------------------------------------------------------------------------

TEST(SerializeOptions, RoundTrip) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    for (const auto& v : variants(n)) {
      json j = options_to_json(v.options);
      EXPECT_EQ(options_from_json(j), v.options) << v.name;
      EXPECT_EQ(options_from_json(parse_json(j.dump())), v.options) << v.name;
      json k = v.options;  // ADL hook
      EXPECT_EQ(k.get<RuleOptions>(), v.options);
    }
  }
}

TEST(SerializeOptions, MissingKeysTakeDefaults) {
  EXPECT_EQ(options_from_json(json::object()), RuleOptions{});
  RuleOptions three;
  three.players = 3;
  EXPECT_EQ(options_from_json(json{{"players", 3}}), three);
}

TEST(SerializeOptions, RejectsBadInput) {
  auto err = [](const json& j) { return error_of([&] { options_from_json(j); }); };
  EXPECT_NE(err(json{{"player", 3}}).find("unknown key \"player\""), std::string::npos);
  EXPECT_NE(err(json{{"players", "3"}}).find("options.players"), std::string::npos);
  EXPECT_NE(err(json{{"players", 3.5}}).find("options.players"), std::string::npos);
  EXPECT_NE(err(json{{"players", 7}}).find("players must be 2 to 6"), std::string::npos);
  EXPECT_NE(err(json{{"players", 1ull << 40}}).find("options.players"), std::string::npos);
  EXPECT_NE(err(json{{"knocking", 1}}).find("options.knocking"), std::string::npos);
  EXPECT_NE(err(json{{"deck_counts", {1, 2}}}).find("options.deck_counts"), std::string::npos);
  EXPECT_NE(err(json{{"deck_counts", std::vector<int>(13, 300)}}).find("options.deck_counts[0]"),
            std::string::npos);
  EXPECT_NE(err(json{{"rounds", 0}}).find("point limit is required"), std::string::npos);
  EXPECT_NE(err(json::array()).find("must be an object"), std::string::npos);
  EXPECT_NE(err(json(nullptr)).find("must be an object"), std::string::npos);
}

// --- Actions ---------------------------------------------------------------------------------

TEST(SerializeAction, RoundTripEveryLegalAction) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    play_random_game(variants(n)[0].options, 100 + n, [&](const State& s, const EventList&) {
      for (Action a : s.legal_actions()) {
        json j = action_to_json(a);
        ASSERT_TRUE(j.is_string());
        EXPECT_EQ(action_from_json(j, n), a) << j.dump();
      }
    });
  }
}

// The texts of every kind of action, as people and logs read them (written by hand since the
// legal lists of every frame are: a format call cost more than the rest of such a list), and
// append_text() appends exactly to_text() to what is there.
TEST(SerializeAction, TextsOfEveryKind) {
  const std::pair<Action, std::string> cases[] = {
      {Action::reveal(make_cell(0, 0, 1)), "reveal 0a1"},
      {Action::draw_pile(), "draw"},
      {Action::draw_discard(), "draw-discard"},
      {Action::swap(make_cell(5, 2, 3)), "swap 5c3"},
      {Action::discard(), "discard"},
      {Action::knock(), "knock"},
      {Action::pass(), "pass"},
      {Action::give(3), "give 3"},
      {Action::refuse(), "refuse"},
      {Action{ActionType::kTake, make_cell(1, 0, 3)}, "take 1a3"},
      {Action{ActionType::kPut, make_cell(0, 1, 0)}, "put 0b0"},
      {Action::clear(col_line_id(4)), "clear col-4"},
      {Action::clear(row_line_id(1, 2)), "clear row-b2"},
      {Action::leave_lines(), "leave"},
      {Action::reveal(kMaxCells), "reveal cell#72"},
      {Action::clear(kNumLineIds), "clear line#" + std::to_string(kNumLineIds)},
  };
  for (const auto& [action, text] : cases) {
    EXPECT_EQ(to_text(action), text);
    std::string out = "[";
    append_text(out, action);
    EXPECT_EQ(out, "[" + text);
  }
}

// Every line id writes a text that reads back as the same line, or, for the ids that name no
// line (rows starting past the display's third column), a text that no reader accepts.
TEST(SerializeAction, EveryLineIdWritesATextThatReadsBackOrIsRefused) {
  int lines = 0;
  for (int id = -1; id <= kNumLineIds; ++id) {
    const std::string text = line_to_text(id);
    const auto back = line_from_text(text);
    const bool real = id >= 0 && id < kNumLineIds && (is_col_line(id) || id % kDisplayCols <= 2);
    if (real) {
      ++lines;
      EXPECT_EQ(back, id) << text;
    } else {
      EXPECT_EQ(back, std::nullopt) << id << " wrote " << text;
      EXPECT_EQ(text.rfind("line#", 0), 0u) << text;
    }
  }
  EXPECT_EQ(lines, 3 * 3 + 5);  // 3 row lines per display row, 5 display columns
}

TEST(SerializeAction, RejectsBadInput) {
  EXPECT_NE(error_of([] { action_from_json("swap 4a0", 4); }).find("action"), std::string::npos);
  EXPECT_NE(error_of([] { action_from_json("fly", 4); }).find("unknown action"), std::string::npos);
  EXPECT_NE(error_of([] { action_from_json(3, 4); }).find("must be a string"), std::string::npos);
  EXPECT_EQ(action_from_json("swap 3a0", 4), Action::swap(make_cell(3, 0, 0)));
}

// --- Full state ------------------------------------------------------------------------------

void expect_round_trip(const State& s) {
  json j = state_to_json(s);
  std::string text = j.dump();
  try {
    State back = state_from_json(parse_json(text));
    ASSERT_TRUE(back == s) << text;
  } catch (const std::invalid_argument& e) {
    FAIL() << e.what() << "\n" << text;
  }
}

// The phases of a knock or a choice of lines are rarer than drawing and swapping.
bool rare_phase(Phase p) {
  return p != Phase::kSetupReveal && p != Phase::kChooseDraw && p != Phase::kHoldDrawn &&
         p != Phase::kRevealAfterDiscard;
}

// Every 6th state of the common phases and every state of the rare ones in the release build;
// every 24th and every 4th in the sanitizer build, where this was the slowest test by far (130 s
// of a loaded machine, a JSON round trip under ASan costs ~40 times more; test.sh runs both).
#ifdef NDEBUG
constexpr int kRoundTripEvery = 6;
constexpr int kRareRoundTripEvery = 1;
#else
constexpr int kRoundTripEvery = 24;
constexpr int kRareRoundTripEvery = 4;
#endif

TEST(SerializeState, RoundTripStatesOfRandomGames) {
  int states = 0;
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    for (const auto& v : variants(n)) {
      SCOPED_TRACE(::testing::Message() << n << " players, " << v.name);
      int step = 0, rare = 0;
      play_random_game(v.options, 7 * n + v.name.size(), [&](const State& s, const EventList&) {
        const bool rare_state = rare_phase(s.phase()) || s.is_terminal();
        if (rare_state ? rare++ % kRareRoundTripEvery != 0 : step++ % kRoundTripEvery != 0) return;
        expect_round_trip(s);
        ++states;
      });
      if (HasFatalFailure()) return;
    }
  }
  std::cout << states << " states round-tripped\n";
  EXPECT_GT(states, 1000);
}

TEST(SerializeState, RoundTripsEveryPhase) {
  // Knocking needs 3+ players; collect states until every phase has been seen.
  std::vector<bool> seen(static_cast<int>(Phase::kGameOver) + 1);
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    RuleOptions o;
    o.players = 3 + static_cast<int>(seed % 4);
    o.optional_clearing = seed % 2 == 0;
    o.rounds = 1;
    play_random_game(o, seed, [&](const State& s, const EventList&) {
      if (!seen[static_cast<int>(s.phase())]) expect_round_trip(s);
      seen[static_cast<int>(s.phase())] = true;
    });
  }
  // The chance node after a round that is not the last (play_random_game deals at once).
  RuleOptions two;
  two.rounds = 2;
  State s(two, 3);
  Rng rng(3);
  while (!s.is_chance_node()) s.apply(random_action(s, rng));
  expect_round_trip(s);
  seen[static_cast<int>(s.phase())] = true;
  for (size_t p = 0; p < seen.size(); ++p)
    EXPECT_TRUE(seen[p]) << "never saw phase " << phase_name(static_cast<Phase>(p));
}

// A state in the middle of a 4-player game (knocking on).
State sample_state(Phase want = Phase::kChooseDraw) {
  RuleOptions o;
  for (uint64_t seed = 1;; ++seed) {
    State s(o, seed);
    Rng rng(seed);
    for (int i = 0; i < 400 && !s.is_terminal(); ++i) {
      s.apply(random_action(s, rng));
      if (s.is_chance_node()) s.deal();
      if (i > 40 && s.phase() == want) return s;
    }
  }
}

TEST(SerializeState, RejectsMalformedInput) {
  const State s = sample_state();
  const json good = state_to_json(s);
  ASSERT_EQ(state_from_json(good), s);
  struct Case {
    std::string what;
    std::function<void(json&)> mutate;
    std::string expected;  // a substring of the message
  };
  const std::vector<Case> cases = {
      {"not an object", [](json& j) { j = json::array(); }, "state: must be an object"},
      {"unknown key", [](json& j) { j["extra"] = 1; }, "unknown key \"extra\""},
      {"missing key", [](json& j) { j.erase("phase"); }, "state.phase: missing"},
      {"version", [](json& j) { j["version"] = 2; }, "state.version: unsupported"},
      {"options", [](json& j) { j["options"]["players"] = 9; }, "state.options"},
      {"rng size", [](json& j) { j["rng"].erase(0); }, "state.rng"},
      {"rng word", [](json& j) { j["rng"][1] = "12x"; }, "state.rng[1]"},
      {"rng negative", [](json& j) { j["rng"][1] = -5; }, "state.rng[1]"},
      {"rng too big", [](json& j) { j["rng"][1] = "18446744073709551616"; }, "state.rng[1]"},
      {"rng zero",
       [](json& j) {
         j["rng"] = {"0", "0", "0", "0"};
       },
       "all-zero"},
      {"phase", [](json& j) { j["phase"] = "dance"; }, "state.phase: unknown phase"},
      {"round", [](json& j) { j["round"] = -1; }, "state.round"},
      {"active", [](json& j) { j["active"] = 4; }, "state.active"},
      {"grids count", [](json& j) { j["grids"].erase(0); }, "state.grids"},
      {"grid size", [](json& j) { j["grids"][2].erase(0); }, "state.grids[2]"},
      {"cell state", [](json& j) { j["grids"][1][5]["state"] = "sideways"; },
       "state.grids[1][5].state"},
      {"cell value", [](json& j) { j["grids"][1][5]["value"] = 14; }, "state.grids[1][5].value"},
      {"cell value type", [](json& j) { j["grids"][1][5]["value"] = "7"; },
       "state.grids[1][5].value"},
      {"empty with value",
       [](json& j) {
         j["grids"][1][5] = {{"state", "empty"}, {"value", 3}};
       },
       "state.grids[1][5].value"},
      {"pile card", [](json& j) { j["draw_pile"][0] = 12; }, "state.draw_pile[0]"},
      {"pile too long", [](json& j) { j["draw_pile"] = std::vector<int>(200, 1); },
       "state.draw_pile"},
      {"card lost", [](json& j) { j["draw_pile"].erase(0); }, "state.cards"},
      {"card changed",
       [](json& j) {
         int v = j["draw_pile"][0].get<int>();
         j["draw_pile"][0] = v == 11 ? 10 : v + 1;
       },
       "state.cards"},
      {"held in choose-draw", [](json& j) { j["held"] = 3; }, "state."},
      {"player set order",
       [](json& j) {
         j["final_done"] = {2, 1};
       },
       "state.final_done[1]"},
      {"player set range", [](json& j) { j["knockers"] = {5}; }, "state.knockers[0]"},
      {"knocker without knock", [](json& j) { j["knocker"] = 1; }, "state.knocker"},
      {"hole cell", [](json& j) { j["hole"] = "9z9"; }, "state.hole"},
      {"after_clear", [](json& j) { j["after_clear"] = "later"; }, "state.after_clear"},
      {"totals size", [](json& j) { j["totals_half"].erase(0); }, "state.totals_half"},
      {"totals impossible", [](json& j) { j["totals_half"][0] = 5000; }, "state.totals_half[0]"},
      {"last round", [](json& j) { j["last_round"]["ender"] = 2; }, "state.last_round"},
      {"rounds played", [](json& j) { j["rounds_played"] = 1; }, "state.rounds_played"},
      {"setup counters", [](json& j) { j["setup_reveals_left"] = 1; }, "state.setup_reveals_left"},
      {"game over too early", [](json& j) { j["phase"] = "game-over"; }, "state."},
      {"ender with face-down cards", [](json& j) { j["ender"] = 0; }, "state.ender"},
  };
  for (const Case& c : cases) {
    json j = good;
    c.mutate(j);
    std::string message = error_of([&] { state_from_json(j); });
    EXPECT_NE(message.find(c.expected), std::string::npos)
        << c.what << ": got \"" << message << "\", expected \"" << c.expected << "\"";
  }
}

// Replaces a random leaf (number, string, bool, null) of j, in place.
void mutate_leaf(json& j, Rng& rng) {
  std::vector<json*> leaves;
  std::function<void(json&)> collect = [&](json& node) {
    if (node.is_structured()) {
      for (auto& child : node) collect(child);
    } else {
      leaves.push_back(&node);
    }
  };
  collect(j);
  json& leaf = *leaves[rng.below(static_cast<uint32_t>(leaves.size()))];
  switch (rng.below(8)) {
    case 0:
      leaf = static_cast<int>(rng.below(30)) - 10;
      break;
    case 1:
      leaf = nullptr;
      break;
    case 2:
      leaf = rng.below(2) == 1;
      break;
    case 3:
      leaf = "0a1";
      break;
    case 4:
      leaf = json::array();
      break;
    case 5:
      leaf = static_cast<int>(rng.below(7));
      break;
    case 6:
      leaf = -1;
      break;
    default:
      if (leaf.is_number_integer()) leaf = leaf.get<int64_t>() + (rng.below(2) ? 1 : -1);
      break;
  }
}

TEST(SerializeState, RandomMutationsAreRejectedOrRoundTrip) {
  int rejected = 0, accepted = 0;
  for (Phase phase :
       {Phase::kChooseDraw, Phase::kHoldDrawn, Phase::kKnockWindow, Phase::kTake, Phase::kPut}) {
    const State s = sample_state(phase);
    Rng rng(static_cast<uint64_t>(phase) + 1);
    for (int i = 0; i < 300; ++i) {
      json j = state_to_json(s);
      mutate_leaf(j, rng);
      if (i % 3 == 0) mutate_leaf(j, rng);
      try {
        State t = state_from_json(j);
        ++accepted;
        ASSERT_EQ(state_from_json(state_to_json(t)), t);
        ASSERT_FALSE(validate_state(t));
        // A valid state must be playable.
        Rng play(i);
        for (int k = 0; k < 50 && !t.is_terminal(); ++k) {
          if (t.is_chance_node())
            t.deal();
          else
            t.apply(random_action(t, play));
        }
      } catch (const std::invalid_argument&) {
        ++rejected;
      }
    }
  }
  EXPECT_GT(rejected, 500);
  EXPECT_GT(accepted, 20);
}

TEST(SerializeState, ParseJsonRejectsGarbage) {
  for (std::string text : {"", "{", "[1,2", "{\"a\":}", "nul", "1 2", "\"\\u12\""}) {
    EXPECT_NE(error_of([&] { parse_json(text); }).find("json"), std::string::npos) << text;
    EXPECT_THROW(parse_json(text), FormatError);
  }
  std::string deep(100000, '[');
  EXPECT_NE(error_of([&] { parse_json(deep); }).find("nested deeper"), std::string::npos);
  std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  EXPECT_NO_THROW(parse_json(ok));
  // Brackets inside strings do not count.
  EXPECT_NO_THROW(parse_json("[\"" + std::string(100, '[') + "\\\"\"]"));
  for (std::string text : {"1", "[]", "null", "\"x\"", "{\"players\": 3}"})
    EXPECT_THROW(state_from_json(parse_json(text)), std::invalid_argument) << text;
}

// --- Public view -----------------------------------------------------------------------------

TEST(SerializePublicView, HidesEveryHiddenValue) {
  int hidden_hands = 0;
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    for (const auto& v : variants(n)) {
      Rng sampler(n);
      int step = 0;
      play_random_game(v.options, 31 * n + v.name.size(), [&](const State& s, const EventList&) {
        if (step++ % 9 != 0 && !s.is_terminal()) return;
        json pv = public_view_to_json(s.public_view());
        EXPECT_FALSE(pv.contains("draw_pile"));
        EXPECT_FALSE(pv.contains("rng"));
        EXPECT_EQ(pv["draw_pile_size"], s.draw_pile_size());
        for (int p = 0; p < n; ++p) {
          for (int i = 0; i < kGridCells; ++i) {
            const json& cell = pv["grids"][p][i];
            CellState cs = s.cell_state(static_cast<CellId>(p * kGridCells + i));
            if (cs == CellState::kFaceDown) {
              EXPECT_EQ(cell["state"], "down");
              EXPECT_FALSE(cell.contains("value")) << cell.dump();
            } else if (cs == CellState::kFaceUp) {
              EXPECT_EQ(cell["value"], s.cell_value(static_cast<CellId>(p * kGridCells + i)));
            }
          }
        }
        if (s.hand_card() != kNoCard && !s.hand_card_known()) {
          EXPECT_EQ(pv["hand"], "hidden");
          ++hidden_hands;
        }
        if (s.taken_card() != kNoCard && !s.taken_card_known()) {
          EXPECT_EQ(pv["taken"], "hidden");
        }
        EXPECT_EQ(pv["current_player"].is_null(), s.is_terminal());
        EXPECT_EQ(pv["legal_actions"].size(), s.legal_actions().size());
        // The strongest check: another state with the same public view (hidden part redrawn)
        // gives the same JSON.
        EXPECT_EQ(public_view_to_json(s.resample(sampler).public_view()), pv);
      });
    }
  }
  EXPECT_GT(hidden_hands, 0);
}

// (a) of the wire's data: shared_from[p] is the owner of display column 0 of p's display (the
// grid whose column 3 it is), the geometry's own display_cell(); the frames' form leaves the
// legal actions out.
TEST(SerializePublicView, SharedFromNamesTheOwnerOfEachSharedColumn) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    RuleOptions o;
    o.players = n;
    const State s(o, 5);
    const json pv = public_view_to_json(s.public_view());
    ASSERT_EQ(pv.at("shared_from").size(), static_cast<size_t>(n));
    for (int p = 0; p < n; ++p) {
      for (int row = 0; row < kRows; ++row) {
        const CellId c = display_cell(p, n, row * kDisplayCols);
        EXPECT_EQ(pv.at("shared_from").at(p), cell_owner(c)) << n << " players, player " << p;
        EXPECT_EQ(cell_col(c), kSharedCol);
      }
    }
    EXPECT_TRUE(pv.contains("legal_actions"));
    json without = public_view_to_json(s.public_view(), LegalActionsKey::kWithout);
    EXPECT_FALSE(without.contains("legal_actions"));
    without["legal_actions"] = pv.at("legal_actions");
    EXPECT_EQ(without, pv);
  }
}

// A 3-player round (3 rounds) in which players 1 and 2 end with empty displays (R9): the
// round's last action is player 0's reveal.
State round_with_two_empty_displays() {
  RuleOptions o;
  o.players = 3;
  o.knocking = false;
  State s = position_from_diagram(o, R"(
    ender 1
    active 2
    0: ? ? ? .  | ? ? ? . | ? ? ? .
    1: . . . .  | . . . . | . . . .
    2: 5 5 ?9 . | . . . . | . . . .
    draw 5 6
  )");
  for (const char* text : {"draw", "swap 2a2", "draw", "discard", "reveal 0a0"})
    s.apply(*action_from_text(text, 3));
  return s;
}

// The state's JSON; a diagram leaves the setup's count as it was written, the reader wants
// it over once the round is.
json state_json_of(const State& s) {
  json j = state_to_json(s);
  if (s.phase() != Phase::kSetupReveal) {
    j["setup_reveals_left"] = 0;
    j["setup_players_done"] = s.players();
  }
  return j;
}

// (b) of the wire's data: every round result says whose display was empty, from the engine's
// own flag; the state JSON keeps it, and a state written before the flag reads it back from
// the finished table (round-over) or the -10 score (later).
TEST(SerializeState, EmptyDisplaysOfTheLastRound) {
  State s = round_with_two_empty_displays();
  ASSERT_EQ(s.phase(), Phase::kRoundOver);
  EXPECT_EQ(s.last_round().empty_display, 0b110);
  const json want = json::array({false, true, true});
  EXPECT_EQ(public_view_to_json(s.public_view()).at("last_round").at("empty_display"), want);
  json j = state_json_of(s);
  EXPECT_EQ(j.at("last_round").at("empty_display"), want);
  EXPECT_EQ(state_to_json(state_from_json(j)), j);
  json old = j;
  old.at("last_round").erase("empty_display");  // an older file
  EXPECT_EQ(state_to_json(state_from_json(old)), j);
  s.deal();  // the next round: the finished table is gone, the result stays
  const json next = state_json_of(s);
  EXPECT_EQ(next.at("last_round").at("empty_display"), want);
  old = next;
  old.at("last_round").erase("empty_display");
  EXPECT_EQ(state_to_json(state_from_json(old)), next);
  // A flag that contradicts the table or the score is refused, naming the entry.
  j["last_round"]["empty_display"][0] = true;
  EXPECT_NE(error_of([&] { (void)state_from_json(j); }).find("last_round.empty_display[0]"),
            std::string::npos);
  j["last_round"]["empty_display"] = json::array({false, true});
  EXPECT_NE(error_of([&] { (void)state_from_json(j); }).find("one entry per player"),
            std::string::npos);
}

// --- Events ----------------------------------------------------------------------------------

TEST(SerializeEvent, EveryEventTypeHasItsFields) {
  std::vector<bool> seen(kNumEventTypes);
  for (int n = 2; n <= 5; ++n) {
    play_random_game(variants(n)[n == 5 ? 6 : 0].options, n,
                     [&](const State&, const EventList& events) {
                       for (const Event& e : events) {
                         json j = event_to_json(e);
                         seen[static_cast<int>(e.type)] = true;
                         EXPECT_EQ(j["type"], event_type_name(e.type));
                         EXPECT_EQ(j["text"], describe(e));
                         switch (e.type) {
                           case EventType::kReshuffled:
                             EXPECT_EQ(j["cards"], e.cards);
                             break;
                           case EventType::kCleared:
                             EXPECT_EQ(j["line"], line_to_text(e.line));
                             EXPECT_EQ(j["card"], e.card);
                             EXPECT_EQ(j["cells"].size(), 3u);
                             break;
                           case EventType::kRoundScored:
                             EXPECT_EQ(j["score_half"], e.score_half);
                             EXPECT_EQ(j["display_half"], e.display_half);
                             EXPECT_EQ(j["penalised"], e.penalised);
                             EXPECT_EQ(j["empty_display"], e.empty_display);
                             break;
                           case EventType::kGameOver:
                             EXPECT_TRUE(j["winners"].is_array());
                             break;
                           case EventType::kGave:
                             EXPECT_EQ(j["knocker"], e.knocker);
                             EXPECT_EQ(j["player"], e.player);
                             break;
                           case EventType::kTook:
                             if (e.card == kHiddenValue) {
                               EXPECT_EQ(j["card"], "hidden");
                             }
                             EXPECT_EQ(j["cell"], cell_to_text(e.cell));
                             break;
                           case EventType::kKnockerSwapped:
                             if (e.old_card == kHiddenValue) {
                               EXPECT_EQ(j["old_card"], "hidden");
                             }
                             EXPECT_EQ(j["card"], e.card);
                             EXPECT_EQ(j["cell"], cell_to_text(e.cell));
                             break;
                           case EventType::kSwapped:
                           case EventType::kPut:
                             EXPECT_EQ(j["old_card"], e.old_card);
                             EXPECT_EQ(j["card"], e.card);
                             EXPECT_EQ(j["cell"], cell_to_text(e.cell));
                             break;
                           case EventType::kDiscarded:
                             if (e.cell == kNoCell) {
                               EXPECT_TRUE(j["cell"].is_null());
                             }
                             break;
                           case EventType::kFinalRevealed:
                             EXPECT_FALSE(j.contains("player"));
                             EXPECT_EQ(j["card"], e.card);
                             break;
                           default:
                             EXPECT_TRUE(j.contains("player"));
                             break;
                         }
                         json k = e;  // ADL hook
                         EXPECT_EQ(k, j);
                       }
                     });
  }
  EXPECT_TRUE(seen[static_cast<int>(EventType::kReshuffled)]);
  EXPECT_TRUE(seen[static_cast<int>(EventType::kCleared)]);
  EXPECT_TRUE(seen[static_cast<int>(EventType::kGave)]);
  EXPECT_TRUE(seen[static_cast<int>(EventType::kPutBack)]);
  EXPECT_TRUE(seen[static_cast<int>(EventType::kFinalRevealed)]);
}

}  // namespace
}  // namespace allegra
