// E2E 3: a page reload mid-game, then a kill -9 of the server and a restart on the same port
// and database: each time the player is back in the same seat and plays on.
import { test, expect } from './fixtures';
import { openTable, playUntil } from './helpers';

test('reload and a server kill -9 mid-game: the player continues in the same seat', async ({ page, server, consoleWatch }) => {
  await openTable(page, server.url, 'Anna', { players: 3, others: ['easy', 'easy'], rounds: 1, knockWindow: 1 });
  const legal = page.locator('[data-action]:not([disabled])');
  await playUntil(page, async () => (await page.locator('.table-page').count()) > 0 && (await legal.count()) > 0);
  // A few decisions in, then reload.
  let n = 0;
  await playUntil(page, async () => n++ >= 3 && (await legal.count()) > 0);
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(legal.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.spectator-note')).toHaveCount(0);

  // The server dies without warning: the page says so and reconnects when it is back.
  consoleWatch.allow.push(/WebSocket connection to .* failed/);
  await server.kill9();
  await expect(page.locator('.banner.offline')).toBeVisible({ timeout: 10_000 });
  await server.start();
  await expect(page.locator('.banner.offline')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.spectator-note')).toHaveCount(0);
  await expect(legal.first()).toBeVisible({ timeout: 15_000 });
  // Still this player's seat: the game goes on by this player's clicks (the seq of the frames
  // keeps rising, so the server accepts them).
  const log = () => page.evaluate(() => [...document.querySelectorAll('.log-lines li')].map((li) => li.textContent).join('\n'));
  const before = await log();
  let m = 0;
  await playUntil(page, async () => m++ >= 4 || (await page.locator('.game-end').count()) > 0);
  await expect.poll(log).not.toBe(before);
  await expect(page.locator('.banner.problem')).toHaveCount(0);
  await expect(page.locator('.spectator-note')).toHaveCount(0);
});
