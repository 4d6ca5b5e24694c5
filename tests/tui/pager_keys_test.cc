#include "tui/pager_keys.h"

#include <curses.h>
#include <gtest/gtest.h>

namespace allegra::tui {
namespace {

TEST(PagerKeys, StepWithinTheEndsAndScroll) {
  int step = 0, scroll = 0;
  EXPECT_FALSE(apply_pager_key(pager_key(KEY_LEFT), 3, step, scroll));
  EXPECT_EQ(step, 0);  // not below the first
  EXPECT_FALSE(apply_pager_key(pager_key(' '), 3, step, scroll));
  EXPECT_EQ(step, 1);
  EXPECT_FALSE(apply_pager_key(pager_key(KEY_END), 3, step, scroll));
  EXPECT_EQ(step, 3);
  EXPECT_FALSE(apply_pager_key(pager_key('l'), 3, step, scroll));
  EXPECT_EQ(step, 3);  // not past the last
  EXPECT_FALSE(apply_pager_key(pager_key('j'), 3, step, scroll));
  EXPECT_EQ(scroll, 1);
  EXPECT_FALSE(apply_pager_key(pager_key(KEY_HOME), 3, step, scroll));
  EXPECT_EQ(step, 0);
}

TEST(PagerKeys, QuitKeysCloseAndOthersAreLeftToTheScreen) {
  int step = 1, scroll = 0;
  for (int ch : {int{'q'}, int{'Q'}, 27, 3})
    EXPECT_TRUE(apply_pager_key(pager_key(ch), 3, step, scroll));
  for (int ch : {int{'n'}, int{'p'}, int{'v'}, KEY_NPAGE})
    EXPECT_EQ(pager_key(ch), PagerKey::kOther);
  EXPECT_EQ(step, 1);
}

}  // namespace
}  // namespace allegra::tui
