// The card a clearing swap replaced (`pending_discard`: it waits while the player chooses a line,
// or whether to clear at all with optional clearing) is drawn over the discard pile, on its way
// there. Found in the replay of bot games with optional clearing (the position where the view
// has a pending discard), shown at phone and desktop size for a person to look at.
import { test, expect } from './fixtures';
import { botGame } from './helpers';

interface View {
  pending_discard: number | null;
}
interface Step {
  view: View;
  round_over?: View | null;
}

/** The viewer's position (Replay.tsx positions()) of the first view with a pending discard. */
function firstPending(file: { steps: Step[] }): { at: number; card: number } | null {
  let at = 0;
  for (const s of file.steps) {
    if (s.round_over) at++;
    at++;
    if (s.view.pending_discard !== null) return { at, card: s.view.pending_discard };
  }
  return null;
}

test('the card waiting for a clearing is drawn over the discard pile', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  let found: { game: string; at: number; card: number } | null = null;
  for (let tries = 0; tries < 6 && !found; tries++) {
    const game = await botGame(page, 4, { optional_clearing: true });
    const r = await page.request.get(`${server.url}/games/${game}/replay.json`);
    test.skip(r.status() === 404, 'this server has no replay.json route');
    const p = firstPending(await r.json());
    if (p) found = { game, ...p };
  }
  expect(found, 'a bot game with a clearing swap').not.toBeNull();
  await page.goto(`${server.url}/games/${found!.game}`);
  await page.locator('.replay input[type=range]').fill(String(found!.at));
  const card = page.locator('.pending-discard .card');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('aria-label', `The ${found!.card} goes onto the discard pile once the line is cleared`);
  for (const s of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(s);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/pending-discard-${s.name}.png` });
  }
});
