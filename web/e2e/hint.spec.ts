// The hint button (a table created with hints): the server's hint bot names a move and sends
// why as data (reason codes, expected points); the table says the move and the explanation in
// the page's language (the move named as its button is, the reasons with the hint.* texts of
// the terminal), and marks the move. Skipped against a server without hints.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const langDir = fileURLToPath(new URL('../../data/lang/', import.meta.url));
const TEXTS: Record<string, Record<string, string>> = Object.fromEntries(
  ['en', 'de', 'fr', 'nl', 'es'].map((l) => [l, JSON.parse(readFileSync(`${langDir}${l}.json`, 'utf8'))]),
);
/** The words of a text before its first argument: fixed in every hint that uses the text. */
const lead = (lang: string, key: string) => TEXTS[lang]![key]!.split('{')[0]!;
/** The words of a text between two of its arguments (`{a}` ... `{b`). */
const between = (lang: string, key: string, a: string, b: string) => {
  const m = TEXTS[lang]![key]!;
  return m.slice(m.indexOf(a) + a.length, m.indexOf(b));
};

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
});

// The explanation (each move's expected points and why) in all five languages: the first
// decision is a setup reveal, so every move's reason is "turns up a face-down card".
for (const lang of ['en', 'de', 'fr', 'nl', 'es']) {
  test(`the hint explains itself in ${lang}`, async ({ page, server }) => {
    await page.addInitScript((l) => localStorage.setItem('allegra.lang', l), lang);
    await hintTable(page, server.url);
    const why = page.locator('.hint-why');
    await expect(why).toBeVisible();
    await expect(why).toContainText(lead(lang, 'hint.why_reveal'));
    await expect(why).toContainText(`1. `);
    await expect(why).toContainText(between(lang, 'hint.move', '{move}', '{score'));
    const text = (await why.textContent()) ?? '';
    // The moves are named as their buttons, never as action texts; no English on other pages.
    expect(text).not.toMatch(/\b(reveal|swap|draw) [0-9]/);
    if (lang !== 'en') expect(text).not.toContain(lead('en', 'hint.why_reveal'));
    await page.screenshot({ path: `test-results/hint-${lang}.png` });
  });
}
