// E2E 1: one person and three bots play a whole game (1 round, short knock window) by clicks,
// to the final scoreboard; then the replay of that game.
import { test, expect } from './fixtures';
import { openTable, playUntil } from './helpers';

test('a person and 3 bots play a whole game to the final scoreboard', async ({ page, server }) => {
  await openTable(page, server.url, 'Anna', { players: 4, others: ['easy', 'easy', 'easy'], rounds: 1, knockWindow: 1 });
  const end = page.locator('.game-end');
  const clicks = await playUntil(page, async () => (await end.count()) > 0);
  expect(clicks).toBeGreaterThan(2);
  await expect(end.getByRole('heading', { name: 'The game is over' })).toBeVisible();
  await expect(end.locator('.winners')).not.toBeEmpty();
  await expect(end.locator('table.totals tbody tr')).toHaveCount(4);
  await expect(end.locator('table.totals')).toContainText('Anna');
  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/game-end-${size.name}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // The creator may ask for a rematch; the record is downloadable.
  await expect(end.getByRole('button', { name: 'Play again' })).toBeVisible();
  const record = await end.getByRole('link', { name: 'Download the record' }).getAttribute('href');
  const r = await page.request.get(`${server.url}${record}`);
  expect(r.status()).toBe(200);
  expect((await r.text()).trim().split('\n')).toHaveLength(1);
  // The review of the game is offered (e2e/review.spec.ts opens it).
  expect(await end.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe(record!.replace('.jsonl', '/review'));
  // The rematch deals the next game at the same table.
  await end.getByRole('button', { name: 'Play again' }).click();
  await expect(end).toHaveCount(0);
  await expect(page.locator('[data-action]:not([disabled])').first()).toBeVisible();
});
