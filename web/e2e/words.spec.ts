// The words at the table (issue 28 §2), played by two people (Anna, Bea, two browser contexts)
// and a bot: the cell numbers drawn beside the grids are the ones the log names; a card taken
// from the discard pile is not offered for discarding; the player who drew waits for the knocks
// (not "Knock for it"); "You knocked" at once while the window is still open, and the knocker's
// tag when it closes; the take step draws the neighbour's shared column beside the knocker's
// grid; the round's log comes back after a reload.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { openTable, sitAs, startGame, offeredActions, clickAction } from './helpers';

/** The row and column numbers drawn beside the card of `action` (a card button). */
async function drawnNumbers(page: Page, action: string): Promise<{ row: string; col: string }> {
  return page.locator(`[data-action="${action}"]`).evaluate((card) => {
    const col = card.closest('.col')?.querySelector('.col-num')?.textContent ?? '';
    const mid = card.getBoundingClientRect().top + card.getBoundingClientRect().height / 2;
    let row = '';
    let best = Infinity;
    for (const r of Array.from(card.closest('.grid')?.querySelectorAll('.row-num') ?? [])) {
      const b = r.getBoundingClientRect();
      const d = Math.abs(b.top + b.height / 2 - mid);
      if (d < best) [best, row] = [d, r.textContent ?? ''];
    }
    return { row, col };
  });
}

