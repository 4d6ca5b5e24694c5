// The narrator's sentences for every event type, as golden English strings.
#include "text/narrator.h"

#include <gtest/gtest.h>

#include <map>

#include "text/card_text.h"

namespace allegra::text {
namespace {

class TextNarrator : public ::testing::Test {
 protected:
  std::string say(std::vector<Event> events) {
    std::string out;
    for (const std::string& s : narrator_.narrate(events)) out += (out.empty() ? "" : "|") + s;
    return out;
  }
  Translator tr_{"en"};
  Narrator narrator_{tr_,
                     {"You", "Bea", "Carlo", "Dora"},
                     4,
                     {Voice::kYou, Voice::kBot, Voice::kBot, Voice::kBot}};
};

TEST_F(TextNarrator, EveryEventTypeReadsAsASentence) {
  using T = EventType;
  EXPECT_EQ(say({{.type = T::kRoundStarted, .player = 2, .card = 5, .round = 1}}),
            "Round 2 begins: Carlo starts, and the discard pile starts with the 5.");
  EXPECT_EQ(say({{.type = T::kTurnStarted, .player = 1}}), "");  // the status line tells it
  EXPECT_EQ(say({{.type = T::kRevealed, .player = 1, .card = 7, .cell = make_cell(1, 1, 2)}}),
            "Bea turned up the 7 at row 2, column 3.");
  // Column 4 of Carlo, her left neighbour, is the first of Bea's display: named as his.
  EXPECT_EQ(say({{.type = T::kRevealed, .player = 1, .card = -1, .cell = make_cell(2, 0, 3)}}),
            "Bea turned up the -1 at Carlo’s row 1, column 4.");
  EXPECT_EQ(say({{.type = T::kReshuffled, .cards = 40}}),
            "The discard pile is shuffled into a new draw pile of 40 cards.");
  EXPECT_EQ(say({{.type = T::kDrew, .player = 1, .card = 3, .pile = Pile::kDraw}}),
            "Bea drew the 3 from the draw pile.");
  EXPECT_EQ(say({{.type = T::kDrew, .player = 1, .card = 3, .pile = Pile::kDiscard}}),
            "Bea took the 3 from the discard pile.");
  EXPECT_EQ(say({{.type = T::kKnocked, .player = 2}, {.type = T::kPassed, .player = 3}}),
            "Carlo knocked!");
  EXPECT_EQ(say({{.type = T::kGave, .player = 1, .knocker = 2}}), "Bea gave the card to Carlo.");
  EXPECT_EQ(say({{.type = T::kRefused, .player = 1}}), "Bea kept the card.");
  EXPECT_EQ(say({{.type = T::kDiscarded, .player = 1, .card = 11}}), "Bea discarded the 11.");
  EXPECT_EQ(say({{.type = T::kLinesLeft, .player = 1}}), "Bea left the complete lines standing.");
  EXPECT_EQ(say({{.type = T::kRoundEnded, .player = 1}}),
            "Bea has no face-down card left, so everyone else has one last turn.");
  EXPECT_EQ(say({{.type = T::kTurnSkipped, .player = 3}}),
            "Dora has no face-down card left, so the turn is skipped.");
  EXPECT_EQ(say({{.type = T::kFinalRevealed, .card = 4, .cell = make_cell(0, 0, 0)},
                 {.type = T::kFinalRevealed, .card = 9, .cell = make_cell(0, 0, 1)},
                 {.type = T::kRoundScored, .player = 0}}),
            "The last 2 face-down cards are turned up; nothing is cleared any more.");
  EXPECT_EQ(say({{.type = T::kGameOver, .winners = 1}}), "The game is over.");
}

// A written transcript also tells the turns and the passes, which the screen's status line shows.
TEST_F(TextNarrator, ATranscriptTellsTurnsAndPasses) {
  using T = EventType;
  const Narrator all(tr_, {"You", "Bea", "Carlo", "Dora"}, 4,
                     {Voice::kYou, Voice::kBot, Voice::kBot, Voice::kBot}, Telling::kEverything);
  EXPECT_EQ(all.narrate(std::vector<Event>{{.type = T::kTurnStarted, .player = 1},
                                           {.type = T::kPassed, .player = 0},
                                           {.type = T::kPassed, .player = 2}}),
            (std::vector<std::string>{"Bea’s turn.", "You passed.", "Carlo passed."}));
}

TEST_F(TextNarrator, ASwapThatClearsIsOneSentence) {
  using T = EventType;
  const CellId c = make_cell(1, 1, 0);
  EXPECT_EQ(say({{.type = T::kSwapped, .player = 1, .card = 7, .old_card = 11, .cell = c},
                 {.type = T::kCleared,
                  .player = 1,
                  .card = 7,
                  .line = static_cast<uint8_t>(row_line_id(1, 0))},
                 {.type = T::kDiscarded, .player = 1, .card = 11, .cell = c}}),
            "Bea swapped the 7 into row 2, column 1 for the 11 and cleared three 7s (row 2: "
            "Carlo’s column 4 and columns 1–2).");
}

TEST_F(TextNarrator, KnockSwapTakeAndPut) {
  using T = EventType;
  const CellId k = make_cell(2, 0, 1);
  EXPECT_EQ(say({{.type = T::kKnockerSwapped, .player = 2, .card = 4, .old_card = 9, .cell = k}}),
            "Carlo swapped the 4 into row 1, column 2 and took the 9 into their hand.");
  EXPECT_EQ(
      say({{.type = T::kKnockerSwapped,
            .player = 2,
            .card = 4,
            .old_card = kHiddenValue,
            .cell = k}}),
      "Carlo swapped the 4 into row 1, column 2 and took the face-down card into their hand.");
  EXPECT_EQ(say({{.type = T::kTook, .player = 1, .card = kHiddenValue, .cell = k}}),
            "Bea took a face-down card from Carlo’s row 1, column 2.");
  EXPECT_EQ(
      say({{.type = T::kPut, .player = 1, .card = 2, .old_card = 8, .cell = make_cell(1, 2, 3)},
           {.type = T::kDiscarded, .player = 1, .card = 8, .cell = make_cell(1, 2, 3)}}),
      "Bea swapped the 2 into row 3, column 4 for the 8.");
  EXPECT_EQ(say({{.type = T::kPutBack, .player = 2, .card = 9, .cell = k}}),
            "Carlo put the 9 back into row 1, column 2.");
  EXPECT_EQ(say({{.type = T::kCleared,
                  .player = 1,
                  .card = 5,
                  .line = static_cast<uint8_t>(col_line_id(2))}}),
            "Bea cleared three 5s (column 2)!");
}

// Every kind of event is told in every language (a key of keys_for() missing in one language
// would show as the key itself).
TEST(TextNarratorKeys, EveryEventKindHasItsSentencesInEveryLanguage) {
  for (const char* code : {"en", "de", "fr", "nl", "es"}) {
    const Translator tr(code);
    for (int t = 0; t < kNumEventTypes; ++t) {
      const auto type = static_cast<EventType>(t);
      const auto keys = Narrator::keys_for(type);
      EXPECT_FALSE(keys.empty()) << event_type_name(type);
      for (std::string_view key : keys)
        EXPECT_TRUE(tr.has(std::string(key)))
            << code << ": " << key << " for " << event_type_name(type);
    }
  }
}

TEST_F(TextNarrator, RoundResultExplainsThePenaltyAndTheBonus) {
  using T = EventType;
  std::vector<Event> scored = {
      {.type = T::kRoundScored,
       .player = 0,
       .penalised = true,
       .display_half = 20,
       .score_half = 40},
      {.type = T::kRoundScored,
       .player = 1,
       .empty_display = true,
       .display_half = -20,
       .score_half = -20},
      {.type = T::kRoundScored, .player = 2, .display_half = 30, .score_half = 30},
      {.type = T::kRoundScored, .player = 3, .display_half = 7, .score_half = 7}};
  const auto lines = narrator_.round_result(0, 0, scored, {40, -20, 30, 7});
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], "End of round 1: every card is turned up.");
  EXPECT_EQ(lines[1], "You: cards 10, round score 20, total 20");
  EXPECT_EQ(lines[3], "Bea cleared the whole display: a bonus of -10 points.");
  EXPECT_EQ(lines[4], "Carlo: cards 15, round score 15, total 15");
  EXPECT_EQ(lines[6], "You ended the round without the lowest score alone: 10 is doubled to 20.");
}

