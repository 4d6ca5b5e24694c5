// Golden transcripts: one scripted game told in each language, checked in for people to read
// (tests/text/golden/transcript.<lang>.txt). Three players, "you" and two bots, every seat played
// by a fixed-seed bot (one of them random, so that lines are left standing and knocks refused)
// under optional clearing with a 55-card deck, so the game is the same on every machine and holds
// every kind of event (EveryEventKindIsInTheGame): setup reveals, draws, knocks given and refused,
// the knocker's swap, the take, the put and the put-back, clears, lines left, reshuffles, the
// round's end with skipped turns, its penalty or bonus, and the summary with the winner. The
// narrator tells everything (Telling::kEverything: turns and passes too); each decision's status
// line comes before the sentences of what was done, as on the screen.
//
// After a deliberate change of wording, regenerate and then read the files:
//   ALLEGRA_UPDATE_GOLDEN=1 build/release/allegra_tests --gtest_filter='*TextGolden*'
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "bots/bot.h"
#include "text/golden_file.h"
#include "text/narrator.h"

#ifndef ALLEGRA_SOURCE_DIR
#error "ALLEGRA_SOURCE_DIR must name the source folder"
#endif

namespace allegra::text {
namespace {

// The first seed whose game holds every kind of event.
constexpr uint64_t kSeed = 20;

// The transcript of the scripted game in language `code`; `kinds` (if given) gets the kinds of
// event the game holds.
std::string transcript(const std::string& code, uint64_t seed = kSeed,
                       std::vector<bool>* kinds = nullptr) {
  const Translator tr(code);
  RuleOptions options;
  options.players = 3;
  options.rounds = 3;
  options.optional_clearing = true;
  options.small_game_removal = 5;  // a 55-card deck: the draw pile runs out (R6)
  const std::vector<std::string> names = {tr.tr("name.you"), "Bea", "Carlo"};
  const Narrator narrator(tr, names, 3, {Voice::kYou, Voice::kBot, Voice::kBot},
                          Telling::kEverything);
  State state(options, seed);
  std::vector<std::unique_ptr<Bot>> bots;
  const char* const specs[] = {"medium", "random", "random"};
  for (int p = 0; p < 3; ++p) bots.push_back(make_bot(specs[p], seed * 10 + p));
  std::ostringstream out;
  std::vector<std::vector<int32_t>> round_scores;
  std::vector<int32_t> totals(3, 0);
  EventList events;
  auto tell = [&](const char* mark, const std::vector<std::string>& lines) {
    for (const std::string& l : lines) out << mark << l << "\n";
  };
  while (!state.is_terminal()) {
    const PublicView view = state.public_view();
    const int p = state.current_player();
    out << "? " << narrator.decision(view) << "\n";
    events.clear();
    state.apply(bots[static_cast<size_t>(p)]->choose(view), &events);
    if (state.is_chance_node()) state.deal(&events);
    if (kinds)
      for (const Event& e : events) (*kinds)[static_cast<size_t>(e.type)] = true;
    // The round that ended (its scores), then the next deal, as the session tells them.
    const auto next = std::find_if(events.begin(), events.end(), [](const Event& e) {
      return e.type == EventType::kRoundStarted;
    });
    tell("  ", narrator.narrate({events.begin(), next}));
    std::vector<Event> scored;
    for (const Event& e : events)
      if (e.type == EventType::kRoundScored) scored.push_back(e);
    if (!scored.empty()) {
      std::vector<int32_t> scores(3);
      for (const Event& e : scored) {
        scores[static_cast<size_t>(e.player)] = e.score_half;
        totals[static_cast<size_t>(e.player)] += e.score_half;
      }
      round_scores.push_back(scores);
      tell("= ", narrator.round_result(static_cast<int>(round_scores.size()) - 1,
                                       state.last_round().ender, scored, totals));
    }
    tell("  ", narrator.narrate({next, events.end()}));
  }
  for (const std::string& l : narrator.game_summary(round_scores, totals, state.winners()))
    out << "# " << l << "\n";
  return out.str();
}

// Sentences the game above does not hold, each a case that was once wrong: French elision
// before a vowel ("d’Emil"), the status after taking from the discard pile (no "or discard
// it?"), the knocker's swap and a clear told without a second "and", the examples naming a
// player who plays (not "Bea"), and the "more" lines and page keys in each language.
std::string golden_cases(const std::string& code) {
  const Translator tr(code);
  const std::vector<std::string> names = {"Emil", "Ida", "Olaf"};
  std::ostringstream out;
  out << "[cases]\n";
  for (const std::vector<Voice>& voices :
       {std::vector<Voice>{Voice::kBot, Voice::kBot, Voice::kBot},
        std::vector<Voice>{Voice::kYou, Voice::kBot, Voice::kBot},
        std::vector<Voice>{Voice::kPerson, Voice::kPerson, Voice::kBot}}) {
    const Narrator narrator(tr, names, 3, voices, Telling::kEverything);
    State s(RuleOptions{.players = 3}, 7);
    while (s.phase() == Phase::kSetupReveal) s.apply(s.legal_actions()[0]);
    out << "? " << narrator.decision(s.public_view()) << "\n";
    State taken = s;
    taken.apply(Action::draw_discard());
    out << "? " << narrator.decision(taken.public_view()) << "\n";
    using T = EventType;
    const CellId c = make_cell(0, 0, 1);
    for (const std::string& l : narrator.narrate(std::vector<Event>{
             {.type = T::kTurnStarted, .player = 0},
             {.type = T::kKnockerSwapped, .player = 0, .card = 4, .old_card = 9, .cell = c},
             {.type = T::kCleared,
             .player = 0,
             .card = 4,
             .line = static_cast<uint8_t>(row_line_id(0, 0))}}))
      out << "  " << l << "\n";
  }
  out << "- "
      << tr.tr("status.take",
               {{"actor", "you"}, {"target", "other"}, {"knocker", "Emil"}, {"name", "Ida"}})
      << "\n";
  out << "- " << tr.tr("desc.seat", {{"actor", "other"}, {"name", "Emil"}, {"total", 3}}) << "\n";
  for (const char* key : {"input.empty", "help.key_type", "help.table_grid"})
    out << "- " << tr.tr(key, {{"other", "Ida"}}) << "\n";
  for (const char* key : {"screen.more", "screen.more_down", "help.overlay_keys", "replay.help"})
    out << "- " << tr.tr(key) << "\n";
  return out.str();
}

// The golden game shows every kind of event, so the five files show every sentence.
TEST(TextGoldenGame, EveryEventKindIsInTheGame) {
  std::vector<bool> kinds(kNumEventTypes);
  transcript("en", kSeed, &kinds);
  for (int t = 0; t < kNumEventTypes; ++t)
    EXPECT_TRUE(kinds[static_cast<size_t>(t)]) << event_type_name(static_cast<EventType>(t));
}

class TextGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(TextGolden, TranscriptMatchesTheCheckedInFile) {
  // fmt, not a chain of std::string +: GCC 12 warns (-Warray-bounds, a false positive) on the
  // chain at -O1 with the tests' precompiled header.
  const std::string path =
      fmt::format("{}/tests/text/golden/transcript.{}.txt", ALLEGRA_SOURCE_DIR, GetParam());
  expect_golden_file(path, transcript(GetParam()) + golden_cases(GetParam()),
                     "the transcript changed: if on purpose, regenerate it with "
                     "ALLEGRA_UPDATE_GOLDEN=1 and read it");
}

INSTANTIATE_TEST_SUITE_P(Languages, TextGolden, ::testing::Values("en", "de", "fr", "nl", "es"));

}  // namespace
}  // namespace allegra::text
