// The game review page (/games/ID/review): a short finished game of bots (2 players, 1 round),
// reviewed by the server at the `test` level (e2e/fixtures.ts: --review-level test), so that
// the review takes a moment. The page asks for it, shows the progress, then each decision's
// label and both choices, the best choice drawn on the table as the hint draws one, the graph
// and the costliest decisions, which jump to their decision; in German too; at phone (touch)
// and desktop size, with screenshots (docs/ with ALLEGRA_DOCS_SHOTS=1).
import { test, expect } from './fixtures';
import { botGame, expectAccessible } from './helpers';

const shots = process.env.ALLEGRA_DOCS_SHOTS === '1';

test('the review of a finished game: labels, the best choice on the table, the graph, the costliest decisions', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  const game = await botGame(page, 2);
  await page.goto(`${server.url}/games/${game}/review`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review of game ${game}`);
  // The review is computed, then shown: a decision's label and what was played.
  const verdict = page.locator('.review-verdict');
  await expect(verdict).toContainText(/Decision \d+, round 1/, { timeout: 30_000 });
  await expect(page.locator('.review-choices dt').first()).toHaveText('Choice made');
  await expect(page.locator('.review-graph svg polyline')).toHaveCount(2);
  // A costliest decision jumps to it; where the choice made was not the best, the best one is
  // drawn on the table (a card or a pile) as the hint draws a suggestion.
  const jump = page.locator('.review-jump').first();
  await expect(jump).toBeVisible();
  const label = (await jump.textContent()) ?? '';
  await jump.click();
  const decision = /Decision (\d+)/.exec(label)![1];
  await expect(verdict).toContainText(`Decision ${decision},`);
  await expect(page.locator('.review-choices dt').nth(1)).toHaveText('Best choice');
  const best = (await page.locator('.best-move').textContent()) ?? '';
  expect(best.length).toBeGreaterThan(0);
  const marked = page.locator('.table-screen .card.hinted');
  // One cell, drawn once, or twice when it is in a shared column (its owner's grid and his
  // neighbour's display both show it).
  if (!/knock|pass|give|keep/i.test(best)) await expect.poll(() => marked.count()).toBeGreaterThanOrEqual(1);
  expect(await marked.count()).toBeLessThanOrEqual(2);
  // The keys step through the decisions.
  await page.keyboard.press('Home');
  await expect(verdict).toContainText('Decision');
  const first = await verdict.textContent();
  await page.keyboard.press('ArrowRight');
  await expect(verdict).not.toHaveText(first ?? '');
  await expectAccessible(page, 'review');
  // Stored: a second visit gets it at once; in German no English is left.
  await page.evaluate(() => localStorage.setItem('allegra.lang', 'de'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Analyse von Spiel ${game}`);
  await expect(page.locator('.review-verdict')).toContainText('Entscheidung');
  await expect(page.locator('.review-summaries')).not.toContainText(/Accuracy|Luck|costliest/);
  await page.evaluate(() => localStorage.setItem('allegra.lang', 'en'));
  await page.reload();
  await jump.click();
  for (const s of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(s);
    await page.locator('.review-head').scrollIntoViewIfNeeded();
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(over).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/review-${s.name}.png`, fullPage: s.name === 'phone' });
    if (shots) await page.screenshot({ path: `../docs/web-review-${s.name}.png`, fullPage: s.name === 'phone' });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the review is read by touch: the controls are touch targets', async ({ page, server }) => {
    await page.goto(`${server.url}/`);
    const game = await botGame(page, 2);
    await page.goto(`${server.url}/games/${game}/review`);
    const verdict = page.locator('.review-verdict');
    await expect(verdict).toContainText('Decision', { timeout: 30_000 });
    const before = await verdict.textContent();
    await page.getByRole('button', { name: 'One step forward' }).tap();
    await expect(verdict).not.toHaveText(before ?? '');
    for (const b of await page.locator('.review-bar button, .review-jump').all()) {
      const box = (await b.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
  });
});
