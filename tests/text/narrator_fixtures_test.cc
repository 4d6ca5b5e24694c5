// Golden fixtures shared by both narrators: the terminal's text::Narrator (and the hint's
// text::hint_lines) here, the browser's web/src/text/narrator.ts and hint.ts in vitest
// (web/src/text/fixtures.test.ts). This test writes, for every event kind and every voice the
// browser uses (the event's player is "you", another player, or the page is a spectator's),
// the events as the server sends them (engine/event_json.h) and the sentences Narrator tells
// in all five languages; the status line of each phase of a scripted game with its public view;
// and structured hints (the `hint` reply as wire::hint_frame writes it) with their lines. The
// file is tests/text/golden/narrator_fixtures.json; both sides must give exactly its sentences, so
// the two narrators cannot drift apart (no key list copied by hand).
//
// After a deliberate change of wording or of a narrator, regenerate the file and read the diff:
//   ALLEGRA_UPDATE_GOLDEN=1 build/release/allegra_tests --gtest_filter='TextFixtures*'
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "bots/bot.h"
#include "bots/hint.h"
#include "engine/action.h"
#include "engine/event_json.h"
#include "engine/public_view.h"
#include "engine/view_json.h"
#include "text/golden_file.h"
#include "text/hint_text.h"
#include "text/narrator.h"
#include "wire/messages.h"

#ifndef ALLEGRA_SOURCE_DIR
#error "ALLEGRA_SOURCE_DIR must name the source folder"
#endif

