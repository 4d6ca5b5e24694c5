// Sound (issue 28 §6): a generated tone when it becomes your turn (counted by wrapping
// WebAudio's createOscillator), and none once the header's toggle switched sound off, which
// a reload remembers.
import { test, expect } from './fixtures';
import { openTable, playUntil } from './helpers';

test('a tone on your turn; the sound toggle silences it and is remembered', async ({ page, server }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __oscillators: number };
    w.__oscillators = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__oscillators++;
      return create.call(this);
    };
  });
  const oscillators = () => page.evaluate(() => (window as unknown as { __oscillators: number }).__oscillators);
  await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 1, knockWindow: 1 });
  const legal = page.locator('[data-action]:not([disabled])');
  await playUntil(page, async () => (await page.locator('.table-page').count()) > 0 && (await legal.count()) > 0);
  await expect.poll(oscillators).toBeGreaterThan(0);

  const toggle = page.locator('.sound-toggle');
  await expect(toggle).toHaveAccessibleName('Sound on');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Sound off');
  await page.reload();
  await expect(page.locator('.sound-toggle')).toHaveAccessibleName('Sound off');
  await expect(legal.first()).toBeVisible({ timeout: 15_000 });
  let n = 0;
  await playUntil(page, async () => n++ >= 3 || (await page.locator('.game-end').count()) > 0);
  expect(await oscillators()).toBe(0);
});
