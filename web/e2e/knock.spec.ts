// E2E 2: two people in two browser contexts and one bot play a game with a knock (Bea knocks
// within the window, Anna gives her the card, the take and put-back follow) and a clear. The
// creator's `create` gets a deck of 5s and 6s only (so lines clear soon); everything else is
// the real client against the real server. Screenshots of the knock window at phone and
// desktop size.
import { test, expect } from './fixtures';
import { openTable, sitAs, startGame, offeredActions, clickAction } from './helpers';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1920, height: 1080 },
];

test('two people and a bot: a knock given to the knocker, a clear', async ({ page, server, browser }) => {
  // A small deck of 5s and 6s: lines of three equal cards come soon.
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const srv = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m));
      if (msg.type === 'create') msg.options = { ...msg.options, deck_counts: [0, 0, 0, 0, 0, 0, 26, 26, 0, 0, 0, 0, 0], small_game_removal: 0 };
      srv.send(JSON.stringify(msg));
    });
    srv.onMessage((m) => ws.send(m));
  });
  const code = await openTable(page, server.url, 'Anna', { players: 3, others: ['person', 'easy'], rounds: 1, knockWindow: 20 });
  const ctx = await browser.newContext();
  const bea = await ctx.newPage();
  const problems: string[] = [];
  bea.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  await sitAs(bea, server.url, code, 'Bea');
  await startGame(page, bea);

  const log = page.locator('.log-lines');
  let beaKnocked = false;
  let shot = false;
  const done = async () => {
    const text = await log.innerText();
    // The whole knock (up to the put-back: Bea's swap may already clear a line) and a clear.
    const knock = /Bea knocked!/.test(text) && /You gave the card to Bea/.test(text) && /Bea put the \d+ back into/.test(text);
    return (knock && /cleared three/.test(text)) || (await page.locator('.game-end').count()) > 0;
  };
  for (let i = 0; i < 600 && !(await done()); i++) {
    let acted = false;
    // Bea: knocks for Anna's card (once), else plays the first offered move.
    const b = await offeredActions(bea);
    if (b.includes('knock') && !beaKnocked && (await bea.locator('.status').innerText()).includes('Anna drew')) {
      if (!shot) {
        await expect(bea.locator('.knock-button')).toBeFocused();
        for (const s of sizes) {
          await bea.setViewportSize(s);
          await bea.screenshot({ path: `test-results/knock-window-${s.name}.png`, fullPage: s.name === 'phone' });
        }
        await bea.setViewportSize({ width: 1280, height: 800 });
        shot = true;
      }
      await clickAction(bea, 'knock');
      beaKnocked = true;
      acted = true;
    } else if (b.length > 0) {
      await clickAction(bea, b.includes('pass') ? 'pass' : b.includes('draw') ? 'draw' : b[0]!);
      acted = true;
    }
    // Anna: gives the card to Bea when she knocked, draws from the draw pile (so a knock window opens).
    const a = await offeredActions(page);
    if (a.length > 0) {
      const give = a.find((x) => x === 'give 1');
      await clickAction(page, give ?? (a.includes('pass') ? 'pass' : a.includes('draw') ? 'draw' : a[0]!));
      acted = true;
    }
    if (!acted) await page.waitForTimeout(40);
  }
  const text = await log.innerText();
  expect(text).toMatch(/Bea knocked!/);
  expect(text).toMatch(/You gave the card to Bea/);
  // The take and the put-back, told in words on both screens.
  expect(text).toMatch(/Bea swapped the \d+ into .* and took/);
  expect(text).toMatch(/You took .* from Bea’s row/);
  expect(text).toMatch(/Bea put the \d+ back into/);
  expect(text).toMatch(/cleared three/);
  await expect(bea.locator('.log-lines')).toContainText('You knocked!');
  expect(shot).toBe(true);
  expect(problems).toEqual([]);
  await bea.close();
  await ctx.close();
});
