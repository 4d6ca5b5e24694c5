// Screenshots for a person to look at (web/test-results/*.png): the rules page at phone and
// desktop size (home and lobby: lobby.spec.ts; the replay: replay.spec.ts), with the checks
// that apply everywhere: no horizontal scrolling, the pictures drawn.
import { test, expect } from './fixtures';
import { expectAccessible } from './helpers';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1920, height: 1080 },
];

test('the rules page at phone and desktop size', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  await page.locator('header a[href="/rules"]').click();
  await expect(page.locator('article.rules svg.rules-picture')).toHaveCount(2);
  for (const s of sizes) {
    await page.setViewportSize(s);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(over).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/rules-${s.name}.png`, fullPage: true });
  }
  await expectAccessible(page, 'rules');
});