// A display whose cards add up to -10 (a custom deck) is no empty display: no bonus line. The
// event's empty_display flag says so, not the score.
TEST_F(TextNarrator, RoundResultNamesTheBonusOnlyForAnEmptyDisplay) {
  using T = EventType;
  std::vector<Event> scored = {
      {.type = T::kRoundScored, .player = 0, .display_half = 4, .score_half = 4},
      {.type = T::kRoundScored, .player = 1, .display_half = -20, .score_half = -20}};
  const auto lines = narrator_.round_result(0, 1, scored, {4, -20});
  for (const std::string& l : lines) EXPECT_EQ(l.find("bonus"), std::string::npos) << l;
}

TEST_F(TextNarrator, GameSummaryRanksThePlayers) {
  const auto lines = narrator_.game_summary({{2, 4, 6, 8}}, {20, 5, 7, 40}, 0b0010);
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], "Game over after 1 round.");
  EXPECT_EQ(lines[1], "Round 1: You 1, Bea 2, Carlo 3, Dora 4");
  EXPECT_EQ(lines[2], "1. Bea: 2.5");
  EXPECT_EQ(lines[5], "4. Dora: 20");
  EXPECT_EQ(lines[6], "The winner is Bea!");
}

// The person at this keyboard is "you" in every sentence and every language: never a name
// glued into a third-person sentence ("Du zog die 8", "Vous a pioché le 8", "Tú cogió el 8").
TEST_F(TextNarrator, YouAreSpokenToInEveryLanguage) {
  using T = EventType;
  const std::vector<Event> drew = {{.type = T::kDrew, .player = 0, .card = 8}};
  const std::vector<Event> given = {{.type = T::kGave, .player = 1, .knocker = 0}};
  const std::vector<Event> took = {
      {.type = T::kTook, .player = 1, .card = kHiddenValue, .cell = make_cell(0, 0, 1)}};
  const std::map<std::string, std::vector<std::string>> want = {
      {"en",
       {"You drew the 8 from the draw pile.", "Bea gave the card to you.",
        "Bea took a face-down card from your row 1, column 2."}},
      {"de",
       {"Du hast die 8 vom Nachziehstapel gezogen.", "Bea hat dir die Karte gegeben.",
        "Bea hat eine verdeckte Karte aus Zeile 1, Spalte 2 bei dir genommen."}},
      {"fr",
       {"Vous piochez le 8 dans la pioche.", "Bea vous donne la carte.",
        "Bea prend une carte face cachée en ligne 1, colonne 2 chez vous."}},
      {"nl",
       {"Je hebt de 8 van de trekstapel getrokken.", "Bea heeft de kaart aan jou gegeven.",
        "Bea heeft een gedekte kaart gepakt uit rij 1, kolom 2 van jou."}},
      {"es",
       {"Cogiste el 8 del mazo central.", "Bea te dio la carta.",
        "Bea tomó una carta boca abajo (tu fila 1, columna 2)."}}};
  for (const auto& [code, lines] : want) {
    const Translator tr(code);
    const Narrator n(tr, {tr.tr("name.you"), "Bea", "Carlo", "Dora"}, 4,
                     {Voice::kYou, Voice::kBot, Voice::kBot, Voice::kBot});
    EXPECT_EQ(n.narrate(drew), std::vector<std::string>{lines[0]}) << code;
    EXPECT_EQ(n.narrate(given), std::vector<std::string>{lines[1]}) << code;
    EXPECT_EQ(n.narrate(took), std::vector<std::string>{lines[2]}) << code;
  }
}

