// The table draws what the server sends and derives nothing (docs/web.md "Where everything
// comes from"): a game with a deck of 4s and (mostly) 5s and optional clearing, so complete lines come
// at once and the person chooses whether to clear. The clear button points at exactly the
// cells of its `pending[].lines` entry; the own display's first column is the one of the
// player `view.shared_from` names; the round end shows each display and the bonus only where
// `last_round.empty_display` says so. Screenshots at 1280x800 and 390x844 for a person to look at.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { clickAndWait } from './helpers';

interface Frame {
  table: {
    view: { shared_from?: number[]; phase: string; last_round: { empty_display?: boolean[]; raw_half: number[] } | null } | null;
    pending: { seat: number; legal: string[]; lines?: { action: string; cells: string[] }[] }[];
    seats: { name?: string }[];
  };
}

/** Opens a table by the protocol with a small deck (the home page offers no deck), sitting in seat 0; the page then joins it with the tokens. */
async function smallDeckTable(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/`);
  const { code, token, creator } = await page.evaluate(
    () =>
      new Promise<{ code: string; token: string; creator: string }>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        const send = (m: object) => ws.send(JSON.stringify(m));
        let created: { code: string; creator_token: string } | null = null;
        ws.onopen = () => {
          send({ type: 'hello', version: 1, name: 'Anna' });
          send({
            type: 'create',
            id: 1,
            options: { players: 2, rounds: 6, optional_clearing: true, deck_counts: [0, 0, 0, 0, 0, 12, 48, 0, 0, 0, 0, 0, 0] },
            seats: ['person', 'bot:easy'],
            sit: 0,
            grace_s: 600,
            public: false,
          });
        };
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data as string);
          if (m.type === 'error') reject(new Error(`${m.code}: ${m.message}`));
          if (m.type === 'created') created = m;
          if (m.type === 'seated' && created) {
            ws.close();
            resolve({ code: created.code, token: m.token, creator: created.creator_token });
          }
        };
      }),
  );
  await page.evaluate(
    ([c, t, k]) => {
      localStorage.setItem(`allegra.seat.${c}`, t!);
      localStorage.setItem(`allegra.creator.${c}`, k!);
      localStorage.setItem('allegra.name', 'Anna');
    },
    [code, token, creator],
  );
  // Every frame the page receives, to compare the table with the server's data.
  await page.addInitScript(() => {
    const frames: unknown[] = [];
    (window as unknown as { __frames: unknown[] }).__frames = frames;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(u: string | URL, p?: string | string[]) {
        super(u, p);
        // The page asks for delta frames: each is applied to the last table (as
        // src/state/table.ts applyDelta does), so that every frame kept holds a whole table.
        type Cell = { player: number; index: number; cell: unknown };
        type Table = { view: { grids: unknown[][] } | null } & Record<string, unknown>;
        let table: Table | null = null;
        this.addEventListener('message', (e) => {
          const m = JSON.parse(e.data as string);
          if (m.type === 'state' || m.type === 'update') {
            table = m.table;
            frames.push(m);
          } else if (m.type === 'delta' && (table || m.base === null)) {
            // pending: compact in a delta (docs/protocol.md "delta"), expanded as applyDelta does.
            type Compact = { seats: number[]; legal: string[]; in_ms?: number; knock_window?: boolean };
            const pending = (m.pending as Compact[]).flatMap(({ seats, legal, in_ms, knock_window, ...rest }) => {
              const actions = legal.flatMap((text) => {
                const [verb, ...args] = text.split(' ');
                return args.length === 0 ? [text] : args.map((a) => `${verb} ${a}`);
              });
              return seats.map((seat) => ({ seat, legal: actions, in_ms: in_ms ?? null, knock_window: knock_window ?? false, ...rest }));
            });
            const t = { ...(m.base === null ? {} : table), ...m.set, pending } as Table;
            if ((m.view || m.cells) && t.view) {
              const view = { ...t.view, ...m.view, grids: t.view.grids.map((g) => g.slice()) };
              for (const c of (m.cells ?? []) as Cell[]) view.grids[c.player]![c.index] = c.cell;
              t.view = view;
            }
            table = t;
            frames.push({ ...m, table: t });
          }
        });
      }
    } as typeof WebSocket;
  });
  await page.goto(`${url}/t/${code}`);
  await page.locator('.lobby-start button.primary').click();
  await expect(page.locator('.table-screen')).toBeVisible();
  return code;
}

const lastFrame = (page: Page) => page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames.at(-1)!);

test('the table draws the server’s data: shared column, clear choice, round end', async ({ page, server }) => {
  await smallDeckTable(page, server.url);
  const first = await lastFrame(page);
  const sharedFrom = first.table.view?.shared_from;
  expect(sharedFrom, 'the view has shared_from (docs/protocol.md)').toBeDefined();
  // The own display's first column carries the name of the player shared_from names.
  await expect(page.locator('.seat.bottom .col-owner')).toHaveText(first.table.seats[sharedFrom![0]!]!.name ?? '');

  // Play the first offered move until a clear choice is offered, then to a round's end. Lines
  // come soon with this deck, but the bot may end a round before the person completes one (about
  // 1 round in 3, so a game of 2 rounds passed without a clear choice in 1 run of 8): 6 rounds,
  // of which the test plays only as many as it needs.
  const clear = page.locator('.actions [data-action^="clear "]');
  let shot = false;
  for (let i = 0; i < 600 && !(shot && (await page.locator('.round-end').isVisible())); i++) {
    if (!shot && (await clear.count()) > 0) {
      const frame = await lastFrame(page);
      const mine = frame.table.pending.find((x) => x.seat === 0)!;
      const button = clear.first();
      const action = (await button.getAttribute('data-action'))!;
      const line = mine.lines?.find((l) => l.action === action);
      expect(line, `pending.lines has ${action}`).toBeDefined();
      await button.hover();
      const marked = await page.locator('.card.marked').evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')));
      // A cell of the shared column is drawn twice (in its owner's grid and in the display it completes).
      expect([...new Set(marked)].sort()).toEqual([...line!.cells].sort());
      for (const s of [
        { name: 'desktop', width: 1280, height: 800 },
        { name: 'phone', width: 390, height: 844 },
      ]) {
        await page.setViewportSize(s);
        await button.hover();
        await page.screenshot({ path: `test-results/clear-choice-${s.name}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      shot = true;
    }
    // The others' seats and the piles before the own display (the page's order puts the own display first, for Tab).
    const centre = page.locator('.row-top [data-action]:not([disabled]), .row-mid [data-action]:not([disabled])');
    const legal = (await centre.count()) > 0 ? centre : page.locator('[data-action]:not([disabled])');
    if ((await legal.count()) > 0) await clickAndWait(page, legal.first());
    else await page.waitForTimeout(50);
  }
  expect(shot, 'a clear choice came').toBe(true);
  await expect(page.locator('.round-end')).toBeVisible();
  const end = await lastFrame(page);
  const flags = end.table.view?.last_round?.empty_display;
  expect(flags, 'last_round has empty_display').toBeDefined();
  // The bonus line is shown exactly for the displays the server flags.
  await expect(page.locator('.round-end .bonus')).toHaveCount(flags!.filter(Boolean).length);
  for (const s of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(s);
    await page.screenshot({ path: `test-results/round-end-${s.name}.png`, fullPage: true });
  }
});
