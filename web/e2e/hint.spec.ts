// The hint button (a table created with hints): the server's hint bot names a move, the table
// says it in words and marks the move. Skipped against a server without hints.
import { test, expect } from './fixtures';

test('the hint button shows the hint bot’s move', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  await page.locator('#player-name').fill('Anna');
  await page.locator('.segmented label', { hasText: '2' }).click();
  await page.locator('.seat-list select').nth(0).selectOption('bot:easy');
  await page.locator('details.options summary').first().click();
  await page.locator('#opt-rounds').fill('1');
  await page.locator('details.options summary').nth(1).click();
  await page.locator('#opt-hints').check();
  await page.locator('form.create button[type=submit]').click();
  const start = page.getByRole('button', { name: 'Start the game' });
  await page.locator('.table-screen').or(start).or(page.locator('[role=alert]')).first().waitFor();
  test.skip((await page.locator('.table-screen').count()) === 0 && !(await start.isVisible()), 'this server has no hints');
  if (await start.isVisible()) await start.click();
  const hint = page.locator('.hint-button');
  await expect(hint).toBeVisible();
  await hint.click();
  await expect(page.locator('.hint-text')).not.toBeEmpty();
  await expect(page.locator('.table-screen .hinted').first()).toBeVisible();
});