TEST_F(TextNarrator, TheWinnerLineNamesYouAndCountsWinners) {
  EXPECT_EQ(narrator_.game_summary({{2, 4, 6, 8}}, {5, 5, 7, 40}, 0b0001).back(), "You win!");
  EXPECT_EQ(narrator_.game_summary({{2, 4, 6, 8}}, {5, 5, 7, 40}, 0b0011).back(),
            "You share the win with Bea!");
  EXPECT_EQ(narrator_.game_summary({{2, 4, 6, 8}}, {5, 5, 5, 40}, 0b0110).back(),
            "The winners are Bea and Carlo!");
  const Translator de("de");
  const Narrator n(de, {"Du", "Bea", "Carlo", "Dora"}, 4,
                   {Voice::kYou, Voice::kBot, Voice::kBot, Voice::kBot});
  const auto lines = n.game_summary({{2, 4, 6, 8}}, {5, 4, 7, 40}, 0b0010);
  EXPECT_EQ(lines.front(), "Spielende nach einem Durchgang.");
  EXPECT_EQ(lines.back(), "Bea gewinnt!");
  EXPECT_EQ(lines[2], "1. Bea: 2");
  EXPECT_EQ(lines[3], "2. Du: 2,5");  // German decimal comma
}

// While a bot decides, the status line says what it decides, never the human's question
// ("Emil: you drew the 9. Knock for it, or pass?").
TEST(TextNarratorDecision, ABotDecidingIsToldInTheThirdPerson) {
  RuleOptions o;
  o.players = 4;
  State s(o, 11);
  while (s.phase() == Phase::kSetupReveal) s.apply(s.legal_actions()[0]);
  const int active = s.current_player();
  s.apply(Action::draw_pile());
  ASSERT_EQ(s.phase(), Phase::kKnockWindow);
  const int knocker = s.current_player();
  const std::string card = card_text(s.held_card());
  std::vector<std::string> names = {"Ann", "Bea", "Carlo", "Dora"};
  const Translator en("en");
  std::vector<Voice> voices(4, Voice::kBot);
  voices[static_cast<size_t>(active)] = Voice::kYou;  // you drew; a bot decides
  EXPECT_EQ(
      Narrator(en, names, 4, voices).decision(s.public_view()),
      names[static_cast<size_t>(knocker)] + " is deciding whether to knock for your " + card + ".");
  voices.assign(4, Voice::kBot);
  voices[static_cast<size_t>(knocker)] = Voice::kYou;  // you decide
  EXPECT_EQ(Narrator(en, names, 4, voices).decision(s.public_view()),
            names[static_cast<size_t>(active)] + " drew the " + card + ". Knock for it, or pass?");
  voices[static_cast<size_t>(knocker)] = Voice::kPerson;  // hot-seat: addressed by name
  EXPECT_EQ(Narrator(en, names, 4, voices).decision(s.public_view()),
            names[static_cast<size_t>(knocker)] + ": " + names[static_cast<size_t>(active)] +
                " drew the " + card + ". Knock for it, or pass?");
  voices.assign(4, Voice::kBot);  // bots only
  EXPECT_EQ(Narrator(en, names, 4, voices).decision(s.public_view()),
            names[static_cast<size_t>(knocker)] + " is deciding whether to knock for " +
                names[static_cast<size_t>(active)] + "’s " + card + ".");
  for (const char* code : {"de", "fr", "nl", "es"}) {  // no language asks a bot's question
    const Translator tr(code);
    voices[static_cast<size_t>(active)] = Voice::kYou;
    const std::string told = Narrator(tr, names, 4, voices).decision(s.public_view());
    EXPECT_NE(told.find(names[static_cast<size_t>(knocker)]), std::string::npos) << told;
    EXPECT_EQ(told.find('?'), std::string::npos) << code << ": " << told;
  }
}

