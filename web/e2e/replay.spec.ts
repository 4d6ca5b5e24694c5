// The replay viewer: a finished game (bots only, played through the protocol) stepped
// forwards and backwards by buttons and keys; screenshots at phone and desktop size.
// Needs a server with `GET /games/ID/replay.json` (docs/protocol.md); skipped without one.
import { test, expect } from './fixtures';
import { botGame } from './helpers';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1920, height: 1080 },
];

test('the replay viewer steps through a finished game', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  const game = await botGame(page, 3);
  const r = await page.request.get(`${server.url}/games/${game}/replay.json`);
  test.skip(r.status() === 404, 'this server has no replay.json route');
  expect(r.status()).toBe(200);
  const file = await r.json();
  const steps: number = file.steps.length + 1; // the first deal, then each decision (one round: no round-end splits)
  expect(steps).toBeGreaterThan(10);

  await page.goto(`${server.url}/games/${game}`);
  const title = page.locator('.replay-title');
  await expect(title).toContainText(`0 of ${steps - 1}`);
  await page.getByRole('button', { name: 'One step forward' }).click();
  await expect(title).toContainText(`1 of ${steps - 1}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(title).toContainText(`3 of ${steps - 1}`);
  await page.keyboard.press('ArrowLeft');
  await expect(title).toContainText(`2 of ${steps - 1}`);
  await page.keyboard.press('End');
  await expect(title).toContainText(`${steps - 1} of ${steps - 1}`);
  for (const s of sizes) {
    await page.setViewportSize(s);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(over).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/replay-${s.name}.png`, fullPage: false });
  }
  await page.keyboard.press('Home');
  await expect(title).toContainText(`0 of ${steps - 1}`);
});
