// The hint button (a table created with hints): the server's hint bot names a move, the table
// says it in words, in the page's language (the move named as its button is), and marks the
// move. Skipped against a server without hints.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

async function hintTable(page: Page, url: string) {
  await page.goto(`${url}/`);
  await page.locator('#player-name').fill('Anna');
  await page.locator('.segmented label', { hasText: '2' }).click();
  await page.locator('.seat-list select').nth(0).selectOption('bot:easy');
  await page.locator('details.options summary').first().click();
  await page.locator('#opt-rounds').fill('1');
  await page.locator('details.options summary').nth(1).click();
  await page.locator('#opt-hints').check();
  await page.locator('form.create button[type=submit]').click();
  const start = page.locator('.lobby-start button.primary');
  await page.locator('.table-screen').or(start).or(page.locator('[role=alert]')).first().waitFor();
  test.skip((await page.locator('.table-screen').count()) === 0 && !(await start.isVisible()), 'this server has no hints');
  if (await start.isVisible()) await start.click();
  const hint = page.locator('.hint-button');
  await expect(hint).toBeVisible();
  await hint.click();
  await expect(page.locator('.hint-text')).not.toBeEmpty();
  await expect(page.locator('.table-screen .hinted').first()).toBeVisible();
}

test('the hint button shows the hint bot’s move', async ({ page, server }) => {
  await hintTable(page, server.url);
  await expect(page.locator('.hint-text p').first()).toContainText('Hint: the strongest bot would play this: ');
});

test('the hint is said in the page’s language (German)', async ({ page, server }) => {
  await page.addInitScript(() => localStorage.setItem('allegra.lang', 'de'));
  await hintTable(page, server.url);
  const line = page.locator('.hint-text p').first();
  await expect(line).toContainText('Tipp: Der stärkste Bot würde so spielen: ');
  // The move is named as its button or card is, in German (setup: "Decke ... auf").
  const text = (await line.textContent()) ?? '';
  expect(text).not.toMatch(/strongest|Turn up|Swap into|Draw pile|\b(reveal|swap|draw) [0-9]/);
  await expect(page.locator('.hint-why')).toHaveCount(0);
});
