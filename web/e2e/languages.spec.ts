// E2E 4: each of the five languages: the start page, the lobby, the table in play and the rules
// page show no text key and no English leftover. A key missing in a language would also warn on
// the console (the Translator's fallback), which fails the test by itself.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openTable, playUntil } from './helpers';

const langDir = fileURLToPath(new URL('../../data/lang/', import.meta.url));
const load = (code: string): Record<string, string> => JSON.parse(readFileSync(`${langDir}${code}.json`, 'utf8'));
const en = load('en');

/** English texts without arguments, long enough to be telling, that the language words differently. */
function englishLeftovers(lang: Record<string, string>): string[] {
  return Object.entries(en)
    .filter(([k, v]) => !v.includes('{') && v.length >= 10 && lang[k] !== v && /^(web|table|narr|action|status|help|card|desc)\./.test(k))
    .map(([, v]) => v);
}

async function check(page: Page, leftovers: string[], where: string) {
  const text = await page.locator('body').innerText();
  expect(text, `${where}: a raw text key`).not.toMatch(/\b(web|narr|table|action|place|card|desc|status)\.[a-z]+_?[a-z_]*\b/);
  for (const e of leftovers) expect(text.includes(e), `${where}: English “${e}”`).toBe(false);
}

for (const code of ['de', 'fr', 'nl', 'es'] as const) {
  test(`${code}: no missing key, no English leftover`, async ({ page, server }) => {
    const lang = load(code);
    const leftovers = englishLeftovers(lang);
    await page.addInitScript((c) => localStorage.setItem('allegra.lang', c), code);
    await page.goto(`${server.url}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await check(page, leftovers, 'home');
    // A lobby (a seat for a friend keeps it open), then bots fill it and the game starts.
    await openTable(page, server.url, 'Anna', { players: 3, others: ['person', 'easy'], rounds: 1, knockWindow: 1 });
    await expect(page.locator('.lobby')).toBeVisible();
    await check(page, leftovers, 'lobby');
    await page.locator('.lobby-start button').first().click();
    await page.locator('.lobby-start button.primary').click();
    await expect(page.locator('.lobby')).toHaveCount(0);
    let n = 0;
    await playUntil(page, async () => n++ >= 6);
    await check(page, leftovers, 'table');
    // In-app navigation (a server without the /rules route serves the page only at / and /t/CODE).
    await page.locator('header a[href="/rules"]').click();
    await expect(page.locator('article.rules')).toBeVisible();
    await check(page, leftovers, 'rules');
  });
}

test('en: the language chooser switches the page and remembers it', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.locator('h2#create-h')).toHaveText(load('de')['web.home.create_title']!);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('header a[href="/rules"]').click();
  await page.locator('.rules-langs a[href="/rules/fr"]').click();
  await expect(page.locator('article.rules h1')).toHaveText(load('fr')['web.rules.title']!);
});
