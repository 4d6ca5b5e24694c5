// What players expect (issue 28 §6): a game against bots is private unless asked; a guest who
// came by the invite link does not see the creator's invite panel; Enter in the name field
// starts; the start button above the fold at 1280x800; a name over the server's 16 characters
// kept as typed and refused with a message; on the table page an h1, the own cards reached by
// Tab before the neighbour's column, a visible focus ring on a playable card; quick reactions
// in the chat and, on a phone, the unread count on the tab of the scores/log/chat sheet.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { openTable, playUntil, sitAs, startGame } from './helpers';

async function home(page: Page, url: string, name = 'Anna') {
  await page.goto(`${url}/`);
  await page.locator('#player-name').fill(name);
}

test('a game against bots is private by default, one with a person public', async ({ page, server, browser }) => {
  await home(page, server.url);
  const pub = page.locator('#opt-public');
  await page.locator('details.options summary').nth(1).click();
  await expect(pub).not.toBeChecked();
  await page.locator('.seat-list select').first().selectOption('person');
  await expect(pub).toBeChecked();
  await page.locator('.seat-list select').first().selectOption('bot:easy');
  await expect(pub).not.toBeChecked();
  // The bots' table is not in anybody's list of open tables.
  const code = await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 1 });
  const ctx = await browser.newContext();
  const other = await ctx.newPage();
  await other.goto(`${server.url}/`);
  await expect(other.locator('.open-tables')).toContainText('No open tables');
  await expect(other.locator('.open-tables')).not.toContainText(code);
  await ctx.close();
});

test('the invite panel is the creator’s, not the invited guest’s', async ({ page, server, browser }) => {
  const code = await openTable(page, server.url, 'Anna', { players: 2, others: ['person'], rounds: 1 });
  await expect(page.getByRole('heading', { name: 'Invite your friends' })).toBeVisible();
  const ctx = await browser.newContext();
  const bea = await ctx.newPage();
  await bea.goto(`${server.url}/t/${code}`);
  await expect(bea.getByRole('heading', { name: /Seats/ })).toBeVisible();
  await expect(bea.getByRole('heading', { name: 'Invite your friends' })).toHaveCount(0);
  await ctx.close();
});

test('Enter in the name field starts; the start button is above the fold at 1280x800', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await home(page, server.url);
  const start = page.locator('form.create button[type=submit]');
  const box = (await start.boundingBox())!;
  expect(box.y + box.height, 'the start button’s bottom').toBeLessThanOrEqual(800);
  await page.locator('#player-name').press('Enter');
  await expect(page).toHaveURL(/\/t\/[A-Z0-9]{6}$/);
  await expect(page.locator('.table-screen')).toBeVisible();
});

test('an over-long name is kept as typed and refused with a message', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  const long = 'Maximiliane-Sophia'; // 18 characters, the server takes 16
  await page.locator('#player-name').fill(long);
  await expect(page.locator('#player-name')).toHaveValue(long);
  await expect(page.getByRole('alert')).toHaveText('A name has at most 16 characters; this one has 18. Please shorten it.');
  await page.locator('form.create button[type=submit]').click();
  await expect(page).not.toHaveURL(/\/t\//);
  // In German too (the words come from data/lang).
  await page.locator('.lang-select').selectOption('de');
  await expect(page.locator('#player-name-long')).toContainText('höchstens 16 Zeichen');
});

