// The table on a phone (issue 28 §1): at 390x844 and 360x740, portrait, with touch, everything a
// player must see or do is on screen at once without scrolling. At every decision of this seat
// (the pile, the drawn card, the knock window, give or keep, the knocker's swap, the take, the
// put-back, the clear choice) and at the round's result, the status line and every offered control
// (`data-action`) lie inside the viewport, the page does not scroll, and the buttons are touch
// sized. A small deck of 5s and 6s with optional clearing brings clears and clear choices soon;
// Anna knocks for every bot's card and gives or keeps in turn, so the knock's steps come too.
// The screenshots of docs/web.md are in phone-shots.spec.ts.
import { devices, type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { clickAndWait, openTable } from './helpers';
import { outOfView, smallDeck } from './phone-helpers';

const { defaultBrowserType: _ignored, viewport: _v, ...pixel } = devices['Pixel 7'];

/** The decision kinds (the view's phase while this seat decides) and the round's result. */
const KINDS = ['choose-draw', 'hold-drawn', 'knock-window', 'choose-knocker', 'knocker-swap', 'take', 'put', 'choose-line', 'round-over'];


async function phase(page: Page): Promise<string> {
  return (await page.locator('.table-screen').getAttribute('data-phase').catch(() => null)) ?? '';
}

interface Play {
  /** The decision kinds met (each checked). */
  seen: Set<string>;
  /** How many decisions were checked, the first of each kind photographed when `shots`. */
  checked: number;
}

/**
 * Plays as Anna: knocks for each card, gives and keeps in turn, draws, swaps (or clears), until
 * `until` or the game's end. At each decision (each one when `everyTime`, else the first of
 * each kind) checks that all is in view, and takes a screenshot (kept in test-results for the
 * first of each kind when `shots` names them).
 */
async function playAndCheck(page: Page, until: (p: Play) => boolean, o: { shots?: string; everyTime?: boolean; minCard?: number } = {}): Promise<Play> {
  const play: Play = { seen: new Set(), checked: 0 };
  // A seeded choice of cells (a linear congruential generator), so that a failure repeats.
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  let give = false;
  let lastKey = '';
  for (let i = 0; i < 3000 && !until(play); i++) {
    if ((await page.locator('.game-end').count()) > 0) break;
    const ph = await phase(page);
    const acts = await page.locator('.table-screen [data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action') ?? ''));
    if (acts.length === 0 && ph !== 'round-over') {
      await page.waitForTimeout(20);
      continue;
    }
    const key = `${ph} ${acts.join(',')} ${await page.locator('.table-screen .status').textContent().catch(() => '')}`;
    if ((o.everyTime && key !== lastKey) || !play.seen.has(ph)) {
      const size = page.viewportSize()!;
      const bad = await outOfView(page, o.minCard);
      expect(bad, `${ph} at ${size.width}x${size.height}`).toEqual([]);
      // A screenshot of the first decision of each kind (later ones are checked, not photographed: a screenshot costs ~0.5 s).
      if (o.shots && !play.seen.has(ph)) await page.screenshot({ path: `test-results/phone-${o.shots}-${ph}.png` });
      play.seen.add(ph);
      play.checked++;
      lastKey = key;
    }
    if (ph === 'round-over') {
      // Continue at once (the round's result would otherwise wait 30 s for this seat).
      if (acts.includes('ready')) await clickAndWait(page, page.locator('.table-screen [data-action="ready"]').first(), 'tap');
      else await page.waitForTimeout(100);
      continue;
    }
    let pick: string | undefined;
    if (acts.includes('knock')) pick = 'knock';
    else if (acts.some((a) => a.startsWith('give ')) || acts.includes('refuse')) {
      give = !give;
      pick = (give ? acts.find((a) => a.startsWith('give ')) : 'refuse') ?? acts.find((a) => a.startsWith('give ')) ?? 'refuse';
    } else if (acts.includes('draw')) pick = 'draw';
    else {
      // A clear when offered, else a swap into a cell chosen at random (lines, and choices between them, come sooner).
      const swaps = acts.filter((a) => a.startsWith('swap '));
      pick = acts.find((a) => a.startsWith('clear ')) ?? swaps[next() % Math.max(1, swaps.length)] ?? acts[0];
    }
    await clickAndWait(page, page.locator(`.table-screen [data-action="${pick}"]`).first(), 'tap');
  }
  return play;
}

const allKinds = (p: Play) => KINDS.every((k) => p.seen.has(k));

test.describe('phone 390x844', () => {
  test.use({ ...pixel, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  test('every decision until each kind has come: the status and every offered control in view', async ({ page, server }) => {
    test.setTimeout(150_000);
    await smallDeck(page);
    await openTable(page, server.url, 'Anna', { players: 4, others: ['easy', 'easy', 'easy'], rounds: 6, knockWindow: 1 });
    await expect(page.locator('.table-screen')).toBeVisible();
    const play = await playAndCheck(page, allKinds, { shots: '390', everyTime: true });
    expect(KINDS.filter((k) => !play.seen.has(k)), 'decision kinds never met').toEqual([]);
    const log = (await page.locator('.log-lines').textContent()) ?? '';
    expect(log).toMatch(/You knocked/);
    console.log(`phone: ${play.checked} decisions checked`);
  });
});

test.describe('phone 360x740', () => {
  test.use({ ...pixel, viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });
  test('status and every offered control in view at each decision kind', async ({ page, server }) => {
    test.setTimeout(150_000);
    await smallDeck(page);
    await openTable(page, server.url, 'Anna', { players: 4, others: ['easy', 'easy', 'easy'], rounds: 6, knockWindow: 1 });
    await expect(page.locator('.table-screen')).toBeVisible();
    const play = await playAndCheck(page, allKinds, { shots: '360' });
    expect(KINDS.filter((k) => !play.seen.has(k)), 'decision kinds never met').toEqual([]);
  });
});

test.describe('phone held sideways', () => {
  test.use({ ...pixel, viewport: { width: 844, height: 390 }, deviceScaleFactor: 1 });
  test('landscape: the status, the moves and the knock window in view', async ({ page, server }) => {
    await smallDeck(page);
    await openTable(page, server.url, 'Anna', { players: 4, others: ['easy', 'easy', 'easy'], rounds: 1, knockWindow: 2 });
    await playAndCheck(page, (p) => ['choose-draw', 'hold-drawn', 'knock-window'].every((k) => p.seen.has(k)), { shots: 'landscape', minCard: 32, everyTime: true });
  });
});
