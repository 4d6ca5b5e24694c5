// State's display caches (state.h: the packed rows and the face-down and empty display masks,
// kept in step by every cell change) agree with the grids on every position of random games:
// the masks with the ones built from the grid masks, the complete lines with find_lines() over
// the display's cells (the bots' path, which reads the grids), and StateCodec::validate()
// (which rebuilds the caches and compares) finds nothing. 2-6 players and the rule variants
// that change what a turn does (optional clearing leaves lines standing; no knocking).
#include <gtest/gtest.h>

#include <array>

#include "engine/state.h"
#include "engine/state_check.h"

namespace allegra {
namespace {

// The complete lines of p's display found from the grids, as the bots find them.
LineList lines_from_grids(const State& s, int p) {
  const int n = s.players();
  const int left = left_of(p, n);
  const auto down = to_display_mask(s.grid_down(p), s.grid_down(left));
  const auto empty = to_display_mask(s.grid_empty(p), s.grid_empty(left));
  const auto up = static_cast<uint16_t>(~(down | empty) & kDisplayMask);
  uint16_t hole = 0;
  if (s.hole() != kNoCell && display_index(p, n, s.hole()) >= 0)
    hole = static_cast<uint16_t>(1u << display_index(p, n, s.hole()));
  std::array<int8_t, kMaxCells> values{};
  for (int c = 0; c < n * kGridCells; ++c) values[c] = s.cell_value(static_cast<CellId>(c));
  LineList out;
  find_lines(display_cells(p, n), up, static_cast<uint16_t>(empty & ~hole), values.data(), out);
  return out;
}

void expect_caches_agree(const State& s) {
  const int n = s.players();
  for (int p = 0; p < n; ++p) {
    const int left = left_of(p, n);
    ASSERT_EQ(s.display_down(p), to_display_mask(s.grid_down(p), s.grid_down(left))) << p;
    ASSERT_EQ(s.display_empty(p), to_display_mask(s.grid_empty(p), s.grid_empty(left))) << p;
    LineList cached;
    s.complete_lines(p, cached);
    const LineList expected = lines_from_grids(s, p);
    ASSERT_EQ(cached.size(), expected.size()) << "player " << p;
    for (size_t i = 0; i < cached.size(); ++i) {
      EXPECT_EQ(cached[i].id, expected[i].id);
      EXPECT_EQ(cached[i].cells, expected[i].cells);
    }
  }
  const auto error = validate_state(s);
  ASSERT_FALSE(error) << *error;
}

// Plays `games` random games, checking every position; returns the positions checked.
int check_games(const RuleOptions& o, int games) {
  int checked = 0;
  Rng rng(99);
  for (int g = 0; g < games; ++g) {
    State s(o, 500 + static_cast<uint64_t>(g));
    while (!s.is_terminal()) {
      expect_caches_agree(s);
      if (::testing::Test::HasFatalFailure()) return checked;
      ++checked;
      if (s.is_chance_node()) {
        s.deal();
        continue;
      }
      s.apply(s.random_legal_action(rng));
    }
    expect_caches_agree(s);
  }
  return checked;
}

TEST(StateDisplays, CachesAgreeWithTheGrids) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    RuleOptions o;
    o.players = players;
    EXPECT_GT(check_games(o, 12), 1000) << players << " players";
  }
}

TEST(StateDisplays, CachesAgreeWithTheRuleVariants) {
  RuleOptions o;
  o.optional_clearing = true;  // lines left standing: the line search finds them again
  o.discard_draw_may_discard = true;
  EXPECT_GT(check_games(o, 12), 1000);
  o.knocking = false;
  o.players = 3;
  EXPECT_GT(check_games(o, 12), 1000);
}

}  // namespace
}  // namespace allegra