test('the table page: an h1, Tab reaches the own cards before the neighbour’s column, a visible focus ring', async ({ page, server }) => {
  const code = await openTable(page, server.url, 'Anna', { players: 3, others: ['easy', 'easy'], rounds: 1, knocking: false });
  await expect(page.locator('h1')).toHaveText(new RegExp(code));
  // The setup's reveals and a draw: then the drawn card may go on any card of the display.
  await playUntil(page, async () => (await page.locator('.display [data-action^="swap"]').count()) > 0);
  await expect(page.locator('.display [data-action^="swap"]').first()).toBeVisible();
  // Tab from the page's first link (the header), as a keyboard user starts.
  await page.locator('.brand').focus();
  let first: string | null = null;
  for (let i = 0; i < 60 && first === null; i++) {
    await page.keyboard.press('Tab');
    first = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.matches('button.card') ? (el.getAttribute('data-cell') ?? '') : null;
    });
  }
  // Anna is seat 0: her own cells are 0xy, the neighbour's column another seat's.
  expect(first, 'the first card Tab reaches').toMatch(/^0[abc]\d$/);
  // The focused card's ring differs from the yellow outline of every playable card.
  const ring = await page.evaluate(() => {
    const focused = document.activeElement!.querySelector('.face')!;
    const other = Array.from(document.querySelectorAll('.display button.card.legal')).find((b) => b !== document.activeElement)!.querySelector('.face')!;
    const f = getComputedStyle(focused);
    const o = getComputedStyle(other);
    return { focused: f.outlineColor, width: parseFloat(f.outlineWidth), other: o.outlineColor, shadow: f.boxShadow };
  });
  expect(ring.focused).toBe('rgb(255, 255, 255)');
  expect(ring.width).toBeGreaterThanOrEqual(4);
  expect(ring.other).not.toBe(ring.focused);
  expect(ring.shadow).not.toBe('none');
});

test('chat on a phone: the unread count on the sheet’s tab, quick reactions', async ({ page, server, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const code = await openTable(page, server.url, 'Anna', { players: 3, others: ['person', 'easy'], rounds: 1 });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const bea = await ctx.newPage();
  await sitAs(bea, server.url, code, 'Bea');
  await startGame(page, bea);
  // On the phone the chat is behind the tab; on the desktop it is in view.
  await expect(page.locator('.chat-form input')).toBeHidden();
  await expect(bea.locator('.sheet-tab')).toBeHidden();
  await bea.locator('.chat-form input').fill('Good luck!');
  await bea.locator('.chat-form button[type=submit]').click();
  await bea.locator('.chat-form input').fill('Have fun');
  await bea.locator('.chat-form button[type=submit]').click();
  const tab = page.locator('.sheet-tab');
  await expect(tab.locator('.unread')).toHaveText('2');
  await expect(tab).toHaveAccessibleName(/2 new messages/);
  await tab.click();
  // The open sheet holds the focus (its close button).
  await expect(page.locator('.table-side .sheet-close')).toBeFocused();
  await expect(page.locator('.table-side .chat-lines')).toContainText('Bea: Good luck!');
  await expect(tab.locator('.unread')).toHaveCount(0);
  // A quick reaction: one tap, and the others read it.
  const thumbs = page.getByRole('group', { name: 'Quick reactions' }).getByRole('button', { name: '👍' });
  const box = (await thumbs.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await thumbs.click();
  await expect(bea.locator('.chat-lines')).toContainText('Anna: 👍');
  // Escape closes the sheet and gives the focus back to the tab; so does its close button.
  await page.keyboard.press('Escape');
  await expect(page.locator('.table-side')).toBeHidden();
  await expect(tab).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.table-side .sheet-close')).toBeFocused();
  await page.getByRole('button', { name: 'Back to the table' }).click();
  await expect(page.locator('.table-side')).toBeHidden();
  await expect(tab).toBeFocused();
  // Read while open: nothing unread after closing.
  await expect(tab.locator('.unread')).toHaveCount(0);
  await ctx.close();
});

test('the header’s controls fit a 360 px phone in every language, nothing scrolls sideways', async ({ page, server }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const code of ['en', 'de', 'fr', 'nl', 'es']) {
    await page.evaluate((c) => localStorage.setItem('allegra.lang', c), code).catch(() => undefined);
    await page.goto(`${server.url}/`);
    await page.evaluate((c) => localStorage.setItem('allegra.lang', c), code);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    // The closed chooser shows the whole code, never a cut name ("Englis", "Nederl").
    await expect(page.locator('.app-header .lang-code')).toHaveText(code.toUpperCase());
    for (const control of ['.brand', '.lang-code', '.lang-select', '.theme-toggle', '.sound-toggle']) {
      const box = (await page.locator(`.app-header ${control}`).boundingBox())!;
      expect(box.x + box.width, `${code}: ${control}'s right edge`).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${code}: the page's width`).toBeLessThanOrEqual(360);
  }
});