namespace allegra::text {
namespace {

using nlohmann::json;
using Ev = EventType;

const char* const kLangs[] = {"en", "de", "fr", "nl", "es"};
constexpr int kPlayers = 4;
const std::vector<std::string> kNames = {"Anna", "Bea", "Cem", "Dan"};

// The voices of the browser: the page's own seat is "you", everyone else is named (a spectator's
// page names everyone). Telling: the table's log tells no turn or pass (the status line does).
std::vector<Voice> voices(int you) {
  std::vector<Voice> out(kPlayers, Voice::kBot);
  if (you >= 0) out[static_cast<size_t>(you)] = Voice::kYou;
  return out;
}

// A cleared line of `player`'s display with no gap: its cells from the engine's geometry.
Event cleared(int player, int8_t card, std::string_view line) {
  const int id = *line_from_text(line);
  Event e{.type = Ev::kCleared, .player = static_cast<int8_t>(player), .card = card};
  e.line = static_cast<uint8_t>(id);
  for (int i = 0; i < 3; ++i) {
    const bool col = is_col_line(id);
    const int row = col ? i : id / kDisplayCols;
    const int dcol = col ? id - kRows * kDisplayCols : id % kDisplayCols + i;
    e.cells[static_cast<size_t>(i)] = display_cell(player, kPlayers, row, dcol);
  }
  return e;
}

struct Case {
  std::string name;
  std::vector<Event> events;
};

// Every event kind, about "you" (seat 0) and about others, with cells of one's own, of the
// left neighbour and of "you" seen from another player.
std::vector<Case> event_cases() {
  const CellId own = make_cell(1, 1, 2), left_col = make_cell(2, 0, 3), yours = make_cell(0, 2, 3);
  std::vector<Case> c = {
      {"round-started", {{.type = Ev::kRoundStarted, .player = 2, .card = 5, .round = 1}}},
      {"turn-started", {{.type = Ev::kTurnStarted, .player = 1}}},
      {"revealed own", {{.type = Ev::kRevealed, .player = 1, .card = 7, .cell = own}}},
      {"revealed neighbour's",
       {{.type = Ev::kRevealed, .player = 1, .card = -1, .cell = left_col}}},
      {"revealed by you",
       {{.type = Ev::kRevealed, .player = 0, .card = 11, .cell = make_cell(1, 0, 3)}}},
      {"reshuffled", {{.type = Ev::kReshuffled, .cards = 40}}},
      {"reshuffled one", {{.type = Ev::kReshuffled, .cards = 1}}},
      {"drew pile", {{.type = Ev::kDrew, .player = 1, .card = 3, .pile = Pile::kDraw}}},
      {"drew discard", {{.type = Ev::kDrew, .player = 0, .card = 0, .pile = Pile::kDiscard}}},
      {"knocked", {{.type = Ev::kKnocked, .player = 2}, {.type = Ev::kKnocked, .player = 0}}},
      {"passed", {{.type = Ev::kPassed, .player = 3}}},
      {"gave to you", {{.type = Ev::kGave, .player = 1, .knocker = 0}}},
      {"gave to other", {{.type = Ev::kGave, .player = 0, .knocker = 2}}},
      {"refused", {{.type = Ev::kRefused, .player = 1}}},
      {"swapped",
       {{.type = Ev::kSwapped, .player = 1, .card = 2, .old_card = 9, .cell = own},
        {.type = Ev::kDiscarded, .player = 1, .card = 9, .cell = own}}},
      {"swapped into yours",
       {{.type = Ev::kSwapped, .player = 3, .card = 4, .old_card = 10, .cell = yours}}},
      {"discarded", {{.type = Ev::kDiscarded, .player = 0, .card = 11}}},
      {"knocker-swapped face down",
       {{.type = Ev::kKnockerSwapped, .player = 2, .card = 2, .cell = make_cell(2, 0, 0)}}},
      {"knocker-swapped face up",
       {{.type = Ev::kKnockerSwapped,
         .player = 0,
         .card = 6,
         .old_card = 8,
         .cell = make_cell(0, 1, 1)}}},
      {"took face down", {{.type = Ev::kTook, .player = 1, .cell = make_cell(0, 0, 0)}}},
      {"took face up", {{.type = Ev::kTook, .player = 0, .card = 4, .cell = make_cell(2, 1, 1)}}},
      {"put",
       {{.type = Ev::kPut, .player = 1, .card = 4, .old_card = 8, .cell = make_cell(1, 2, 3)},
        {.type = Ev::kDiscarded, .player = 1, .card = 8, .cell = make_cell(1, 2, 3)}}},
      {"put-back", {{.type = Ev::kPutBack, .player = 2, .card = 9, .cell = make_cell(2, 0, 0)}}},
      {"cleared alone", {cleared(1, 4, "col-2")}},
      {"cleared the neighbour's column", {cleared(3, 6, "col-0"), cleared(1, 6, "col-0")}},
      {"cleared a row round the corner", {cleared(0, 5, "row-b0"), cleared(2, 5, "row-c0")}},
      {"cleared a row", {cleared(2, 1, "row-a1"), cleared(2, 1, "row-c2")}},
      {"swap that clears",
       {{.type = Ev::kSwapped, .player = 0, .card = 4, .old_card = 9, .cell = make_cell(0, 1, 1)},
        {.type = Ev::kDiscarded, .player = 0, .card = 9, .cell = make_cell(0, 1, 1)},
        cleared(0, 4, "col-2")}},
      {"put-back that clears twice",
       {{.type = Ev::kPutBack, .player = 1, .card = 3, .cell = make_cell(1, 0, 3)},
        cleared(1, 3, "row-a2"),
        cleared(1, 3, "col-4")}},
      {"a clear by another after a move",
       {{.type = Ev::kRevealed, .player = 1, .card = 7, .cell = own}, cleared(0, 7, "col-1")}},
      {"lines-left", {{.type = Ev::kLinesLeft, .player = 1}}},
      {"round-ended",
       {{.type = Ev::kRoundEnded, .player = 0}, {.type = Ev::kRoundEnded, .player = 3}}},
      {"turn-skipped", {{.type = Ev::kTurnSkipped, .player = 3}}},
      {"game-over", {{.type = Ev::kGameOver, .winners = 0b0011}}},
  };
  // The end of a round: the last reveals counted, each score, the bonus of an empty display,
  // the ender's doubling, halving, zero or lowest score; then the next deal.
  auto scored = [](int p, int display, int score, bool penalised, bool empty = false) {
    return Event{.type = Ev::kRoundScored,
                 .player = static_cast<int8_t>(p),
                 .penalised = penalised,
                 .empty_display = empty,
                 .display_half = static_cast<int16_t>(display),
                 .score_half = static_cast<int16_t>(score)};
  };
  auto round_end = [&](std::string name, int ender, std::vector<Event> scores, bool deal) {
    std::vector<Event> ev = {{.type = Ev::kRoundEnded, .player = static_cast<int8_t>(ender)},
                             {.type = Ev::kFinalRevealed, .card = 3, .cell = make_cell(2, 0, 0)},
                             {.type = Ev::kFinalRevealed, .card = 5, .cell = make_cell(3, 1, 0)}};
    ev.insert(ev.end(), scores.begin(), scores.end());
    if (deal) ev.push_back({.type = Ev::kRoundStarted, .player = 1, .card = 8, .round = 1});
    c.push_back({std::move(name), std::move(ev)});
  };
  round_end("round scored: doubled, a bonus", 1,
            {scored(0, -20, -20, false, true), scored(1, 20, 40, true), scored(2, 31, 31, false),
             scored(3, 44, 44, false)},
            true);
  // A display of many -1 cards scoring -10 too: no bonus, for the flag is not set.
  round_end("round scored: halved, -10 without a bonus", 0,
            {scored(0, -6, -3, true), scored(1, -20, -20, false), scored(2, -20, -20, false, true),
             scored(3, 9, 9, false)},
            false);
  round_end("round scored: the ender at zero", 2,
            {scored(0, 12, 12, false), scored(1, 4, 4, false), scored(2, 0, 0, true),
             scored(3, 0, 0, false)},
            false);
  round_end("round scored: the ender lowest", 3,
            {scored(0, 12, 12, false), scored(1, 4, 4, false), scored(2, 30, 30, false),
             scored(3, 1, 1, false)},
            false);
  return c;
}

// The sentences of a frame's events as the table's log tells them: what was done; the round's
// result (round_result, with the totals of these scores) after the last score; then the rest.
std::vector<std::string> tell(const Narrator& n, const std::vector<Event>& events) {
  size_t after_scores = 0;
  int ender = kNoPlayer, round = 0;
  std::vector<Event> scored;
  std::vector<int32_t> totals(kPlayers, 0);
  for (size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (e.type == Ev::kRoundEnded) ender = e.player;
    if (e.type == Ev::kRoundStarted && scored.empty()) round = e.round;
    if (e.type != Ev::kRoundScored) continue;
    scored.push_back(e);
    totals[static_cast<size_t>(e.player)] += e.score_half;
    after_scores = i + 1;
  }
  const std::span<const Event> all(events);
  std::vector<std::string> out = n.narrate(all.first(after_scores ? after_scores : all.size()));
  if (scored.empty()) return out;
  for (std::string& s : n.round_result(round, ender, scored, totals)) out.push_back(std::move(s));
  for (std::string& s : n.narrate(all.subspan(after_scores))) out.push_back(std::move(s));
  return out;
}

json event_fixtures() {
  json out = json::array();
  for (const Case& c : event_cases()) {
    json events = json::array();
    for (const Event& e : c.events) {
      json j = event_to_json(e);
      j.erase("text");  // the server's English description: no narrator reads it
      events.push_back(j);
    }
    json told = json::array();
    for (const int you : {0, 1, -1}) {
      for (const Telling telling : {Telling::kScreen, Telling::kEverything}) {
        json sentences = json::object();
        bool differs = false;
        for (const char* code : kLangs) {
          const Translator tr(code);
          const Narrator screen(tr, kNames, kPlayers, voices(you), Telling::kScreen);
          const Narrator n(tr, kNames, kPlayers, voices(you), telling);
          const std::vector<std::string> lines = tell(n, c.events);
          differs = differs || tell(screen, c.events) != lines;
          sentences[code] = lines;
        }
        // Telling everything only where it says more than the screen.
        if (telling == Telling::kEverything && !differs) continue;
        told.push_back({{"you", you >= 0 ? json(you) : json(nullptr)},
                        {"everything", telling == Telling::kEverything},
                        {"sentences", sentences}});
      }
    }
    out.push_back({{"name", c.name}, {"events", events}, {"told", told}});
  }
  return out;
}

// The kind of prompt a decision of this phase gets: a held card that may not be discarded is
// told apart (status.hold_discard, status.hold_swap), since the prompt offers the legal moves.
std::string prompt_kind(const State& s, const std::vector<Action>& legal) {
  if (s.phase() != Phase::kHoldDrawn) return "";
  if (std::find(legal.begin(), legal.end(), Action::discard()) != legal.end()) return "";
  return s.held_from_discard() ? ", taken from the discard pile" : ", nothing left to turn up";
}

// The status line of the first decision of every phase (and kind of prompt) in a scripted game
// (the golden transcript's: three players, optional clearing, a 55-card deck), "you" being
// seat 0, with the decider's legal actions (its `pending[].legal` in a frame). The phases whose
// French text says "de {name}" once more with names that start with a vowel ("d’Emil").
json decision_fixtures() {
  RuleOptions options;
  options.players = 3;
  options.rounds = 2;
  options.optional_clearing = true;
  options.small_game_removal = 5;
  constexpr uint64_t kDecisionSeed = 20;
  State state(options, kDecisionSeed);
  std::vector<std::unique_ptr<Bot>> bots;
  const char* const specs[] = {"medium", "random", "random"};
  for (int p = 0; p < 3; ++p) bots.push_back(make_bot(specs[p], kDecisionSeed * 10 + p));
  std::map<std::tuple<Phase, bool, std::string>, json> first;  // phase, by "you", prompt kind
  const std::vector<std::string> names(kNames.begin(), kNames.begin() + 3);
  const std::vector<std::string> vowel_names = {"Anna", "Emil", "Ines"};
  while (!state.is_terminal()) {
    const PublicView view = state.public_view();
    const int p = state.current_player();  // kChancePlayer at the round's end
    std::vector<Action> legal;
    if (!state.is_chance_node()) {
      const auto list = view.legal_actions();
      legal.assign(list.begin(), list.end());
    }
    const std::string kind = prompt_kind(state, legal);
    const bool vowels = state.phase() == Phase::kTake || state.phase() == Phase::kKnockWindow;
    for (int pass = 0; pass < (vowels ? 2 : 1); ++pass) {
      const auto key = std::make_tuple(state.phase(), p == 0, kind + (pass ? " (Emil, Ines)" : ""));
      if (first.contains(key)) continue;
      const auto& who = pass ? vowel_names : names;
      const json v = public_view_to_json(view, LegalActionsKey::kWithout);  // as in the frames
      json sentences = json::object();
      for (const char* code : kLangs) {
        const Translator tr(code);
        const Narrator n(tr, who, 3, {Voice::kYou, Voice::kBot, Voice::kBot});
        sentences[code] = n.decision(view);
      }
      json legal_texts = json::array();
      for (const Action& a : legal) legal_texts.push_back(to_text(a));
      first[key] = {{"name", fmt::format("{} by {}{}", phase_name(state.phase()),
                                         p == 0 ? "you" : "other", std::get<2>(key))},
                    {"you", 0},
                    {"names", who},
                    {"view", v},
                    {"legal", legal_texts},
                    {"sentence", sentences}};
    }
    if (state.is_chance_node())
      state.deal();
    else
      state.apply(bots[static_cast<size_t>(p)]->choose(view));
  }
  json out = json::array();
  for (auto& [key, j] : first) out.push_back(std::move(j));
  return out;
}

// The `hint` reply as the server sends it (wire::hint_frame), without its envelope.
json hint_json(const bots::Hint& h) {
  json j = json::parse(*wire::hint_frame(std::nullopt, h));
  j.erase("type");
  j.erase("id");
  return j;
}

json hint_fixtures() {
  using enum bots::HintReasonCode;
  using bots::HintMove;
  using bots::HintReason;
  auto hint = [](std::vector<HintMove> moves, std::vector<HintReason> reasons, double now,
                 bots::HintOrder order) {
    return bots::Hint{std::move(moves), std::move(reasons), now, order};
  };
  const std::vector<std::pair<std::string, bots::Hint>> hints = {
      {"a swap that clears, by points",
       hint({{Action::swap(make_cell(0, 1, 2)), 0.4, 900, 35.46},
             {Action::discard(), 0.3, 500, 38.0},
             {Action::swap(make_cell(1, 0, 3)), 0.2, 100, 40.04}},
            {{kClears, 7}, {kDiscard, 7, kNoCard, 4.5625}, {kReplace, 7, 11}}, 41.25,
            bots::HintOrder::kByPoints)},
      {"replacing, equal points",
       hint({{Action::swap(make_cell(0, 0, 0)), 0.5, 900, 1},
             {Action::swap(make_cell(0, 2, 1)), 0.5, 800, 1}},
            {{kReplaceDown, -1, kNoCard, 5.04}, {kPut, 0}}, -2.5, bots::HintOrder::kEqualPoints)},
      {"drawing, the search prefers", hint({{Action::draw_pile(), 0.5, 900, 12.3},
                                            {Action::draw_discard(), 0.4, 800, 10.0},
                                            {Action::reveal(make_cell(0, 1, 1)), 0.3, 10, 11.0}},
                                           {{kDrawPile, kNoCard, kNoCard, 4.6},
                                            {kDrawDiscard, 2},
                                            {kReveal, kNoCard, kNoCard, 4.6}},
                                           14.0, bots::HintOrder::kSearchPrefers)},
      {"a knock window", hint({{Action::knock(), 0.6, 900, 20}, {Action::pass(), 0.4, 100, 21}},
                              {{kKnock, 3}, {kPass}}, 21, bots::HintOrder::kByPoints)},
      {"giving or keeping",
       hint({{Action::give(2), 0.6, 900, 20}, {Action::refuse(), 0.4, 100, 21}},
            {{kGive}, {kRefuse, 1}}, 21, bots::HintOrder::kByPoints)},
      {"taking and putting", hint({{Action::take(make_cell(2, 0, 1)), 0.6, 900, 20},
                                   {Action::take(make_cell(2, 1, 1)), 0.5, 800, 20.5},
                                   {Action::put(make_cell(0, 1, 1)), 0.4, 100, 21}},
                                  {{kTake, 9}, {kTakeDown, kNoCard, kNoCard, 4.55}, {kPutUnknown}},
                                  21, bots::HintOrder::kByPoints)},
      {"clearing or leaving the lines",
       hint({{Action::clear(col_line_id(2)), 0.6, 900, 8}, {Action::leave_lines(), 0.4, 100, 20}},
            {{kClearLine}, {kLeaveLines}}, 20, bots::HintOrder::kByPoints)},
      {"the only move", hint({{Action::discard(), 0, 0, 30}}, {{kDiscard, 11, kNoCard, 4.6}}, 30,
                             bots::HintOrder::kByPoints)},
  };
  json out = json::array();
  for (const auto& [name, h] : hints) {
    std::vector<std::string> labels;  // the moves named by their action texts
    for (const HintMove& m : h.moves) labels.push_back(to_text(m.action));
    json lines = json::object();
    for (const char* code : kLangs) lines[code] = hint_lines(h, labels, Translator(code));
    out.push_back({{"name", name}, {"hint", hint_json(h)}, {"lines", lines}});
  }
  return out;
}

std::string fixtures() {
  const json j = {
      {"about",
       "Written by tests/text/narrator_fixtures_test.cc (ALLEGRA_UPDATE_GOLDEN=1), read by "
       "web/src/text/fixtures.test.ts: both narrators must give these sentences."},
      {"names", kNames},
      {"events", event_fixtures()},
      {"decisions", decision_fixtures()},
      {"hints", hint_fixtures()},
  };
  return j.dump(1) + "\n";
}

TEST(TextFixtures, CoverEveryEventKind) {
  std::vector<bool> kinds(kNumEventTypes);
  for (const Case& c : event_cases())
    for (const Event& e : c.events) kinds[static_cast<size_t>(e.type)] = true;
  for (int t = 0; t < kNumEventTypes; ++t)
    EXPECT_TRUE(kinds[static_cast<size_t>(t)]) << event_type_name(static_cast<EventType>(t));
}

TEST(TextFixtures, MatchTheCheckedInFile) {
  const std::string path =
      fmt::format("{}/tests/text/golden/narrator_fixtures.json", ALLEGRA_SOURCE_DIR);
  expect_golden_file(path, fixtures(),
                     "the narrator's sentences changed: if on purpose, regenerate with "
                     "ALLEGRA_UPDATE_GOLDEN=1, read the diff, and run the web's vitest (it reads "
                     "the same file)");
}

}  // namespace
}  // namespace allegra::text
