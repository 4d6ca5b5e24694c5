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

test.describe('with notifications allowed', () => {
  test.use({ permissions: ['notifications'] });

  test('a notification when it becomes your turn with the tab hidden, none while it is shown', async ({ page, server }) => {
    // Counts the notifications constructed; the tab's visibility is the test's to set.
    await page.addInitScript(() => {
      const w = window as unknown as { __notifications: number; __hidden: boolean };
      w.__notifications = 0;
      w.__hidden = false;
      const Original = window.Notification;
      window.Notification = class extends Original {
        constructor(title: string, options?: NotificationOptions) {
          w.__notifications++;
          super(title, options);
        }
      };
      Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__hidden });
      Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.__hidden ? 'hidden' : 'visible') });
    });
    const notifications = () => page.evaluate(() => (window as unknown as { __notifications: number }).__notifications);
    await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 1, knockWindow: 1 });
    const legal = page.locator('[data-action]:not([disabled])');
    await playUntil(page, async () => (await page.locator('.table-page').count()) > 0 && (await legal.count()) > 0);
    expect(await notifications(), 'the tab is shown').toBe(0);

    await page.evaluate(() => {
      (window as unknown as { __hidden: boolean }).__hidden = true;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await playUntil(page, async () => (await notifications()) > 0, 40);
  });
});
