// The table screen (src/table): screenshots of the table, a knock window and a round's end at
// phone and desktop size (web/test-results/table-*.png), with the checks that apply everywhere
// (no horizontal scrolling, only the server's legal moves offered); the speed figure (a
// server frame to the table drawn, performance.now() in the page).
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { clickAndWait, openTable } from './helpers';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1920, height: 1080 },
];

async function noHorizontalScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string) {
  for (const s of sizes) {
    await page.setViewportSize(s);
    await noHorizontalScroll(page);
    await page.screenshot({ path: `test-results/${name}-${s.name}.png`, fullPage: s.name === 'phone' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The creator starts the game if the lobby asks for it (a table of bots only starts at once). */
async function startIfAsked(page: Page) {
  const start = page.getByRole('button', { name: 'Start the game' });
  await page.locator('.table-screen').or(start).first().waitFor();
  if (await start.isVisible()) await start.click();
  await expect(page.locator('.table-screen')).toBeVisible();
}

/**
 * Clicks the first offered move (the setup reveals, draw, swap ...) once; false if none is
 * offered. Never Continue at a round's end: the test looks at that result before it goes.
 */
async function playOne(page: Page): Promise<boolean> {
  const legal = page.locator('.table-screen [data-action]:not([data-action="ready"])');
  if ((await legal.count()) === 0) return false;
  await clickAndWait(page, legal.first());
  return true;
}

test('6 players: the table, then a round end, at phone and desktop size', async ({ page, server }) => {
  await openTable(page, server.url, 'Anna', { players: 6, others: ['easy', 'easy', 'easy', 'easy', 'easy'], rounds: 2, knockWindow: 1 });
  await startIfAsked(page);
  // The two setup reveals, then the first draw.
  await expect(page.locator('.display [data-action^="reveal"]').first()).toBeVisible();
  await clickAndWait(page, page.locator('.display [data-action^="reveal"]').first());
  await clickAndWait(page, page.locator('.display [data-action^="reveal"]').first());
  // Play until the drawn card is to be placed (a bot's knock may come first: give or keep).
  const swap = page.locator('.display [data-action^="swap"]');
  for (let i = 0; i < 100 && (await swap.count()) === 0; i++) {
    const draw = page.locator('.pile [data-action="draw"]');
    if ((await draw.count()) > 0) await clickAndWait(page, draw);
    else if (!(await playOne(page))) await page.waitForTimeout(30);
  }
  await expect(swap.first()).toBeVisible();
  // Every offered move is one the server listed.
  const offered = await page.locator('.table-screen [data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
  expect(offered.every((a) => /^(swap \d[abc][0-3]|discard)$/.test(a ?? ''))).toBe(true);
  await shoot(page, 'table');
  // Play on to the end of the first round (the round's result stays on show for 4 s).
  const end = page.locator('.round-end');
  for (let i = 0; i < 400 && (await end.count()) === 0; i++) if (!(await playOne(page))) await page.waitForTimeout(30);
  await expect(end).toBeVisible();
  await expect(end).toContainText('End of round 1');
  await shoot(page, 'round-end');
  const times = await page.evaluate(() => window.__allegraTableMs ?? []);
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  console.log(`table update: ${times.length} frames, median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`);
  // The 16 ms target is a measured figure (docs/bench.md), not a timed test: a shared CI machine
  // would make such a check flaky. The test checks that the measurement works.
  expect(times.length).toBeGreaterThan(10);
});
