// The input mapping: for every decision type, the targets are exactly the legal actions, each
// can be reached with the arrow keys and chosen with Enter, and the typed short form works.
#include "tui/input_map.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <set>

#include "bots/bot.h"

namespace allegra::tui {
namespace {

const std::vector<std::string> kNames = {"You", "Bea", "Carlo", "Dora"};

// Every target reachable from the starting cursor with arrow keys alone (breadth first over
// cursor positions, replaying the key sequence on a fresh map each time).
std::set<int> reachable_by_arrows(const PublicView& view, const TableLayout& layout,
                                  const text::Translator& tr) {
  std::set<int> seen;
  std::deque<std::vector<Key>> queue = {{}};
  while (!queue.empty()) {
    const std::vector<Key> keys = queue.front();
    queue.pop_front();
    InputMap map(view, layout, tr, kNames);
    for (Key k : keys) map.press(k);
    if (!seen.insert(map.cursor()).second) continue;
    for (Key k : {Key::kUp, Key::kDown, Key::kLeft, Key::kRight}) {
      std::vector<Key> next = keys;
      next.push_back(k);
      queue.push_back(next);
    }
  }
  return seen;
}

void check_decision(const PublicView& view, const text::Translator& tr) {
  const TableLayout layout(view.players(), view.current_player(), 100, 30);
  InputMap map(view, layout, tr, kNames);
  const ActionList legal = view.legal_actions();
  std::set<uint16_t> want, got;
  for (Action a : legal) want.insert(a.code());
  for (const Target& t : map.targets()) got.insert(t.action.code());
  ASSERT_EQ(got, want) << phase_name(view.phase());
  ASSERT_EQ(map.targets().size(), legal.size()) << "one target per legal action";
  EXPECT_EQ(reachable_by_arrows(view, layout, tr).size(), legal.size())
      << "every target reachable with arrow keys in phase " << phase_name(view.phase());
  const Command enter = map.press(Key::kEnter);
  EXPECT_EQ(enter.kind, Command::Kind::kChoose);
  EXPECT_TRUE(view.masked().is_legal(enter.action));
  for (size_t i = 0; i < map.targets().size(); ++i) {
    const Action a = map.targets()[i].action;
    std::string error;
    EXPECT_EQ(map.parse(to_text(a), &error), std::optional<Action>(a)) << error;
    EXPECT_EQ(map.parse(std::to_string(i + 1), &error), std::optional<Action>(a)) << error;
    EXPECT_FALSE(map.targets()[i].label.empty());
    // Targets lie inside the screen and do not overlap.
    const Rect r = map.targets()[i].rect;
    EXPECT_TRUE(r.x >= 0 && r.y >= 0 && r.x + r.w <= 100 && r.y < 30) << to_text(a);
    for (size_t j = 0; j < i; ++j) {
      const Rect o = map.targets()[j].rect;
      EXPECT_FALSE(o.y == r.y && o.x < r.x + r.w && r.x < o.x + o.w)
          << to_text(a) << " overlaps " << to_text(map.targets()[j].action);
    }
  }
}

TEST(TuiInputMap, EveryDecisionTypeIsReachableByKeys) {
  const text::Translator tr("en");
  std::set<Phase> phases;
  RuleOptions options;
  options.optional_clearing = true;  // so the line choice comes up often
  for (uint64_t seed = 1; seed <= 6 && phases.size() < 10; ++seed) {
    State s(options, seed);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < 4; ++p) bots.push_back(make_bot(p == 0 ? "random" : "medium", seed + p));
    int steps = 0;
    while (!s.is_terminal() && steps++ < 400) {
      const PublicView view = s.public_view();
      if (!phases.count(view.phase()) || steps % 25 == 0) {
        SCOPED_TRACE(::testing::Message() << "seed " << seed << " step " << steps);
        check_decision(view, tr);
        if (::testing::Test::HasFatalFailure()) return;
      }
      phases.insert(view.phase());
      s.apply(bots[static_cast<size_t>(s.current_player())]->choose(view));
      if (s.is_chance_node()) s.deal();
    }
  }
  for (Phase p : {Phase::kSetupReveal, Phase::kChooseDraw, Phase::kKnockWindow,
                  Phase::kChooseKnocker, Phase::kHoldDrawn, Phase::kRevealAfterDiscard,
                  Phase::kKnockerSwap, Phase::kTake, Phase::kPut, Phase::kChooseLine})
    EXPECT_TRUE(phases.count(p)) << "never saw " << phase_name(p);
}

TEST(TuiInputMap, TypedShortFormAcceptsCellsAndRejectsIllegalMoves) {
  const text::Translator tr("en");
  State s(RuleOptions{}, 3);
  const PublicView view = s.public_view();  // setup: player 0 reveals
  const TableLayout layout(4, 0, 100, 30);
  InputMap map(view, layout, tr, kNames);
  std::string error;
  EXPECT_EQ(map.parse("0a1", &error), std::optional<Action>(Action::reveal(make_cell(0, 0, 1))));
  EXPECT_EQ(map.parse("  reveal 1b3 ", &error),
            std::optional<Action>(Action::reveal(make_cell(1, 1, 3))));
  EXPECT_FALSE(map.parse("2a0", &error));  // not in player 0's display
  EXPECT_EQ(error, "Cell 2a0 cannot be chosen now.");
  EXPECT_FALSE(map.parse("draw", &error));
  // What is being decided, in words, not the engine's English reason.
  EXPECT_EQ(error, "“draw” is not possible now. Turn up 2 cards of your 15-card display.");
  EXPECT_FALSE(map.parse("99", &error));
  EXPECT_EQ(error, "Choose a number from 1 to 15.");
  EXPECT_FALSE(map.parse("fly away", &error));
  EXPECT_FALSE(map.parse("", &error));
  EXPECT_EQ(map.press(Key::kHint).kind, Command::Kind::kHint);
  EXPECT_EQ(map.press(Key::kQuit).kind, Command::Kind::kQuit);
  EXPECT_EQ(map.press_digit(2).action, map.targets()[1].action);
}

TEST(TuiInputMap, ArrowsMoveToTheNeighbouringCell) {
  const text::Translator tr("en");
  State s(RuleOptions{}, 3);
  const PublicView view = s.public_view();
  const TableLayout layout(4, 0, 100, 30);
  InputMap map(view, layout, tr, kNames);
  map.point_at(Action::reveal(make_cell(0, 1, 1)));
  map.press(Key::kRight);
  EXPECT_EQ(map.current().action, Action::reveal(make_cell(0, 1, 2)));
  map.press(Key::kUp);
  EXPECT_EQ(map.current().action, Action::reveal(make_cell(0, 0, 2)));
  map.press(Key::kLeft);
  map.press(Key::kLeft);
  EXPECT_EQ(map.current().action, Action::reveal(make_cell(0, 0, 0)));
  // From the own grid's left edge, left goes round the corner to the shared column.
  map.press(Key::kLeft);
  EXPECT_EQ(cell_owner(map.current().action.arg), 1);
}

}  // namespace
}  // namespace allegra::tui
