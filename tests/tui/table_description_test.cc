// The table told in sentences for screen readers (describe_table), golden in English and
// German, from hand-built positions: every seat's display row by row with the shared column
// named, gaps, the piles, the card in play, knocks, the end of the round.
#include "tui/table_description.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/diagram.h"
#include "tui/narrator.h"

namespace allegra::tui {
namespace {

RuleOptions options(int players) {
  RuleOptions o;
  o.players = players;
  return o;
}

// The description of `s` as seen by seat 0, with the narrator's status line, as one text.
std::string describe(const State& s, const std::vector<std::string>& names, const char* lang) {
  const Translator tr(lang);
  const PublicView view = s.public_view();
  TableModel m = make_model(view, names, 0);
  m.you = 0;  // seat 0 is the one person at this keyboard
  std::vector<Voice> voices(names.size(), Voice::kBot);
  voices[0] = Voice::kYou;
  m.status = Narrator(tr, names, s.players(), voices).decision(view);
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

// Two players (no knocking with two): each display's column 1 is the other's column 3; You
// hold the drawn 9.
TEST(TuiDescription, TwoPlayersWithADrawnCard) {
  State s = position_from_diagram(options(2), kTwoPlayers);
  s.apply(Action::draw_pile());
  EXPECT_EQ(describe(s, {"You", "Bea"}, "en"), R"(Round 1 of 3.
Your display, total 10; you decide now:
Row 1: 4 (shared with Bea); 5, face down, face down, 7
Row 2: 11 (shared with Bea); face down, 2, gap, face down
Row 3: face down (shared with Bea); 1, 1, face down, -1
Bea’s display, total 4.5:
Row 1: 7 (shared with you); face down, 3, face down, 4
Row 2: face down (shared with you); 6, face down, face down, 11
Row 3: -1 (shared with you); gap, gap, gap, face down
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
// take a card of Emil's display while Emil holds the replaced card.
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
Emil’s display, total 1; Emil decides now:
Row 1: face down (shared with you); 8, face down, face down, face down
Row 2: face down (shared with you); face down, face down, 6, face down
Row 3: 0 (shared with you); face down, face down, face down, face down
Your display, total 3:
Row 1: face down (shared with Bea); 1, face down, face down, face down
Row 2: face down (shared with Bea); face down, face down, face down, face down
Row 3: face down (shared with Bea); face down, face down, face down, 0
Bea’s display, total -2:
Row 1: face down (shared with Carlo); 2, 2, face down, face down
Row 2: 9 (shared with Carlo); face down, 10, face down, face down
Row 3: face down (shared with Carlo); face down, face down, gap, face down
Carlo’s display, total 0:
Row 1: face down (shared with Dora); face down, face down, 4, face down
Row 2: face down (shared with Dora); face down, -1, face down, 9
Row 3: face down (shared with Dora); face down, 3, face down, face down
Dora’s display, total 7.5:
Row 1: face down (shared with Emil); face down, face down, face down, face down
Row 2: face down (shared with Emil); face down, face down, face down, face down
Row 3: face down (shared with Emil); face down, face down, face down, face down
Cards in the draw pile: 59. On the discard pile: 5.
Bea drew the 6.
Knocked: Carlo.
Emil is deciding whether to knock for Bea’s 6.
)") << diagram_of(s);
  s.apply(Action::give(4));
  s.apply(Action::swap(make_cell(4, 0, 0)));
  EXPECT_EQ(describe(s, names, "en"), R"(Round 1 of 3.
Bea’s display, total -2; Bea decides now:
Row 1: face down (shared with Carlo); 2, 2, face down, face down
Row 2: 9 (shared with Carlo); face down, 10, face down, face down
Row 3: face down (shared with Carlo); face down, face down, gap, face down
Carlo’s display, total 0:
Row 1: face down (shared with Dora); face down, face down, 4, face down
Row 2: face down (shared with Dora); face down, -1, face down, 9
Row 3: face down (shared with Dora); face down, 3, face down, face down
Dora’s display, total 7.5:
Row 1: face down (shared with Emil); face down, face down, face down, face down
Row 2: face down (shared with Emil); face down, face down, face down, face down
Row 3: face down (shared with Emil); face down, face down, face down, face down
Emil’s display, total 1:
Row 1: face down (shared with you); 6, face down, face down, face down
Row 2: face down (shared with you); face down, face down, 6, face down
Row 3: 0 (shared with you); face down, face down, face down, face down
Your display, total 3:
Row 1: face down (shared with Bea); 1, face down, face down, face down
Row 2: face down (shared with Bea); face down, face down, face down, face down
Row 3: face down (shared with Bea); face down, face down, face down, 0
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
Auslage von Emil, gesamt 20; Emil ist am Zug:
Zeile 1: verdeckt (gemeinsam mit Fritz); verdeckt, verdeckt, verdeckt, verdeckt
Zeile 2: verdeckt (gemeinsam mit Fritz); verdeckt, 7, verdeckt, verdeckt
Zeile 3: verdeckt (gemeinsam mit Fritz); verdeckt, verdeckt, verdeckt, verdeckt
Auslage von Fritz, gesamt 5:
Zeile 1: verdeckt (gemeinsam mit dir); verdeckt, verdeckt, verdeckt, verdeckt
Zeile 2: verdeckt (gemeinsam mit dir); verdeckt, verdeckt, verdeckt, verdeckt
Zeile 3: verdeckt (gemeinsam mit dir); 10, verdeckt, verdeckt, verdeckt
Deine Auslage, gesamt 12:
Zeile 1: verdeckt (gemeinsam mit Bea); verdeckt, verdeckt, verdeckt, verdeckt
Zeile 2: verdeckt (gemeinsam mit Bea); 3, verdeckt, verdeckt, verdeckt
Zeile 3: verdeckt (gemeinsam mit Bea); verdeckt, verdeckt, verdeckt, verdeckt
Auslage von Bea, gesamt 0:
Zeile 1: 4 (gemeinsam mit Carlo); verdeckt, verdeckt, verdeckt, verdeckt
Zeile 2: 0 (gemeinsam mit Carlo); verdeckt, verdeckt, verdeckt, verdeckt
Zeile 3: 7 (gemeinsam mit Carlo); verdeckt, verdeckt, verdeckt, verdeckt
Auslage von Carlo, gesamt -3,5:
Zeile 1: 1 (gemeinsam mit Dora); 1, 2, 3, 4
Zeile 2: 1 (gemeinsam mit Dora); Lücke, Lücke, Lücke, 0
Zeile 3: 2 (gemeinsam mit Dora); -1, 5, 6, 7
Auslage von Dora, gesamt 8:
Zeile 1: verdeckt (gemeinsam mit Emil); verdeckt, verdeckt, verdeckt, 1
Zeile 2: verdeckt (gemeinsam mit Emil); verdeckt, verdeckt, verdeckt, 1
Zeile 3: verdeckt (gemeinsam mit Emil); verdeckt, verdeckt, verdeckt, 2
Karten im Nachziehstapel: 49. Oben auf dem Abwurfstapel: 4.
Emil hat die 11 genommen.
Emil entscheidet, ob die 11 bleibt oder abgeworfen wird.
)") << diagram_of(s);
}

}  // namespace
}  // namespace allegra::tui
