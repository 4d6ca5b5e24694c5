// The scoreboard after a reload: the server's TABLE.rounds lists every finished round, so a page
// reloaded after round 1 still shows round 1's scores (before, only the rounds the page itself
// had seen). And while a round's result is on show, the round label says the round is over
// (not "last turns").
import { test, expect } from './fixtures';
import { openTable, playUntil } from './helpers';

test('a reload after round 1 still shows round 1 on the scoreboard; the label says the round is over', async ({ page, server }) => {
  await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 2, knockWindow: 1 });
  const roundEnd = page.locator('.round-end');
  await playUntil(page, async () => (await roundEnd.count()) > 0);
  await expect(page.locator('.round-label')).toHaveText('Round 1 of 2 · over');
  const rows = page.locator('.scoreboard tbody tr');
  await expect(rows).toHaveCount(1);
  const before = await rows.allTextContents();
  expect(before[0]).toMatch(/^Round 1/);

  await page.reload();
  await expect(page.locator('.table-screen')).toBeVisible({ timeout: 15_000 });
  // The page saw no event of round 1 now: the row comes from the server's list.
  await expect(rows.first()).toHaveText(before[0]!);
  await expect(page.locator('.round-label')).not.toContainText('last turns');
});
