// The table told in sentences for screen readers (describe_table), golden in English and
// German, from hand-built positions: every seat's grid row by row (columns 1-4, as the screen
// labels them), whose display shares its column 4, the decider's neighbour column, gaps, the
// piles, the card in play, knocks, the end of the round.
#include "tui/table_description.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/diagram.h"
#include "text/narrator.h"

namespace allegra::tui {
namespace {

RuleOptions options(int players) {
  RuleOptions o;
  o.players = players;
  return o;
}

// The description of `s` as seen by seat 0, with the narrator's status line, as one text.
std::string describe(const State& s, const std::vector<std::string>& names, const char* lang) {
  const text::Translator tr(lang);
  const PublicView view = s.public_view();
  TableModel m = make_model(view, names, 0);
  m.you = 0;  // seat 0 is the one person at this keyboard
  std::vector<text::Voice> voices(names.size(), text::Voice::kBot);
  voices[0] = text::Voice::kYou;
  m.status = text::Narrator(tr, names, s.players(), voices).decision(view);
  std::string out;
  for (const std::string& line : describe_table(m, tr)) out += line + "\n";
  return out;
}

constexpr const char* kTwoPlayers = R"(
totals 10 4.5
discard 8 3
draw 9 2
0: 5 ? ? 7 | ? 2 . ? | 1 1 ? -1
1: ? 3 ? 4 | 6 ? ? 11 | . . . ?
)";

// Two players (no knocking with two): each one's column 4 is the first column of the other's
// display; You hold the drawn 9.
TEST(TuiDescription, TwoPlayersWithADrawnCard) {
  State s = position_from_diagram(options(2), kTwoPlayers);
  s.apply(Action::draw_pile());
  EXPECT_EQ(describe(s, {"You", "Bea"}, "en"), R"(Round 1 of 3.
Your cards, total 10; you decide now:
Row 1: 5, face down, face down, 7
Row 2: face down, 2, gap, face down
Row 3: 1, 1, face down, -1
Column 4 also counts in Bea’s 15-card display.
Also in this 15-card display: Bea’s column 4: 4, 11, face down.
Bea’s cards, total 4.5:
Row 1: face down, 3, face down, 4
Row 2: 6, face down, face down, 11
Row 3: gap, gap, gap, face down
Column 4 also counts in your 15-card display.
Cards in the draw pile: 71. On the discard pile: 8.
You drew the 9.
Swap the 9 into your display, or discard it?
)") << diagram_of(s);
}

constexpr const char* kFivePlayers = R"(
active 1
totals 3 -2 0 7.5 1
discard 5
draw 6
0: 1 ? ? ? | ? ? ? ? | ? ? ? 0
1: 2 2 ? ? | ? 10 ? ? | ? ? . ?
2: ? ? 4 ? | ? -1 ? 9 | ? 3 ? ?
3: ? ? ? ? | ? ? ? ? | ? ? ? ?
4: 8 ? ? ? | ? ? 6 ? | ? ? ? ?
)";

// Bea draws the 6, Carlo and Emil knock, Bea gives it to Emil, who swaps it in; Bea is to
// take a card of Emil's display while Emil holds the replaced card. While the window is open
// nobody is told Carlo's knock (R7: the answers are sealed until it closes).
TEST(TuiDescription, FivePlayersKnockersHandAndTake) {
  const std::vector<std::string> names = {"You", "Bea", "Carlo", "Dora", "Emil"};
  State s = position_from_diagram(options(5), kFivePlayers);
  s.apply(Action::draw_pile());
  std::string knock_window;
  while (s.phase() == Phase::kKnockWindow) {
    const int p = s.current_player();
    if (p == 4) knock_window = describe(s, names, "en");
    s.apply(p == 2 || p == 4 ? Action::knock() : Action::pass());
  }
  EXPECT_EQ(knock_window, R"(Round 1 of 3.
Emil’s cards, total 1; Emil decides now:
Row 1: 8, face down, face down, face down
Row 2: face down, face down, 6, face down
Row 3: face down, face down, face down, face down
Column 4 also counts in Dora’s 15-card display.
Also in this 15-card display: your column 4: face down, face down, 0.
Your cards, total 3:
Row 1: 1, face down, face down, face down
Row 2: face down, face down, face down, face down
Row 3: face down, face down, face down, 0
Column 4 also counts in Emil’s 15-card display.
Bea’s cards, total -2:
Row 1: 2, 2, face down, face down
Row 2: face down, 10, face down, face down
Row 3: face down, face down, gap, face down
Column 4 also counts in your 15-card display.
Carlo’s cards, total 0:
Row 1: face down, face down, 4, face down
Row 2: face down, -1, face down, 9
Row 3: face down, 3, face down, face down
Column 4 also counts in Bea’s 15-card display.
Dora’s cards, total 7.5:
Row 1: face down, face down, face down, face down
Row 2: face down, face down, face down, face down
Row 3: face down, face down, face down, face down
Column 4 also counts in Carlo’s 15-card display.
Cards in the draw pile: 59. On the discard pile: 5.
Bea drew the 6.
Emil is deciding whether to knock for Bea’s 6.
)") << diagram_of(s);
  s.apply(Action::give(4));
  s.apply(Action::swap(make_cell(4, 0, 0)));
  EXPECT_EQ(describe(s, names, "en"), R"(Round 1 of 3.
Bea’s cards, total -2; Bea decides now:
Row 1: 2, 2, face down, face down
Row 2: face down, 10, face down, face down
Row 3: face down, face down, gap, face down
Column 4 also counts in your 15-card display.
Also in this 15-card display: Carlo’s column 4: face down, 9, face down.
Carlo’s cards, total 0:
Row 1: face down, face down, 4, face down
Row 2: face down, -1, face down, 9
Row 3: face down, 3, face down, face down
Column 4 also counts in Bea’s 15-card display.
Dora’s cards, total 7.5:
Row 1: face down, face down, face down, face down
Row 2: face down, face down, face down, face down
Row 3: face down, face down, face down, face down
Column 4 also counts in Carlo’s 15-card display.
Emil’s cards, total 1:
Row 1: 6, face down, face down, face down
Row 2: face down, face down, 6, face down
Row 3: face down, face down, face down, face down
Column 4 also counts in Dora’s 15-card display.
Your cards, total 3:
Row 1: 1, face down, face down, face down
Row 2: face down, face down, face down, face down
Row 3: face down, face down, face down, 0
Column 4 also counts in Emil’s 15-card display.
Cards in the draw pile: 59. On the discard pile: 5.
Emil holds the 8.
Knocked: Carlo, Emil.
Bea is taking a card from Emil’s display.
)") << diagram_of(s);
}

