// E2E 5: a whole turn by keyboard only (Tab to a card, Enter; the draw pile by its key), and
// axe-core on the table screen: no serious or critical violation.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectAccessible, openTable } from './helpers';

/** Presses Tab until the focused element matches `selector` (at most 80 times). */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

test('a turn by keyboard only; the table passes axe-core', async ({ page, server }) => {
  await openTable(page, server.url, 'Anna', { players: 3, others: ['easy', 'easy'], rounds: 1, knocking: false });
  const start = page.getByRole('button', { name: 'Start the game' });
  await page.locator('.table-screen').or(start).first().waitFor();
  if (await start.isVisible()) await start.click();
  const reveal = page.locator('.display [data-action^="reveal"]');
  await expect(reveal.first()).toBeVisible();
  // The cards are labelled in words.
  await expect(page.getByRole('button', { name: /Anna, row 1, column 1: face down/ })).toBeVisible();
  // Setup: two cards turned up with Tab and Enter.
  await tabTo(page, '.display [data-action^="reveal"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('.status')).toContainText('Turn up one more card');
  await tabTo(page, '.display [data-action^="reveal"]');
  await page.keyboard.press('Enter');
  // The turn: D draws from the draw pile, then Tab to a card and Enter swaps it.
  await expect(page.locator('.pile [data-action="draw"]')).toBeVisible();
  await expectAccessible(page, 'table (choose the pile)');
  await page.locator('body').press('d');
  await expect(page.locator('.display [data-action^="swap"]').first()).toBeVisible();
  await tabTo(page, '.display [data-action^="swap"]');
  // The arrow keys move between the offered cards.
  const before = await page.evaluate(() => document.activeElement?.getAttribute('data-action'));
  await page.keyboard.press('ArrowRight');
  const after = await page.evaluate(() => document.activeElement?.getAttribute('data-action'));
  expect(after).toMatch(/^swap /);
  expect(after).not.toBe(before);
  await page.keyboard.press('Enter');
  await expect(page.locator('.log-lines')).toContainText(/You swapped the -?\d+ into/);
  await expectAccessible(page, 'table');
});
