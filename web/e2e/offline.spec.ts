// Offline shown as offline (issue 28 §5): with the browser offline (Playwright's offline mode)
// and with the server process stopped and started again, the page says "The connection is
// lost. Reconnecting…", never "The server refused", the table cannot be clicked (inert), and
// on return it resyncs and the game goes on.
import { test, expect } from './fixtures';
import { openTable, playUntil } from './helpers';

test('offline mode and a stopped server: connection lost, table inert, resync on return', async ({ page, server, context, consoleWatch }) => {
  consoleWatch.allow.push(/WebSocket connection to .* failed/);
  await openTable(page, server.url, 'Anna', { players: 3, others: ['easy', 'easy'], rounds: 1, knockWindow: 1 });
  const legal = page.locator('[data-action]:not([disabled])');
  await playUntil(page, async () => (await page.locator('.table-page').count()) > 0 && (await legal.count()) > 0);
  const main = page.locator('main#main');
  const banner = page.locator('.banner.offline');

  for (const drop of ['browser offline', 'server stopped'] as const) {
    if (drop === 'browser offline') await context.setOffline(true);
    else await server.stop();
    await expect(banner, drop).toHaveText('The connection is lost. Reconnecting… your seat is kept for you.', { timeout: 10_000 });
    await expect(main, drop).toHaveAttribute('inert', '');
    await expect(page.locator('.banner.problem'), drop).toHaveCount(0);
    // A click on the table does nothing: inert content takes no pointer or keyboard input.
    await expect(legal.first()).not.toBeFocused();
    if (drop === 'browser offline') await context.setOffline(false);
    else await server.start();
    await expect(banner, drop).toHaveCount(0, { timeout: 15_000 });
    await expect(main, drop).not.toHaveAttribute('inert', /.*/);
    await expect(legal.first(), drop).toBeVisible({ timeout: 15_000 });
  }
  await expect(page.getByText(/The server refused/)).toHaveCount(0);
  // Resynced: the game goes on by this player's clicks.
  let n = 0;
  await playUntil(page, async () => n++ >= 3 || (await page.locator('.game-end').count()) > 0);
  await expect(page.locator('.banner.problem')).toHaveCount(0);
});
