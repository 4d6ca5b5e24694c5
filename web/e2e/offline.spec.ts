// Offline shown as offline (issue 28 §5): with the browser offline (Playwright's offline mode)
// and with the server process stopped and started again, the page says "The connection is
// lost. Reconnecting…", never "The server refused", the table cannot be clicked (inert), and
// on return it resyncs and the game goes on.
import { test, expect } from './fixtures';
import { clickAndWait, openTable, playUntil } from './helpers';

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

test('the knock ring stops while the connection is lost, in a colour of the theme', async ({ page, server, context, consoleWatch }) => {
  consoleWatch.allow.push(/WebSocket connection to .* failed/);
  // A long knock window, so that the ring still runs when the connection goes.
  await openTable(page, server.url, 'Anna', { players: 3, others: ['easy', 'easy'], rounds: 1, knockWindow: 30 });
  const ring = page.locator('.ring-fg');
  const others = page.locator('[data-action]:not([disabled]):not([data-action="knock"]):not([data-action="pass"])');
  for (let guard = 0; guard < 80 && (await ring.count()) === 0; guard++) {
    if ((await others.count()) > 0) await clickAndWait(page, others.first());
    else await page.waitForTimeout(50);
  }
  await expect(ring).toHaveCount(1);
  const style = () => ring.evaluate((el) => ({ state: getComputedStyle(el).animationPlayState, offset: getComputedStyle(el).strokeDashoffset, stroke: getComputedStyle(el).stroke }));
  // The ring's colour is the theme's accent: readable on the light and on the dark background.
  await page.emulateMedia({ colorScheme: 'light' });
  expect((await style()).stroke).toBe('rgb(166, 43, 23)');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect((await style()).stroke).toBe('rgb(255, 138, 112)');

  expect((await style()).state).toBe('running');
  await context.setOffline(true);
  await expect(page.locator('.banner.offline')).toBeVisible({ timeout: 10_000 });
  expect((await style()).state).toBe('paused');
  // A pause is a pending task until the next animation frame: until then the ring still moves
  // (by one frame, 0.16 px, in a CI run). The baseline is read once the pause has taken hold.
  await ring.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.ready)));
  const paused = await style();
  await page.waitForTimeout(400);
  // Paused within a rounding of the last frame's value (0.69085px then 0.69087px in CI); running,
  // the ring moves about 4 px in these 400 ms of a 30 s window.
  expect(parseFloat((await style()).offset), 'the ring does not move').toBeCloseTo(parseFloat(paused.offset), 1);

  await context.setOffline(false);
  await expect(page.locator('.banner.offline')).toHaveCount(0, { timeout: 15_000 });
  // Resynced: the window goes on (the ring runs again from the server's time left) or is over.
  // (The banner goes at the socket's open; the ring runs again at the resync frame after it.)
  await expect
    .poll(async () => ((await ring.count()) > 0 ? (await style()).state : 'over'), { timeout: 10_000 })
    .toMatch(/^(running|over)$/);
});
