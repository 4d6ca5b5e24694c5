// The phone screenshots of docs/web.md: the table at 390x844 (swap or discard the drawn card)
// and the knock window with its ring, each checked first (status and controls in view). They go
// to test-results/; with ALLEGRA_DOCS_SHOTS=1 also to docs/phone-table.png and
// docs/phone-knock.png (`ALLEGRA_DOCS_SHOTS=1 npx playwright test e2e/phone-shots.spec.ts`).
import { devices } from '@playwright/test';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';
import { openTable } from './helpers';
import { outOfView } from './phone-helpers';

const { defaultBrowserType: _ignored, viewport: _v, ...pixel } = devices['Pixel 7'];
const docs = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../docs');

test.use({ ...pixel, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });

test('phone screenshots: the table and the knock window', async ({ page, server }) => {
  await openTable(page, server.url, 'Anna', { players: 4, others: ['easy', 'easy', 'easy'], rounds: 1, knockWindow: 30 });
  const phase = async () => (await page.locator('.table-screen').getAttribute('data-phase')) ?? '';
  const shot = async (name: string) => {
    expect(await outOfView(page), name).toEqual([]);
    await page.screenshot({ path: `test-results/${name}.png` });
    if (process.env.ALLEGRA_DOCS_SHOTS === '1') await page.screenshot({ path: `${docs}/${name}.png` });
  };
  let table = false;
  let knock = false;
  let drew = 0;
  for (let i = 0; i < 800 && !(table && knock); i++) {
    const ph = await phase();
    const acts = await page.locator('.table-screen [data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action') ?? ''));
    if (acts.length === 0) {
      await page.waitForTimeout(20);
      continue;
    }
    let pick: string | undefined;
    if (ph === 'knock-window' && acts.includes('knock')) {
      if (!knock) {
        await page.waitForTimeout(1200); // the ring has run a little
        await shot('phone-knock');
        knock = true;
      }
      pick = 'pass';
    } else if (ph === 'hold-drawn') {
      if (!table && drew >= 1) {
        await shot('phone-table');
        table = true;
      }
      drew++;
      pick = acts.find((a) => a.startsWith('swap ')) ?? acts[0];
    } else pick = acts.includes('refuse') ? 'refuse' : acts.includes('draw') ? 'draw' : acts.includes('pass') ? 'pass' : acts[0];
    await page
      .locator(`.table-screen [data-action="${pick}"]`)
      .first()
      .tap({ timeout: 1500 })
      .catch(() => {});
    await page.waitForTimeout(30);
  }
  expect(table && knock).toBe(true);
});