constexpr const char* kSixPlayers = R"(
active 4
ender 2
totals 12 0 -3.5 8 20 5
discard 11 4
0: ? ? ? ? | 3 ? ? ? | ? ? ? ?
1: ? ? ? ? | ? ? ? ? | ? ? ? ?
2: 1 2 3 4 | . . . 0 | -1 5 6 7
3: ? ? ? 1 | ? ? ? 1 | ? ? ? 2
4: ? ? ? ? | ? 7 ? ? | ? ? ? ?
5: ? ? ? ? | ? ? ? ? | 10 ? ? ?
)";

// Six players in German, in the last turns after Carlo turned up his last card; Emil holds
// the 11 he took from the discard pile.
TEST(TuiDescription, SixPlayersInGermanDuringTheLastTurns) {
  State s = position_from_diagram(options(6), kSixPlayers);
  s.apply(Action::draw_discard());
  EXPECT_EQ(describe(s, {"Du", "Bea", "Carlo", "Dora", "Emil", "Fritz"}, "de"),
            R"(Durchgang 1 von 3. Schlussrunde: Carlo hat keine verdeckte Karte mehr.
Karten von Emil, gesamt 20; Emil ist am Zug:
Zeile 1: verdeckt, verdeckt, verdeckt, verdeckt
Zeile 2: verdeckt, 7, verdeckt, verdeckt
Zeile 3: verdeckt, verdeckt, verdeckt, verdeckt
Spalte 4 gehört auch zur 15er-Auslage von Dora.
Außerdem in dieser 15er-Auslage: Spalte 4 bei Fritz: verdeckt, verdeckt, verdeckt.
Karten von Fritz, gesamt 5:
Zeile 1: verdeckt, verdeckt, verdeckt, verdeckt
Zeile 2: verdeckt, verdeckt, verdeckt, verdeckt
Zeile 3: 10, verdeckt, verdeckt, verdeckt
Spalte 4 gehört auch zur 15er-Auslage von Emil.
Deine Karten, gesamt 12:
Zeile 1: verdeckt, verdeckt, verdeckt, verdeckt
Zeile 2: 3, verdeckt, verdeckt, verdeckt
Zeile 3: verdeckt, verdeckt, verdeckt, verdeckt
Spalte 4 gehört auch zur 15er-Auslage von Fritz.
Karten von Bea, gesamt 0:
Zeile 1: verdeckt, verdeckt, verdeckt, verdeckt
Zeile 2: verdeckt, verdeckt, verdeckt, verdeckt
Zeile 3: verdeckt, verdeckt, verdeckt, verdeckt
Spalte 4 gehört auch zu deiner 15er-Auslage.
Karten von Carlo, gesamt -3,5:
Zeile 1: 1, 2, 3, 4
Zeile 2: Lücke, Lücke, Lücke, 0
Zeile 3: -1, 5, 6, 7
Spalte 4 gehört auch zur 15er-Auslage von Bea.
Karten von Dora, gesamt 8:
Zeile 1: verdeckt, verdeckt, verdeckt, 1
Zeile 2: verdeckt, verdeckt, verdeckt, 1
Zeile 3: verdeckt, verdeckt, verdeckt, 2
Spalte 4 gehört auch zur 15er-Auslage von Carlo.
Karten im Nachziehstapel: 49. Oben auf dem Abwurfstapel: 4.
Emil hat die 11 genommen.
Emil sucht einen Platz für die 11.
)") << diagram_of(s);
}

}  // namespace
}  // namespace allegra::tui
