// Animations (issue 28 §6): the top card of the discard pile flies in, and not for those who
// ask for less motion (prefers-reduced-motion, emulated).
import { test, expect } from './fixtures';
import { openTable, playUntil } from './helpers';

test('a card flies to the discard pile; with reduced motion it just appears', async ({ page, server }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 1, knockWindow: 1 });
  const top = page.locator('.discard-pile .face.up');
  const legal = page.locator('[data-action]:not([disabled])');
  await playUntil(page, async () => (await top.count()) > 0 && (await legal.count()) > 0);
  const animation = () => top.first().evaluate((el) => getComputedStyle(el).animationName);
  expect(await animation()).toBe('to-discard-pile');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).not.toBe('to-discard-pile');
});
