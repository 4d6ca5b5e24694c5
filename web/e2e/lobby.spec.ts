// The start page and the lobby: a person opens a table with a seat for a friend, the friend
// comes by the invite link (another browser context: no shared storage), sits down with a
// name; the creator starts. Screenshots of home and lobby at phone and desktop size.
import { test, expect } from './fixtures';
import { expectAccessible, openTable, sitAs } from './helpers';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1920, height: 1080 },
];

async function noHorizontalScroll(page: import('@playwright/test').Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test('home and lobby: invite link, a friend sits down, bots fill the rest, start', async ({ page, server, browser }) => {
  for (const s of sizes) {
    await page.setViewportSize(s);
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'ALLEGRA', level: 1 })).toBeVisible();
    await noHorizontalScroll(page);
    await page.screenshot({ path: `test-results/home-${s.name}.png`, fullPage: true });
  }
  await expectAccessible(page, 'home');
  await page.setViewportSize({ width: 1280, height: 800 });
  const code = await openTable(page, server.url, 'Anna', { players: 4, others: ['person', 'person', 'easy'] });
  await expect(page.locator('#invite-link')).toHaveValue(`${server.url}/t/${code}`);
  await expect(page.locator('svg.qr')).toBeVisible();

  // The friend: a fresh context, as another browser would be.
  const ctx = await browser.newContext();
  const friend = await ctx.newPage();
  await sitAs(friend, server.url, code, 'Bea');
  await expect(friend.locator('.seat-row.mine')).toContainText('Bea');
  await expect(page.locator('.lobby-seats')).toContainText('Bea');

  for (const s of sizes) {
    await page.setViewportSize(s);
    await noHorizontalScroll(page);
    await page.screenshot({ path: `test-results/lobby-${s.name}.png`, fullPage: true });
  }
  await expectAccessible(page, 'lobby');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Start the game' })).toBeDisabled();
  await page.getByRole('button', { name: 'Bots in the free seats' }).click();
  await expect(page.getByRole('button', { name: 'Start the game' })).toBeEnabled();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('.lobby')).toHaveCount(0);
  await expect(friend.locator('.lobby')).toHaveCount(0);
  await ctx.close();
});
