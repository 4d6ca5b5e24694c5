// Drag and drop on a touch screen: on a phone profile (hasTouch, isMobile) the drawn card is
// dragged by a finger onto a card of the own display, through Chromium's own touch input
// (CDP Input.dispatchTouchEvent: touchStart, touchMove, touchEnd, turned into pointer events
// of pointerType "touch" by the browser, with its touch-action and panning rules), not by
// synthetic DOM events. It proves that the Pointer Events drag (src/table/drag.ts) works for a
// finger: the swap the drop names is played, exactly as a tap on that card would play it.
// A second drag, with the mouse, on the discard pile: the same code for a mouse.
import { devices } from '@playwright/test';
import { test, expect } from './fixtures';
import { openTable, playUntil } from './helpers';
import type { Page, Locator } from '@playwright/test';

const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
test.use({ ...pixel });

async function centre(l: Locator) {
  const b = (await l.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

async function fingerDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const point = (p: { x: number; y: number }) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  const steps = 10;
  for (let i = 1; i <= steps; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(p) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a finger drags the drawn card onto a card of the own display', async ({ page, server }) => {
  await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 1, knocking: false });
  await page.evaluate(() => {
    const w = window as unknown as { __pointerTypes: string[] };
    w.__pointerTypes = [];
    addEventListener('pointerdown', (e) => w.__pointerTypes.push(e.pointerType), true);
  });
  const held = page.locator('.held.draggable');
  // The setup's reveals and then a draw from the draw pile (the first offered control).
  await playUntil(page, async () => (await held.count()) > 0);
  const value = (await held.locator('.val').textContent())!;
  const target = page.locator('.seat.bottom [data-drop]').first();
  const action = (await target.getAttribute('data-action'))!;
  expect(action).toMatch(/^swap \d[abc]\d$/);
  const label = (await target.getAttribute('aria-label'))!;
  const before = await page.locator('.log-lines li').count();

  await target.scrollIntoViewIfNeeded();
  await held.scrollIntoViewIfNeeded();
  await fingerDrag(page, await centre(held), await centre(target));

  await expect(held).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pointerTypes: string[] }).__pointerTypes)).toContain('touch');
  // The log says the card went where it was dropped. (The cell itself is not checked: the first
  // target may be a shared column, which the bot's next turn can swap away again.)
  const place = label.slice(0, label.lastIndexOf(':')).replace(/^Anna, /, '');
  await expect
    .poll(async () => (await page.locator('.log-lines li').allTextContents()).slice(before).join('\n'))
    .toMatch(new RegExp(`You swapped the ${value} into .*${place.split(', ').pop()}`));
  await page.screenshot({ path: 'test-results/touch-drag-phone.png' });

  // The next turn: the mouse drags the drawn card onto the discard pile (discard it).
  await playUntil(page, async () => (await held.count()) > 0);
  const next = (await held.locator('.val').textContent())!;
  const pile = page.locator('.discard-pile[data-drop]');
  await expect(pile).toHaveAttribute('data-action', 'discard');
  const from = await centre(held);
  const to = await centre(pile);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(held).toHaveCount(0);
  await expect(page.locator('.discard-pile')).toHaveAttribute('aria-label', new RegExp(`${next}`));
  expect(await page.evaluate(() => (window as unknown as { __pointerTypes: string[] }).__pointerTypes)).toContain('mouse');
});