// A card taken from the discard pile must be swapped in (docs/rules.md): the status offers no
// "or discard it?" to the person deciding nor says so of a bot, in any language.
TEST(TextNarratorDecision, ACardFromTheDiscardPileIsNotOfferedForDiscarding) {
  State s(RuleOptions{.players = 4}, 11);
  while (s.phase() == Phase::kSetupReveal) s.apply(s.legal_actions()[0]);
  const int active = s.current_player();
  s.apply(Action::draw_discard());
  ASSERT_EQ(s.phase(), Phase::kHoldDrawn);
  for (const Action& a : s.legal_actions()) ASSERT_NE(a.type, ActionType::kDiscard);
  const std::vector<std::string> names = {"Ann", "Bea", "Carlo", "Dora"};
  const std::string card = card_text(s.held_card());
  for (const std::string& code : language_codes()) {
    const Translator tr(code);
    for (const Voice v : {Voice::kYou, Voice::kPerson, Voice::kBot}) {
      std::vector<Voice> voices(4, Voice::kBot);
      voices[static_cast<size_t>(active)] = v;
      const std::string told = Narrator(tr, names, 4, voices).decision(s.public_view());
      EXPECT_EQ(told.find('?'), std::string::npos) << code << ": " << told;
      if (code == "en") {
        EXPECT_EQ(told.find("discard it"), std::string::npos) << told;
      }
    }
  }
  std::vector<Voice> voices(4, Voice::kBot);
  voices[static_cast<size_t>(active)] = Voice::kYou;
  EXPECT_EQ(Narrator(Translator("en"), names, 4, voices).decision(s.public_view()),
            "Swap the " + card +
                " into your display (a card taken from the discard pile cannot be discarded "
                "again).");
}

// Every prompt offers exactly the legal choices: over random games, the status of a drawn card
// asks "or discard it?" exactly when discarding is legal (not for a card from the discard pile,
// nor when no face-down card is left to turn up).
TEST(TextNarratorDecision, TheHoldPromptOffersDiscardingExactlyWhenItIsLegal) {
  const Translator en("en");
  const std::vector<std::string> names = {"Ann", "Bea", "Carlo"};
  int offered = 0, from_discard = 0, none_face_down = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    State s(RuleOptions{.players = 3}, seed);
    Rng rng(seed);
    while (!s.is_terminal()) {
      if (s.is_chance_node()) {
        s.deal();
        continue;
      }
      const auto legal = s.legal_actions();
      if (s.phase() == Phase::kHoldDrawn) {
        std::vector<Voice> voices(3, Voice::kBot);
        voices[static_cast<size_t>(s.current_player())] = Voice::kYou;
        const std::string told = Narrator(en, names, 3, voices).decision(s.public_view());
        const bool may = std::find(legal.begin(), legal.end(), Action::discard()) != legal.end();
        EXPECT_EQ(told.find("or discard it?") != std::string::npos, may) << told;
        offered += may;
        from_discard += !may && s.held_from_discard();
        none_face_down += !may && !s.held_from_discard();
      }
      s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
  EXPECT_GT(offered, 0);
  EXPECT_GT(from_discard, 0);
  // With no face-down card in the 15-card display the round has ended for that player, so
  // random games seldom (if ever) meet status.hold_swap; the check above covers it if they do.
  (void)none_face_down;
}

}  // namespace
}  // namespace allegra::text