test('the words at the table match what is drawn and what is legal', async ({ page, server, browser }) => {
  test.setTimeout(120_000);
  const code = await openTable(page, server.url, 'Anna', { players: 3, others: ['person', 'easy'], rounds: 2, knockWindow: 30 });
  const ctx = await browser.newContext();
  const bea = await ctx.newPage();
  await sitAs(bea, server.url, code, 'Bea');
  await startGame(page, bea);

  // The own display: the neighbour's column, numbered 4 under its owner's name, then 1-4.
  const mine = page.locator('.seat.mine .display');
  // In the order drawn (the page lists the neighbour's column last for Tab; CSS draws it first).
  const numbers = mine.locator('.col:not(.row-nums) > .col-num');
  await expect(numbers).toHaveCount(5);
  const drawn = await numbers.evaluateAll((els) =>
    els.map((e) => ({ x: e.getBoundingClientRect().x, text: e.textContent })).sort((a, b) => a.x - b.x).map((e) => e.text),
  );
  expect(drawn).toEqual(['4', '1', '2', '3', '4']);
  const rowNumbersX = await mine.locator('.row-nums').evaluate((e) => e.getBoundingClientRect().x);
  const firstColumnX = await numbers.evaluateAll((els) => Math.min(...els.map((e) => e.getBoundingClientRect().x)));
  expect(rowNumbersX, 'the row numbers left of every column').toBeLessThan(firstColumnX);
  await expect(mine.locator('.row-num')).toHaveText(['1', '2', '3']);
  // A card the log names "row 2, column 3" is the one drawn in row 2, column 3.
  await expect(page.locator('[data-action="reveal 0b2"]')).toBeVisible();
  expect(await drawnNumbers(page, 'reveal 0b2')).toEqual({ row: '2', col: '3' });
  await clickAction(page, 'reveal 0b2');
  await expect(page.locator('.log-lines')).toContainText(/You turned up the -?\d+ at row 2, column 3/);

  const status = page.locator('.controls .status');
  const beaStatus = bea.locator('.controls .status');
  const done = { discard: false, drawer: false, knocked: false, take: false };
  let beaKnocks = false;
  for (let i = 0; i < 800 && !Object.values(done).every(Boolean); i++) {
    if ((await page.locator('.game-end').count()) > 0) break;
    const a = await offeredActions(page);
    const b = await offeredActions(bea);
    let acted = false;
    if (a.includes('draw-discard') && !done.discard) {
      // Taken from the discard pile: swap it in, never "or discard it?".
      await clickAction(page, 'draw-discard');
      await expect(status).toHaveText(/Swap the -?\d+ into your display \(a card taken from the discard pile cannot be discarded again\)\./);
      await expect(page.locator('[data-action="discard"]')).toHaveCount(0);
      done.discard = true;
      continue;
    }
    if (a.includes('draw') && done.discard && !done.drawer && b.length === 0) {
      await clickAction(page, 'draw');
      // Bea may knock: the window stays open while she thinks, and Anna waits.
      if ((await bea.locator('[data-action="knock"]').count()) > 0 || (await bea.locator('.knock-button').waitFor({ timeout: 3000 }).then(() => true).catch(() => false))) {
        await expect(status).toHaveText(/^You drew the -?\d+\. The others may knock for it: wait for their answers\.$/);
        done.drawer = true;
        beaKnocks = !done.take;
      }
      continue;
    }
    if (b.includes('knock')) {
      const drawnByAnna = (await beaStatus.innerText()).includes('Anna drew');
      if (drawnByAnna) {
        await clickAction(bea, beaKnocks ? 'knock' : 'pass');
        if (beaKnocks) {
          // The window is closed and Anna decides: Bea's tag on both screens.
          await expect(page.locator('.seat', { has: page.locator('.seat-name', { hasText: /^Bea$/ }) }).locator('.tag.knock')).toBeVisible();
          beaKnocks = false;
        }
        continue;
      }
      // The bot drew: Anna answers first (below); Bea waits for her.
      if (!a.includes('knock')) {
        await clickAction(bea, 'pass');
        continue;
      }
    }
    if (a.includes('knock')) {
      if (!done.knocked && b.includes('knock')) {
        await clickAction(page, 'knock');
        // At once, while Bea still decides: Anna reads her own answer, her seat says so.
        await expect(status).toHaveText(/^You knocked for Bot 3’s -?\d+\. Waiting for the others\.$/);
        await expect(page.locator('.seat.mine .tag.knock')).toBeVisible();
        await expect(beaStatus).toHaveText(/^Bot 3 drew the -?\d+\. Knock for it, or pass\?$/);
        done.knocked = true;
      } else await clickAction(page, 'pass');
      continue;
    }
    if (a.includes('give 1')) {
      await clickAction(page, 'give 1');
      continue;
    }
    const takes = a.filter((x) => x.startsWith('take '));
    if (takes.length > 0) {
      // Every card of the knocker's 15-card display is offered beside his grid, his neighbour's
      // column 4 too. The knocker is Bea or, when the bot knocked alone for Anna's card, the bot.
      const grid = page.locator('.grid[data-take-display]');
      await expect(grid).toHaveCount(1);
      const knocker = await grid.getAttribute('data-take-display');
      expect(['1', '2']).toContain(knocker);
      await expect(grid.locator('.col.beside')).toHaveCount(1);
      // (The knocker's own column 4 is also drawn in his right neighbour's display, as always: the same actions.)
      const inside = await grid.locator('[data-action^="take "]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action') ?? ''));
      expect(new Set(inside)).toEqual(new Set(takes));
      expect(inside.length).toBe(new Set(takes).size);
      const fromNeighbour = takes.find((x) => !x.startsWith(`take ${knocker}`));
      expect(fromNeighbour, 'a card of the neighbour\'s shared column is offered').toBeDefined();
      await clickAction(page, fromNeighbour!);
      // The take step ends with this move. On a loaded machine the frame that ends it can come
      // after clickAction's wait: the next look must not see the step just played (its takes
      // still drawn, its take display already gone).
      await expect(page.locator('[data-action^="take "]')).toHaveCount(0);
      done.take = true;
      continue;
    }
    // Anything else: the first offered move (Anna draws only when Bea is free to knock).
    const pick = (xs: string[]) => (xs.includes('pass') ? 'pass' : xs.includes('refuse') ? 'refuse' : xs.find((x) => x !== 'draw-discard' && x !== 'draw') ?? xs[0]);
    if (b.length > 0 && !b.includes('knock')) {
      await clickAction(bea, pick(b)!);
      acted = true;
    }
    if (a.length > 0 && !a.includes('knock')) {
      await clickAction(page, pick(a)!);
      acted = true;
    }
    if (!acted) await page.waitForTimeout(40);
  }
  expect(done).toEqual({ discard: true, drawer: true, knocked: true, take: true });

  // A reload: the round's log comes back from the server (state.log), the same sentences.
  const before = await page.locator('.log-lines li.move').allInnerTexts();
  expect(before.length).toBeGreaterThan(3);
  await page.reload();
  await expect(page.locator('.table-screen')).toBeVisible();
  await expect(page.locator('.log-lines li.move').first()).toBeVisible();
  const after = await page.locator('.log-lines li.move').allInnerTexts();
  const starts = before.map((l, i) => (/^Round \d+ begins/.test(l) ? i : -1)).filter((i) => i >= 0);
  const round = before.slice(starts.at(-1) ?? 0);
  for (const line of round.slice(0, -1)) expect(after).toContain(line);
  await ctx.close();
});
