// Animations (issue 28 §6): the top card of the discard pile flies in, and not for those who
// ask for less motion (prefers-reduced-motion, emulated).
import { test, expect } from './fixtures';
import { openTable, playUntil } from './helpers';

test('a card flies to the discard pile; with reduced motion it just appears', async ({ page, server }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 1, knockWindow: 1 });
  const top = page.locator('.discard-pile .face.up');
  const legal = page.locator('[data-action]:not([disabled])');
  await playUntil(page, async () => (await top.count()) > 0 && (await legal.count()) > 0);
  const animation = () => top.first().evaluate((el) => getComputedStyle(el).animationName);
  expect(await animation()).toBe('to-discard-pile');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).not.toBe('to-discard-pile');
});

/**
 * Plays the tutorial (its scripted deal, at full speed) until the first clear has arrived (the
 * table's clear animation counts the clears it saw in `data-clears`, animated or not). Returns
 * the clear ghosts the page added meanwhile and the animation of the first one.
 */
async function tutorialToFirstClear(page: import('@playwright/test').Page, url: string) {
  await page.addInitScript(() => {
    localStorage.setItem('allegra.tutorial.pace', '0');
    const w = window as unknown as { __ghosts: number; __ghostAnimation: string };
    w.__ghosts = 0;
    w.__ghostAnimation = '';
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of Array.from(r.addedNodes))
          if (n instanceof HTMLElement && n.classList.contains('clear-ghost')) {
            w.__ghosts++;
            w.__ghostAnimation ||= getComputedStyle(n).animationName;
          }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${url}/tutorial`);
  const coach = page.locator('.tutorial-coach');
  const clears = () => page.evaluate(() => Number(document.querySelector('.clear-flight')?.getAttribute('data-clears') ?? 0));
  for (let guard = 0; guard < 40 && (await clears()) === 0; guard++) {
    await expect(coach).toHaveAttribute('data-coach', /^(do|lesson-end)$/);
    if ((await coach.getAttribute('data-coach')) === 'do') {
      const step = (await coach.getAttribute('data-step'))!;
      await page.locator(`.table-page [data-action="${await coach.getAttribute('data-expect')}"]`).first().click({ timeout: 5000 });
      await expect(coach).not.toHaveAttribute('data-step', step);
    } else {
      await coach.locator('.tutorial-next').click({ timeout: 5000 });
    }
  }
  expect(await clears(), 'the tutorial reached a clear').toBeGreaterThan(0);
  return page.evaluate(() => {
    const w = window as unknown as { __ghosts: number; __ghostAnimation: string };
    return { ghosts: w.__ghosts, animation: w.__ghostAnimation };
  });
}

test('the three cards of a clear rise and fade', async ({ page, server }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const seen = await tutorialToFirstClear(page, server.url);
  expect(seen.ghosts).toBeGreaterThanOrEqual(3);
  expect(seen.animation).toBe('clear-lift');
  // They go away again.
  await expect(page.locator('.clear-ghost')).toHaveCount(0);
});

test('with reduced motion a clear moves nothing', async ({ page, server }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const seen = await tutorialToFirstClear(page, server.url);
  expect(seen.ghosts).toBe(0);
});
