// Flow and pace (issue 28): Continue after a round (the result stays until the person presses
// it; the scoreboard stays open after the deal), the countdown to a gone person's bot takeover,
// and a double click that sends one answer (no "Too late" banner).
import { test, expect } from './fixtures';
import { openTable, playUntil, sitAs } from './helpers';

test('a round result waits for Continue, with a countdown; the scoreboard stays open after the deal', async ({ page, server }) => {
  await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 2, knockWindow: 1 });
  const roundEnd = page.locator('.round-end');
  await playUntil(page, async () => (await roundEnd.count()) > 0);
  const button = page.locator('.continue-button');
  await expect(button).toBeVisible();
  await expect(button).toContainText(/Continue\s*\d+ s/);
  await expect(page.locator('.waiting-for')).toHaveText('Waiting for Anna.');
  // Longer than the old 4 s pause: the result is still on show.
  await page.waitForTimeout(4500);
  await expect(roundEnd).toBeVisible();
  await expect(page.locator('details.scoreboard')).toHaveAttribute('open', '');
  await button.click();
  await expect(roundEnd).toHaveCount(0);
  await expect(page.locator('.round-label')).toContainText('Round 2 of 2');
  await expect(page.locator('details.scoreboard')).toHaveAttribute('open', '');
  await expect(page.locator('.banner.problem')).toHaveCount(0);
});

test('the others see the seconds until a bot takes over a gone person’s seat', async ({ page, server, browser }) => {
  const code = await openTable(page, server.url, 'Anna', { players: 3, others: ['person', 'easy'], rounds: 1, knockWindow: 1 });
  const ctx = await browser.newContext();
  const bea = await ctx.newPage();
  await sitAs(bea, server.url, code, 'Bea');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(bea.locator('.table-screen')).toBeVisible();
  await ctx.close(); // Bea's connection drops
  const tag = page.locator('.tag.takeover');
  await expect(tag).toBeVisible();
  await expect(tag).toHaveText(/^a bot takes over in (60|59|58|57) s$/);
  const first = Number(/(\d+) s/.exec((await tag.textContent()) ?? '')![1]);
  await expect(tag).not.toHaveText(`a bot takes over in ${first} s`, { timeout: 3000 }); // it counts down
});

test('a double click sends one answer: no “Too late” banner', async ({ page, server }) => {
  await openTable(page, server.url, 'Anna', { players: 2, others: ['easy'], rounds: 1, knockWindow: 1 });
  const sent: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      const m = JSON.parse(String(f.payload));
      if (m.type === 'act') sent.push(`${m.decision}`);
    }),
  );
  await page.reload(); // the socket opened after the listener
  await expect(page.locator('.table-screen')).toBeVisible();
  // Play on (the setup's reveals) until a draw is offered, then double-click it.
  const draw = page.locator('button.act[data-action="draw"]');
  await playUntil(page, async () => (await draw.count()) > 0);
  const before = sent.length;
  await draw.dblclick();
  await page.waitForTimeout(1000);
  expect(sent.length - before, 'acts sent for one decision').toBe(1);
  await expect(page.locator('.banner.problem')).toHaveCount(0);
});
