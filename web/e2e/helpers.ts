// Steps shared by the e2e tests: open the start page with a name, open a table.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface TableSetup {
  players?: number;
  /** Seat 2.. : 'person' or a bot level ('easy', 'medium', 'hard', 'level:expert'). */
  others?: string[];
  rounds?: number;
  knockWindow?: number;
  knocking?: boolean;
}

/** On the start page: name, seats, options; then "open the table". Returns the table code. */
export async function openTable(page: Page, baseUrl: string, name: string, setup: TableSetup = {}): Promise<string> {
  await page.goto(`${baseUrl}/`);
  await page.locator('#player-name').fill(name);
  const players = setup.players ?? 4;
  await page.locator('.segmented label', { hasText: String(players) }).click();
  const others = setup.others ?? Array(players - 1).fill('easy');
  for (let i = 0; i < others.length; i++) {
    const v = others[i] === 'person' ? 'person' : `bot:${others[i]}`;
    await page.locator('.seat-list select').nth(i).selectOption(v);
  }
  if (setup.rounds !== undefined || setup.knockWindow !== undefined || setup.knocking !== undefined) {
    await page.locator('details.options summary').first().click();
    if (setup.rounds !== undefined) await page.locator('#opt-rounds').fill(String(setup.rounds));
    if (setup.knocking === false) await page.locator('#opt-knock').uncheck();
    if (setup.knockWindow !== undefined) {
      await page.locator('details.options summary').nth(1).click();
      await page.locator('#opt-window').fill(String(setup.knockWindow));
    }
  }
  await page.locator('form.create button[type=submit]').click();
  await expect(page).toHaveURL(/\/t\/[A-Z0-9]{6}$/);
  return page.url().split('/t/')[1]!;
}

/** How many server frames the table screen has drawn so far (its speed figure counts them). */
async function framesDrawn(page: Page): Promise<number> {
  return page.evaluate(() => window.__allegraTableMs?.length ?? 0);
}

/**
 * Clicks (or taps) an offered move and waits until the table has drawn a frame the server sent after it
 * (at most 2 s), so that the caller looks at the table after the move: without the wait, a loop
 * that checks the table and clicks again can see the table from before its own move and click
 * a move of the next decision in passing (on a fast machine the next frame comes in between).
 * Returns false if the click did not happen (the table moved on under the pointer: a bot, the
 * knock window closing).
 */
export async function clickAndWait(page: Page, control: Locator, how: 'click' | 'tap' = 'click'): Promise<boolean> {
  const before = await framesDrawn(page);
  try {
    if (how === 'tap') await control.tap({ timeout: 1500 });
    else await control.click({ timeout: 1500 });
  } catch {
    return false;
  }
  await page
    .waitForFunction((n) => (window.__allegraTableMs?.length ?? 0) > n, before, { timeout: 2000 })
    .catch(() => {});
  return true;
}

/**
 * The table screen marks every control that sends a legal action with `data-action` (the
 * action's text); a multi-step choice (e.g. the drawn card, then a cell) ends in such a control.
 * Plays this seat's decisions by clicking the first offered one until `until` is true.
 */
export async function playUntil(page: Page, until: () => Promise<boolean>, maxClicks = 400): Promise<number> {
  let clicks = 0;
  while (!(await until())) {
    const legal = page.locator('[data-action]:not([disabled])');
    if ((await legal.count()) > 0) {
      if (await clickAndWait(page, legal.first())) clicks++;
      if (clicks > maxClicks) throw new Error(`more than ${maxClicks} clicks without reaching the goal`);
    } else {
      await page.waitForTimeout(50);
    }
  }
  return clicks;
}

/**
 * Plays a whole game of bots only through the protocol (from the page, as any client could):
 * create with bot seats, start, wait until the record is saved. Returns the game id (CODE-1).
 */
export async function botGame(page: Page, players = 2, options: Record<string, unknown> = {}): Promise<string> {
  return page.evaluate(
    ({ n, options }) =>
      new Promise<string>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        const send = (m: object) => ws.send(JSON.stringify(m));
        const timer = setTimeout(() => reject(new Error('the bot game did not finish in 30 s')), 30_000);
        ws.onopen = () => {
          send({ type: 'hello', version: 1, name: 'Host' });
          send({ type: 'create', id: 1, options: { players: n, rounds: 1, ...options }, seats: Array(n).fill('bot:easy'), public: false });
          send({ type: 'start' });
        };
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data as string);
          if (m.type === 'error') reject(new Error(`${m.code}: ${m.message}`));
          if (m.type === 'update')
            for (const ev of m.events)
              if (ev.type === 'game-saved') {
                clearTimeout(timer);
                ws.close();
                resolve(ev.game as string);
              }
        };
      }),
    { n: players, options },
  );
}

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `${where}: axe violations`,
  ).toEqual([]);
}

/** A second person (another browser context's page) opens the table and sits in its first free seat as `name`. */
export async function sitAs(page: Page, baseUrl: string, code: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/t/${code}`);
  await page.locator('#player-name').fill(name);
  await page.getByRole('button', { name: 'Sit here' }).first().click();
}

/** The creator starts the game; every page given sees the table screen. */
export async function startGame(creator: Page, ...others: Page[]): Promise<void> {
  await creator.getByRole('button', { name: 'Start the game' }).click();
  for (const p of [creator, ...others]) await expect(p.locator('.table-screen')).toBeVisible();
}

/** The actions offered at the table now (data-action of every control). */
export async function offeredActions(page: Page): Promise<string[]> {
  return page.locator('.table-screen [data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action') ?? ''));
}

/** Clicks the control of `action` if it is there within 1.5 s (a move may be gone already). */
export async function clickAction(page: Page, action: string): Promise<void> {
  await page
    .locator(`.table-screen [data-action="${action}"]`)
    .first()
    .click({ timeout: 1500 })
    .catch(() => {});
}
